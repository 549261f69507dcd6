"""/practice: count hands against the clock, choose discards, solve pegging puzzles.

Plain forms, so every drill works without JavaScript and from the keyboard: a puzzle is
an address (its drill and number), the answer a POST, the verdict a page with the next
puzzle one key away. Each answer is added to the player's record (streaks, accuracy).
"""

from __future__ import annotations

import secrets
import time
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from cribkit.actions import Play, PlayerAction
from cribkit.analysis.drills import MAX_DRILL_SEED, CountKind, Drill, count_drill, throw_of
from cribkit.analysis.hints import hint
from cribkit.analysis.review import price_decision
from cribkit.cards import Card, parse_card, parse_cards
from cribkit.errors import CribkitError
from cribkit.players.drills import discard_drill, pegging_drill
from cribkit.view import PlayerView
from cribkit.web.site.hints_i18n import hint_explanation
from cribkit.web.site.i18n import N_, translator
from cribkit.web.site.players_identity import issue_player, player_id_of, remember_player
from cribkit.web.site.templating import render
from cribkit.web.tools.practice import PracticeBook, elapsed_seconds
from cribkit.web.tools.tools import ShowSelection, score

__all__ = ["router"]

router = APIRouter(tags=["pages"], include_in_schema=False)
BEST = 1e-9
"""A choice that gives up less than this is one of the best."""


def _book(request: Request) -> PracticeBook:
    return PracticeBook(request.app.state.database)


def _seed(text: str | None) -> int | None:
    """A drill number from the address, or None (then a fresh one is drawn)."""
    if text is None or not text.strip().isascii() or not text.strip().isdigit():
        return None
    value = int(text.strip()[:12])
    return value if value <= MAX_DRILL_SEED else None


def _fresh(drill: Drill, **params: str) -> RedirectResponse:
    query = "&".join(f"{k}={v}" for k, v in {**params, "seed": str(_new_seed())}.items())
    return RedirectResponse(f"/practice/{drill.value}?{query}", status_code=303)


def _new_seed() -> int:
    return secrets.randbelow(MAX_DRILL_SEED + 1)


def _kind(text: str | None) -> CountKind:
    return CountKind.HARD if text == CountKind.HARD.value else CountKind.ANY


def _page(request: Request, drill: Drill, context: dict[str, Any]) -> HTMLResponse:
    records = _book(request).records(player_id_of(request))
    values = {
        "drill": drill.value,
        "record": records[drill],
        "issued": time.time(),
        "answered": False,
        "error": None,
        "answer": "",
        **context,
    }
    return render(request, "practice_drill.html", values)


def _answered(
    request: Request,
    drill: Drill,
    context: dict[str, Any],
    *,
    correct: bool,
    lost: float,
    issued: str,
) -> Response:
    """Add the answer to the player's record and show the verdict."""
    player_id, is_new = issue_player(request)
    seconds = elapsed_seconds(issued, time.time())
    record = _book(request).add(player_id, drill, correct=correct, lost=lost, seconds=seconds)
    response = render(
        request,
        "practice_drill.html",
        {
            "drill": drill.value,
            "record": record,
            "issued": time.time(),
            "answered": True,
            "error": None,
            "correct": correct,
            "seconds": seconds,
            **context,
        },
    )
    if is_new:
        remember_player(request, response, player_id)
    return response


@router.get("/practice", response_class=HTMLResponse)
def practice(request: Request) -> HTMLResponse:
    """The three drills with the player's streaks and accuracy at each."""
    records = _book(request).records(player_id_of(request))
    return render(request, "practice.html", {"records": records, "drills": list(Drill)})


# ------------------------------------------------------------------ count a hand


@router.get("/practice/count", response_model=None)
def count_page(
    request: Request, seed: str | None = None, kind: str | None = None
) -> HTMLResponse | RedirectResponse:
    number, count_kind = _seed(seed), _kind(kind)
    if number is None:
        return _fresh(Drill.COUNT, kind=count_kind.value)
    return _page(request, Drill.COUNT, {"puzzle": count_drill(number, count_kind)})


