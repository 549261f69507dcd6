"""The table's JSON API: start a game, read your view of it, make a move, ask for a hint.

Every answer is built from the person's ``PlayerView`` (seat 0 against the computer, the
player's own seat at a table between two people), which has no field for the other
hand, the crib or the deck; the stored record (and its seed) never leaves the server
while the game is on.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request, Response, status
from fastapi.responses import JSONResponse
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from pydantic_core import PydanticCustomError

from cribkit.analysis.hints import hint
from cribkit.errors import CribkitError
from cribkit.players import LEVELS
from cribkit.web.site.errors import ERROR_RESPONSES, ApiError, api_error
from cribkit.web.site.hints_i18n import hint_explanation
from cribkit.web.site.i18n import DEFAULT_LANGUAGE, request_language, translator
from cribkit.web.site.players_identity import issue_player, player_id_of, remember_player
from cribkit.web.table.friends.payloads import with_table
from cribkit.web.table.games.loaded import (
    COMPUTER,
    HUMAN,
    FriendNotSeatedError,
    GameNotFoundError,
    LoadedGame,
    StaleVersionError,
    check_seated,
)
from cribkit.web.table.games.pacing import NEXT_COUNT, clamp_step, paced_view, visible_events
from cribkit.web.table.games.service import GameService

__all__ = ["MAX_SEED", "game_payload", "router", "service_of"]

router = APIRouter(prefix="/api/games", tags=["games"], responses=ERROR_RESPONSES)

MAX_SEED = 2**53 - 1
"""The largest seed a client may send: the largest whole number a browser's JSON keeps exactly."""


def _whole_number(value: object) -> object:
    """JSON's 7 and 7.0 are one number (both valid against ``integer``); false and "7" are none."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


# Constraints first: after a validator pydantic would write them as "ge"/"le", not JSON Schema.
WholeNumber = Annotated[int, Field(ge=0, strict=False), BeforeValidator(_whole_number)]
"""A JSON number without a fraction, not negative; lax pydantic would take ``false`` as 0."""
Seed = Annotated[int, Field(ge=0, le=MAX_SEED, strict=False), BeforeValidator(_whole_number)]


class CreateGame(BaseModel):
    # Strict: a JSON false is not a seed, nor 1.5 a level; unknown fields are refused.
    model_config = ConfigDict(strict=True, extra="forbid")

    level: str = Field(  # checked by the game service, whose message names the levels
        default="medium", max_length=20, json_schema_extra={"enum": list(LEVELS)}
    )
    seed: Seed | None = Field(
        default=None, description="Honoured only when the server runs in testing mode."
    )
    count_own: bool = Field(
        default=False,
        description="You count your own hand and crib at the show (the computer's are counted "
        "for it).",
    )
    muggins: bool = Field(
        default=False,
        description="With count_own: the computer pegs the points your count overlooks.",
    )


class MoveRequest(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    action: Any = Field(
        description="One of the view's legal_actions, posted back unchanged.",
        examples=[{"type": "play", "player": 0, "card": "5H"}],
    )
    version: WholeNumber = Field(description="The view's version the move was made on.")


class StaleMove(ApiError):
    """A move made on an older version: the error plus the current view."""

    view: dict[str, Any] = Field(description="The game as it is now.")


_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ApiError, "description": "No such game for this player."},
    409: {
        "model": StaleMove,
        "description": "The move was made on an older version, or at a friend table before "
        "the friend sat down.",
    },
    422: {"model": ApiError, "description": "Not a legal move now, or not a move at all."},
}


def service_of(request: Request) -> GameService:
    service: GameService = request.app.state.games
    return service


def game_payload(loaded: LoadedGame) -> dict[str, Any]:
    """The person's view as JSON, with the game's id, version and this hand's events.

    During the show the view holds only the counts laid down so far (see ``pacing``); the
    next one is asked for with the ``count`` move listed among the legal actions.
    """
    game = loaded.game
    seat = HUMAN if loaded.seat is None else loaded.seat
    view = paced_view(game, seat, loaded.show_step)
    events = visible_events(game, loaded.show_step)
    payload = view.to_dict()
    if loaded.waiting_for_friend:  # the game starts once the second seat is taken
        payload["legal_actions"] = []
    elif loaded.counting:
        payload["legal_actions"] = [{"type": NEXT_COUNT, "player": seat}]
    hand = view.hand_number
    payload.update(
        id=loaded.id,
        version=loaded.version,
        level=loaded.level,
        status=loaded.status,
        you=seat,
        computer=None if loaded.between_people else COMPUTER,
        show_step=clamp_step(game, loaded.show_step),
        events=[
            {"seq": seq, **event.to_dict()}
            for seq, event in enumerate(events)
            if event.hand_number == hand
        ],
        event_count=len(events),
        pace=pace_payload(loaded),
    )
    return payload


def pace_payload(loaded: LoadedGame) -> dict[str, Any]:
    """The table's pace as the reader chose it: the computer's pause (none between two
    people), the automatic moves, and the your-turn signals the page gives."""
    pace = loaded.pace
    return {
        "speed": pace.speed,
        "pause_ms": 0 if loaded.between_people else pace.pause_ms,
        "auto_go": pace.auto_go,
        "auto_last": pace.auto_last,
        "sound": pace.sound,
        "notify": pace.notify,
    }


def _error(request: Request, status_code: int, error: CribkitError, **extra: Any) -> JSONResponse:
    """The error said in the reader's language, with its stable code beside it."""
    return api_error(request, status_code, error, **extra)


