"""The tables API's answers as pydantic models: who sits where, the public view, a seat.

The public view shares the seat's view fields (``games.schemas``), with the cards each seat
holds counted, never shown: no field could carry a hand, the crib or the deck.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cribkit.web.site.schemas import ResponseModel
from cribkit.web.table.games.schemas import (
    ActionOut,
    BoardView,
    GameView,
    PlayView,
    ScoreEventOut,
    Seat,
    Status,
)

__all__ = ["OpenedTable", "PublicView", "RematchOut", "SeatOut", "TableGameView", "TableOut"]


class TableOut(ResponseModel):
    """Who sits where at a table between two people, and whether each is connected."""

    code: str | None = Field(description="The code to share (null once the invite is gone).")
    computer_may_sit: bool = Field(description="The host may seat the computer now.")
    names: list[str | None]
    seated: list[bool]
    connected: list[bool]
    rematch_id: str | None = Field(description="The next game at this table, once asked for.")
    rematch_code: str | None = Field(
        default=None, description="The rematch's own code, once there is one: the rail follows it."
    )


class TableGameView(GameView):
    """A seat's view at a table between two people: the view and the table."""

    table: TableOut


class _Held(ResponseModel):
    cards_held: list[int] = Field(description="How many cards each seat holds (never which).")
    has_discarded: list[bool]


class PublicView(PlayView, _Held, BoardView):
    """What anyone with the code sees: the board, the play, the shows as they are laid down."""

    legal_actions: list[ActionOut] = Field(max_length=0, description="A spectator has none.")
    id: str
    version: int
    level: str
    status: Status
    you: None
    spectator: Literal[True]
    events: list[ScoreEventOut]
    event_count: int
    table: TableOut


class OpenedTable(ResponseModel):
    code: str = Field(description="The code a friend types in, as 'ABCDE-FGHJK'.")
    link: str = Field(description="The address a friend opens to sit down.")
    game_id: str
    seat: Seat


class SeatOut(ResponseModel):
    game_id: str
    seat: Seat | None


class RematchOut(ResponseModel):
    game_id: str = Field(description="The next game at the same table.")
