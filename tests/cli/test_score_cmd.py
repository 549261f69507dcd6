"""``cribkit score`` (single hands and batches) and ``cribkit peg``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import assert_bad_input, assert_json_error, invoke, json_out
from rich.console import Console

from cribkit.cards import parse_card, parse_cards
from cribkit.cli.output import breakdown_table, card_text
from cribkit.scoring import score_play, score_show

TWENTY_NINE = ["score", "5H", "5D", "5C", "JS", "--starter", "5S"]


def expected(hand: str, starter: str, *, crib: bool) -> dict[str, object]:
    """What the engine says about this hand, in the CLI's JSON shape."""
    cards, cut = parse_cards(hand), parse_card(starter)
    breakdown = score_show(cards, cut, crib=crib)
    return {
        "hand": [str(card) for card in cards],
        "starter": str(cut),
        "crib": crib,
        "total": breakdown.total,
        "items": [item.to_dict() for item in breakdown.items],
        "call": breakdown.call,
    }


# ---------------------------------------------------------------- one hand


def test_json_has_the_documented_shape_for_twenty_nine() -> None:
    data = json_out(invoke([*TWENTY_NINE, "--json"]))
    assert isinstance(data, dict)
    assert data["hand"] == ["5H", "5D", "5C", "JS"]
    assert data["starter"] == "5S"
    assert data["crib"] is False
    assert data["total"] == 29
    items = data["items"]
    assert [item["kind"] for item in items] == ["fifteen"] * 8 + ["double_pair_royal", "nobs"]
    assert items[0] == {
        "kind": "fifteen",
        "points": 2,
        "cards": ["5C", "JS"],
        "call": "fifteen two",
    }
    assert sum(item["points"] for item in items) == data["total"]
    assert data["call"].endswith("is twenty-nine")


@pytest.mark.parametrize(
    ("hand", "starter"),
    [("2H 3H 4H 6H", "KS"), ("AC 2D 3S 3H", "3C"), ("TC JD QS KH", "5C"), ("2C 4D 6S 8H", "KD")],
)
@pytest.mark.parametrize("crib", [False, True])
def test_json_matches_the_engine(hand: str, starter: str, crib: bool) -> None:
    args = ["score", *hand.split(), "--starter", starter, "--json", *(["--crib"] if crib else [])]
    assert json_out(invoke(args)) == expected(hand, starter, crib=crib)


