"""The crib's count from the three cards a player knows in the play: a distribution, the
opponent's throw weighed by its role, checked against the crib scored card by card."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from cribkit.analysis.cribknown import crib_distribution
from cribkit.analysis.keepmodel import throw_likelihoods
from cribkit.analysis.winprob import MAX_SHOW, TARGET, show_stage, win_table
from cribkit.cards import DECK, parse_cards
from cribkit.scoring import score_show


@pytest.mark.parametrize("dealer", [False, True])
def test_the_distribution_is_the_crib_scored_over_every_throw(dealer: bool) -> None:
    kept, thrown, (starter,) = parse_cards("2C 3D 9H KS"), parse_cards("5H 5C"), parse_cards("5S")
    dealt = frozenset((*kept, *thrown))
    distribution = crib_distribution(
        (thrown[0], thrown[1]), starter, dealt, dealer=dealer, size=MAX_SHOW
    )
    assert distribution.sum() == pytest.approx(1.0)
    assert np.all(distribution >= 0.0)
    # three fives: a pair royal and fifteen two at the least
    assert distribution[:8].sum() == 0.0
    likelihood = throw_likelihoods(not dealer)
    unseen = [card for card in DECK if card not in dealt and card != starter]
    total = mean = 0.0
    for first, second in combinations(unseen, 2):
        weight = likelihood[first.rank - 1, second.rank - 1]
        total += weight
        mean += weight * score_show((*thrown, first, second), starter, crib=True).total
    points = np.arange(MAX_SHOW)
    assert float(distribution @ points) == pytest.approx(mean / total, abs=1e-9)


def test_a_known_crib_moves_the_chances_it_should() -> None:
    """A dealer on 116 whose crib holds 5-5 under a 5 is out on the crib (8 or more):
    once the pone is not out on its hand, the dealer wins whatever it pegs."""
    kept, thrown, (starter,) = parse_cards("2C 3D 9H KS"), parse_cards("5H 5C"), parse_cards("5S")
    dealt = frozenset((*kept, *thrown))
    crib = crib_distribution((thrown[0], thrown[1]), starter, dealt, dealer=True, size=MAX_SHOW)
    known = show_stage(113, 100, dealer=True, crib=crib)
    average = show_stage(113, 100, dealer=True)
    # no pegging, my hand 0 (u = 0); their pegging and hand short of 121 (q = 0)
    assert known[0, 0] > average[0, 0]
    pone_out = win_table().pone_hand[TARGET - 100 :].sum()
    assert known[0, 0] == pytest.approx(1.0 - pone_out, abs=1e-9)
