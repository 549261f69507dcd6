"""Thousands of random games played to 121 through ``Game``, each replayed from its
record with the state invariants checked after every action (chance included)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cribkit.events import ScoreContext, ScoreEvent
from cribkit.game import Game
from cribkit.record import GameRecord
from cribkit.rules import Skunk
from cribkit.state import GameState
from state_support import check_state, check_step


def random_game(seed: int) -> Game:
    """A game to 121 between two players choosing uniformly among the legal actions."""
    game = Game(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.state.legal_actions()))
    return game


def checked_replay(game: Game) -> GameState:
    """Replay the game's record, checking every step; it must match the live game."""
    record = GameRecord.parse(GameRecord.of(game).to_text())
    assert record == GameRecord.of(game)
    events: list[ScoreEvent] = []
    state = GameState()
    for step in record.replay():
        assert step.before == state
        check_state(step.after)
        check_step(step.before, step.after, step.events)
        events.extend(step.events)
        state = step.after
    assert state == game.state and events == game.events
    return state


def play_many(seeds: range) -> Counter[str]:
    """Play and check one game per seed; tally how the games ended."""
    endings: Counter[str] = Counter()
    for seed in seeds:
        game = random_game(seed)
        final = checked_replay(game)
        assert final.outcome is not None
        last = game.events[-1]
        assert last.player == final.outcome.winner and last.score >= 121
        endings[last.context.value] += 1
        endings[final.outcome.skunk.value] += 1
    return endings


@pytest.mark.parametrize(
    "games",
    [pytest.param(5, id="smoke"), pytest.param(150, id="full", marks=pytest.mark.slow)],
)
def test_random_games(games: int) -> None:
    """A smoke size for `make check` and `make test`; the full 150 in `make test-all`."""
    endings = play_many(range(games))
    assert endings[ScoreContext.HAND.value] > 0 and endings[ScoreContext.PLAY.value] > 0
    assert sum(endings[s.value] for s in Skunk) == games


CHUNK = 250
"""Games per slow test case: 1000 games in 4 cases that ``pytest -n auto`` spreads out
(2000 until session 11, when CI on a slower machine neared its 20 minutes)."""


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_a_thousand_random_games(chunk: int) -> None:
    first = 1000 + chunk * CHUNK
    endings = play_many(range(first, first + CHUNK))
    # random play is lopsided enough that each of these endings turns up in 250 games
    for kind in ("play", "hand", "crib", Skunk.NONE.value, Skunk.SKUNK.value):
        assert endings[kind] > 0, endings
