"""The Bradley-Terry fit: it recovers the ratings that made the results, with intervals."""

from __future__ import annotations

import pytest

from cribkit.errors import CribkitError
from cribkit.ratings import HeadToHead, expected_score, fit_ratings


def test_two_players_the_fit_is_the_observed_rate() -> None:
    (top, bottom) = fit_ratings([HeadToHead("a", "b", 640, 1000)], anchor="b", prior=0)
    assert (top.player, bottom.player) == ("a", "b")
    assert bottom.rating == bottom.low == bottom.high == 1500
    assert expected_score(top.rating, bottom.rating) == pytest.approx(0.64)
    assert top.low < top.rating < top.high and top.games == 1000


def test_a_chain_recovers_exact_expected_results() -> None:
    truth = {"x": 1500.0, "y": 1600.0, "z": 1750.0}
    results = [
        HeadToHead(a, b, 10_000 * expected_score(truth[a], truth[b]), 10_000)
        for a, b in (("y", "x"), ("z", "y"), ("z", "x"))
    ]
    fitted = {r.player: r.rating for r in fit_ratings(results, anchor="x", prior=0)}
    assert fitted == pytest.approx(truth)


def test_more_games_narrow_the_interval() -> None:
    few = fit_ratings([HeadToHead("a", "b", 60, 100)], anchor="b")[0]
    many = fit_ratings([HeadToHead("a", "b", 600, 1000)], anchor="b")[0]
    assert many.high - many.low < few.high - few.low


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ([HeadToHead("a", "b", 11, 10)], "11 wins of 10"),
        ([HeadToHead("a", "b", 5, 10)], "anchor"),
    ],
)
def test_unfittable_results_are_refused(results: list[HeadToHead], message: str) -> None:
    with pytest.raises(CribkitError, match=message):
        fit_ratings(results, anchor="c" if message == "anchor" else "b")


def test_a_clean_sweep_is_finite_with_the_prior_and_refused_without() -> None:
    top = fit_ratings([HeadToHead("a", "b", 10, 10)], anchor="b")[0]
    assert top.player == "a" and 1500 < top.rating < 2500
    with pytest.raises(CribkitError, match="every game"):
        fit_ratings([HeadToHead("a", "b", 10, 10)], anchor="b", prior=0)
