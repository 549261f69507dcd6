"""Reading the tools' input and shaping their answers: one place for the pages and the API.

The calculator, the pegging calculator and the advisor take text typed by people (or sent
by scripts). Everything here turns that text into cards with messages a player
understands (``InputError``, translated where it is shown) and turns the engine's results
into the rows the pages show and the dictionaries the API returns.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import quote_plus, urlencode

from cribkit.cards import Card, parse_card
from cribkit.errors import CribkitError, IllegalActionError, InvalidNotationError
from cribkit.scoring import (
    GO_WORDS,
    MAX_PLAY_CARDS,
    Breakdown,
    PegStep,
    ScoreItem,
    peg_sequence,
    score_show,
)
from cribkit.web.site.i18n import N_

__all__ = [
    "CardsText",
    "InputError",
    "PegStep",
    "ShowResult",
    "ShowSelection",
    "advisor_url",
    "calculator_url",
    "format_tokens",
    "peg",
    "read_cards",
    "read_deal",
    "read_play",
    "read_selection",
    "score",
    "toggle_card",
]

MAX_INPUT = 200
"""Longest text accepted in one field: more than enough for eight cards and a few gos."""


class InputError(CribkitError):
    """Input a tool cannot use, tied to the form field it came from.

    ``message`` is the English catalogue id with ``%(name)s`` placeholders, so a page or the
    API can show it in the reader's language.
    """

    def __init__(self, field: str, message: str, **params: str | int) -> None:
        super().__init__(message % params, params=params)
        self.field = field
        self.message = message

    def translated(self, translations: gettext.NullTranslations) -> str:
        return translations.gettext(self.message) % self.params


# ---------------------------------------------------------------- reading cards


CardsText = str | Sequence[str | Card] | None
"""Cards as typed (``"5h 5d"``), as a list of tokens, or already parsed."""


def _split(text: CardsText, field: str) -> list[str]:
    if text is None:
        return []
    joined = text if isinstance(text, str) else " ".join(str(token) for token in text)
    if len(joined) > MAX_INPUT:
        raise InputError(field, N_("That is too long: a few cards are enough."))
    return joined.replace(",", " ").replace(";", " ").replace("+", " ").split()


def _card(token: str, field: str) -> Card:
    try:
        return parse_card(token)
    except InvalidNotationError:
        raise InputError(
            field,
            N_(
                "“%(token)s” is not a card. Write a rank (A, 2–10, J, Q, K) and then a suit "
                "(C, D, H, S or ♣ ♦ ♥ ♠), like 5H or 10♥."
            ),
            token=token,
        ) from None


def _check_once(cards: Iterable[Card], field: str) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InputError(
                field, N_("%(card)s appears twice, but a deck has only one."), card=card.unicode
            )
        seen.add(card)


def read_cards(text: CardsText, field: str) -> tuple[Card, ...]:
    """Distinct cards from text like ``5h 5d 5c js`` (spaces, commas or ``+``)."""
    cards = tuple(_card(token, field) for token in _split(text, field))
    _check_once(cards, field)
    return cards


def read_deal(text: CardsText) -> tuple[Card, ...]:
    """The advisor's six dealt cards (fewer is an unfinished choice, said as such)."""
    cards = read_cards(text, "cards")
    if len(cards) != 6:
        raise InputError(
            "cards",
            N_("The advisor needs the six cards you were dealt; you gave %(count)d."),
            count=len(cards),
        )
    return cards


def format_tokens(cards: Iterable[Card]) -> str:
    """The canonical form the URLs and fields use: ``5H 5D 5C JS``."""
    return " ".join(str(card) for card in cards)


# ---------------------------------------------------------------- the show


@dataclass(frozen=True, slots=True)
class ShowSelection:
    """Cards chosen so far for the calculator: up to four, and maybe a starter."""

    hand: tuple[Card, ...] = ()
    starter: Card | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.hand if self.starter is None else (*self.hand, self.starter)


def read_selection(hand: CardsText, starter: CardsText) -> ShowSelection:
    """Read the calculator's fields; five cards in the hand field means the last is the starter."""
    hand_cards = tuple(_card(token, "hand") for token in _split(hand, "hand"))
    starter_cards = read_cards(starter, "starter")
    if len(starter_cards) > 1:
        raise InputError(
            "starter",
            N_("The starter is one card; you gave %(count)d."),
            count=len(starter_cards),
        )
    if not starter_cards and len(hand_cards) == 5:
        hand_cards, starter_cards = hand_cards[:4], hand_cards[4:]
    _check_once(hand_cards, "hand")
    if len(hand_cards) > 4:
        raise InputError(
            "hand",
            N_("A hand or crib has four cards (five with the starter); you gave %(count)d."),
            count=len(hand_cards),
        )
    if starter_cards and starter_cards[0] in hand_cards:
        raise InputError(
            "starter",
            N_(
                "The starter %(card)s is also in the hand, but a deck has only one %(card)s: "
                "choose another starter or another hand card."
            ),
            card=starter_cards[0].unicode,
        )
    return ShowSelection(hand_cards, starter_cards[0] if starter_cards else None)


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One item of a breakdown with the hand's running total after it."""

    item: ScoreItem
    running: int