def test_crib_flag_drops_the_four_card_flush() -> None:
    as_hand = json_out(invoke(["score", "2H", "4H", "6H", "8H", "--starter", "KS", "--json"]))
    as_crib = json_out(
        invoke(["score", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib", "--json"])
    )
    assert isinstance(as_hand, dict) and isinstance(as_crib, dict)
    assert [i["points"] for i in as_hand["items"] if i["kind"] == "flush"] == [4]
    assert not [i for i in as_crib["items"] if i["kind"] == "flush"]
    assert as_hand["total"] - as_crib["total"] == 4
    assert as_crib["crib"] is True


@pytest.mark.parametrize(
    "args",
    [
        ["5h", "5d", "5c", "js", "--starter", "5s"],
        ["5h,5d,5c,js", "-s", "5♠"],
        ["5♥", "5♦", "5♣", "J♠", "5♠"],
        ["5H,5D,5C,JS,5S"],
    ],
)
def test_liberal_notation_and_the_fifth_card_as_starter(args: list[str]) -> None:
    assert json_out(invoke(["score", *args, "--json"])) == json_out(
        invoke([*TWENTY_NINE, "--json"])
    )


@pytest.mark.parametrize("ten", ["10h", "Th", "0h", "10♥"])
def test_every_way_of_writing_ten(ten: str) -> None:
    data = json_out(invoke(["score", ten, "5C", "AD", "2S", "--starter", "KC", "--json"]))
    assert isinstance(data, dict)
    assert data["hand"][0] == "TH"
    assert data == expected("TH 5C AD 2S", "KC", crib=False)


def test_human_output_has_the_table_and_the_call() -> None:
    result = invoke(TWENTY_NINE)
    assert result.exit_code == 0, result.output
    out = result.stdout
    for fragment in ("fifteen two", "double pair royal for twelve", "one for his nobs", "J♠"):
        assert fragment in out
    assert "twenty-nine" in out
    assert "total 29" in out


ZERO_HAND = ["score", "2C", "4D", "6S", "8H", "--starter", "KD"]


def test_a_zero_hand_is_called_as_the_engine_calls_it_and_counts_0() -> None:
    engine_call = score_show(parse_cards("2C 4D 6S 8H"), parse_card("KD"), crib=False).call
    result = invoke(ZERO_HAND)
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if "│" in line]
    assert [cell.strip() for cell in rows[0].split("│")[1:-1]] == [engine_call, "", "0", "0"]
    assert f"“{engine_call}”" in result.stdout
    assert "total 0" in result.stdout
    assert "nineteen" not in result.stdout  # the joke is never given as the score
    data = json_out(invoke([*ZERO_HAND, "--json"]))
    assert data == {
        "hand": ["2C", "4D", "6S", "8H"],
        "starter": "KD",
        "crib": False,
        "total": 0,
        "items": [],
        "call": engine_call,
    }


def test_a_zero_crib_in_a_batch_has_the_same_call() -> None:
    result = invoke(["score", "--batch", "-"], input="2C 4D 6S 8H KD crib\n")
    assert result.exit_code == 0, result.output
    line = json.loads(result.stdout)
    assert (line["total"], line["call"], line["crib"]) == (0, "nothing", True)


def test_one_is_read_as_an_ace() -> None:
    data = json_out(invoke(["score", "1H", "2S", "3C", "JD", "--starter", "1S", "--json"]))
    assert isinstance(data, dict)
    assert (data["hand"][0], data["starter"]) == ("AH", "AS")


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["5X", "5D", "5C", "JS", "--starter", "5S"], ("'5X' is not a card",)),
        (["5H", "5D", "5C", "JS", "--starter", "ZZ"], ("'ZZ' is not a card",)),
        (["5H", "5H", "5C", "JS", "--starter", "5S"], ("5H appears twice",)),
        (["5H", "5D", "5C", "JS", "--starter", "5H"], ("starter 5H is also in the hand",)),
        (["5H", "5D", "5C", "JS", "5H"], ("5H appears twice",)),
        (["5H", "5D", "5C", "--starter", "5S"], ("exactly four", "3 cards")),
        (["5H", "5D", "5C", "JS", "AS", "--starter", "5S"], ("exactly four", "5 cards")),
        (["5H", "5D", "5C", "JS"], ("starter is missing",)),
        (["5H", "5D"], ("four cards and the starter", "2 cards")),
        (["5H", "5D", "5C", "JS", "AS", "2S"], ("four cards and the starter", "6 cards")),
        ([], ("give four cards",)),
        (["5H", "--batch", "-"], ("not both",)),
    ],
)
def test_bad_input_is_a_message_and_status_2(args: list[str], fragments: tuple[str, ...]) -> None:
    result = invoke(["score", *args])
    assert_bad_input(result, *fragments)
    assert result.stdout == ""


# ---------------------------------------------------------------- batches


BATCH = """\
# hand, starter, optional crib
5H 5D 5C JS 5S

2h,4h,6h,8h,ks
2H 4H 6H 8H KS crib
10♥ 5C AD 2S KC CRIB
"""


