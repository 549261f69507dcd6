"""The JSON API of tables between two people: open one, join by code, watch, rematch.

A host's cookie owns seat 0, the friend's cookie seat 1; after that both play through
``/api/games/{id}`` like any game. ``GET /api/tables/{code}`` is the spectators' public
view (see ``public_view``), never a hand or the crib before the rules reveal them.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response, status
from pydantic import BaseModel, ConfigDict, Field

from cribkit.errors import CribkitError
from cribkit.web.site.errors import ERROR_RESPONSES, RATE_LIMITED_RESPONSES, ApiError, api_problem
from cribkit.web.site.i18n import translator
from cribkit.web.site.loop_deps import on_the_loop
from cribkit.web.site.players_identity import issue_player, remember_player
from cribkit.web.site.schemas import MUGGINS_NEEDS_COUNT_OWN
from cribkit.web.table.friends.chat_view import chat_payload
from cribkit.web.table.friends.public_view import public_payload, table_block
from cribkit.web.table.friends.schemas import OpenedTable, PublicView, RematchOut, SeatOut
from cribkit.web.table.friends.tables import (
    FriendTables,
    Invite,
    InviteNotFoundError,
    SeatTakenError,
    format_code,
    friend_rules,
)
from cribkit.web.table.games.api import Seed
from cribkit.web.table.games.api_history import history_of, history_payload
from cribkit.web.table.games.deps import PlayerId
from cribkit.web.table.games.loaded import GameNotFoundError, LoadedGame
from cribkit.web.table.games.schemas import HistoryOut
from cribkit.web.table.live.presence import PresenceBook

__all__ = ["friends_of", "invite_link", "public_table", "router"]

router = APIRouter(tags=["tables"], responses=ERROR_RESPONSES)


class OpenTable(BaseModel):
    # Strict like the games API: a JSON 0 is not false, unknown fields are refused.
    model_config = ConfigDict(
        strict=True, extra="forbid", json_schema_extra=MUGGINS_NEEDS_COUNT_OWN
    )

    name: str = Field(default="", max_length=200, description="The host's name at the table.")
    computer_fills_in: bool = Field(
        default=False, description="Whether the host may seat the computer if nobody comes."
    )
    count_own: bool = Field(
        default=False, description="Each person counts their own hand and crib at the show."
    )
    muggins: bool = Field(
        default=False, description="With count_own: what a count overlooks goes to the other."
    )
    seed: Seed | None = Field(
        default=None, description="Honoured only when the server runs in testing mode."
    )


class JoinTable(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    name: str = Field(default="", max_length=200, description="The friend's name at the table.")


_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {
        "model": ApiError,
        "description": "No table has that code, or its invite lapsed after a day unused.",
    },
    409: {"model": ApiError, "description": "Both seats are taken (or no rematch yet)."},
    **RATE_LIMITED_RESPONSES,
}


def friends_of(request: Request) -> FriendTables:
    tables: FriendTables = request.app.state.friends
    return tables


Tables = Annotated[FriendTables, Depends(on_the_loop(friends_of))]


def invite_link(request: Request, code: str) -> str:
    """The address a friend opens to sit down (or watch, once both seats are taken): on
    ``CRIBKIT_PUBLIC_URL`` when set, never on a Host the app was not told to serve."""
    base = request.app.state.settings.public_url or str(request.base_url).rstrip("/")
    return f"{base}/t/{format_code(code)}"


def public_table(
    state: Any,
    loaded: LoadedGame,
    code: str,
    translations: gettext.NullTranslations,
    reader: int | None = None,
) -> dict[str, Any]:
    """The public view with the table's names, seats and presence (``state``: app.state),
    and the rematch's own code once there is one: the rail follows the table to it; its
    counts said in the reader's language (``translations``). A seated ``reader`` looking
    at the public view still reads the chat through their own mute."""
    presence: PresenceBook = state.presence
    tables: FriendTables = state.friends
    payload = public_payload(loaded, translations)
    connected = presence.connected(loaded.id)
    rematch = None if loaded.rematch_id is None else tables.invite_of(loaded.rematch_id)
    payload["table"] = table_block(
        loaded,
        code=format_code(code),
        connected=connected,
        chat=chat_payload(tables.chat, loaded, reader, translations),
        rematch_code=None if rematch is None else format_code(rematch.code),
    )
    return payload


@dataclass(frozen=True, slots=True)
class Watched:
    """A game anyone with its code may watch (seen from no seat), and its invite."""

    loaded: LoadedGame
    invite: Invite


def watched(request: Request, code: str, tables: Tables) -> Watched:
    """The game a code lets anyone watch; 404 if no table has that code."""
    try:
        invite = tables.find(code)
    except InviteNotFoundError as exc:
        raise api_problem(request, 404, exc) from None
    loaded = tables.games.load_any(invite.game_id)
    if loaded is None:  # pragma: no cover - an invite always has its game
        raise api_problem(
            request, 404, InviteNotFoundError("no such table", code="invite_not_found")
        )
    return Watched(loaded, invite)


WatchedTable = Annotated[Watched, Depends(watched)]


@router.post("/api/tables", status_code=status.HTTP_201_CREATED, responses=_ERRORS)
def open_table(
    request: Request, response: Response, body: OpenTable, tables: Tables
) -> OpenedTable:
    """Open a table for a friend: the answer has the code, the link and the host's seat."""
    player_id, is_new = issue_player(request)
    seed = body.seed if tables.games.testing else None
    try:
        rules = friend_rules(count_own=body.count_own, muggins=body.muggins)
    except CribkitError as exc:
        raise api_problem(request, 422, exc) from None
    invite, loaded = tables.open(
        player_id, body.name, computer_fills_in=body.computer_fills_in, seed=seed, rules=rules
    )
    if body.name.strip():
        tables.games.set_player_name(player_id, body.name)
    if is_new:
        remember_player(request, response, player_id)
    return OpenedTable.model_validate(
        {
            "code": format_code(invite.code),
            "link": invite_link(request, invite.code),
            "game_id": loaded.id,
            "seat": loaded.seat,
        }
    )


