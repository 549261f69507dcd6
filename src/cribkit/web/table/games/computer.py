"""The computer at the table: the levels it sits in at, and its replies.

Each decision draws from its own generator, seeded from the game's seed and the move's
number, so a replayed record makes the same replies and the deck stays unrelated to them.
"""

from __future__ import annotations

import hashlib

from cribkit.game import Game
from cribkit.players import (
    LEVEL_ALIASES,
    Strategy,
    canonical_level,
    make_strategy,
    strategy_for_level,
)
from cribkit.players.base import true_claim
from cribkit.state import Phase
from cribkit.web.table.games.loaded import COMPUTER, FRIEND, HUMAN

__all__ = ["TEST_LEVELS", "computer_replies", "shown_level", "table_level"]

TEST_LEVELS: tuple[str, ...] = ("random", "greedy")
"""Strategies only a test server (``CRIBKIT_TESTING``) seats, so seeded tests keep the
games they were written against; never offered to people."""


def table_level(level: str, *, testing: bool = False) -> str:
    """The level a new game is stored under: ``FRIEND``, a calibrated level (an old name,
    easy/medium/hard, mapped) or on a test server a test strategy; a clear error else."""
    if level == FRIEND or (testing and level in TEST_LEVELS):
        return level
    return canonical_level(level)


def shown_level(stored: str) -> str:
    """A stored game's level as the table reads it: a row from before the calibrated
    levels keeps its old name (easy, medium, hard), mapped here on read."""
    return LEVEL_ALIASES.get(stored, stored)


def _strategy(level: str, seed: int) -> Strategy:
    if level in TEST_LEVELS:
        return make_strategy(level, seed=seed)
    return strategy_for_level(level, seed=seed)


def _move_seed(game: Game) -> int:
    """The computer's generator for one decision: reproducible, and unrelated to the deck."""
    digest = hashlib.sha256(f"cribkit-computer/{game.seed}/{len(game.actions)}".encode())
    return int.from_bytes(digest.digest()[:8], "big")


def computer_replies(game: Game, level: str) -> None:
    """Let the computer move until it is the person's turn (it never hurries the show, but
    counts its own hand at once where it sits in a seat that counts its own).

    In the cut for deal the person draws first and the computer after them. Between two
    people (``FRIEND``) nobody moves for anyone.
    """
    if level == FRIEND:
        return
    while not game.is_over:
        pending = game.state.to_count
        if pending is not None and pending.player == COMPUTER:
            game.apply(true_claim(game.view(COMPUTER)))  # a seat it took counts its own
            continue
        if game.state.phase is Phase.SHOW:
            return
        to_move = game.state.players_to_move()
        if COMPUTER not in to_move:
            return
        if game.state.phase is Phase.CUT_FOR_DEAL and HUMAN in to_move:
            return
        strategy = _strategy(level, _move_seed(game))
        game.apply(strategy.choose(game.view(COMPUTER)))
