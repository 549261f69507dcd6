"""Leaving a game: ``POST /api/games/{id}/resign`` (JSON) and the scriptless confirm page.

A resignation is open to either seat at any moment until the game is over, in turn or
not, so it carries no version: the service makes it on whatever is stored. At a table
between two people the other player wins and hears it through the live channel, as for
any move. The confirm page's form can go on to a new game of the same kind (level and
counting options), or home, where the games a player left wait as a "Resume" card.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from cribkit.errors import CribkitError
from cribkit.web.site.errors import (
    ERROR_RESPONSES,
    RATE_LIMITED_RESPONSES,
    ApiError,
    api_error,
    error_page,
)
from cribkit.web.site.errors_i18n import error_message
from cribkit.web.site.i18n import translator
from cribkit.web.site.players_identity import player_id_of
from cribkit.web.site.templating import render
from cribkit.web.table.friends.payloads import with_table
from cribkit.web.table.friends.schemas import TableGameView
from cribkit.web.table.games.api import game_payload, service_of, view_out
from cribkit.web.table.games.home import resume_card
from cribkit.web.table.games.loaded import (
    FINISHED,
    FriendNotSeatedError,
    GameNotFoundError,
    LoadedGame,
    StaleVersionError,
)
from cribkit.web.table.games.schemas import GameView
from cribkit.web.table.games.seat_words import words_for

__all__ = ["api_router", "page_router"]

api_router = APIRouter(prefix="/api/games", tags=["games"], responses=ERROR_RESPONSES)
page_router = APIRouter(tags=["pages"], include_in_schema=False)

_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ApiError, "description": "No such game for this player."},
    409: {"model": ApiError, "description": "A friend table whose friend has not sat down."},
    422: {"model": ApiError, "description": "The game is already over."},
    **RATE_LIMITED_RESPONSES,
}
_THEN = ("", "new", "home")
"""Where the confirm page's form goes after the resignation: the table, a new game, home."""


def _view(request: Request, loaded: LoadedGame) -> dict[str, Any]:
    words = translator(request)
    return with_table(request.app.state, loaded, game_payload(loaded, words), words)


@api_router.post("/{game_id}/resign", responses=_ERRORS, response_model=GameView | TableGameView)
def resign_game(request: Request, game_id: str) -> GameView | TableGameView | JSONResponse:
    """Resign your game, in turn or not: it ends at once, a loss for you and no skunk,
    and the other seat wins. The answer is your view of the finished game."""
    service = service_of(request)
    try:
        loaded = service.resign(player_id_of(request), game_id)
    except GameNotFoundError as exc:
        return api_error(request, 404, exc)
    except (FriendNotSeatedError, StaleVersionError) as exc:
        current = service.load(player_id_of(request), game_id)
        return api_error(request, 409, exc, view=_view(request, current))
    except CribkitError as exc:
        return api_error(request, 422, exc)
    return view_out(request.app.state, loaded, translator(request))


@page_router.get("/games/{game_id}/resign", response_class=HTMLResponse)
def confirm_resign(request: Request, game_id: str, then: str = "") -> Response:
    """Ask before resigning (the script asks in a dialog instead); a finished game goes
    back to its table."""
    service = service_of(request)
    try:
        loaded = service.load(player_id_of(request), game_id)
    except GameNotFoundError as exc:
        return error_page(request, 404, error_message(exc, translator(request)))
    if loaded.status == FINISHED:
        return RedirectResponse(f"/games/{game_id}", status_code=303)
    context = {"ask": False, "game_id": game_id, "then": then if then in _THEN else ""}
    return render(request, "resign.html", context)


@page_router.post("/games/{game_id}/resign")
def resign_form(request: Request, game_id: str, then: Annotated[str, Form()] = "") -> Response:
    """Resign from a form, then go back to the finished table, home, or into a new game
    of the same kind (a friend table goes home: a new one needs a new invite)."""
    service = service_of(request)
    player_id = player_id_of(request)
    try:
        loaded = service.resign(player_id, game_id)
    except GameNotFoundError as exc:
        return error_page(request, 404, error_message(exc, translator(request)))
    except CribkitError as exc:
        if exc.code != "game_over_resign":  # a second click on a finished game: go on
            status = 409 if isinstance(exc, FriendNotSeatedError) else 422
            return error_page(request, status, error_message(exc, translator(request)))
        loaded = service.load(player_id, game_id)
    if then == "home" or (then == "new" and loaded.between_people):
        return RedirectResponse("/", status_code=303)
    if then == "new" and player_id is not None:
        fresh = service.create_game(player_id, loaded.level, rules=loaded.game.rules)
        return RedirectResponse(f"/games/{fresh.id}", status_code=303)
    return RedirectResponse(f"/games/{game_id}", status_code=303)


def ask_page(request: Request, fields: list[tuple[str, str]]) -> HTMLResponse | None:
    """Before a new game from the plain form: "resume or resign it" when one is unfinished
    (None when none is); ``fields`` are the form's, posted again with the resignation."""
    tr = translator(request)
    resume = resume_card(service_of(request), player_id_of(request), tr)
    if resume is None:
        return None
    context = {"ask": True, "resume": resume, "fields": fields, "words": words_for(tr, None)}
    return render(request, "resign.html", context)
