"""The table chat without the script: the page's small forms post here and come back.

Post, redirect, get: a line said (or a mute changed) returns to the table's chat, so a
reload never says it twice. A refused line comes back with the refusal's code in the
address (only codes of ``CHAT_PROBLEMS`` are shown, in the reader's language), and the
text is not kept. Anyone without a seat at the game gets the 403 error page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from cribkit.web.site.errors import error_page
from cribkit.web.site.errors_i18n import error_message
from cribkit.web.site.i18n import translator
from cribkit.web.table.friends.api import Tables
from cribkit.web.table.friends.chat import ChatRefusedError
from cribkit.web.table.friends.chat_api import CHAT_INPUT, chat_writer, told
from cribkit.web.table.games.deps import PlayerId
from cribkit.web.table.games.loaded import GameNotFoundError, LoadedGame

__all__ = ["CHAT_ANCHOR", "CHAT_PROBLEMS", "router"]

router = APIRouter(tags=["pages"], include_in_schema=False)

CHAT_ANCHOR = "chat-panel"
CHAT_PROBLEMS = frozenset({"chat_empty", "chat_too_long", "chat_phrase"})
"""Refusals a scriptless chat form redirects with."""


def _back(game_id: str, problem: str = "") -> RedirectResponse:
    query = f"?chat={problem}" if problem else ""
    return RedirectResponse(f"/games/{game_id}{query}#{CHAT_ANCHOR}", status_code=303)


def _seat(
    request: Request, tables: Tables, game_id: str, player_id: str | None
) -> tuple[LoadedGame, int] | Response:
    """The game and the poster's seat, or the error page that refuses them."""
    loaded = tables.games.load_any(game_id)
    if loaded is None:
        missing = GameNotFoundError("there is no such game at this table", code="game_not_found")
        return error_page(request, 404, error_message(missing, translator(request)))
    try:
        seat = chat_writer(tables, loaded, player_id)
    except ChatRefusedError as exc:
        code = 403 if exc.code == "chat_spectator" else 409
        return error_page(request, code, error_message(exc, translator(request)))
    return loaded, seat


def _answer(
    request: Request,
    tables: Tables,
    game_id: str,
    player_id: str | None,
    act: Callable[[str, int], None],
) -> Response:
    """Both forms' round: the poster's seat (or the page refusing them), ``act(game, seat)``,
    the table told, back to the chat; a refused line comes back with its code."""
    found = _seat(request, tables, game_id, player_id)
    if isinstance(found, Response):
        return found
    loaded, seat = found
    try:
        act(loaded.id, seat)
    except ChatRefusedError as exc:
        return _back(game_id, exc.code or "chat_empty")
    told(request, loaded.id)
    return _back(game_id)


@router.post("/games/{game_id}/chat")
def chat_form(
    request: Request,
    game_id: str,
    tables: Tables,
    player_id: PlayerId,
    text: Annotated[str, Form(max_length=CHAT_INPUT)] = "",
    phrase: Annotated[str, Form(max_length=16)] = "",
) -> Response:
    """One line from the page's form (a quick phrase button, or the text box)."""

    def say(game: str, seat: int) -> None:
        tables.chat.say(game, seat, text=text, phrase=phrase or None)

    return _answer(request, tables, game_id, player_id, say)


@router.post("/games/{game_id}/chat/mute")
def mute_form(
    request: Request,
    game_id: str,
    tables: Tables,
    player_id: PlayerId,
    muted: Annotated[str, Form(max_length=1)] = "",
) -> Response:
    """Mute (``muted=1``) or unmute the other seat from the page's button."""

    def mute(game: str, seat: int) -> None:
        tables.chat.set_muted(game, seat, muted == "1")

    return _answer(request, tables, game_id, player_id, mute)
