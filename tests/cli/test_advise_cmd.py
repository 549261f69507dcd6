"""``cribkit advise``: all 15 holds ranked, as a table or JSON, and bad input."""

from __future__ import annotations

import pytest
from cli_support import assert_bad_input, assert_json_error, invoke, json_out

from cribkit.analysis import analyze_discard
from cribkit.cards import DECK, parse_cards
from cribkit.scoring import show_points

DEAL = ["5H", "5D", "JS", "4C", "6S", "KH"]


@pytest.mark.parametrize("seat", ["--dealer", "--pone"])
def test_json_lists_all_fifteen_holds_best_first(seat: str) -> None:
    data = json_out(invoke(["advise", *DEAL, seat, "--json"]))
    assert isinstance(data, dict)
    options = data["options"]
    assert len(options) == 15
    totals = [option["total_ev"] for option in options]
    assert totals == sorted(totals, reverse=True)
    splits = {(tuple(o["keep"]), tuple(o["throw"])) for o in options}
    assert len(splits) == 15
    for option in options:
        assert sorted(option["keep"] + option["throw"]) == sorted(DEAL)
        sign = 1 if seat == "--dealer" else -1
        assert option["total_ev"] == pytest.approx(option["hand_ev"] + sign * option["crib_ev"])
    expected = analyze_discard(DEAL, dealer=seat == "--dealer").to_dict()
    assert data["options"] == expected["options"]


def test_hand_values_match_brute_force_over_starters() -> None:
    deal = parse_cards("AC 2D 3H 4S 5C 6D")
    data = json_out(invoke(["advise", "AC 2D 3H 4S 5C 6D", "--pone", "--json"]))
    assert isinstance(data, dict)
    unseen = [card for card in DECK if card not in deal]
    for option in data["options"]:
        keep = parse_cards(option["keep"])
        total = sum(show_points(keep, starter, crib=False) for starter in unseen)
        assert option["hand_ev"] == pytest.approx(total / 46, abs=1e-9)
    by_keep = {" ".join(o["keep"]): o for o in data["options"]}
    assert by_keep["2D 3H 4S 5C"]["hand_ev"] == pytest.approx(394 / 46, abs=1e-9)
    assert by_keep["3H 4S 5C 6D"]["hand_ev"] == pytest.approx(453 / 46, abs=1e-9)


def test_table_shows_every_hold_and_the_explanation() -> None:
    result = invoke(["advise", *DEAL, "--dealer"])
    assert result.exit_code == 0, result.output
    analysis = analyze_discard(DEAL, dealer=True)
    assert analysis.explain().split(":")[0] in result.stdout
    for option in analysis.options:
        assert f"{option.total_ev:.2f}" in result.stdout
    assert f"{analysis.best.crib_ev:+.2f}" in result.stdout


def test_pone_crib_column_is_negative() -> None:
    result = invoke(["advise", *DEAL, "--pone"])
    assert result.exit_code == 0, result.output
    best = analyze_discard(DEAL, dealer=False).best
    assert f"{-best.crib_ev:+.2f}" in result.stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["5H", "5D", "JS", "4C", "6S"], "6 dealt cards"),
        (["5H", "5D", "JS", "4C", "6S", "ZZ"], "'ZZ' is not a card"),
        (["5H", "5D", "JS", "4C", "6S", "5H"], "appears twice"),
    ],
)
def test_bad_cards_exit_2(args: list[str], fragment: str) -> None:
    assert_bad_input(invoke(["advise", *args, "--dealer"]), fragment)


def test_whose_crib_must_be_said() -> None:
    result = invoke(["advise", *DEAL])
    assert_bad_input(result, "add --dealer or --pone: whose crib is it")
    assert result.stdout == ""
    assert_json_error(
        invoke(["advise", *DEAL, "--json"]), "dealer_or_pone", "add --dealer or --pone"
    )


def test_dealer_and_pone_together_are_refused() -> None:
    result = invoke(["advise", *DEAL, "--dealer", "--pone"])
    assert_bad_input(result, "give --dealer or --pone, not both")
    assert result.stdout == ""
    error = assert_json_error(
        invoke(["advise", *DEAL, "--pone", "--dealer", "--json"]), "dealer_and_pone"
    )
    assert error["error"] == "give --dealer or --pone, not both"
