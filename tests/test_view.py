"""A player's view holds only what that seat may see: its own cards, what was played or
shown, counts of the opponent's cards, and its own legal actions."""

from __future__ import annotations

import dataclasses
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.actions import Go, NextHand, Play
from cribkit.cards import parse_card, parse_cards
from cribkit.game import Game
from cribkit.state import GameState, Phase
from cribkit.view import PlayerView, view_of
from profiles import examples
from state_support import check_view, past_the_cut, random_steps, run, to_the_play, with_scores

HAND0 = "9C TC KC 6D AS 3S"
HAND1 = "QH 8H 4H KH 2D 7S"
late_scores = st.integers(min_value=60, max_value=120)
"""Scores a game may stand at with a few deals left (every deal's phases, and the end)."""


def test_no_field_can_hold_hidden_cards() -> None:
    names = {field.name for field in dataclasses.fields(PlayerView)}
    for hidden in ("crib", "deck", "dealt", "held", "opponent_hand", "discards"):
        assert hidden not in names


def test_discard_phase_views() -> None:
    game = past_the_cut(Game(seed=4))
    state = game.state
    assert state.phase is Phase.DISCARD
    for player in (0, 1):
        view = game.view(player)
        assert view == view_of(state, player)
        assert view.hand == state.dealt[player] and view.kept == () and view.discarded == ()
        assert view.opponent_cards_held == 6 and not view.opponent_has_discarded
        assert len(view.legal_actions) == 15 and {a.player for a in view.legal_actions} == {player}
        assert view.starter is None
    check_view(state)
    throw = game.view(1).legal_actions[0]
    game.apply(throw)
    mine, theirs = game.view(1), game.view(0)
    assert len(mine.hand) == 4 and mine.discarded == tuple(sorted(throw.cards))  # type: ignore[union-attr]
    assert mine.legal_actions == () and theirs.opponent_has_discarded
    assert theirs.opponent_cards_held == 4
    check_view(game.state)


def test_play_views_hide_the_opponent_and_the_crib() -> None:
    state, _ = to_the_play(HAND0, HAND1, "AS 3S", "2D 7S", "2S", dealer=0)
    state, _ = run(state, "p1 play QH", "p0 play 9C", "p1 play 8H")
    dealer, pone = view_of(state, 0), view_of(state, 1)
    assert dealer.hand == parse_cards("TC KC 6D") and dealer.legal_actions == (Go(0),)
    assert pone.hand == parse_cards("4H KH") and pone.legal_actions == ()
    assert dealer.opponent_cards_held == 2 and pone.opponent_cards_held == 3
    assert dealer.count == pone.count == 27 and dealer.series == parse_cards("QH 9C 8H")
    assert dealer.played_cards == parse_cards("QH 9C 8H")
    assert dealer.starter == parse_card("2S") and dealer.is_dealer and not pone.is_dealer
    text = json.dumps(dealer.to_dict())
    for secret in ("4H", "KH", "2D", "7S"):  # the pone's hand and the pone's discards
        assert f'"{secret}"' not in text
    text = json.dumps(pone.to_dict())
    for secret in ("TC", "KC", "6D", "AS", "3S"):
        assert f'"{secret}"' not in text
    check_view(state)


def test_the_show_reveals_hands_and_crib() -> None:
    state, _ = to_the_play(HAND0, HAND1, "AS 3S", "2D 7S", "2S", dealer=0)
    while state.phase is Phase.PLAY:
        state, _ = state.apply(state.legal_actions()[0])
    view = view_of(state, 1)
    shown = {c for show in view.shows for c in show.cards}
    assert set(parse_cards("AS 3S 9C TC KC 6D")) <= shown  # dealer's hand and crib
    assert view.legal_actions == (NextHand(1),)
    data = view.to_dict()
    assert data["phase"] == "show" and len(data["shows"]) == 3  # type: ignore[arg-type]
    assert json.loads(json.dumps(data)) == data


def test_views_along_a_whole_game() -> None:
    game = Game(seed=12)
    while not game.is_over:
        check_view(game.state)
        mover = game.state.players_to_move()[0]
        view = game.view(mover)
        assert view.legal_actions and all(a.player == mover for a in view.legal_actions)
        played = [a for a in view.legal_actions if isinstance(a, Play)]
        game.apply(played[-1] if played else view.legal_actions[0])
    check_view(game.state)
    for player in (0, 1):
        view = game.view(player)
        assert view.outcome == game.state.outcome and view.legal_actions == ()
        assert view.to_dict()["outcome"] == game.state.outcome.to_dict()  # type: ignore[union-attr]


@settings(max_examples=examples(40, check=5))
@given(seed=st.integers(min_value=0, max_value=2**64), start=st.tuples(late_scores, late_scores))
def test_no_view_ever_holds_a_hidden_card(seed: int, start: tuple[int, int]) -> None:
    """The hidden-card rule on every state of a random game's last deals: each seat's view
    (as JSON) names only its own cards and the ones the rules have shown."""
    state = with_scores(GameState(), start)
    for _, _, after, _ in random_steps(state, random.Random(seed), deep=False):
        check_view(after)
