"""The computer at the table: which levels this build can play, and its replies.

Each decision draws from its own generator, seeded from the game's seed and the move's
number, so a replayed record makes the same replies and the deck stays unrelated to them.
"""

from __future__ import annotations

import hashlib

from cribkit.errors import CribkitError
from cribkit.game import Game
from cribkit.players import strategy_for_level
from cribkit.players.base import true_claim
from cribkit.state import Phase
from cribkit.web.table.games.loaded import COMPUTER, FRIEND, HUMAN

__all__ = ["computer_replies", "level_available"]


def level_available(level: str) -> bool:
    """Whether the strategy behind ``level`` exists in this build."""
    try:
        strategy_for_level(level, seed=0)
    except CribkitError:
        return False
    return True


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
        strategy = strategy_for_level(level, seed=_move_seed(game))
        game.apply(strategy.choose(game.view(COMPUTER)))
