"""Exact discard analysis against brute force, the published checks and bad input."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations

import numpy as np
import pytest

from cribkit.analysis import HOLDS, DiscardAnalysis, DiscardOption, analyze_discard, hold_values
from cribkit.analysis.discard import CRIB_COMPLETIONS, crib_totals_enumerated, hold_showings
from cribkit.cards import DECK, Card, parse_cards
from cribkit.errors import (
    CribkitError,
    DuplicateCardError,
    InvalidNotationError,
    WrongCardCountError,
)
from cribkit.scoring import score_show, show_points

A_TO_6 = "AC 2D 3H 4S 5C 6D"
DEALS = [
    A_TO_6,
    "5H 5D JS 4C 6S KH",
    "JH 5H 7H 9H KH JD",  # a five-card heart flush is possible, two jacks for nobs
    "2C 4C 6C 8C TC QC",  # one suit: every hold is a four-flush
    "AS AH 7C 8D KS KH",  # symmetric under swapping spades and hearts: exact ties
]


def _by_throw(analysis: DiscardAnalysis) -> dict[frozenset[Card], DiscardOption]:
    return {frozenset(option.throw): option for option in analysis.options}


@cache
def brute_force(deal: str) -> dict[frozenset[Card], tuple[Fraction, int, int, Fraction]]:
    """Hand EV/min/max with score_show over each starter, crib EV with show_points over
    every completion: plain Python, one show at a time."""
    dealt = parse_cards(deal)
    unseen = [card for card in DECK if card not in dealt]
    result = {}
    for throw in combinations(dealt, 2):
        keep = [card for card in dealt if card not in throw]
        hands = [score_show(keep, starter, crib=False).total for starter in unseen]
        crib_total = 0
        for pair in combinations(unseen, 2):
            crib = [*throw, *pair]
            for starter in unseen:
                if starter not in pair:
                    crib_total += show_points(crib, starter, crib=True)
        result[frozenset(throw)] = (
            Fraction(sum(hands), len(unseen)),
            min(hands),
            max(hands),
            Fraction(crib_total, CRIB_COMPLETIONS),
        )
    return result


@pytest.mark.slow
@pytest.mark.parametrize("deal", [A_TO_6, "JH 5H 7H 9H KH JD"])
@pytest.mark.parametrize("dealer", [True, False])
def test_against_plain_python_brute_force(deal: str, dealer: bool) -> None:
    analysis = analyze_discard(deal, dealer=dealer)
    expected = brute_force(deal)
    assert len(analysis.options) == 15
    for option in analysis.options:
        hand_ev, hand_min, hand_max, crib_ev = expected[frozenset(option.throw)]
        total = hand_ev + crib_ev if dealer else hand_ev - crib_ev
        assert option.hand_ev == pytest.approx(float(hand_ev), abs=1e-9)
        assert (option.hand_min, option.hand_max) == (hand_min, hand_max)
        assert option.crib_ev == pytest.approx(float(crib_ev), abs=1e-9)
        assert option.total_ev == pytest.approx(float(total), abs=1e-9)


def _random_deals(count: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(DECK, 6)) for _ in range(count)]


@pytest.mark.parametrize("deal", [parse_cards(d) for d in DEALS] + _random_deals(20, 5))
def test_crib_equals_numpy_enumeration_of_every_crib(deal: Sequence[Card]) -> None:
    """The shared-work crib totals equal scoring all 15 * 45,540 cribs one by one."""
    totals = crib_totals_enumerated(deal)
    options = _by_throw(analyze_discard(deal, dealer=True))
    for (_, throw), total in zip(HOLDS, totals, strict=True):
        option = options[frozenset(deal[i] for i in throw)]
        assert round(option.crib_ev * CRIB_COMPLETIONS) == total


def test_published_a_to_6_hand_averages() -> None:
    options = {
        tuple(int(card.rank) for card in option.keep): option
        for option in analyze_discard(A_TO_6, dealer=False).options
    }
    assert options[(2, 3, 4, 5)].hand_ev == pytest.approx(394 / 46, abs=1e-12)
    assert options[(3, 4, 5, 6)].hand_ev == pytest.approx(453 / 46, abs=1e-12)


@pytest.mark.parametrize("deal", DEALS)
def test_options_rank_best_first_and_split_the_deal(deal: str) -> None:
    dealt = set(parse_cards(deal))
    for dealer in (True, False):
        analysis = analyze_discard(deal, dealer=dealer)
        totals = [option.total_ev for option in analysis.options]
        assert totals == sorted(totals, reverse=True)
        assert analysis.best is analysis.options[0]
        assert len({frozenset(option.throw) for option in analysis.options}) == 15
        for option in analysis.options:
            assert len(option.keep) == 4 and len(option.throw) == 2
            assert set(option.keep) | set(option.throw) == dealt
            assert option.hand_min <= option.hand_ev <= option.hand_max


@pytest.mark.parametrize("deal", DEALS)
def test_dealer_adds_the_crib_and_pone_subtracts_it(deal: str) -> None:
    dealer = _by_throw(analyze_discard(deal, dealer=True))
    pone = _by_throw(analyze_discard(deal, dealer=False))
    for throw, mine in dealer.items():
        theirs = pone[throw]
        assert mine.hand_ev == theirs.hand_ev and mine.crib_ev == theirs.crib_ev
        assert mine.total_ev == pytest.approx(mine.hand_ev + mine.crib_ev, abs=1e-12)
        assert theirs.total_ev == pytest.approx(theirs.hand_ev - theirs.crib_ev, abs=1e-12)


def test_who_deals_changes_the_best_hold() -> None:
    # As dealer, 2-3 to your own crib beats keeping the 3-4-5-6 run; as pone it does not.
    assert [c.rank for c in analyze_discard(A_TO_6, dealer=True).best.keep] == [1, 4, 5, 6]
    assert [c.rank for c in analyze_discard(A_TO_6, dealer=False).best.keep] == [3, 4, 5, 6]


def test_ties_break_by_hand_then_lower_cards_and_ignore_deal_order() -> None:
    deal = parse_cards("AS AH 7C 8D KS KH")
    analysis = analyze_discard(deal, dealer=True)
    keys = [(-o.total_ev, -o.hand_ev, [c.index for c in o.keep]) for o in analysis.options]
    tied = [
        i for i in range(14) if analysis.options[i].total_ev == analysis.options[i + 1].total_ev
    ]
    assert tied, "this deal is symmetric in two suits, so some holds tie exactly"
    assert keys == sorted(keys)
    shuffled = list(deal)
    random.Random(1).shuffle(shuffled)
    assert analyze_discard(shuffled, dealer=True) == analysis


@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize("dealer", [True, False])
def test_hold_values_are_the_totals_in_holds_order(deal: str, dealer: bool) -> None:
    cards = parse_cards(deal)
    options = _by_throw(analyze_discard(cards, dealer=dealer))
    values = hold_values(cards, dealer=dealer)
    for (_, throw), value in zip(HOLDS, values, strict=True):
        expected = options[frozenset(cards[i] for i in throw)].total_ev
        assert value == pytest.approx(expected, abs=1e-12)


def test_to_dict_is_json_with_canonical_cards() -> None:
    data = json.loads(json.dumps(analyze_discard("5h 5d js 4c 6s kh", dealer=False).to_dict()))
    assert data["dealer"] is False
    assert len(data["options"]) == 15
    first = data["options"][0]
    assert {"keep", "throw", "hand_ev", "crib_ev", "total_ev"} <= set(first)
    assert first["keep"] == ["4C", "5D", "5H", "6S"] and first["throw"] == ["JS", "KH"]
    assert first["total_ev"] == pytest.approx(first["hand_ev"] - first["crib_ev"])


def test_explain_names_the_trade_off() -> None:
    text = analyze_discard(A_TO_6, dealer=True).explain()
    best = analyze_discard(A_TO_6, dealer=True).best
    assert "rather than 3♥ 4♠ 5♣ 6♦" in text
    assert f"{best.hand_ev:.2f}" in text and f"{best.crib_ev:.2f}" in text
    assert "2♦ 3♥ to your own crib adds" in text


def test_explain_when_the_best_hand_is_also_best() -> None:
    text = analyze_discard(A_TO_6, dealer=False).explain()
    assert text.startswith("Keep 3♥ 4♠ 5♣ 6♦: it averages 9.85 in hand, the most")
    assert "to the dealer's crib gives away" in text


@pytest.mark.parametrize(
    ("cards", "error"),
    [
        ("AC 2D 3H 4S 5C", WrongCardCountError),
        ("AC 2D 3H 4S 5C 6D 7H", WrongCardCountError),
        ("", WrongCardCountError),
        ("AC 2D 3H 4S 5C AC", DuplicateCardError),
        ("AC 2D 3H 4S 5C 1X", InvalidNotationError),
    ],
)
def test_bad_input_is_refused(cards: str, error: type[CribkitError]) -> None:
    with pytest.raises(error) as raised:
        analyze_discard(cards, dealer=True)
    assert isinstance(raised.value, CribkitError)
    assert str(raised.value)


def test_wrong_count_message_says_six() -> None:
    with pytest.raises(WrongCardCountError, match="6 dealt cards; got 5"):
        analyze_discard("AC 2D 3H 4S 5C", dealer=False)


def _weighted_crib_reference(dealt: Sequence[Card], weights: np.ndarray) -> np.ndarray:
    """Expected crib of each throw, every crib scored in turn: the rank points weighted by
    the other two crib cards' ranks, flush and nobs the plain average."""
    from cribkit.analysis.discard import _THROW, _completions, _indices, _unseen
    from cribkit.bulk import show_points_bulk, suit_points_bulk

    indices = _indices(dealt)
    others, starter = _completions(_unseen(indices))
    pair = weights[others[:, 0] >> 2, others[:, 1] >> 2]
    values = []
    for throw in indices[_THROW]:
        crib = np.concatenate([np.broadcast_to(throw, (len(others), 2)), others], axis=1)
        total = show_points_bulk(crib, starter, crib=True).astype(np.float64)
        suit = suit_points_bulk(crib, starter, crib=True).astype(np.float64)
        values.append(((total - suit) * pair).sum() / pair.sum() + suit.mean())
    return np.array(values)


