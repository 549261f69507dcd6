"""The state machine from the cut for deal to the starter: who deals, the deal, the
discard in either order, the crib, and two for his heels (which can end the game)."""

from __future__ import annotations

import pytest

from cribkit.actions import Cut, CutForDeal, Deal, Discard, NextHand, TurnStarter
from cribkit.cards import parse_card
from cribkit.errors import CribkitError
from cribkit.rules import Skunk
from cribkit.state import GameState, Phase
from state_support import (
    assert_refused,
    cards,
    cut_for,
    new_hand,
    run,
    summary,
    turn_starter,
)

HAND0 = "9C TC KC 6D AS 3S"
HAND1 = "QH 8H 4H KH 2D 7S"


@pytest.mark.parametrize(("cut", "dealer"), [("2H 9C", 0), ("KS 5D", 1), ("AC 2C", 0)])
def test_lower_cut_deals(cut: str, dealer: int) -> None:
    first, second = cards(cut)
    state, events = run(GameState(), Cut(1, 40), Cut(0, 3), CutForDeal((first, second), (3, 40)))
    assert events == []
    assert state.phase is Phase.DEAL and state.dealer == dealer and state.pone == 1 - dealer
    assert state.hand_number == 0


def test_equal_ranks_cut_again() -> None:
    state, _ = run(GameState(), Cut(0, 7), Cut(1, 9))
    assert state.is_chance and state.legal_actions() == ()
    state, _ = run(state, CutForDeal((cards("7H 7S")[0], cards("7H 7S")[1]), (7, 9)))
    assert state.phase is Phase.CUT_FOR_DEAL and state.dealer is None
    assert not state.is_chance and state.cut_positions == (None, None)
    assert state.players_to_move() == (0, 1), "a tie: both cut again"
    state, _ = run(state, Cut(0, 7), Cut(1, 9))
    state, _ = run(state, CutForDeal((cards("QD 3C")[0], cards("QD 3C")[1]), (7, 9)))
    assert state.dealer == 1 and len(state.cuts) == 2


def test_deal_gives_six_each_and_starts_the_discard() -> None:
    state = new_hand(HAND0, HAND1, dealer=1)
    assert state.phase is Phase.DISCARD and state.hand_number == 1
    assert state.dealt == (cards(HAND0), cards(HAND1))
    assert state.players_to_move() == (0, 1)
    assert len(state.legal_actions()) == 2 * 15


@pytest.mark.parametrize("pone_first", [True, False])
def test_discard_in_either_order_makes_the_crib(pone_first: bool) -> None:
    state = new_hand(HAND0, HAND1, dealer=0)
    dealer_throw, pone_throw = "p0 discard AS 3S", "p1 discard 7S 2D"
    order = (pone_throw, dealer_throw) if pone_first else (dealer_throw, pone_throw)
    half, _ = run(state, order[0])
    assert half.phase is Phase.DISCARD
    assert half.players_to_move() == ((0,) if pone_first else (1,))
    done, events = run(half, order[1])
    assert events == []
    assert done.phase is Phase.STARTER and not done.is_chance
    assert done.players_to_move() == (1,), "the pone cuts the pack"
    assert set(done.crib) == set(cards("AS 3S 7S 2D"))
    assert done.crib[:2] == tuple(sorted(cards("2D 7S")))  # the pone's cards first
    assert done.held == (cards("9C TC KC 6D"), cards("QH 8H 4H KH"))
    assert done.kept(1) == cards("QH 8H 4H KH")


def test_a_seat_discards_only_once() -> None:
    state, _ = run(new_hand(HAND0, HAND1), "p0 discard AS 3S")
    assert_refused(state, Discard(0, (parse_card("9C"), parse_card("TC"))), "not player 0's turn")


def test_starter_opens_the_play_with_the_pone() -> None:
    state, _ = run(new_hand(HAND0, HAND1, dealer=0), "p0 discard AS 3S", "p1 discard 7S 2D")
    state, _ = run(state, Cut(1, 20))
    after, events = state.apply(TurnStarter(parse_card("5C"), 20))
    assert events == ()
    assert after.phase is Phase.PLAY and after.to_play == 1 and after.starter == parse_card("5C")


def test_starter_must_come_from_the_pack() -> None:
    state, _ = run(new_hand(HAND0, HAND1), "p0 discard AS 3S", "p1 discard 7S 2D")
    state, _ = run(state, Cut(1, 4))
    assert_refused(state, TurnStarter(parse_card("AS"), 4), "AS was dealt")


def test_heels_scores_two_to_the_dealer() -> None:
    state, _ = run(new_hand(HAND0, HAND1, dealer=1, scores=(10, 20)), "p0 discard AS 3S")
    state, events = run(state, "p1 discard 7S 2D", *turn_starter("JD"))
    assert summary(events) == [(1, "heels", "heels", 2, 22)]
    assert events[0].item.call == "two for his heels" and events[0].hand_number == 1
    assert state.phase is Phase.PLAY and state.to_play == 0


@pytest.mark.parametrize(
    ("pone_score", "skunk"),
    [(91, Skunk.NONE), (90, Skunk.SKUNK), (61, Skunk.SKUNK), (60, Skunk.DOUBLE), (0, Skunk.DOUBLE)],
)
def test_heels_at_119_wins_at_the_cut(pone_score: int, skunk: Skunk) -> None:
    state = new_hand(HAND0, HAND1, dealer=0, scores=(119, pone_score))
    state, events = run(
        state, "p0 discard AS 3S", "p1 discard 7S 2D", "p1 cut 36", "starter JH at 36"
    )
    assert summary(events) == [(0, "heels", "heels", 2, 121)]
    assert state.phase is Phase.GAME_OVER and state.is_over
    assert state.outcome is not None
    assert state.outcome.winner == 0 and state.outcome.scores == (121, pone_score)
    assert state.outcome.skunk is skunk and state.outcome.margin == 121 - pone_score
    assert state.play_log == () and state.shows == ()
    assert state.legal_actions() == () and state.to_play is None
    assert_refused(state, NextHand(0), "game_over")


def test_deal_alternates_each_hand() -> None:
    from cribkit.dealing import chance_action, chance_rng

    state, _ = run(GameState(), *cut_for(1))
    dealers = []
    for hand in range(4):
        state, _ = run(state, chance_action(state, chance_rng(5, hand)))
        dealers.append(state.dealer)
        while state.phase is not Phase.SHOW:
            if state.is_chance:
                state, _ = run(state, chance_action(state, chance_rng(9, hand)))
            else:
                state, _ = run(state, state.legal_actions()[0])
        assert state.legal_actions() == (NextHand(0), NextHand(1))
        state, events = run(state, NextHand(hand % 2))  # either seat may move on
        assert events == [] and state.phase is Phase.DEAL
    assert dealers == [1, 0, 1, 0]


def test_bad_deals_are_refused() -> None:
    state, _ = run(GameState(), *cut_for(0))
    six = cards(HAND0)
    assert_refused(state, Deal((six, cards("QH 8H 4H KH 2D"))), "6 cards")
    assert_refused(state, Deal((six[:5], cards(HAND1))), "6 cards")
    with pytest.raises(CribkitError, match="AS appears twice"):
        state.apply(Deal((six, cards("AS 2C 3C 4C 5C 6C"))))
    with pytest.raises(CribkitError, match="7H appears twice"):
        run(GameState(), Cut(0, 1), Cut(1, 2), CutForDeal((parse_card("7H"),) * 2, (1, 2)))
