"""Reading the opponent's later cards from their own view: what each choice records, how a
holding explains it, and that the reading never looks at the expert's unplayed cards the
opponent could not see."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cribkit.analysis import laterplays
from cribkit.analysis.laterplays import later_choices, later_likelihood
from cribkit.analysis.pegging import (
    PLAIN_SEARCH,
    _deals,
    best_play,
    evaluate_plays,
    opponent_holdings,
)
from cribkit.view import PlayerView, view_of
from state_support import run, to_the_play

PONE = "5D 3D KH 9S QC JC"
"""Seat 1's six: it keeps 5 3 K 9 and leads the 5."""


def _dealer_view(dealer_six: str = "2C 6C 7C 8C AH AS", *plays: str) -> PlayerView:
    """Seat 0 deals and answers the pone's 5 with its 2 (count 7); the pone then plays 3."""
    state, _ = to_the_play(dealer_six, PONE, "AH AS", "QC JC", "4S", dealer=0)
    state, _ = run(state, "p1 play 5D", "p0 play 2C", "p1 play 3D", *plays)
    return view_of(state, 0)


def test_the_opening_two_cards_are_left_to_the_tables() -> None:
    state, _ = to_the_play("2C 6C 7C 8C AH AS", PONE, "AH AS", "QC JC", "4S", dealer=0)
    state, _ = run(state, "p1 play 5D", "p0 play 2C")
    assert later_choices(view_of(state, 0)) == ()


def test_a_choice_records_the_position_the_opponent_chose_from() -> None:
    (choice,) = later_choices(_dealer_view())
    mine, series, count, rank, later, shown, before = choice
    assert mine == (6, 7, 8)  # the dealer's three unplayed cards then
    assert (series, count, rank, later, before) == ((5, 2), 7, 3, (), (2,))
    # what the pone had seen besides its own hand: the starter, the 5 it led, the 2
    assert [r for r in range(14) for _ in range(shown[r])] == [2, 4, 5]


def test_the_expert_cards_played_after_a_choice_were_in_its_hand_then() -> None:
    view = _dealer_view("2C 6C 7C 8C AH AS", "p0 play 6C")
    (choice,) = later_choices(view)
    assert choice[0] == (6, 7, 8)  # the 6 played since was still held when they chose


def test_a_holding_that_passed_up_a_fifteen_explains_the_card_worse() -> None:
    (choice,) = later_choices(_dealer_view())
    # with an 8 the pone would have made fifteen at count 7 instead of playing the 3
    with_eight = later_likelihood((8, 9), (choice,), 1.0, 8)
    without = later_likelihood((9, 13), (choice,), 1.0, 8)
    assert 0 < with_eight < without <= 1


def test_strength_zero_makes_every_playable_rank_as_likely() -> None:
    (choice,) = later_choices(_dealer_view())
    # holding 9 K, the pone then held 3 9 K: all fit under 24
    assert later_likelihood((9, 13), (choice,), 0.0, 8) == pytest.approx(1 / 3)
    assert later_likelihood((9, 9), (choice,), 0.0, 8) == pytest.approx(1 / 2)  # 3 9 9


def test_a_card_that_was_the_only_one_to_fit_says_nothing() -> None:
    mine, series, _count, rank, later, shown, before = later_choices(_dealer_view())[0]
    forced = (mine, series, 28, rank, later, shown, before)  # at 28 only the 3 fits
    assert later_likelihood((9, 13), (forced,), 1.0, 8) == 1.0


def test_the_reading_never_looks_at_the_experts_unseen_cards() -> None:
    """The opponent could not see the dealer's unplayed cards, so a reading of their
    choice must come out the same whatever those cards are."""
    seen = later_choices(_dealer_view("2C 6C 7C 8C AH AS"))
    other = later_choices(_dealer_view("2C QH TD JH AH AS"))
    assert seen[0][0] != other[0][0]
    for holding in ((8, 9), (9, 13), (1, 6), (10, 10)):
        for role in (None, True):
            assert later_likelihood(holding, seen, 1.0, 8, role) == later_likelihood(
                holding, other, 1.0, 8, role
            )


def test_the_hands_the_opponent_deals_are_a_proper_sample() -> None:
    shown = (0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0)
    hands = laterplays._hands_they_deal(shown, 3, 8)
    assert hands == laterplays._hands_they_deal(shown, 3, 8)  # deterministic
    assert 1 < len(hands) <= 8
    assert sum(weight for _, weight in hands) == pytest.approx(1.0)
    for hand, _ in hands:
        assert len(hand) == 3 and list(hand) == sorted(hand)
        assert all(hand.count(r) + shown[r] <= 4 for r in hand)


def test_the_opponent_may_weigh_the_experts_hands_by_the_keep_model() -> None:
    """``later_reading_keeps``: the expert's hands dealt as an expert opponent weighs
    them, by the keep model in the expert's role with the cards it played before."""
    shown = (0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0)
    alike = laterplays._hands_they_deal(shown, 3, 8)
    as_dealer = laterplays._hands_they_deal(shown, 3, 8, (2,), True)
    as_pone = laterplays._hands_they_deal(shown, 3, 8, (2,), False)
    assert as_dealer != alike and as_dealer != as_pone
    assert sum(weight for _, weight in as_dealer) == pytest.approx(1.0)
    (choice,) = later_choices(_dealer_view())
    assert 0 < later_likelihood((8, 9), (choice,), 1.0, 8, True) < 1


def test_the_search_weighs_holdings_by_the_later_reading() -> None:
    view = _dealer_view()
    holdings = opponent_holdings(view, plausibility=0.3, keep_model=True)
    limit = len(holdings.hands)  # every holding, so the weights can be compared one by one
    _, unread = _deals(view, 0.3, limit, 1.0, True)
    _, read = _deals(view, 0.3, limit, 1.0, True, later_reading=1.0, later_reading_deals=8)
    unread_weights = {node[1]: weight for node, weight in unread}
    read_weights = {node[1]: weight for node, weight in read}
    assert unread_weights.keys() == read_weights.keys()
    assert sum(read_weights.values()) == pytest.approx(1.0)
    assert any(read_weights[h] != pytest.approx(unread_weights[h]) for h in read_weights)


def test_the_searches_rate_and_choose_with_the_keep_model_hands_alike() -> None:
    """``later_reading_keeps`` reaches both searches (``evaluate_plays`` once left it out, so
    hints rated another search than the one that played): each rates the cards the same
    and picks the same card, and the rating differs from the reading of alike hands."""
    view = _dealer_view()
    reading = replace(PLAIN_SEARCH, later_reading=1.0)
    by_keeps = replace(reading, later_reading_keeps=True)
    rated = evaluate_plays(view, by_keeps)
    assert best_play(view, by_keeps) == rated[0].card
    alike = {e.card: e.expected_net_points for e in evaluate_plays(view, reading)}
    assert {e.card: e.expected_net_points for e in rated} != alike
