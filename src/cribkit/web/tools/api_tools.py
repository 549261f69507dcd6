"""JSON answers of the calculator and the pegging calculator (and the advisor).

Each endpoint takes a JSON body (POST) or the same fields as the page's query string
(GET), runs the same ``tools`` functions as the pages and answers their errors with 422
and the same message, in the request's language.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from cribkit.web.site.advice import advise
from cribkit.web.site.errors import ERROR_RESPONSES, ApiProblem, Problem
from cribkit.web.site.i18n import translator
from cribkit.web.tools.card_patterns import cards_text, one_card_schema, play_text
from cribkit.web.tools.schemas import (
    AdviseRequest,
    AdviseResponse,
    PegRequest,
    PegResponse,
    ScoreRequest,
    ScoreResponse,
)
from cribkit.web.tools.tools import (
    InputError,
    peg,
    read_deal,
    read_play,
    read_selection,
    score,
)

__all__ = ["router", "unprocessable"]

router = APIRouter(prefix="/api", tags=["tools"], responses=ERROR_RESPONSES)
_ERRORS: dict[int | str, dict[str, Any]] = {
    422: {**ERROR_RESPONSES[422], "description": "Input the tool cannot use."}
}


def unprocessable(request: Request, error: InputError, location: str = "body") -> ApiProblem:
    """A 422 whose message is the page's message, in the reader's language."""
    message = error.translated(translator(request))
    problem = Problem(loc=[location, error.field], msg=message, type="cribkit.input")
    return ApiProblem(422, message, code="invalid_input", problems=[problem])


def _score(request: Request, body: ScoreRequest, location: str) -> dict[str, object]:
    try:
        return score(read_selection(body.hand, body.starter), crib=body.crib).to_dict()
    except InputError as error:
        raise unprocessable(request, error, location) from None


def _peg(request: Request, body: PegRequest, location: str) -> dict[str, object]:
    try:
        return {"plays": [step.to_dict() for step in peg(read_play(body.play))]}
    except InputError as error:
        raise unprocessable(request, error, location) from None


def _advise(request: Request, body: AdviseRequest, location: str) -> dict[str, object]:
    try:
        return advise(read_deal(body.cards), dealer=body.dealer).to_dict(translator(request))
    except InputError as error:
        raise unprocessable(request, error, location) from None


@router.post("/score", response_model=ScoreResponse, responses=_ERRORS)
def post_score(request: Request, body: ScoreRequest) -> dict[str, object]:
    """Score a hand or crib: the total and every item in counting order, in table talk."""
    return _score(request, body, "body")


@router.get("/score", response_model=ScoreResponse, responses=_ERRORS)
def get_score(
    request: Request,
    hand: Annotated[str, Query(examples=["5H 5D 5C JS 5S"], json_schema_extra=cards_text(4, 5))],
    starter: Annotated[
        str | None, Query(json_schema_extra=one_card_schema(description="The starter."))
    ] = None,
    crib: bool = False,
) -> dict[str, object]:
    """The same as ``POST /api/score``, with the calculator page's query string."""
    return _score(request, ScoreRequest(hand=hand, starter=starter, crib=crib), "query")


@router.post("/peg", response_model=PegResponse, responses=_ERRORS)
def post_peg(request: Request, body: PegRequest) -> dict[str, object]:
    """Score a play card by card: the running count and what each card pegs."""
    return _peg(request, body, "body")


@router.get("/peg", response_model=PegResponse, responses=_ERRORS)
def get_peg(
    request: Request,
    play: Annotated[str, Query(examples=["6D 4C 5H 3S"], json_schema_extra=play_text())],
) -> dict[str, object]:
    """The same as ``POST /api/peg``, with the calculator page's query string."""
    return _peg(request, PegRequest(play=play), "query")


@router.post("/advise", response_model=AdviseResponse, responses=_ERRORS)
def post_advise(request: Request, body: AdviseRequest) -> dict[str, object]:
    """Rank the 15 ways to keep four of six dealt cards by exact expected points."""
    return _advise(request, body, "body")


@router.get("/advise", response_model=AdviseResponse, responses=_ERRORS)
def get_advise(
    request: Request,
    cards: Annotated[
        str, Query(examples=["5H 5D 5C JS 4D KC"], json_schema_extra=cards_text(6, 6))
    ],
    dealer: bool,
) -> dict[str, object]:
    """The same as ``POST /api/advise``, with the advisor page's query string."""
    return _advise(request, AdviseRequest(cards=cards, dealer=dealer), "query")
