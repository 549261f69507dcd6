"""The discard and pegging drills: positions of seeded games between random players.

They sit above ``cribkit.analysis.drills`` (which holds the counting drill, the drill
numbers and their generators) because finding a position means playing a game, and
playing takes players. The same number gives the same position every time.
"""

from __future__ import annotations

from collections.abc import Callable

from cribkit.actions import Play
from cribkit.analysis.drills import Drill, drill_rng
from cribkit.errors import CribkitError
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.state import Phase
from cribkit.view import PlayerView

__all__ = ["discard_drill", "pegging_drill"]


def _decision(seed: int, drill: Drill, accept: Callable[[PlayerView], bool]) -> PlayerView:
    """The first view of a seeded game between random players that ``accept`` takes."""
    rng = drill_rng(drill, seed)
    game = Game(seed=rng.getrandbits(62))
    players = [make_strategy("random", seed=rng.getrandbits(32)) for _ in range(2)]
    while not game.is_over:
        player = game.state.players_to_move()[0]
        view = game.view(player)
        if accept(view):
            return view
        game.apply(players[player].choose(view))
    raise CribkitError("no position for this drill in that game", code="bad_drill")


def discard_drill(seed: int) -> PlayerView:
    """Six cards to split, as dealer or pone: the view of a seeded deal's first discard."""
    return _decision(seed, Drill.DISCARD, lambda view: view.phase is Phase.DISCARD)


def _pegging_puzzle(view: PlayerView) -> bool:
    """A play with a real choice: at least one card down and two ranks that could go."""
    if view.phase is not Phase.PLAY or not view.play_log:
        return False
    ranks = {action.card.rank for action in view.legal_actions if isinstance(action, Play)}
    return len(ranks) >= 2


def pegging_drill(seed: int) -> PlayerView:
    """The count, the cards played and a hand with a choice: the view of a seeded play."""
    return _decision(seed, Drill.PEGGING, _pegging_puzzle)
