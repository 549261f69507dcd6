"""``cribkit match``: JSON shape (stdout holds only the object), the table, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import assert_bad_input, assert_json_error, invoke, json_out

from cribkit.cli.match_cmd import record_file_name
from cribkit.record import GameRecord
from cribkit.tournament import run_match

ARGS = ["match", "greedy", "random", "--games", "6", "--seed", "3", "--jobs", "1"]


def test_json_is_the_only_thing_on_stdout() -> None:
    result = invoke([*ARGS, "--json"])
    data = json_out(result)  # json.loads of the whole of stdout: nothing else is there
    assert isinstance(data, dict)
    assert result.stdout.count("\n") == 1
    assert (data["games"], data["a"], data["b"], data["seed"]) == (6, "greedy", "random", 3)
    low, high = data["a_win_rate_ci"]
    assert 0.0 <= low <= data["a_win_rate"] <= high <= 1.0
    margin_low, margin_high = data["margin_ci"]
    assert margin_low <= data["margin"] <= margin_high
    assert data["games_per_second"] > 0
    for key in ("a_skunk_rate", "a_double_skunk_rate", "a_skunked_rate", "first_dealer_win_rate"):
        assert 0.0 <= data[key] <= 1.0
    expected = run_match("greedy", "random", games=6, seed=3, jobs=1).to_dict()
    for key in ("a_wins", "a_win_rate", "a_win_rate_ci", "margin", "margin_ci", "pairs"):
        assert data[key] == expected[key]


def test_the_same_seed_gives_the_same_match() -> None:
    first = json_out(invoke([*ARGS, "--json"]))
    second = json_out(invoke([*ARGS, "--json", "--jobs", "2"]))
    assert isinstance(first, dict) and isinstance(second, dict)
    assert first["a_wins"] == second["a_wins"]
    assert first["margin"] == second["margin"]


def test_human_form_is_a_table() -> None:
    result = invoke(ARGS)
    assert result.exit_code == 0, result.output
    for text in (
        "greedy win rate",
        "margin per game",
        "first dealer wins",
        "games per second",
        "play points per hand",
        "crib points per hand",
    ):
        assert text in result.stdout
    data = json_out(invoke([*ARGS, "--json"]))
    assert isinstance(data, dict)
    assert f"{data['a_wins']} of 6" in result.stdout
    assert not result.stdout.lstrip().startswith("{")


def test_odd_game_counts_are_refused() -> None:
    assert_bad_input(invoke(["match", "greedy", "random", "--games", "5"]), "even")


def test_unknown_strategies_are_refused() -> None:
    assert_bad_input(
        invoke(["match", "greedy", "grandmaster", "--games", "2"]), "grandmaster", "random"
    )


def test_strategy_names_and_levels_in_any_case() -> None:
    plain = json_out(invoke([*ARGS, "--json"]))
    for a, b in (("GREEDY", "Random"), ("greedy", "random"), ("Greedy", "RANDOM")):
        data = json_out(invoke(["match", a, b, *ARGS[3:], "--json"]))
        assert isinstance(data, dict) and isinstance(plain, dict)
        assert (data["a"], data["b"]) == ("greedy", "random")
        assert data["a_wins"] == plain["a_wins"] and data["margin"] == plain["margin"]


@pytest.mark.heavy
def test_records_one_file_per_game_each_replays(tmp_path: Path) -> None:
    folder = tmp_path / "records" / "new"
    data = json_out(invoke([*ARGS, "--records", str(folder), "--json"]))
    assert isinstance(data, dict)
    assert data["records"] == str(folder)
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"game-{n:04d}.txt" for n in range(1, 7)]
    expected = run_match("greedy", "random", games=6, seed=3, jobs=1, keep_records=True)
    for path, game in zip(files, expected.results, strict=True):
        text = path.read_text(encoding="utf-8")
        assert GameRecord.parse(text) == game.record
        seat_a = "p0 is greedy (A), p1 is random (B)"
        seat_b = "p0 is random (B), p1 is greedy (A)"
        assert (seat_a if game.a_seat == 0 else seat_b) in text
        replayed = invoke(["replay", str(path), "--json"])
        story = json_out(replayed)
        assert isinstance(story, dict)
        assert story["outcome"]["winner"] == game.winner
        assert story["outcome"]["scores"] == list(game.scores)
        assert story["notes"][0].startswith("cribkit match greedy vs random (seed 3): game ")
        told = invoke(["replay", str(path)])
        assert told.exit_code == 0, told.output
        assert f"p{game.winner} wins" in told.stdout


def test_records_go_in_the_human_form_too(tmp_path: Path) -> None:
    result = invoke([*ARGS, "--records", str(tmp_path)])
    assert result.exit_code == 0, result.output
    line = f"6 game records in {tmp_path}: cribkit replay {tmp_path / 'game-0001.txt'}\n"
    assert result.stdout.endswith(line)
    assert len(list(tmp_path.glob("game-*.txt"))) == 6


def test_records_never_overwrite_and_need_a_folder(tmp_path: Path) -> None:
    (tmp_path / "game-0003.txt").write_text("mine\n", encoding="utf-8")
    result = invoke([*ARGS, "--records", str(tmp_path)])
    assert_bad_input(result, "already holds game-0003.txt")
    assert (tmp_path / "game-0003.txt").read_text(encoding="utf-8") == "mine\n"
    assert not (tmp_path / "game-0001.txt").exists()  # refused before any game was played
    a_file = tmp_path / "file.txt"
    a_file.write_text("", encoding="utf-8")
    assert_json_error(
        invoke([*ARGS, "--records", str(a_file), "--json"]), "not_a_folder", "needs a folder"
    )


def test_record_file_names_are_padded_for_big_matches() -> None:
    assert record_file_name(0, 2000) == "game-0001.txt"
    assert record_file_name(11999, 12000) == "game-12000.txt"
    assert record_file_name(0, 12000) == "game-00001.txt"
