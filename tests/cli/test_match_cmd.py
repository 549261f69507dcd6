"""``cribkit match``: JSON shape (stdout holds only the object), the table, bad input."""

from __future__ import annotations

from cli_support import assert_bad_input, invoke, json_out

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