def test_batch_prints_one_json_line_per_hand(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(BATCH, encoding="utf-8")
    result = invoke(["score", "--batch", str(path)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines == [
        expected("5H 5D 5C JS", "5S", crib=False),
        expected("2H 4H 6H 8H", "KS", crib=False),
        expected("2H 4H 6H 8H", "KS", crib=True),
        expected("TH 5C AD 2S", "KC", crib=True),
    ]
    assert result.stderr == ""


def test_batch_from_stdin_with_crib_for_every_line() -> None:
    result = invoke(["score", "--batch", "-", "--crib"], input="2H 4H 6H 8H KS\n5H 5D 5C JS 5S\n")
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines == [
        expected("2H 4H 6H 8H", "KS", crib=True),
        expected("5H 5D 5C JS", "5S", crib=True),
    ]


def test_bad_batch_lines_are_reported_in_place_and_the_rest_scored() -> None:
    text = "5H 5D 5C JS 5S\n5H 5H 5C JS 5S\n\nAH 2H 3H\n9Q 2H 3H 4H 5H\n2C 4D 6S 8H KD\n"
    result = invoke(["score", "--batch", "-"], input=text)
    assert result.exit_code == 2
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows[0] == expected("5H 5D 5C JS", "5S", crib=False)
    assert rows[4] == expected("2C 4D 6S 8H", "KD", crib=False)
    errors = rows[1:4]
    assert [row["line"] for row in errors] == [2, 4, 5]
    assert "5H appears twice" in errors[0]["error"]
    assert "3 cards" in errors[1]["error"]
    assert "'9Q' is not a card" in errors[2]["error"]
    for row in errors:
        assert f"cribkit: line {row['line']}: {row['error']}" in result.stderr
    assert "3 lines were not scored" in result.stderr
    assert "Traceback" not in result.output


def test_batch_file_that_does_not_exist_or_is_not_text(tmp_path: Path) -> None:
    assert_bad_input(invoke(["score", "--batch", str(tmp_path / "nope.txt")]), "cannot read")
    binary = tmp_path / "hands.bin"
    binary.write_bytes(b"5H 5D 5C JS 5S\n\xff\xfe\x00\n")
    assert_bad_input(invoke(["score", "--batch", str(binary)]), "not UTF-8")


# ---------------------------------------------------------------- peg


def test_peg_json_counts_and_points() -> None:
    data = json_out(invoke(["peg", "6D", "4C", "5H", "3S", "--json"]))
    assert isinstance(data, dict)
    plays = data["plays"]
    assert [p["card"] for p in plays] == ["6D", "4C", "5H", "3S"]
    assert [p["count"] for p in plays] == [6, 10, 15, 18]
    assert [p["points"] for p in plays] == [0, 0, 5, 4]
    assert plays[0]["items"] == []
    assert [i["kind"] for i in plays[2]["items"]] == ["fifteen", "run"]
    assert plays[3]["items"] == [
        {"kind": "run", "points": 4, "cards": ["6D", "4C", "5H", "3S"], "call": "a run of four"}
    ]


def test_peg_items_are_the_engines() -> None:
    cards = parse_cards("7C 7D 7H AS")
    data = json_out(invoke(["peg", "7c,7d", "7h", "as", "--json"]))
    assert isinstance(data, dict)
    for n, play in enumerate(data["plays"]):
        breakdown = score_play(cards[:n], cards[n])
        assert play["items"] == [item.to_dict() for item in breakdown.items]
        assert play["points"] == breakdown.total


def test_peg_count_goes_back_to_zero_after_thirty_one() -> None:
    data = json_out(invoke(["peg", "KS", "QS", "JS", "AS", "5H", "5D", "--json"]))
    assert isinstance(data, dict)
    plays = data["plays"]
    assert [p["count"] for p in plays] == [10, 20, 30, 31, 5, 10]
    assert [i["kind"] for i in plays[3]["items"]] == ["thirty_one"]
    assert plays[3]["points"] == 2
    assert [i["kind"] for i in plays[5]["items"]] == ["pair"]


def test_peg_human_output() -> None:
    result = invoke(["peg", "6D", "4C", "5H", "3S"])
    assert result.exit_code == 0, result.output
    assert "fifteen two and a run of three is five" in result.stdout
    assert "points in all 9" in result.stdout


def test_peg_accepts_go_and_reports_the_go_point() -> None:
    data = json_out(invoke(["peg", "QS", "9D", "8C", "go", "7H", "--json"]))
    assert isinstance(data, dict)
    plays = data["plays"]
    assert [p["card"] for p in plays] == ["QS", "9D", "8C", None, "7H"]
    assert [p["go"] for p in plays] == [False, False, False, True, False]
    assert [p["count"] for p in plays] == [10, 19, 27, 27, 7]
    assert plays[3]["points"] == 1
    assert plays[3]["items"] == [
        {"kind": "go", "points": 1, "cards": ["8C"], "call": "one for the go"}
    ]
    assert data["total"] == 1


def test_peg_go_human_output() -> None:
    result = invoke(["peg", "QS", "9D", "8C", "go", "7H"])
    assert result.exit_code == 0, result.output
    go_row = next(line for line in result.stdout.splitlines() if "│ go" in line)
    assert [cell.strip() for cell in go_row.split("│")[1:-1]] == [
        "go",
        "27",
        "1",
        "one for the go",
    ]
    seven = next(line for line in result.stdout.splitlines() if "7♥" in line)
    assert seven.split("│")[2].strip() == "7"  # the count started again
    assert "points in all 1" in result.stdout


@pytest.mark.parametrize(
    "moves",
    [
        "QS 9D 8C go 7H",
        "QS 9D 8C GO 7H 7D 7C",
        "5H 5D 5C 5S | KS",
        "KS QS JS AS go 5H",  # a go after 31 adds nothing
        "7H 8D go go 6C",  # a second go adds nothing
        "AS 2S 3S 4S / 5S 6S 7S 8S",
        "6D 4C 5H 3S go",  # a trailing go pegs the last card
        "10H, 5C; 5D",
    ],
)
def test_peg_follows_the_web_calculators_rules(moves: str) -> None:
    from cribkit.web.tools.tools import peg, read_play

    data = json_out(invoke(["peg", *moves.split(), "--json"]))
    web = [step.to_dict() for step in peg(read_play(moves))]
    assert isinstance(data, dict)
    assert data["plays"] == web
    assert data["total"] == sum(step["points"] for step in web)


@pytest.mark.parametrize(
    ("args", "code", "fragments"),
    [
        (["KS", "QS", "9H", "5C"], "count_past_31", ("count would be 34", "write go before 5C")),
        (["go", "5C"], "go_before_card", ("a go comes after a card",)),
        (["6D", "6D"], "duplicate_card", ("6D appears twice",)),
        (["6D", "W"], "bad_card", ("'W' is not a card",)),
        (["AS", "2S", "3S", "4S", "AH", "2H", "3H", "4H", "AD"], "card_count", ("at most 8",)),
    ],
)
def test_peg_errors_as_json(args: list[str], code: str, fragments: tuple[str, ...]) -> None:
    assert_json_error(invoke(["peg", *args, "--json"]), code, *fragments)


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["KS", "QS", "JS", "9H"], ("count would be 39", "9H does not fit on 30")),
        (["KS", "QS", "9H", "5C"], ("count would be 34", "write go before 5C")),
        (["go", "5C"], ("a go comes after a card",)),
        (["6D", "6D"], ("6D appears twice",)),
        (["6D", "KS", "6D"], ("6D appears twice",)),
        (["6D", "W"], ("'W' is not a card",)),
    ],
)
def test_peg_bad_input(args: list[str], fragments: tuple[str, ...]) -> None:
    result = invoke(["peg", *args])
    assert_bad_input(result, *fragments)
    assert result.stdout == ""


