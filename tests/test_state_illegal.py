"""Every illegal or out-of-turn action is refused with IllegalActionError (a CribkitError
and a ValueError) whose message names the problem, and the state does not change."""

from __future__ import annotations

import pytest

from cribkit.actions import Cut, CutForDeal, Deal, Discard, Go, NextHand, Play, TurnStarter
from cribkit.cards import DECK, Card, parse_card
from cribkit.errors import CribkitError, IllegalActionError
from cribkit.game import Game
from cribkit.state import GameState
from state_support import assert_refused, cards, new_hand, past_the_cut, run, to_the_play

HAND0 = "9C TC KC 6D AS 3S"
HAND1 = "QH 8H 4H KH 2D 7S"


def c(text: str) -> Card:
    return parse_card(text)


def test_error_family() -> None:
    assert issubclass(IllegalActionError, CribkitError)
    assert issubclass(IllegalActionError, ValueError)


def test_player_actions_before_the_deal() -> None:
    state = GameState()
    assert_refused(state, Discard(0, (c("AS"), c("2S"))), "cannot discard now", "cut_for_deal")
    assert_refused(state, Play(1, c("AS")), "cannot play a card now")
    assert_refused(state, Go(0), "cannot say go now")
    assert_refused(state, NextHand(0), "cannot move to the next hand now")
    assert_refused(state, TurnStarter(c("AS"), 4), "cannot turn the starter now")
    assert_refused(state, Deal((cards(HAND0), cards(HAND1))), "cannot deal now")
    assert_refused(state, CutForDeal((c("AS"), c("2S")), (0, 1)), "chance waits")


def test_discard_errors() -> None:
    state = new_hand(HAND0, HAND1)
    assert_refused(state, Discard(0, (c("AS"), c("AS"))), "two different cards")
    assert_refused(state, Discard(0, (c("AS"), c("QH"))), "QH not in your hand")
    assert_refused(state, Discard(1, (c("5C"), c("5D"))), "5C 5D not in your hand")
    assert_refused(state, Discard(2, (c("AS"), c("3S"))), "no player 2")
    assert_refused(state, Play(0, c("AS")), "cannot play a card now", "discard")
    assert_refused(state, Go(1), "cannot say go now")
    assert_refused(state, NextHand(1), "next hand")
    assert_refused(state, CutForDeal((c("AC"), c("2C")), (0, 1)), "cannot cut for deal now")
    assert_refused(state, TurnStarter(c("5C"), 4), "cannot turn the starter now")
    assert_refused(state, Cut(1, 4), "cannot cut now")
    half, _ = run(state, "p1 discard 2D 7S")
    assert_refused(half, Discard(1, (c("QH"), c("8H"))), "not player 1's turn")
    assert_refused(half, TurnStarter(c("5C"), 4), "cannot turn the starter now")


def test_play_errors() -> None:
    state, _ = to_the_play(HAND0, HAND1, "AS 3S", "2D 7S", "2S", dealer=0)
    assert state.to_play == 1
    assert_refused(state, Play(0, c("9C")), "not player 0's turn")
    assert_refused(state, Play(1, c("9C")), "you do not hold 9C")
    assert_refused(state, Play(1, c("2D")), "you do not hold 2D")  # in the crib now
    assert_refused(state, Play(1, c("2S")), "you do not hold 2S")  # the starter
    assert_refused(state, Go(1), "you can play", "no go")
    assert_refused(state, Go(0), "not player 0's turn")
    assert_refused(state, Discard(1, (c("QH"), c("8H"))), "cannot discard now")
    assert_refused(state, NextHand(1), "cannot move to the next hand now")
    assert_refused(state, TurnStarter(c("5C"), 4), "cannot turn the starter now")
    assert_refused(state, Deal((cards(HAND0), cards(HAND1))), "cannot deal now")
    assert_refused(state, Cut(1, 4), "cannot cut now")
    state, _ = run(state, "p1 play QH", "p0 play 9C", "p1 play 8H")
    assert_refused(state, Play(0, c("TC")), "count would be 37", "4 or less")
    assert_refused(state, Play(1, c("4H")), "not player 1's turn")
    played, _ = run(state, "p0 go", "p1 play 4H")
    assert_refused(played, Play(1, c("QH")), "not player 1's turn")
    assert_refused(played, Play(0, c("QH")), "you do not hold QH")  # already played


def test_show_errors() -> None:
    state, _ = to_the_play(HAND0, HAND1, "AS 3S", "2D 7S", "2S", dealer=0)
    while state.legal_actions() and not isinstance(state.legal_actions()[0], NextHand):
        state, _ = state.apply(state.legal_actions()[0])
    assert_refused(state, Play(0, c("9C")), "cannot play a card now", "show")
    assert_refused(state, Go(1), "cannot say go now")
    assert_refused(state, NextHand(3), "no player 3")
    assert_refused(state, Deal((cards(HAND0), cards(HAND1))), "cannot deal now")


def test_game_refuses_without_recording() -> None:
    game = past_the_cut(Game(seed=3))
    actions, events, state = list(game.actions), list(game.events), game.state
    foreign = next(card for card in DECK if card not in game.state.dealt[0])
    with pytest.raises(IllegalActionError, match="not in your hand"):
        game.apply(Discard(0, (foreign, game.state.dealt[0][0])))
    with pytest.raises(IllegalActionError, match="cannot play a card now"):
        game.apply(Play(0, game.state.dealt[0][0]))
    assert game.actions == actions and game.events == events and game.state is state
