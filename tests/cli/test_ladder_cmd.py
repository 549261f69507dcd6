"""`cribkit ladder`: a round robin fitted to ratings, resumed from its interim file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import Matches, assert_bad_input, invoke, json_out

from cribkit.cli.ladder_cmd import LADDER_PLAYERS
from cribkit.players import CALIBRATED_LEVELS

ARGS = ["ladder", "--games", "4", "--seed", "3", "--players", "random,greedy,beginner", "-j", "1"]


def test_the_default_ladder_is_the_levels_greedy_and_expert_2026() -> None:
    assert (*CALIBRATED_LEVELS, "greedy", "expert-2026") == LADDER_PLAYERS


def test_json_rates_every_player_anchoring_the_first(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    data = json_out(invoke([*ARGS, "--json", "--out", str(out)]))
    ratings = {r["player"]: r for r in data["ratings"]}
    assert set(ratings) == {"random", "greedy", "beginner"}
    assert ratings["random"]["rating"] == 1000 and data["anchor"] == "random"
    assert ratings["greedy"]["rating"] > ratings["beginner"]["rating"] > 1000
    assert all(r["games"] == 8 for r in ratings.values())
    saved = json.loads(out.read_text())
    assert set(saved["matches"]) == {"random|greedy", "random|beginner", "greedy|beginner"}


def test_a_stopped_ladder_resumes_from_its_file(tmp_path: Path, matches: Matches) -> None:
    out = tmp_path / "ladder.json"
    first = json_out(invoke([*ARGS, "--json", "--out", str(out)]))
    assert matches.pairs == [("random", "greedy"), ("random", "beginner"), ("greedy", "beginner")]
    saved = json.loads(out.read_text())
    del saved["matches"]["greedy|beginner"]  # as if stopped before the last match
    out.write_text(json.dumps(saved))
    matches.clear()
    again = json_out(invoke([*ARGS, "--json", "--out", str(out)]))
    assert matches.pairs == [("greedy", "beginner")]
    assert again == first


def test_a_file_from_another_ladder_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    invoke([*ARGS, "--json", "--out", str(out)])
    before = out.read_text()
    assert_bad_input(invoke([*ARGS[:-4], "--seed", "4", "--out", str(out)]), "same --games")
    assert out.read_text() == before


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
