"""The table page (``/``): a server-rendered table that ``static/js/table.js`` brings to life.

With the script, the page reads the game through the same JSON API the tests use.
Without it, the server draws the person's view and a form button for every legal move
(see ``plain_table``); each posts to ``/games/{id}/move`` and is redirected back.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from cribkit.errors import CribkitError
from cribkit.players import DEFAULT_LEVEL, LEVELS
from cribkit.web.site.errors import error_page
from cribkit.web.site.errors_i18n import ERROR_MESSAGES, error_message
from cribkit.web.site.i18n import translator
from cribkit.web.site.labels import KIND_LABELS
from cribkit.web.site.level_words import level_choices
from cribkit.web.site.players_identity import issue_player, player_id_of, remember_player
from cribkit.web.site.preferences import SPEED_NAMES
from cribkit.web.site.templating import render
from cribkit.web.table.common.pegboard import board_layout, peg_marks
from cribkit.web.table.friends.api import invite_link
from cribkit.web.table.friends.chat import CHAT_LENGTH
from cribkit.web.table.friends.chat_forms import CHAT_PROBLEMS
from cribkit.web.table.friends.chat_view import chat_page
from cribkit.web.table.friends.tables import format_code
from cribkit.web.table.games.api import MAX_SEED, service_of
from cribkit.web.table.games.api_history import history_of
from cribkit.web.table.games.computer import table_level
from cribkit.web.table.games.friend_words import friend_script_strings
from cribkit.web.table.games.history import resign_text
from cribkit.web.table.games.home import resume_card
from cribkit.web.table.games.loaded import (
    FINISHED,
    HUMAN,
    FriendNotSeatedError,
    GameNotFoundError,
    LoadedGame,
    StaleVersionError,
)
from cribkit.web.table.games.resign_routes import ask_page
from cribkit.web.table.games.seat_words import words_for
from cribkit.web.table.games.words import SCRIPT_STRINGS
from cribkit.web.table.nojs.deal_talk import deal_talk
from cribkit.web.table.nojs.plain_table import PlainTable, both_seats_move, form_action, plain_table
from cribkit.web.table.rating.api import ratings_of
from cribkit.web.table.rating.suggest import suggest_level

__all__ = ["router"]

router = APIRouter(tags=["pages"], include_in_schema=False)

TABLE_ANCHOR = "play-area"
"""Where a scriptless move comes back to: the compact board, then the decision below it."""
REFRESH_SECONDS = 2
"""How often a scriptless friend table reloads itself while the other seat moves."""
_TESTING_REFRESH_SECONDS = 1
"""The same in testing mode, so a whole friend game in two browsers stays affordable."""


def _script_strings(request: Request) -> dict[str, object]:
    """Every string the script shows, in the request's language."""
    tr = translator(request)
    strings: dict[str, object] = {key: tr.gettext(text) for key, text in SCRIPT_STRINGS.items()}
    strings["kinds"] = {kind.value: tr.gettext(text) for kind, text in KIND_LABELS.items()}
    strings.update(friend_script_strings(tr))
    return strings


def _suggestion(request: Request) -> dict[str, object]:
    """The home page's suggested level for this player, with their rating."""
    standing = ratings_of(request).standing(player_id_of(request))
    return {"rating": standing, "suggestion": suggest_level(standing, LEVELS)}


def table_url(game_id: str) -> str:
    """The table of ``game_id`` at its anchor, where every scriptless move comes back to."""
    return f"/games/{game_id}#{TABLE_ANCHOR}"


def _refresh(request: Request, plain: PlainTable | None) -> dict[str, object]:
    """The scriptless page's self-refresh while it waits for the other seat, or none.

    It always names the table at its anchor, under a query that differs from the page's
    own: a refresh to the very address the page has (fragment included) would only jump
    to the fragment and never reload, and reloading the answer to a post would post again.
    """
    if plain is None or not plain.awaits_other:
        return {}
    testing = request.app.state.settings.testing
    seconds = _TESTING_REFRESH_SECONDS if testing else REFRESH_SECONDS
    tick = "2" if request.query_params.get("tick") == "1" else "1"
    return {"seconds": seconds, "url": f"/games/{plain.game_id}?tick={tick}#{TABLE_ANCHOR}"}


