"""A game's history over the API: the talk and score sheet so far, and a finished record.

``GET /api/games/{id}/history`` is what a reloaded table (or a second tab) reads to
rebuild its talk and score sheet; it holds only what the person has seen. ``GET
/api/games/{id}/record`` hands out the record as a text file, only once the game is over:
before that it would show the computer's hand, the crib and the deck.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse

from cribkit.errors import UnfinishedGameError
from cribkit.record import GameRecord
from cribkit.web.site.errors import ERROR_RESPONSES, ApiError, api_problem
from cribkit.web.site.i18n import translator
from cribkit.web.table.games.deps import OwnGame
from cribkit.web.table.games.history import History, game_history, talk_text
from cribkit.web.table.games.loaded import FINISHED, HUMAN, LoadedGame
from cribkit.web.table.games.pacing import paced_view
from cribkit.web.table.games.schemas import HistoryOut
from cribkit.web.table.games.seat_words import words_for

__all__ = ["history_of", "history_payload", "record_filename", "router"]

router = APIRouter(prefix="/api/games", tags=["games"], responses=ERROR_RESPONSES)

_NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"model": ApiError, "description": "No such game for this player."},
}


_JSON_MESSAGE = {"application/json": {"schema": {"$ref": "#/components/schemas/ApiError"}}}
"""An error answer of the text endpoint: JSON like every other error of the API."""
_TEXT_ERRORS = {
    code: {"description": answer["description"]} for code, answer in ERROR_RESPONSES.items()
}


def history_of(loaded: LoadedGame) -> History:
    """The history the person has seen: the show only as far as their view reveals it."""
    seat = HUMAN if loaded.seat is None else loaded.seat
    shown = len(paced_view(loaded.game, seat, loaded.show_step).shows)
    return game_history(GameRecord.of(loaded.game), shown=shown)


def history_payload(history: History, request: Request, loaded: LoadedGame) -> dict[str, Any]:
    """The history as JSON, each talk line already said in the reader's language, from the
    seat of whoever loaded the game and with the other seat's name."""
    tr = translator(request)
    words = words_for(tr, loaded)
    return {
        "talk": [
            {
                "hand_number": line.hand,
                "kind": line.kind,
                "player": line.player,
                "text": talk_text(line, tr, words),
                "class": line.css,
            }
            for line in history.talk
        ],
        "sheet": [row.to_dict() for row in history.sheet],
        "id": loaded.id,
        "version": loaded.version,
        "status": loaded.status,
    }


def record_filename(game_id: str) -> str:
    return f"cribkit-game-{game_id}.txt"


@router.get("/{game_id}/history", responses=_NOT_FOUND)
def get_history(request: Request, loaded: OwnGame) -> HistoryOut:
    """The table talk (oldest first) and the score sheet of the game so far."""
    return HistoryOut.model_validate(history_payload(history_of(loaded), request, loaded))


@router.get(
    "/{game_id}/record",
    response_class=PlainTextResponse,
    responses={
        200: {"description": "The record as text, one action a line."},
        **{code: {**answer, "content": _JSON_MESSAGE} for code, answer in _TEXT_ERRORS.items()},
        404: {"description": "No such game for this player.", "content": _JSON_MESSAGE},
        409: {"description": "The game is not over yet.", "content": _JSON_MESSAGE},
    },
)
def get_record(request: Request, loaded: OwnGame) -> PlainTextResponse:
    """A finished game's record as a text file, for ``cribkit replay`` or the replay page."""
    try:
        if loaded.status != FINISHED:  # over, but the winning count not shown yet
            raise UnfinishedGameError(
                "the game is not over: its record would show hidden cards",
                code="record_game_unfinished",
            )
        text = GameRecord.of(loaded.game).export_text()
    except UnfinishedGameError as exc:
        raise api_problem(request, 409, exc) from None
    disposition = f'attachment; filename="{record_filename(loaded.id)}"'
    return PlainTextResponse(text, headers={"Content-Disposition": disposition})