@router.post("/practice/count", response_model=None)
def count_answer(
    request: Request,
    seed: Annotated[str, Form()] = "",
    kind: Annotated[str, Form()] = "",
    answer: Annotated[str, Form()] = "",
    issued: Annotated[str, Form()] = "",
) -> Response:
    number, count_kind = _seed(seed), _kind(kind)
    if number is None:
        return _fresh(Drill.COUNT, kind=count_kind.value)
    puzzle = count_drill(number, count_kind)
    text = answer.strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        error = N_("Give the count as a whole number, like 12.")
        return _page(request, Drill.COUNT, {"puzzle": puzzle, "error": error, "answer": text})
    given, result = int(text), score(ShowSelection(puzzle.hand, puzzle.starter), crib=puzzle.crib)
    context = {"puzzle": puzzle, "result": result, "given": given}
    correct = given == result.total
    return _answered(
        request,
        Drill.COUNT,
        context,
        correct=correct,
        lost=abs(given - result.total),
        issued=issued,
    )


# ------------------------------------------------------------------ choose the discard


@router.get("/practice/discard", response_model=None)
def discard_page(request: Request, seed: str | None = None) -> HTMLResponse | RedirectResponse:
    number = _seed(seed)
    if number is None:
        return _fresh(Drill.DISCARD)
    return _page(request, Drill.DISCARD, {"seed": number, "view": discard_drill(number)})


def _judged(
    request: Request, drill: Drill, number: int, view: PlayerView, action: PlayerAction, issued: str
) -> Response:
    """Price a throw or a card as the game review does, with the hint's words for the best
    set against the player's own choice."""
    decision = price_decision(view, action)
    context = {
        "seed": number,
        "view": view,
        "decision": decision,
        "why": hint_explanation(hint(view, chosen=action), view, translator(request)),
    }
    correct = decision.lost < BEST
    return _answered(request, drill, context, correct=correct, lost=decision.lost, issued=issued)


@router.post("/practice/discard", response_model=None)
def discard_answer(
    request: Request,
    seed: Annotated[str, Form()] = "",
    throw: Annotated[list[str] | None, Form()] = None,
    issued: Annotated[str, Form()] = "",
) -> Response:
    number = _seed(seed)
    if number is None:
        return _fresh(Drill.DISCARD)
    view = discard_drill(number)
    try:
        action = throw_of(view, _cards(throw or []))
    except CribkitError:
        error = N_("Choose exactly two of your six cards to throw.")
        return _page(request, Drill.DISCARD, {"seed": number, "view": view, "error": error})
    return _judged(request, Drill.DISCARD, number, view, action, issued)


def _cards(texts: list[str]) -> tuple[Card, ...]:
    return parse_cards(" ".join(texts[:6])) if texts else ()


# ------------------------------------------------------------------ the best card to play


@router.get("/practice/pegging", response_model=None)
def pegging_page(request: Request, seed: str | None = None) -> HTMLResponse | RedirectResponse:
    number = _seed(seed)
    if number is None:
        return _fresh(Drill.PEGGING)
    return _page(request, Drill.PEGGING, {"seed": number, "view": pegging_drill(number)})


@router.post("/practice/pegging", response_model=None)
def pegging_answer(
    request: Request,
    seed: Annotated[str, Form()] = "",
    card: Annotated[str, Form()] = "",
    issued: Annotated[str, Form()] = "",
) -> Response:
    number = _seed(seed)
    if number is None:
        return _fresh(Drill.PEGGING)
    view = pegging_drill(number)
    try:
        action = Play(view.player, parse_card(card[:4]))
        if action not in view.legal_actions:
            raise CribkitError("not a legal card here", code="drill_card")
    except CribkitError:
        error = N_("Choose one of the cards you can play.")
        return _page(request, Drill.PEGGING, {"seed": number, "view": view, "error": error})
    return _judged(request, Drill.PEGGING, number, view, action, issued)
