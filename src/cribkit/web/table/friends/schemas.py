"""The tables API's answers as pydantic models: who sits where, the public view, a seat.

The public view shares the seat's view fields (``games.schemas``), with the cards each seat
holds counted, never shown: no field could carry a hand, the crib or the deck.
"""

from __future__ import annotations

from datetime import datetime
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

__all__ = [
    "ChatMessageOut",
    "ChatOut",
    "OpenedTable",
    "PublicView",
    "QuickPhrase",
    "RematchOut",
    "SeatOut",
    "TableGameView",
    "TableOut",
]

QuickPhrase = Literal["good_luck", "nice_hand", "good_game", "well_played", "thanks"]
"""The quick phrases' keys (``friends.chat.QUICK_PHRASES`` says them)."""


class ChatMessageOut(ResponseModel):
    """One line of the table chat as its reader gets it."""

    id: int = Field(description="Grows with every line said at the server.")
    seat: Seat = Field(description="Who said it.")
    name: str | None = Field(description="The speaker's name at the table, if they gave one.")
    text: str = Field(description="The line (a quick phrase in the reader's language).")
    phrase: QuickPhrase | None = Field(description="The quick phrase's key, or null for text.")
    at: datetime


class ChatOut(ResponseModel):
    """The newest lines of a table's chat this reader may read, and their mute."""

    messages: list[ChatMessageOut] = Field(description="Oldest first, at most the last 50.")
    muted: bool | None = Field(
        description="Whether the reader mutes the other seat (null for a spectator)."
    )
    can_write: bool = Field(description="The reader sits at the table between two people.")


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
    chat: ChatOut = Field(description="The table chat as this reader may read it.")


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
