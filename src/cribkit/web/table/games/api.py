"""The table's JSON API: start a game, read your view of it, make a move, ask for a hint.

Every answer is built from the person's ``PlayerView`` (seat 0 against the computer, the
player's own seat at a table between two people), which has no field for the other
hand, the crib or the deck; the stored record (and its seed) never leaves the server
while the game is on.
"""

from __future__ import annotations

import gettext
from typing import Annotated, Any, cast

from fastapi import APIRouter, Request, Response, status
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter
from pydantic_core import PydanticCustomError
from starlette.requests import HTTPConnection

from cribkit.actions import Cut
from cribkit.analysis.hints import Hint, hint
from cribkit.errors import CribkitError
from cribkit.players import DEFAULT_LEVEL, LEVEL_ALIASES, LEVELS
from cribkit.view import PlayerView
from cribkit.web.site.errors import ERROR_RESPONSES, RATE_LIMITED_RESPONSES, ApiError, api_problem
from cribkit.web.site.hints_i18n import hint_explanation
from cribkit.web.site.i18n import DEFAULT_LANGUAGE, request_language, translator
from cribkit.web.site.level_words import LEVEL_FIELD
from cribkit.web.site.models import utcnow
from cribkit.web.site.players_identity import issue_player, remember_player
from cribkit.web.site.schemas import MUGGINS_NEEDS_COUNT_OWN
from cribkit.web.site.spoken import spoken_event, spoken_show
from cribkit.web.table.friends.payloads import with_table
from cribkit.web.table.friends.schemas import TableGameView
from cribkit.web.table.games.deps import OwnGame, PlayerId, SeatedGame, Service, service_of
from cribkit.web.table.games.loaded import (
    COMPUTER,
    HUMAN,
    FriendNotSeatedError,
    GameNotFoundError,
    LoadedGame,
    StaleVersionError,
)
from cribkit.web.table.games.pacing import NEXT_COUNT, clamp_step, paced_view, visible_events
from cribkit.web.table.games.schemas import CreatedGame, GameView, HintOut
from cribkit.web.table.games.seat_pacing import seat_actions
from cribkit.web.table.games.service import GameService

__all__ = [
    "MAX_SEED",
    "MoveRequest",
    "apply_move",
    "game_payload",
    "router",
    "seat_view",
    "service_of",
]

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
    model_config = ConfigDict(
        strict=True, extra="forbid", json_schema_extra=MUGGINS_NEEDS_COUNT_OWN
    )

    level: str = Field(  # checked by the game service, whose message names the levels
        default=DEFAULT_LEVEL,
        max_length=20,
        description=LEVEL_FIELD,
        json_schema_extra={"enum": [*LEVELS, *LEVEL_ALIASES]},
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

    view: GameView | TableGameView = Field(description="The game as it is now.")


_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ApiError, "description": "No such game for this player."},
    409: {
        "model": StaleMove,
        "description": "The move was made on an older version, or at a friend table before "
        "the friend sat down.",
    },
    422: {"model": ApiError, "description": "Not a legal move now, or not a move at all."},
    **RATE_LIMITED_RESPONSES,
}


