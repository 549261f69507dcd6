"""The show paced per seat at a table between two people: each reads at their own speed.

Each seat keeps its own show step (``pacing`` cuts that seat's view back to it), so one
friend laying down the next count never skips the other past it. A seat that has read
every count presses on ("Next deal") and waits: the deal moves on when both have pressed,
or when the one waiting moves on after the table's timeout, by the server's clock. A step
never shows more than the engine has counted. Show moves carry the hand and the step
they were made at, so a press still counts when the other friend's press changed the
version meanwhile, while the same count pressed twice (a second tab) is refused as stale.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cribkit.actions import NextHand
from cribkit.errors import IllegalActionError
from cribkit.game import Game
from cribkit.state import Phase
from cribkit.web.table.games.loaded import LoadedGame
from cribkit.web.table.games.moves import check_seat
from cribkit.web.table.games.pacing import NEXT_COUNT, clamp_step, counts_in_show

__all__ = [
    "MOVE_ON",
    "NEXT_DEAL",
    "SHOW_MOVES",
    "ShowMove",
    "made_on_this_step",
    "seat_actions",
    "seat_step",
    "show_move",
]

NEXT_DEAL = "next"
"""JSON ``type`` of the engine's ``NextHand``: at a friend table, "I have read the show"."""
MOVE_ON = "move_on"
"""JSON ``type`` of the move that goes on to the next deal without the slower reader."""
SHOW_MOVES = frozenset({NEXT_COUNT, NEXT_DEAL, MOVE_ON})


def read_through(game: Game, raw: int) -> bool:
    """Whether a seat at step ``raw`` has pressed on past the last count (and waits)."""
    state = game.state
    return state.phase is Phase.SHOW and state.waiting_seat() is None and raw > counts_in_show(game)


def seat_step(game: Game, raw: int) -> int:
    """The step a seat is at: within the show, or one past its last count once pressed on."""
    return counts_in_show(game) + 1 if read_through(game, raw) else clamp_step(game, raw)


@dataclass(frozen=True, slots=True)
class ShowMove:
    """What a show move changes: both seats' steps, the wait, and the engine's move (the
    deal moving on) if any."""

    steps: tuple[int, int]
    waiting_since: datetime | None
    next_hand: NextHand | None = None


def _seconds_left(loaded: LoadedGame, now: datetime) -> int:
    if loaded.move_on_at is None:
        return 0
    return max(0, math.ceil((loaded.move_on_at - now).total_seconds()))


def show_move(loaded: LoadedGame, seat: int, data: dict[Any, Any], *, now: datetime) -> ShowMove:
    """The seat's next count, its "read it all" press, or its moving on (checked first)."""
    check_seat(data.get("player"), seat, loaded.level)
    game = loaded.game
    total = counts_in_show(game)
    mine = seat_step(game, loaded.steps[seat])
    theirs = seat_step(game, loaded.steps[1 - seat])
    kind = data.get("type")
    steps = list(loaded.steps)
    if kind == NEXT_COUNT:
        if mine >= total:
            raise IllegalActionError("there is no count left to show now", code="no_count_to_show")
        steps[seat] = mine + 1
        return ShowMove((steps[0], steps[1]), loaded.waiting_since)
    game.state.check(NextHand(seat))  # the show is counted and the deal may move on
    if kind == MOVE_ON and mine <= total:
        raise IllegalActionError(
            "you are still reading the show: press on when you have read it",
            code="show_not_read",
        )
    if mine < total:
        raise IllegalActionError(
            "the show is still being counted: lay down the next count first",
            code="show_not_counted",
        )
    if kind == NEXT_DEAL and mine == total:
        if theirs > total:  # the other has read it all: the deal moves on
            return ShowMove((1, 1), None, NextHand(seat))
        steps[seat] = total + 1
        return ShowMove((steps[0], steps[1]), now)
    if kind == MOVE_ON and mine > total and theirs <= total:
        left = _seconds_left(loaded, now)
        if left:
            raise IllegalActionError(
                f"your friend is still reading the show: you may move on in {left} s",
                code="show_wait",
                params={"seconds": left},
            )
        return ShowMove((1, 1), None, NextHand(seat))
    raise IllegalActionError(
        "you have read the show; the next deal comes when your friend has too",
        code="show_waiting",
    )


def made_on_this_step(loaded: LoadedGame, seat: int | None, data: object) -> bool:
    """Whether a move at a friend table names the hand and the step its seat is at now
    (so a version moved on by the other friend's press does not make it stale)."""
    if not loaded.between_people or seat is None or not isinstance(data, dict):
        return False
    hand, step = data.get("hand"), data.get("step")
    state = loaded.game.state
    return (
        state.phase is Phase.SHOW
        and type(hand) is int
        and type(step) is int
        and hand == state.hand_number
        and step == seat_step(loaded.game, loaded.steps[seat])
    )


def seat_actions(
    loaded: LoadedGame, seat: int, legal: list[dict[str, Any]], *, now: datetime
) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The seat's legal actions during the show at a friend table, each tagged with the
    hand and step it is made at, and the wait when the seat has read the whole show."""
    game = loaded.game
    state = game.state
    if not loaded.between_people or state.phase is not Phase.SHOW:
        return legal, None
    tag = {"hand": state.hand_number, "step": seat_step(game, loaded.steps[seat])}
    if not read_through(game, loaded.steps[seat]):
        return [{**action, **tag} for action in legal], None
    left = _seconds_left(loaded, now)
    actions = [] if left else [{"type": MOVE_ON, "player": seat, **tag}]
    return actions, {"for": 1 - seat, "move_on_in": left}
