"""The moves a player asked the table to make for them: "say go for me" when no card can
be played, and "play my last card for me".

They are the player's own moves, made by the server as soon as they are the only sensible
one, and stored in the record like any other (so the talk, the review and a replay see a
go or a card, never a setting). Each seat follows its own player's preferences.
"""

from __future__ import annotations

from collections.abc import Callable

from cribkit.actions import Go, Play, PlayerAction
from cribkit.game import Game
from cribkit.state import Phase
from cribkit.web.site.preferences import Preferences

__all__ = ["auto_move", "make_auto_moves"]


def auto_move(game: Game, seat: int, pace: Preferences) -> PlayerAction | None:
    """The move the table makes for ``seat`` now, or None when the player decides."""
    state = game.state
    if game.is_over or state.phase is not Phase.PLAY or state.to_play != seat:
        return None
    legal = game.legal_actions()
    if pace.auto_go and len(legal) == 1 and isinstance(legal[0], Go):
        return legal[0]
    held = state.held[seat]
    if pace.auto_last and len(held) == 1:
        play = Play(seat, held[0])
        if play in legal:
            return play
    return None


def make_auto_moves(
    game: Game, paces: dict[int, Preferences], replies: Callable[[Game], None]
) -> None:
    """Make every automatic move of the seats in ``paces``, each followed by ``replies``
    (the computer's answers); at most one per card in the hands, so it always stops."""
    for _ in range(16):
        move = next((m for seat, pace in paces.items() if (m := auto_move(game, seat, pace))), None)
        if move is None:
            return
        game.apply(move)
        replies(game)
