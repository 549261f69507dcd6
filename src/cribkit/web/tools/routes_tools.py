"""The tool pages: calculator, advisor, rules and score sheet (server-rendered, no JS needed).

Every page reads its state from the query string, so each answer has an address that can
be bookmarked and shared; bad input is shown beside its field with a 200, never a 500.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from cribkit.cards import Card
from cribkit.scoring import ScoreKind
from cribkit.web.site.advice import Advice, advise
from cribkit.web.site.templating import render
from cribkit.web.tools import examples
from cribkit.web.tools.grid import deck_grid
from cribkit.web.tools.tools import (
    InputError,
    PegStep,
    ShowResult,
    ShowSelection,
    advisor_url,
    calculator_url,
    format_tokens,
    peg,
    read_cards,
    read_deal,
    read_play,
    read_selection,
    score,
    toggle_card,
)

__all__ = ["router"]

router = APIRouter(tags=["pages"], include_in_schema=False)
_TRUE = frozenset({"1", "true", "yes", "on"})


def _flag(value: str | None, *, default: bool) -> bool:
    return default if value is None or value == "" else value.strip().lower() in _TRUE


def _click_show(selection: ShowSelection, card: Card) -> ShowSelection:
    """A grid click: take a chosen card back, else fill the hand, then the starter."""
    if card == selection.starter:
        return ShowSelection(selection.hand, None)
    hand = toggle_card(selection.hand, card, limit=4)
    return (
        ShowSelection(selection.hand, card)
        if hand is None
        else ShowSelection(hand, selection.starter)
    )


@router.get("/calculator", response_class=HTMLResponse)
def calculator(
    request: Request,
    hand: str = "",
    starter: str = "",
    crib: str | None = None,
    play: str = "",
) -> HTMLResponse:
    """Score a hand or crib (grid or typed cards) and, beside it, a pegging sequence."""
    is_crib = _flag(crib, default=False)
    errors: dict[str, InputError] = {}
    selection = ShowSelection()
    result: ShowResult | None = None
    try:
        selection = read_selection(hand, starter)
        if selection.cards:
            result = score(selection, crib=is_crib)
    except InputError as error:
        errors[error.field] = error
    steps: tuple[PegStep, ...] = ()
    try:
        if play.strip():
            steps = peg(read_play(play))
    except InputError as error:
        errors["play"] = error

    def click(card: Card) -> str:
        chosen = _click_show(selection, card)
        return calculator_url(chosen.hand, chosen.starter, crib=is_crib, play=play)

    def role(card: Card) -> str | None:
        if card == selection.starter:
            return "starter"
        return "hand" if card in selection.hand else None

    context: dict[str, Any] = {
        "hand_text": format_tokens(selection.hand) if "hand" not in errors else hand,
        "starter_text": str(selection.starter or "")
        if not errors.keys() & {"hand", "starter"}
        else starter,
        "play_text": play,
        "crib": is_crib,
        "selection": selection,
        "result": result,
        "steps": steps,
        "errors": errors,
        "grid": deck_grid(click, role),
        "clear_url": calculator_url(crib=is_crib, play=play),
        "clear_play_url": calculator_url(selection.hand, selection.starter, crib=is_crib),
        "crib_url": calculator_url(selection.hand, selection.starter, crib=not is_crib, play=play),
    }
    return render(request, "calculator.html", context)


@router.get("/advisor", response_class=HTMLResponse)
def advisor(request: Request, cards: str = "", dealer: str | None = None) -> HTMLResponse:
    """Rank the 15 ways to keep four of six dealt cards, for the dealer or the pone."""
    is_dealer = _flag(dealer, default=True)
    error: InputError | None = None
    chosen: tuple[Card, ...] = ()
    advice: Advice | None = None
    try:
        chosen = read_cards(cards, "cards")
        if chosen:
            advice = advise(read_deal(chosen), dealer=is_dealer)
    except InputError as problem:
        error = problem

    def click(card: Card) -> str | None:
        toggled = toggle_card(chosen, card, limit=6)
        return None if toggled is None else advisor_url(toggled, dealer=is_dealer)

    def role(card: Card) -> str | None:
        return "hand" if card in chosen else None

    context: dict[str, Any] = {
        "cards_text": format_tokens(chosen) if error is None else cards,
        "dealer": is_dealer,
        "chosen": chosen,
        "advice": advice,
        "error": error,
        "grid": deck_grid(click, role),
        "clear_url": advisor_url(dealer=is_dealer),
        "dealer_url": advisor_url(chosen, dealer=not is_dealer),
    }
    return render(request, "advisor.html", context)


@router.get("/rules", response_class=HTMLResponse)
def rules(request: Request) -> HTMLResponse:
    """How to play, with every worked example scored by the engine as the page is served."""
    context = {
        "thirteen": examples.show_example("4S 5S 6S JS 9H"),
        "thirteen_crib": examples.show_example("4S 5S 6S JS 9H", crib=True),
        "double_run": examples.show_example("5C 6D 7H 7S 8D"),
        "perfect": examples.show_example("5C 5D 5H JS 5S"),
        "crib_flush": examples.show_example("AH 3H 7H KH QC", crib=True),
        "hand_flush": examples.show_example("AH 3H 7H KH QC"),
        "fifteen_pair": examples.peg_example("AD 7C 7H"),
        "run_out_of_order": examples.peg_example("6D 4C 5H 3S"),
        "run_of_three": examples.peg_example("8C 6D 7H"),
        "thirty_one": examples.peg_example("QS 9D 8C 4H"),
        "go": examples.peg_example("QS 9D 8C go 7H"),
        "no_pair": examples.peg_example("QH KS"),
        "no_wrap": examples.peg_example("KH AS 2C"),
        **_seed_examples(),
    }
    return render(request, "rules.html", context)


def _seed_examples() -> dict[str, object]:
    """The seeds' small examples for each way to score and for each item of the show."""
    return {
        "fifteen_kind": ScoreKind.FIFTEEN,
        "fifteens": [examples.cards_example(c) for c in ("9S 6D", "KC 5H", "7D 5S 3C")],
        "three_eights": examples.cards_example("8S 8C 8H"),
        "run_three": examples.cards_example("4C 5D 6S"),
        "run_doubled": examples.cards_example("4C 5D 6S 5H"),
        "flush_hand": examples.show_example("4S 5S 9S JS 2H"),
        "flush_crib": examples.show_example("4S 5S 9S JS 2H", crib=True),
        "nobs": examples.show_example("JH 6C 8D KS 4H"),
        "heels": examples.heels_example(119, 100),
        "run_of_four": examples.peg_example("2H 8C 6D 7H 5S"),
        "not_a_run": examples.peg_example("2H 5C 7C 7D 6S"),
        "jacks_five": examples.cards_example("JH JS 5C"),
        "queens": examples.cards_example("QS QD"),
        "four_aces": examples.cards_example("AH AS AD AC"),
        "run_four": examples.cards_example("AS 2H 3C 4D"),
        "flush_four": examples.show_example("AS 5S 9S JS 2D"),
        "flush_five": examples.show_example("AS 5S 9S JS QS"),
    }


@router.get("/reference", response_class=HTMLResponse)
def reference(request: Request) -> HTMLResponse:
    """The printable score sheet: tables, shortcuts, exceptions, five examples, a short FAQ."""
    context = {
        "multi_runs": examples.multi_runs(),
        "flush_hand": examples.show_example("AH 3H 7H KH QC"),
        "flush_crib": examples.show_example("AH 3H 7H KH QC", crib=True),
        "flush5_hand": examples.show_example("AH 3H 7H KH QH"),
        "flush5_crib": examples.show_example("AH 3H 7H KH QH", crib=True),
        "double_run": examples.show_example("2C 3D 3H 4S AC"),
        "run_play": examples.peg_example("6D 4C 5H 3S"),
        "thirty_one": examples.peg_example("QS 9D 8C 4H"),
        "go": examples.peg_example("QS 9D 8C go"),
        "perfect": examples.show_example("5C 5D 5H JS 5S"),
        "zero": examples.show_example("2C 4D 6H 8S KH"),
    }
    return render(request, "reference.html", context)
