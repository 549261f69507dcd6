"""Whose move a request may make: the seat it names, and the next count of the show.

A person moves only for their own seat (a bool is no seat number); against the computer
nobody moves for it, and between two people nobody moves for the other.
"""

from __future__ import annotations

from typing import Any

from cribkit.actions import PlayerAction, action_from_dict
from cribkit.errors import IllegalActionError
from cribkit.web.table.games.loaded import FRIEND, LoadedGame
from cribkit.web.table.games.pacing import clamp_step

__all__ = ["next_count", "read_action"]


def read_action(data: object, seat: int, level: str) -> PlayerAction:
    """The move ``data`` describes, refused unless it is for the mover's own ``seat``."""
    action = action_from_dict(data)
    check_seat(action.player, seat, level)
    return action


def check_seat(player: object, seat: int, level: str) -> None:
    """Refuse a move for a seat the mover does not own (a bool is no seat number)."""
    if player == seat and not isinstance(player, bool):
        return
    if level == FRIEND:
        raise IllegalActionError(
            "that seat is not yours; your friend makes their own moves",
            code="not_your_seat_friend",
        )
    raise IllegalActionError(
        "you sit in seat 0; the computer makes its own moves", code="not_your_seat"
    )


def next_count(loaded: LoadedGame, seat: int, data: dict[Any, Any]) -> int:
    """The show step after the mover asks for the next count (checked, like a move).

    Either player at a friend table may lay it down, each naming their own seat.
    """
    check_seat(data.get("player"), seat, loaded.level)
    if not loaded.counting:
        raise IllegalActionError("there is no count left to show now", code="no_count_to_show")
    return clamp_step(loaded.game, loaded.show_step) + 1