@router.post("", status_code=status.HTTP_201_CREATED, responses=_ERRORS)
def create_game(request: Request, response: Response, body: CreateGame) -> Any:
    """Start a game against the computer; the answer has the game's ``id`` and ``view``."""
    player_id, is_new = issue_player(request)
    try:
        loaded = service_of(request).create(
            player_id, body.level, seed=body.seed, count_own=body.count_own, muggins=body.muggins
        )
    except CribkitError as exc:
        return _error(request, 422, exc)
    if is_new:
        remember_player(request, response, player_id)
    return {"id": loaded.id, "view": game_payload(loaded)}


@router.get("/{game_id}", responses=_ERRORS)
def get_game(request: Request, game_id: str) -> Any:
    """Your view of the game: cards, scores, pegs, the count, legal actions, events."""
    try:
        loaded = service_of(request).load(player_id_of(request), game_id)
    except GameNotFoundError as exc:
        return _error(request, 404, exc)
    return with_table(request.app.state, loaded, game_payload(loaded))


@router.post("/{game_id}/actions", responses=_ERRORS)
def post_action(request: Request, game_id: str, body: MoveRequest) -> Any:
    """Make a move; the computer's replies are applied before the answer comes back."""
    service = service_of(request)
    try:
        loaded = service.apply(player_id_of(request), game_id, body.action, body.version)
    except GameNotFoundError as exc:
        return _error(request, 404, exc)
    except StaleVersionError as exc:
        current = with_table(request.app.state, exc.current, game_payload(exc.current))
        return _error(request, 409, exc, view=current)
    except FriendNotSeatedError as exc:  # nothing moved: the current view comes back
        waiting = service.load(player_id_of(request), game_id)
        return _error(
            request, 409, exc, view=with_table(request.app.state, waiting, game_payload(waiting))
        )
    except CribkitError as exc:
        return _error(request, 422, exc)
    return with_table(request.app.state, loaded, game_payload(loaded))


@router.get("/{game_id}/hint", responses=_ERRORS)
def get_hint(request: Request, game_id: str) -> Any:
    """The advisor's move for you now, with the reason; it sees only your view."""
    try:
        loaded = service_of(request).load(player_id_of(request), game_id)
    except GameNotFoundError as exc:
        return _error(request, 404, exc)
    view = paced_view(loaded.game, HUMAN if loaded.seat is None else loaded.seat, loaded.show_step)
    try:
        check_seated(loaded)
        advice = hint(view)
    except CribkitError as exc:
        return _error(request, 422, exc)
    payload = advice.to_dict()
    if request_language(request) is not DEFAULT_LANGUAGE:  # the engine explains in English
        payload["explanation"] = hint_explanation(advice, view, translator(request))
    return payload