# ---------------------------------------------------------------- output helpers


def test_cards_are_coloured_by_suit() -> None:
    assert "red" in str(card_text(parse_card("TH")).style)
    assert "red" not in str(card_text(parse_card("TS")).style)
    assert card_text(parse_card("TH")).plain == "10♥"


def test_breakdown_table_keeps_a_running_total() -> None:
    breakdown = score_show(parse_cards("5H 5D 5C JS"), parse_card("5S"), crib=False)
    console = Console(width=100, record=True)
    console.print(breakdown_table(breakdown))
    rows = [line for line in console.export_text().splitlines() if "│" in line]
    totals = [int(row.split("│")[-2]) for row in rows]
    assert totals == [sum(i.points for i in breakdown.items[: n + 1]) for n in range(len(rows))]


# ---------------------------------------------------------------- the console script


@pytest.mark.heavy
def test_installed_console_script() -> None:
    script = Path(sys.executable).with_name("cribkit")
    assert script.exists(), f"no console script at {script}: is the package installed?"
    good = subprocess.run(
        [str(script), *TWENTY_NINE, "--json"], capture_output=True, text=True, check=False
    )
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["total"] == 29
    bad = subprocess.run(
        [str(script), "peg", "KS", "QS", "JS", "9H"], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2
    assert bad.stderr.startswith("cribkit: the count would be 39")
    assert "Traceback" not in bad.stderr
