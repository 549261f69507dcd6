"""A resignation at the table: the engine's ``Resign`` plus the show step that goes with it.

The game is over at once, so every count already made is public: the stored step lays
them all on the table (a paced show would otherwise hide the outcome). A game already
decided on a count not shown yet cannot be resigned; asking to shows how it ended.
"""

from __future__ import annotations

from cribkit.actions import PlayerAction
from cribkit.web.table.games.loaded import LoadedGame
from cribkit.web.table.games.pacing import counts_in_show

__all__ = ["RESIGN", "resign_game"]

RESIGN = "resign"
"""JSON ``type`` of a resignation (``cribkit.actions.Resign``)."""


def resign_game(loaded: LoadedGame, action: PlayerAction) -> int:
    """Apply the resignation ``action`` to ``loaded.game`` (refused once the game is over)
    and return the show step that shows every count made."""
    game = loaded.game
    if not (game.is_over and loaded.counting):
        game.apply(action)  # checks first: a finished game refuses it and nothing changes
    return counts_in_show(game)
