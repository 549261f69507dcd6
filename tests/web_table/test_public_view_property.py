"""The hidden-card rule as a property of the rail's view: at any moment of any game, with
any number of the show's counts laid down, the public view names no card the rules have
not turned face up (the starter, the cards played, the counted hands and crib)."""

from __future__ import annotations

import gettext
import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.cards import DECK, Card
from cribkit.game import Game
from cribkit.state import GameState
from cribkit.web.table.friends.public_view import public_payload
from cribkit.web.table.games.loaded import LoadedGame
from profiles import examples


def face_up(state: GameState) -> set[Card]:
    """Every card the rules have shown anyone by ``state``."""
    shown = {entry.card for entry in state.play_log if entry.card is not None}
    shown |= {card for show in state.shows for card in show.cards}
    if state.starter is not None:
        shown.add(state.starter)
    if state.to_count is not None:  # laid face up for its player's own count
        shown |= set(state.to_count.cards)
    return shown


def played_to(seed: int, moves: int) -> Game:
    """A seeded game after ``moves`` random legal moves (or at its end)."""
    game, rng = Game(seed=seed), random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(rng.choice(game.state.legal_actions()))
    return game


@settings(max_examples=examples(60))
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    moves=st.integers(min_value=0, max_value=400),
    show_step=st.integers(min_value=0, max_value=4),
)
def test_the_public_view_never_names_a_hidden_card(seed: int, moves: int, show_step: int) -> None:
    game = played_to(seed, moves)
    loaded = LoadedGame(id="g", level="random", version=moves, game=game, show_step=show_step)
    payload = public_payload(loaded, gettext.NullTranslations())
    payload.pop("cut_for_deal")  # cards of an earlier shuffle, face up for everyone
    named = set(re.findall(r'"([^"]*)"', json.dumps(payload)))
    hidden = {str(card) for card in DECK} - {str(card) for card in face_up(game.state)}
    assert not named & hidden, (game.state.phase, named & hidden)