def _table(
    request: Request,
    loaded: LoadedGame | None,
    *,
    problem: str = "",
    status_code: int = 200,
    watch_code: str = "",
) -> HTMLResponse:
    """The table page; a watcher (``loaded.seat`` None) gets no scriptless hand to see.

    Without a game it is the home page: "Play the computer", "Play a friend" and the
    player's unfinished game as a card to resume. The language links name the game's own
    address, whatever address (a form's POST, ``/?new=1``) drew the page."""
    settings = request.app.state.settings
    seed = request.query_params.get("seed", "") if settings.testing else ""
    plain = None if loaded is None or loaded.seat is None else plain_table(loaded)
    # Fast play skips the computer's pause: a table between two people has no computer.
    paced_by_computer = loaded is None or (not loaded.between_people and loaded.seat is not None)
    pegs = peg_marks(plain.view.pegs) if plain is not None else None
    invite = (
        None
        if loaded is None or plain is None or not plain.waiting
        else (request.app.state.friends.invite_of(loaded.id))
    )
    history = None if loaded is None else history_of(loaded)
    words = words_for(translator(request), loaded)
    outcome = None if plain is None else plain.view.outcome
    context: dict[str, object] = {"resume": None, "suggestion": None}
    if loaded is None:
        context["resume"] = resume_card(
            service_of(request), player_id_of(request), translator(request)
        )
        context.update(_suggestion(request))
    else:
        context["here"] = f"/games/{loaded.id}" if not watch_code else f"/t/{watch_code}"
    talk = (
        ()
        if plain is None or history is None
        else deal_talk(history, plain.view.hand_number, translator(request), words)
    )
    return render(
        request,
        "table.html",
        {
            **context,
            "leave_shown": loaded is not None and loaded.seat is not None,
            "leave_over": loaded is not None and loaded.status == FINISHED,
            "resign_said": (
                resign_text(outcome.loser, words) if outcome and outcome.resigned else ""
            ),
            "game_id": "" if loaded is None else loaded.id,
            "levels": level_choices(),
            "board": board_layout(),
            "pegs": pegs or (("0", "start", 0, 0), ("0", "start", 0, 0)),
            "plain": plain,
            "sheet": () if history is None else history.sheet,
            "talk": talk,
            "refresh": _refresh(request, plain),
            "problem": problem,
            "strings": _script_strings(request),
            "seed": seed if seed.isdigit() else "",
            "watch_code": watch_code,
            "waiting_code": "" if invite is None else format_code(invite.code),
            "invite_url": "" if invite is None else invite_link(request, invite.code),
            "words": words,
            "fast_play": paced_by_computer,
            "prefs": service_of(request).pace_of(player_id_of(request)),
            "speeds": SPEED_NAMES,
            "chat": chat_page(
                request.app.state.friends.chat,
                loaded,
                translator(request),
                _redirected_problem(request, "chat", CHAT_PROBLEMS),
            ),
        },
        status_code=status_code,
    )


def _load(request: Request, game_id: str | None) -> LoadedGame | None:
    if game_id is None:
        return None
    try:
        return service_of(request).load(player_id_of(request), game_id)
    except GameNotFoundError:
        return None


@router.get("/", response_class=HTMLResponse)
def table(request: Request) -> HTMLResponse:
    """The home page: new games, and the player's unfinished game as a card to resume."""
    return _table(request, None)


@router.get("/games/{game_id}", response_class=HTMLResponse)
def table_for(request: Request, game_id: str) -> HTMLResponse:
    """One particular game of this player (a bookmark to a game in progress)."""
    try:
        loaded = service_of(request).load(player_id_of(request), game_id)
    except GameNotFoundError as exc:
        return error_page(request, 404, error_message(exc, translator(request)))
    return _table(
        request, loaded, problem=_redirected_problem(request, "problem", _CARRIED_PROBLEMS)
    )


_CARRIED_PROBLEMS = frozenset({"stale_version", "stale_race", "stale_friend"})
"""Refusals a scriptless move redirects with (the table shows the position it lost to)."""


def _redirected_problem(request: Request, key: str, known: frozenset[str]) -> str:
    """The refusal named in the address (under ``key``), said in the reader's language;
    only the ``known`` codes, so no other text from the address is ever shown."""
    code = request.query_params.get(key, "")
    if code not in known:
        return ""
    params = {"max": CHAT_LENGTH}  # the one parameter a carried refusal says (chat_too_long)
    error = CribkitError(ERROR_MESSAGES[code] % params, code=code, params=params)
    return error_message(error, translator(request))


