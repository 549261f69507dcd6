"""The rating table the picker and the player's rating read."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from cribkit.errors import CribkitError
from cribkit.players import CALIBRATED_LEVELS
from cribkit.players.level_ratings import level_rating, level_ratings
from cribkit.ratings import HeadToHead, fit_ratings


def test_every_calibrated_level_is_rated_and_stronger_levels_rate_higher() -> None:
    ratings = [level_rating(name).rating for name in CALIBRATED_LEVELS]
    assert ratings == sorted(ratings)
    assert len(set(ratings)) == len(ratings)


def test_the_table_is_ordered_weakest_first() -> None:
    values = [row.rating for row in level_ratings().values()]
    assert values == sorted(values)


def test_an_unrated_name_is_a_clear_error() -> None:
    with pytest.raises(CribkitError, match="no rating for 'nobody'"):
        level_rating("nobody")


def test_the_table_is_a_ladder_fit_of_every_level_and_the_yardsticks() -> None:
    text = resources.files("cribkit").joinpath("data/level_ratings.json").read_text("utf-8")
    table = json.loads(text)
    assert table["provisional"] is False and table["made_by"].startswith("cribkit ladder")
    assert {*CALIBRATED_LEVELS, "random", "greedy", "expert-2026"} <= set(level_ratings())
    assert level_rating(table["anchor"]).rating == table["anchor_rating"]
    for name, row in level_ratings().items():
        assert row.games > 0, name
        if name != table["anchor"]:
            assert row.low is not None and row.high is not None
            assert row.low < row.rating < row.high, name


def test_the_table_s_ratings_are_the_fit_of_the_matches_it_lists() -> None:
    text = resources.files("cribkit").joinpath("data/level_ratings.json").read_text("utf-8")
    table = json.loads(text)
    played = [HeadToHead(m["a"], m["b"], m["a_wins"], m["games"]) for m in table["matches"]]
    fitted = fit_ratings(played, anchor=table["anchor"], anchor_rating=table["anchor_rating"])
    assert {r.player for r in fitted} == set(table["ratings"])
    for rating in fitted:
        assert table["ratings"][rating.player]["rating"] == pytest.approx(rating.rating, abs=0.06)
        assert table["ratings"][rating.player]["games"] == rating.games