def game_payload(loaded: LoadedGame, translations: gettext.NullTranslations) -> dict[str, Any]:
    """The person's view as JSON, with the game's id, version and this hand's events; each
    count and score also said aloud in the reader's language (``translations``).

    During the show the view holds only the counts laid down so far (see ``pacing``); the
    next one is asked for with the ``count`` move listed among the legal actions.
    """
    game = loaded.game
    seat = HUMAN if loaded.seat is None else loaded.seat
    view = paced_view(game, seat, loaded.show_step)
    events = visible_events(game, loaded.show_step)
    payload = view.to_dict()
    legal = cast(list[dict[str, Any]], payload["legal_actions"])
    if loaded.waiting_for_friend:  # the game starts once the second seat is taken
        legal = []
    elif loaded.counting:
        legal = [{"type": NEXT_COUNT, "player": seat}]
    # between two people each reads the show at their own pace (see seat_pacing)
    payload["legal_actions"], payload["show_wait"] = seat_actions(loaded, seat, legal, now=utcnow())
    hand = view.hand_number
    payload.update(
        id=loaded.id,
        version=loaded.version,
        level=loaded.level,
        status=loaded.status,
        you=seat,
        computer=None if loaded.between_people else COMPUTER,
        show_step=clamp_step(game, loaded.show_step),
        shows=[spoken_show(show, translations) for show in view.shows],
        events=[
            {"seq": seq, **spoken_event(event, translations)}
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


def seat_view(
    state: Any, loaded: LoadedGame, translations: gettext.NullTranslations
) -> dict[str, Any]:
    """The view as a seat reads it: ``game_payload``, with the table between two people."""
    return with_table(state, loaded, game_payload(loaded, translations), translations)


_SEAT_VIEW: TypeAdapter[GameView | TableGameView] = TypeAdapter(GameView | TableGameView)


def view_out(
    state: Any, loaded: LoadedGame, translations: gettext.NullTranslations
) -> GameView | TableGameView:
    """``seat_view`` as its model (the one whose fields it has)."""
    return _SEAT_VIEW.validate_python(seat_view(state, loaded, translations))


def view_answer(state: Any, loaded: LoadedGame, translations: gettext.NullTranslations) -> Response:
    """``view_out`` as the JSON answer, encoded here. FastAPI validates a sync route's
    returned model once more, in a worker thread of its own: a second thread hand-off on
    every move, for a value ``view_out`` has just validated."""
    body = _SEAT_VIEW.dump_json(view_out(state, loaded, translations), by_alias=True)
    return Response(body, media_type="application/json")


def table_hint(view: PlayerView) -> Hint:
    """The advisor's move, refused for a cut: the deck is shuffled out of sight, so there
    is nothing to advise and a Hint there would only waste a click."""
    if any(isinstance(action, Cut) for action in view.legal_actions):
        raise CribkitError(
            "no hint for a cut: the deck is shuffled out of sight, so every place is as good",
            code="hint_cut",
        )
    return hint(view)


@router.post("", status_code=status.HTTP_201_CREATED, responses=_ERRORS)
def create_game(
    request: Request, response: Response, body: CreateGame, service: Service
) -> CreatedGame:
    """Start a game against the computer; the answer has the game's ``id`` and ``view``."""
    player_id, is_new = issue_player(request)
    try:
        loaded = service.create(
            player_id, body.level, seed=body.seed, count_own=body.count_own, muggins=body.muggins
        )
    except CribkitError as exc:
        raise api_problem(request, 422, exc) from None
    if is_new:
        remember_player(request, response, player_id)
    return CreatedGame.model_validate(
        {"id": loaded.id, "view": game_payload(loaded, translator(request))}
    )


@router.get("/{game_id}", responses=_ERRORS, response_model=GameView | TableGameView)
def get_game(request: Request, loaded: OwnGame) -> Response:
    """Your view of the game: cards, scores, pegs, the count, legal actions, events."""
    return view_answer(request.app.state, loaded, translator(request))


@router.post("/{game_id}/actions", responses=_ERRORS, response_model=GameView | TableGameView)
def post_action(
    request: Request, game_id: str, body: MoveRequest, service: Service, player_id: PlayerId
) -> Response:
    """Make a move; the computer's replies are applied before the answer comes back."""
    loaded = apply_move(request, service, player_id, game_id, body)
    return view_answer(request.app.state, loaded, translator(request))


def apply_move(
    connection: HTTPConnection,
    service: GameService,
    player_id: str | None,
    game_id: str,
    body: MoveRequest,
) -> LoadedGame:
    """The game after the move, or the ``ApiProblem`` that refuses it (the current view
    beside a 409). Shared by this route and a move sent over the game's socket."""
    try:
        return service.apply(player_id, game_id, body.action, body.version)
    except GameNotFoundError as exc:
        raise api_problem(connection, 404, exc) from None
    except StaleVersionError as exc:
        current = seat_view(connection.app.state, exc.current, translator(connection))
        raise api_problem(connection, 409, exc, view=current) from None
    except FriendNotSeatedError as exc:  # nothing moved: the current view comes back
        waiting = service.load(player_id, game_id)
        current = seat_view(connection.app.state, waiting, translator(connection))
        raise api_problem(connection, 409, exc, view=current) from None
    except CribkitError as exc:
        raise api_problem(connection, 422, exc) from None


@router.get("/{game_id}/hint", responses=_ERRORS)
def get_hint(request: Request, loaded: SeatedGame) -> HintOut:
    """The advisor's move for you now, with the reason; it sees only your view."""
    view = paced_view(loaded.game, HUMAN if loaded.seat is None else loaded.seat, loaded.show_step)
    try:
        advice = table_hint(view)
    except CribkitError as exc:
        raise api_problem(request, 422, exc) from None
    payload = advice.to_dict()
    if request_language(request) is not DEFAULT_LANGUAGE:  # the engine explains in English
        payload["explanation"] = hint_explanation(advice, view, translator(request))
    return HintOut.model_validate(payload)