@router.post("/games/{game_id}/move")
def plain_move(
    request: Request,
    game_id: str,
    kind: Annotated[str, Form(alias="type")] = "",
    version: Annotated[str, Form()] = "",
    card: Annotated[str, Form()] = "",
    cards: Annotated[list[str] | None, Form()] = None,
    position: Annotated[str, Form()] = "",
    points: Annotated[str, Form(max_length=40)] = "",
    hand: Annotated[str, Form(max_length=8)] = "",
    step: Annotated[str, Form(max_length=8)] = "",
) -> Response:
    """One move from a form button (no script needed); back to the table afterwards."""
    # ASCII only: "²".isdigit() is true and int() refuses it (a 500 once); "١" it reads as 1.
    number = int(version) if version.isascii() and version.isdigit() and len(version) < 10 else None
    seat = service_of(request).seat_of(game_id, player_id_of(request))
    mover = HUMAN if seat is None else seat
    action = form_action(
        kind, card, cards or [], position, mover, points=points, show_tag=(hand, step)
    )
    try:
        try:
            service_of(request).apply(player_id_of(request), game_id, action, number)
        except StaleVersionError as exc:
            if not both_seats_move(exc.current, kind):
                raise
            # the other seat's cut or discard came first: this one still stands (the
            # engine checks it again; a second click of the same is refused there)
            service_of(request).apply(player_id_of(request), game_id, action, exc.current.version)
    except GameNotFoundError as exc:
        return error_page(request, 404, error_message(exc, translator(request)))
    except StaleVersionError as exc:  # back to the current table at its anchor, saying why
        return RedirectResponse(f"/games/{game_id}?problem={exc.code}#{TABLE_ANCHOR}", 303)
    except FriendNotSeatedError as exc:
        problem = error_message(exc, translator(request))
        return _table(request, _load(request, game_id), problem=problem, status_code=409)
    except CribkitError as exc:
        problem = error_message(exc, translator(request))
        return _table(request, _load(request, game_id), problem=problem, status_code=422)
    return RedirectResponse(table_url(game_id), status_code=303)


def _resign_quietly(request: Request, player_id: str, game_id: str) -> None:
    """Resign ``game_id`` before a new game; one that ended meanwhile is no obstacle."""
    try:
        service_of(request).resign(player_id, game_id)
    except CribkitError as exc:
        if exc.code != "game_over_resign":
            raise


def _form_seed(text: str) -> int | None:
    """The seed typed in the test form: empty for none, else ASCII digits up to ``MAX_SEED``."""
    text = text.strip()
    if not text:
        return None
    # isdigit() alone lets "²" through, and int() refuses over 4,300 digits: check first.
    if text.isascii() and text.isdigit() and len(text) <= len(str(MAX_SEED)):
        seed = int(text)
        if seed <= MAX_SEED:
            return seed
    raise CribkitError(
        f"a seed is a whole number from 0 to {MAX_SEED}", code="bad_seed", params={"max": MAX_SEED}
    )


@router.post("/table/new")
def new_game_form(
    request: Request,
    level: Annotated[str, Form()] = DEFAULT_LEVEL,
    seed: Annotated[str, Form()] = "",
    count_own: Annotated[str, Form()] = "",
    muggins: Annotated[str, Form()] = "",
    resign: Annotated[str, Form(max_length=40)] = "",
) -> Response:
    """Start a game from the plain form, then show the table (works without the script).

    Muggins alone is refused with the reason, as the API refuses it: it is played only
    with "count my own hand" (the form nests it under that box).
    While the player has an unfinished game the form first asks "resume it, or resign
    it and start" (its answer posts again with ``resign``: the game to resign first)."""
    player_id, is_new = issue_player(request)
    try:
        chosen_seed = _form_seed(seed)
        table_level(level, testing=request.app.state.settings.testing)  # refused before all
        if resign:
            _resign_quietly(request, player_id, resign)
        elif not is_new:
            fields = [("level", level), ("seed", seed), ("count_own", count_own)]
            asked = ask_page(request, [*fields, ("muggins", muggins)])
            if asked is not None:
                return asked
        loaded = service_of(request).create(
            player_id,
            level,
            seed=chosen_seed,
            count_own=bool(count_own),
            muggins=bool(muggins),
        )
    except CribkitError as exc:  # nothing was created: say why, with the way back
        return error_page(request, 422, error_message(exc, translator(request)))
    response = RedirectResponse(f"/games/{loaded.id}", status_code=303)
    if is_new:
        remember_player(request, response, player_id)
    return response