@dataclass(frozen=True, slots=True)
class ShowResult:
    """A scored hand or crib: the cards, the engine's breakdown and nothing recomputed."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    breakdown: Breakdown

    @property
    def total(self) -> int:
        return self.breakdown.total

    def rows(self) -> list[ScoreRow]:
        running = 0
        rows = []
        for item in self.breakdown.items:
            running += item.points
            rows.append(ScoreRow(item, running))
        return rows

    def to_dict(self) -> dict[str, object]:
        """The JSON shape shared with the command line's ``--json``."""
        return {
            "hand": [str(card) for card in self.hand],
            "starter": str(self.starter),
            "crib": self.crib,
            "total": self.total,
            "items": [item.to_dict() for item in self.breakdown.items],
            "call": self.breakdown.call,
        }


def score(selection: ShowSelection, *, crib: bool) -> ShowResult:
    """Score a complete selection, or say what is missing."""
    if len(selection.hand) < 4:
        raise InputError(
            "hand",
            N_("A hand or crib has four cards; you chose %(count)d so far."),
            count=len(selection.hand),
        )
    if selection.starter is None:
        raise InputError(
            "starter",
            N_(
                "Four cards and no starter: add the starter, the card turned up for "
                "everyone (or type all five cards with the starter last)."
            ),
        )
    breakdown = score_show(selection.hand, selection.starter, crib=crib)
    return ShowResult(selection.hand, selection.starter, crib, breakdown)


def toggle_card(cards: Sequence[Card], card: Card, *, limit: int) -> tuple[Card, ...] | None:
    """Cards after clicking ``card``: removed if chosen, added if room, else None."""
    if card in cards:
        return tuple(c for c in cards if c != card)
    if len(cards) < limit:
        return (*cards, card)
    return None


def calculator_url(
    hand: Sequence[Card] = (),
    starter: Card | None = None,
    *,
    crib: bool = False,
    play: str = "",
) -> str:
    """A bookmarkable calculator address: ``/calculator?hand=5H+5D+5C+JS&starter=5S&crib=0``."""
    params: dict[str, str] = {}
    if hand:
        params["hand"] = format_tokens(hand)
    if starter is not None:
        params["starter"] = str(starter)
    if hand or starter is not None:
        params["crib"] = "1" if crib else "0"
    if play:
        params["play"] = play
    query = urlencode(params, quote_via=quote_plus, safe="")
    return "/calculator" + (f"?{query}" if query else "")


def advisor_url(cards: Sequence[Card] = (), *, dealer: bool = True) -> str:
    """A bookmarkable advisor address: ``/advisor?cards=5H+5D+5C+JS+5S+4D&dealer=1``."""
    params = {"cards": format_tokens(cards), "dealer": "1" if dealer else "0"}
    return "/advisor?" + urlencode(params, quote_via=quote_plus, safe="")


# ---------------------------------------------------------------- the play


def read_play(text: CardsText) -> tuple[Card | None, ...]:
    """A play sequence: cards in order, ``go`` (or ``|``) where a series ended on a go."""
    tokens = _split(text, "play")
    moves = tuple(None if t.lower() in GO_WORDS else _card(t, "play") for t in tokens)
    cards = [move for move in moves if move is not None]
    _check_once(cards, "play")
    if len(cards) > MAX_PLAY_CARDS:
        raise InputError(
            "play",
            N_("A deal has at most eight cards in play (four each); you gave %(count)d."),
            count=len(cards),
        )
    return moves


def peg(moves: Sequence[Card | None]) -> tuple[PegStep, ...]:
    """Score a play move by move with the engine's ``peg_sequence``, its mistakes said as
    the calculator's field errors."""
    if not any(move is not None for move in moves):
        raise InputError(
            "play", N_("Type the cards in the order they were played, like 6D 4C 5H 3S.")
        )
    try:
        return peg_sequence(moves)
    except IllegalActionError as exc:
        if exc.code == "go_before_card":
            raise InputError(
                "play",
                N_("A go comes after a card: it ends the series and scores one for the go."),
            ) from None
        raise InputError(
            "play",
            N_(
                "%(card)s would take the count from %(before)d to %(after)d, past 31. "
                "Write “go” before it to end the series and start again from 0."
            ),
            card=parse_card(str(exc.params["card"])).unicode,
            before=exc.params["count"],
            after=exc.params["total"],
        ) from None