@pytest.mark.parametrize("deal", ["5H 5S JD KC 2H 9S", "AC 2D 3H 7S 8C QD"])
def test_a_crib_against_weighted_throws(deal: str) -> None:
    """``opponent_throws``: even weights give the exact values; uneven ones give the crib
    each throw makes when the opponent's two cards are weighted by their ranks."""
    dealt = parse_cards(deal)
    assert np.array_equal(
        hold_values(dealt, dealer=True, opponent_throws=np.ones((13, 13))),
        hold_values(dealt, dealer=True),
    )
    weights = np.random.default_rng(3).uniform(0.05, 4.0, (13, 13))
    weights = (weights + weights.T) / 2
    hands, cribs = hold_showings(dealt, opponent_throws=weights)
    assert cribs == pytest.approx(_weighted_crib_reference(dealt, weights), abs=1e-9)
    for dealer, sign in ((True, 1), (False, -1)):
        values = hold_values(dealt, dealer=dealer, opponent_throws=weights)
        assert values == pytest.approx(hands.mean(axis=1) + sign * cribs, abs=1e-9)


@pytest.mark.parametrize("deal", ["5H 5S JD KC 2H 9S", "AC 2D 3H 7S 8C QD"])
def test_the_analysis_values_cribs_against_weighted_throws(deal: str) -> None:
    """``analyze_discard(opponent_throws=...)`` gives each option the weighted crib of
    ``hold_values`` and ranks by it; even weights change nothing."""
    dealt = parse_cards(deal)
    weights = np.random.default_rng(5).uniform(0.05, 4.0, (13, 13))
    weights = (weights + weights.T) / 2
    for dealer in (True, False):
        plain = analyze_discard(dealt, dealer=dealer)
        assert analyze_discard(dealt, dealer=dealer, opponent_throws=np.ones((13, 13))) == plain
        weighted = analyze_discard(dealt, dealer=dealer, opponent_throws=weights)
        values = hold_values(dealt, dealer=dealer, opponent_throws=weights)
        _, cribs = hold_showings(dealt, opponent_throws=weights)
        by_throw = {
            frozenset(dealt[i] for i in throw): (values[h], cribs[h])
            for h, (_, throw) in enumerate(HOLDS)
        }
        for option in weighted.options:
            value, crib = by_throw[frozenset(option.throw)]
            assert option.total_ev == pytest.approx(value, abs=1e-9)
            assert option.crib_ev == pytest.approx(crib, abs=1e-9)
        totals = [option.total_ev for option in weighted.options]
        assert totals == sorted(totals, reverse=True)
        assert [o.crib_ev for o in weighted.options] != [
            next(p.crib_ev for p in plain.options if p.throw == o.throw) for o in weighted.options
        ]
