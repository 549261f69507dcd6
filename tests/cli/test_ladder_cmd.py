"""`cribkit ladder`: a round robin fitted to ratings, resumed mid-match from its file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import Matches, assert_bad_input, invoke, json_out

import cribkit.cli.ladder_file as ladder_file
from cribkit.cli.ladder_cmd import LADDER_PLAYERS, ladder_pairings
from cribkit.players import CALIBRATED_LEVELS
from cribkit.tournament import GameResult

PLAYERS = ["--players", "random,greedy,beginner"]
ARGS = ["ladder", "--games", "4", "--seed", "3", *PLAYERS, "-j", "1"]


def test_the_default_ladder_is_random_every_level_greedy_and_expert_2026() -> None:
    assert set(LADDER_PLAYERS) == {"random", *CALIBRATED_LEVELS, "greedy", "expert-2026"}
    assert LADDER_PLAYERS[0] == "random" and len(set(LADDER_PLAYERS)) == len(LADDER_PLAYERS)
    levels = [name for name in LADDER_PLAYERS if name in CALIBRATED_LEVELS]
    assert tuple(levels) == CALIBRATED_LEVELS


def test_in_the_round_robin_the_stronger_player_is_side_a() -> None:
    names, pairings = ladder_pairings(None, None)
    assert names == LADDER_PLAYERS and len(pairings) == len(names) * (len(names) - 1) // 2
    assert all(names.index(a) > names.index(b) for a, b in pairings)
    assert ("novice", "beginner") in pairings and ("expert", "strong") in pairings


def test_json_rates_every_player_anchoring_the_beginner(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    data = json_out(invoke([*ARGS, "--json", "--out", str(out)]))
    ratings = {r["player"]: r for r in data["ratings"]}
    assert set(ratings) == {"random", "greedy", "beginner"}
    assert ratings["beginner"]["rating"] == 1000 and data["anchor"] == "beginner"
    assert ratings["greedy"]["rating"] > 1000 > ratings["random"]["rating"]
    assert all(r["games"] == 8 for r in ratings.values())
    pairs = [(m["a"], m["b"]) for m in data["matches"]]
    assert pairs == [("greedy", "random"), ("beginner", "random"), ("beginner", "greedy")]
    assert all(
        m["a_win_rate_ci"][0] <= m["a_win_rate"] <= m["a_win_rate_ci"][1] for m in data["matches"]
    )
    saved = json.loads(out.read_text())
    assert saved["seed"] == 3 and set(saved["matches"]) == {
        "greedy|random",
        "beginner|random",
        "beginner|greedy",
    }
    assert all(len(rows) == 4 for rows in saved["matches"].values())


def test_the_anchor_is_the_player_named(tmp_path: Path) -> None:
    data = json_out(invoke([*ARGS, "--json", "--anchor", "Greedy"]))
    ratings = {r["player"]: r["rating"] for r in data["ratings"]}
    assert data["anchor"] == "greedy" and ratings["greedy"] == 1000
    beginner = json_out(invoke([*ARGS, "--json"]))
    rated = {r["player"]: r["rating"] for r in beginner["ratings"]}
    # the same games on another zero point: every gap is the same
    assert ratings["beginner"] - ratings["random"] == pytest.approx(
        rated["beginner"] - rated["random"]
    )
    without = json_out(invoke(["ladder", "--games", "2", "--players", "random,greedy", "--json"]))
    assert without["anchor"] == "random"


def test_an_anchor_who_does_not_play_is_refused() -> None:
    assert_bad_input(invoke([*ARGS, "--anchor", "expert"]), "--anchor expert")


class Stop(Exception):
    """Stands for a ladder stopped by a signal between two chunks of games."""


def _stop_after(monkeypatch: pytest.MonkeyPatch, chunks: int) -> None:
    """Make the ladder stop once it has saved ``chunks`` chunks of games."""
    real = ladder_file.LadderFile.add
    saved: list[list[GameResult]] = []

    def add(self: ladder_file.LadderFile, a: str, b: str, batch: list[GameResult]) -> None:
        real(self, a, b, batch)
        saved.append(batch)
        if len(saved) == chunks:
            raise Stop

    monkeypatch.setattr(ladder_file.LadderFile, "add", add)


def test_a_ladder_stopped_mid_match_resumes_there(
    tmp_path: Path, matches: Matches, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["ladder", "--games", "4", "--games-for", "greedy:random=10", "--seed", "3", *PLAYERS]
    args += ["-j", "1", "--json"]
    whole = json_out(invoke([*args, "--out", str(tmp_path / "whole.json")]))
    out = tmp_path / "ladder.json"
    with monkeypatch.context() as patch:
        _stop_after(patch, chunks=3)  # 3 of greedy:random's 5 chunks (a pair each)
        stopped = invoke([*args, "--out", str(out)])
    assert isinstance(stopped.exception, Stop)
    kept = json.loads(out.read_text())["matches"]
    assert {key: len(rows) for key, rows in kept.items()} == {"greedy|random": 6}
    matches.clear()
    resumed = json_out(invoke([*args, "--out", str(out)]))
    assert resumed == whole
    assert matches.pairs == [("greedy", "random"), ("beginner", "random"), ("beginner", "greedy")]
    assert [len(k["done"]) for k in matches.keywords] == [6, 0, 0]  # type: ignore[arg-type]
    assert json.loads(out.read_text()) == json.loads((tmp_path / "whole.json").read_text())


def test_a_ladder_stopped_inside_a_match_plays_only_its_missing_pairs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = [*ARGS[:-2], "--games-for", "beginner:greedy=8", "-j", "1", "--json"]
    whole = json_out(invoke(args))
    out = tmp_path / "ladder.json"
    with monkeypatch.context() as patch:
        _stop_after(patch, chunks=2)  # 2 of beginner:greedy's 4 chunks (played first)
        assert isinstance(invoke([*args, "--out", str(out)]).exception, Stop)
    assert list(json.loads(out.read_text())["matches"]) == ["beginner|greedy"]
    played: list[tuple[str, int]] = []

    def add(self: ladder_file.LadderFile, a: str, b: str, batch: list[GameResult]) -> None:
        played.extend((f"{a}|{b}", game.pair) for game in batch)

    monkeypatch.setattr(ladder_file.LadderFile, "add", add)
    assert json_out(invoke([*args, "--out", str(out)])) == whole
    assert sorted(set(played)) == [
        ("beginner|greedy", 2),
        ("beginner|greedy", 3),
        ("beginner|random", 0),
        ("beginner|random", 1),
        ("greedy|random", 0),
        ("greedy|random", 1),
    ]


def test_games_for_plays_more_games_in_the_pairings_named(matches: Matches) -> None:
    more = ["--games-for", "random:greedy=8,beginner:greedy=6"]
    data = json_out(invoke([*ARGS, *more, "--json"]))
    assert [k["games"] for k in matches.keywords] == [8, 6, 4]  # the pairings that matter first
    assert matches.pairs == [("greedy", "random"), ("beginner", "greedy"), ("beginner", "random")]
    ratings = {r["player"]: r["games"] for r in data["ratings"]}
    assert ratings == {"greedy": 14, "random": 12, "beginner": 10}
    assert [m["games"] for m in data["matches"]] == [8, 4, 6]


@pytest.mark.parametrize(
    ("games_for", "says"),
    [
        ("greedy:expert=8", "does not play"),
        ("greedy:random", "A:B=N"),
        ("greedy=8", "A:B=N"),
        ("greedy:random=many", "not a number"),
        ("greedy:random=7", "even"),
    ],
)
def test_games_for_that_does_not_fit_the_ladder_is_refused(games_for: str, says: str) -> None:
    assert_bad_input(invoke([*ARGS, "--games-for", games_for]), says)


def test_a_file_of_another_seed_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    invoke([*ARGS, "--json", "--out", str(out)])
    before = out.read_text()
    refused = invoke([*ARGS[:3], "--seed", "4", *ARGS[5:], "--out", str(out)])
    assert_bad_input(refused, "a ladder on seed 3: give the same --seed")
    assert "not a ladder's interim file" not in refused.stderr
    assert out.read_text() == before


def test_a_file_of_another_engine_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "ladder.json"
    invoke([*ARGS, "--json", "--out", str(out)])
    monkeypatch.setattr(ladder_file, "installed_engine", lambda: "0.0.1+other")
    refused = invoke([*ARGS, "--out", str(out)])
    assert_bad_input(refused, "another cribkit engine (0.1.0+", "this is 0.0.1+other")
    assert "not a ladder's interim file" not in refused.stderr


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"games": 4, "seed": 3, "matches": {}}', "a ladder file of another format (1"),
        ('{"format": 2, "seed": 3}', "not a ladder's interim file"),
        ("not json", "not a ladder's interim file"),
    ],
)
def test_a_file_that_is_not_this_ladders_is_refused(tmp_path: Path, text: str, says: str) -> None:
    out = tmp_path / "ladder.json"
    out.write_text(text)
    assert_bad_input(invoke([*ARGS, "--out", str(out)]), says)


def test_one_player_is_not_a_ladder() -> None:
    assert_bad_input(invoke(["ladder", "--players", "greedy,greedy"]), "two or more")


def test_pairs_play_only_the_pairings_listed(matches: Matches) -> None:
    pairs = ["--pairs", "beginner:random,Greedy:beginner"]
    data = json_out(invoke([*ARGS[:5], *pairs, "-j", "1", "--json"]))
    assert matches.pairs == [("beginner", "random"), ("greedy", "beginner")]
    ratings = {r["player"]: r for r in data["ratings"]}
    assert data["anchor"] == "beginner" and ratings["beginner"]["rating"] == 1000
    assert ratings["beginner"]["games"] == 8 and ratings["random"]["games"] == 4


@pytest.mark.parametrize(
    ("pairs", "says"),
    [
        ("beginner:random,greedy:expert", "join every player"),
        ("beginner:random,random:beginner", "twice"),
        ("beginner:beginner", "twice"),
        ("beginner-random", "A:B"),
    ],
)
def test_pairs_that_cannot_make_one_scale_are_refused(pairs: str, says: str) -> None:
    assert_bad_input(invoke(["ladder", "--games", "4", "--pairs", pairs]), says)


def test_players_and_pairs_together_are_refused() -> None:
    both = ["ladder", "--players", "random,greedy", "--pairs", "random:greedy"]
    assert_bad_input(invoke(both), "not both")


def test_the_file_keeps_games_in_pair_order_whatever_order_chunks_arrive(tmp_path: Path) -> None:
    from cribkit.rules import Skunk

    def game(pair: int, a_seat: int) -> GameResult:
        return GameResult(
            pair=pair,
            seed=0,
            a_seat=a_seat,
            winner=0,
            scores=(121, 90),
            skunk=Skunk.NONE,
            first_dealer=0,
            hands=9,
            points=((10, 80, 31), (12, 60, 18)),
        )

    late_first = ladder_file.LadderFile(tmp_path / "a.json", seed=3)
    late_first.add("greedy", "random", [game(1, 0), game(1, 1)])
    late_first.add("greedy", "random", [game(0, 0), game(0, 1)])
    in_order = ladder_file.LadderFile(tmp_path / "b.json", seed=3)
    in_order.add("greedy", "random", [game(0, 0), game(0, 1)])
    in_order.add("greedy", "random", [game(1, 0), game(1, 1)])
    rows = json.loads((tmp_path / "a.json").read_text())["matches"]["greedy|random"]
    assert [row[:2] for row in rows] == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert (tmp_path / "a.json").read_text() == (tmp_path / "b.json").read_text()
