"""The exhaustive show distribution against the published table and independent counts."""

from __future__ import annotations

import json
import math
from functools import cache

import numpy as np
import pytest

from cribkit.bulk import combinations_array, show_points_bulk
from cribkit.cards import DECK
from cribkit.distribution import HANDS, MAX_SCORE, ScoreDistribution, score_distribution
from reference_scoring import reference_show

pytestmark = pytest.mark.slow

PUBLISHED_HAND_COUNTS = {
    # The hand column of the widely published cribbage score table
    # (e.g. Wikipedia, "Cribbage statistics"): score -> hands out of 12,994,800.
    0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508, 6: 1800268,
    7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680, 12: 317340, 13: 19656,
    14: 90100, 15: 9168, 16: 58248, 17: 11196, 18: 2708, 19: 0, 20: 8068, 21: 2496,
    22: 444, 23: 356, 24: 3680, 25: 0, 26: 0, 27: 0, 28: 76, 29: 4,
}  # fmt: skip

FOUR_CARD_FLUSH_HANDS = 4 * math.comb(13, 4) * 39
"""Hands of four cards of one suit with a starter of another: +4 as a hand, 0 as a crib."""


@cache
def distribution(crib: bool) -> ScoreDistribution:
    return score_distribution(crib=crib)


@cache
def straightforward_counts(crib: bool) -> tuple[int, ...]:
    """Every starter, then every four of the other 51 cards: a different enumeration."""
    counts = np.zeros(MAX_SCORE + 1, dtype=np.int64)
    fours = combinations_array(51, 4)
    deck = np.arange(52, dtype=np.uint8)
    for starter in range(52):
        others = np.delete(deck, starter)
        points = show_points_bulk(others[fours], np.full(len(fours), starter), crib=crib)
        counts += np.bincount(points, minlength=MAX_SCORE + 1)
    return tuple(int(c) for c in counts)


def test_hand_distribution_is_the_published_table() -> None:
    result = distribution(False)
    assert result.kind == "hand"
    assert result.hands == HANDS == 12_994_800
    assert dict(enumerate(result.counts)) == PUBLISHED_HAND_COUNTS
    assert round(result.mean, 4) == 4.7692


@pytest.mark.parametrize("crib", [False, True])
def test_published_facts(crib: bool) -> None:
    counts = distribution(crib).counts
    assert sum(counts) == HANDS
    assert counts[29] == 4
    assert [counts[s] for s in (19, 25, 26, 27)] == [0, 0, 0, 0]
    assert len(counts) == MAX_SCORE + 1


@pytest.mark.parametrize("crib", [False, True])
def test_matches_straightforward_enumeration(crib: bool) -> None:
    assert distribution(crib).counts == straightforward_counts(crib)


def test_crib_differs_only_by_the_four_card_flush() -> None:
    hand, crib = distribution(False), distribution(True)
    assert hand.total_points - crib.total_points == 4 * FOUR_CARD_FLUSH_HANDS
    assert crib.kind == "crib"
    assert crib.mean < hand.mean


@pytest.mark.parametrize("crib", [False, True])
def test_random_sample_agrees_with_itemized_scoring(crib: bool) -> None:
    """A sample scored by the naive reference scorer fits the exhaustive frequencies."""
    rng = np.random.default_rng(2024 + crib)
    sample = 4000
    rows = np.argsort(rng.random((sample, 52)), axis=1)[:, :5]
    scores = [
        reference_show([DECK[i] for i in row[:4]], DECK[row[4]], crib=crib).total for row in rows
    ]
    observed = np.bincount(scores, minlength=MAX_SCORE + 1)
    expected = np.array(distribution(crib).counts) / HANDS * sample
    assert observed[expected == 0].sum() == 0, "a sampled hand scored an impossible total"
    big = expected >= 5
    pooled_obs = np.append(observed[big], observed[~big].sum())
    pooled_exp = np.append(expected[big], expected[~big].sum())
    chi2 = float((((pooled_obs - pooled_exp) ** 2) / pooled_exp).sum())
    df = len(pooled_obs) - 1
    assert chi2 < df + 6 * math.sqrt(2 * df), f"chi-square {chi2:.1f} on {df} df"


def test_to_dict_is_json_in_the_cli_shape() -> None:
    data = json.loads(json.dumps(distribution(True).to_dict()))
    assert set(data) == {"kind", "hands", "counts", "mean", "seconds"}
    assert data["kind"] == "crib"
    assert data["counts"]["29"] == 4
    assert sum(data["counts"].values()) == data["hands"]
    assert data["seconds"] > 0