@router.post("/api/tables/{code}/join", responses=_ERRORS)
def join_table(
    request: Request, response: Response, code: str, body: JoinTable, tables: Tables
) -> SeatOut:
    """Take the empty seat (your own again if you already sit here)."""
    player_id, is_new = issue_player(request)
    try:
        invite, seat = tables.join(code, player_id, body.name)
    except InviteNotFoundError as exc:
        raise api_problem(request, 404, exc) from None
    except SeatTakenError as exc:
        raise api_problem(request, 409, exc) from None
    if body.name.strip():
        tables.games.set_player_name(player_id, body.name)
    if is_new:
        remember_player(request, response, player_id)
    return SeatOut(game_id=invite.game_id, seat=seat)


@router.get("/api/tables/{code}", responses=_ERRORS)
def watch_table(
    request: Request, found: WatchedTable, tables: Tables, player_id: PlayerId
) -> PublicView:
    """The public view for anyone with the code: the board, the play, the shows."""
    reader = tables.games.seat_of(found.loaded.id, player_id)
    return PublicView.model_validate(
        public_table(
            request.app.state, found.loaded, found.invite.code, translator(request), reader
        )
    )


@router.get("/api/tables/{code}/history", responses=_ERRORS)
def watch_history(request: Request, found: WatchedTable) -> HistoryOut:
    """The talk and score sheet so far for anyone with the code, both seats by name.

    The talk holds only public facts (see ``games.history``) and the show as far as it is laid
    down, so the rail reads what it would have heard had it watched from the start.
    """
    history = history_payload(history_of(found.loaded), request, found.loaded)
    return HistoryOut.model_validate(history)


@router.post("/api/tables/{code}/computer", responses=_ERRORS)
def computer_sits_in(request: Request, code: str, tables: Tables, player_id: PlayerId) -> SeatOut:
    """The host's choice when the friend never comes: the computer takes seat 1."""
    try:
        if player_id is None:
            raise InviteNotFoundError("no such table", code="invite_not_found")
        loaded = tables.computer_takes_seat(code, player_id)
    except (InviteNotFoundError, GameNotFoundError) as exc:
        raise api_problem(request, 404, exc) from None
    except SeatTakenError as exc:
        raise api_problem(request, 409, exc) from None
    return SeatOut(game_id=loaded.id, seat=loaded.seat)


@router.post("/api/games/{game_id}/rematch", responses=_ERRORS)
def rematch(request: Request, game_id: str, tables: Tables, player_id: PlayerId) -> RematchOut:
    """The next game at the same table (one game however many times it is asked for)."""
    try:
        fresh = tables.rematch(player_id, game_id)
    except GameNotFoundError as exc:
        raise api_problem(request, 404, exc) from None
    except CribkitError as exc:
        raise api_problem(request, 409, exc) from None
    return RematchOut(game_id=fresh)
