"""The table chat's JSON API, by the table's code like the rest of ``/api/tables``.

Anyone with the code reads (``GET``); only the two seats write and mute, each from their
own cookie: a spectator (or a player of another table) is refused with 403 and nothing is
stored. Every line said and every mute is announced on the live channel like a move, so
each watcher's socket re-reads its own view, whose ``table.chat`` that reader may read.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, status
from pydantic import BaseModel, ConfigDict, Field, model_validator

from cribkit.web.site.errors import ERROR_RESPONSES, RATE_LIMITED_RESPONSES, ApiError, api_problem
from cribkit.web.site.i18n import translator
from cribkit.web.table.friends.api import Tables, WatchedTable
from cribkit.web.table.friends.chat import ChatRefusedError, TableChat
from cribkit.web.table.friends.chat_view import chat_payload
from cribkit.web.table.friends.schemas import ChatOut, QuickPhrase
from cribkit.web.table.friends.tables import FriendTables
from cribkit.web.table.games.deps import PlayerId
from cribkit.web.table.games.loaded import LoadedGame
from cribkit.web.table.live.channel import RESYNC

__all__ = ["ChatPost", "MuteIn", "chat_writer", "router", "told"]

router = APIRouter(tags=["tables"], responses=ERROR_RESPONSES)

CHAT_INPUT = 2000
"""Characters a request may send: the line is cut to ``CHAT_LENGTH`` only once cleaned
(NFC and the invisible characters removed), so the check on its length comes after."""


class ChatPost(BaseModel):
    """One line: a quick phrase by its key, or text (exactly one of the two)."""

    model_config = ConfigDict(strict=True, extra="forbid")

    text: str | None = Field(
        default=None,
        max_length=CHAT_INPUT,
        description="Free text: 1 to 200 characters once cleaned (NFC, invisible ones gone).",
    )
    phrase: QuickPhrase | None = Field(default=None, description="A quick phrase's key.")

    @model_validator(mode="after")
    def _one_of(self) -> ChatPost:
        if (self.text is None) == (self.phrase is None):
            raise ValueError("send either 'text' or 'phrase'")
        return self


class MuteIn(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    muted: bool = Field(description="Mute (true) or unmute (false) the other seat's chat.")


_ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": ApiError, "description": "Only the two seats write (code chat_spectator)."},
    404: {"model": ApiError, "description": "No table has that code (or it lapsed)."},
    409: {"model": ApiError, "description": "The computer sits here: no chat (chat_no_friend)."},
    **RATE_LIMITED_RESPONSES,
}


def chat_writer(tables: FriendTables, loaded: LoadedGame, player_id: str | None) -> int:
    """The seat ``player_id`` writes from at this game; refused for anyone else."""
    seat = tables.games.seat_of(loaded.id, player_id)
    if seat is None:
        raise ChatRefusedError(
            "spectators read the table chat; only the two players write", code="chat_spectator"
        )
    if not loaded.between_people:
        raise ChatRefusedError(
            "the computer sits at this table: there is no one to chat with",
            code="chat_no_friend",
        )
    return int(seat)


def told(request: Request, game_id: str) -> None:
    """Every watcher re-reads its view (the chat is in it): off the request's path."""
    request.app.state.announcer.announce(game_id, RESYNC)


def _writer(
    request: Request, tables: FriendTables, loaded: LoadedGame, player_id: str | None
) -> int:
    try:
        return chat_writer(tables, loaded, player_id)
    except ChatRefusedError as exc:
        raise api_problem(request, 403 if exc.code == "chat_spectator" else 409, exc) from None


def _answer(request: Request, chat: TableChat, loaded: LoadedGame, seat: int | None) -> ChatOut:
    return ChatOut.model_validate(chat_payload(chat, loaded, seat, translator(request)))


@router.get("/api/tables/{code}/chat", responses=_ERRORS)
def read_chat(
    request: Request, found: WatchedTable, tables: Tables, player_id: PlayerId
) -> ChatOut:
    """The newest lines this reader may read (a seat that mutes the other reads none of
    theirs), and the reader's mute."""
    seat = tables.games.seat_of(found.loaded.id, player_id)
    return _answer(request, tables.chat, found.loaded, seat)


@router.post("/api/tables/{code}/chat", status_code=status.HTTP_201_CREATED, responses=_ERRORS)
def post_chat(
    request: Request, body: ChatPost, found: WatchedTable, tables: Tables, player_id: PlayerId
) -> ChatOut:
    """Say one line at the table (a seat only); the answer is the chat as the writer reads it."""
    seat = _writer(request, tables, found.loaded, player_id)
    try:
        tables.chat.say(found.loaded.id, seat, text=body.text or "", phrase=body.phrase)
    except ChatRefusedError as exc:
        raise api_problem(request, 422, exc) from None
    told(request, found.loaded.id)
    return _answer(request, tables.chat, found.loaded, seat)


@router.put("/api/tables/{code}/chat/mute", responses=_ERRORS)
def mute_chat(
    request: Request, body: MuteIn, found: WatchedTable, tables: Tables, player_id: PlayerId
) -> ChatOut:
    """Mute or unmute the other seat, remembered for this table (and its rematches)."""
    seat = _writer(request, tables, found.loaded, player_id)
    tables.chat.set_muted(found.loaded.id, seat, body.muted)
    told(request, found.loaded.id)
    return _answer(request, tables.chat, found.loaded, seat)
