"""The tools' card fields as JSON Schema patterns, so the OpenAPI document says what the
server reads: the card spellings ``parse_card`` takes, the separators the fields take and
how many cards each field holds.

A pattern cannot say that no card appears twice or that the count never passes 31; a
well-formed field the rules refuse is answered 422 with the tool's own message (the
schemathesis configuration, ``schemathesis.toml``, says so for these operations only).
"""

from __future__ import annotations

import re
from typing import Any

from cribkit.cards import RANK_SPELLINGS, SUIT_SPELLINGS
from cribkit.scoring import GO_WORDS, MAX_PLAY_CARDS

__all__ = [
    "CARD",
    "MAX_FIELD",
    "cards_schema",
    "cards_text",
    "no_card_text",
    "one_card_schema",
    "one_card_text",
    "play_schema",
    "play_text",
]

MAX_FIELD = 200
"""The longest text a card field takes (the tools' ``MAX_INPUT``)."""


def _either_case(spellings: tuple[str, ...]) -> str:
    """An alternation of ``spellings`` in any letter case, longest first (``10`` before ``1``)."""
    alternatives = []
    for spelling in sorted(spellings, key=len, reverse=True):
        alternatives.append(
            "".join(
                f"[{ch.upper()}{ch.lower()}]" if ch.isalpha() else re.escape(ch) for ch in spelling
            )
        )
    return "(?:" + "|".join(alternatives) + ")"


_RANK = _either_case(RANK_SPELLINGS)
_SUIT = _either_case(SUIT_SPELLINGS)
CARD = f"(?:{_RANK}{_SUIT}|{_SUIT}{_RANK})"
"""One card: a rank then a suit (``5h``, ``10♥``) or a suit then a rank (``h5``)."""
_SEP = r"[\s,;+]+"
_EDGE = r"[\s,;+]*"
_GO = _either_case(tuple(sorted(GO_WORDS)))  # sorted: the schema the same in every process


def cards_text(least: int, most: int) -> dict[str, Any]:
    """Text of ``least`` to ``most`` cards (a query parameter's schema, or a body's)."""
    pattern = f"^{_EDGE}{CARD}(?:{_SEP}{CARD}){{{least - 1},{most - 1}}}{_EDGE}$"
    return {"pattern": pattern, "maxLength": MAX_FIELD}


def cards_schema(least: int, most: int, *, description: str) -> dict[str, Any]:
    """A card field: text of ``least`` to ``most`` cards, or a list of as many cards."""
    return {
        "description": description,
        "anyOf": [
            {"type": "string", **cards_text(least, most)},
            {
                "type": "array",
                "items": {"type": "string", **one_card_text()},
                "minItems": least,
                "maxItems": most,
            },
        ],
    }


def no_card_text() -> dict[str, Any]:
    """Text of no card at all: blank, or separators only (an empty field)."""
    return {"pattern": f"^{_EDGE}$"}


def one_card_schema(*, description: str) -> dict[str, Any]:
    """A field of one card, or of none: blank text or null."""
    return {
        "description": description,
        "anyOf": [
            {"type": "string", **one_card_text()},
            {"type": "string", **no_card_text()},
            {"type": "null"},
        ],
    }


def play_text() -> dict[str, Any]:
    """A play as text: one to eight cards in order, gos between and after them."""
    gos = f"(?:{_GO}{_SEP})*"  # a go only ever follows a card
    cards = f"{CARD}(?:{_SEP}{gos}{CARD}){{0,{MAX_PLAY_CARDS - 1}}}"
    return {"pattern": f"^{_EDGE}{cards}(?:{_SEP}{_GO})*{_EDGE}$", "maxLength": MAX_FIELD}


def one_card_text() -> dict[str, Any]:
    """Text of exactly one card."""
    return {"pattern": f"^{_EDGE}{CARD}{_EDGE}$"}


def play_schema(*, description: str) -> dict[str, Any]:
    """The pegging calculator's field: one to eight cards in order, gos between them."""
    token = f"^{_EDGE}(?:{CARD}|{_GO}){_EDGE}$"
    return {
        "description": description,
        "anyOf": [
            {"type": "string", **play_text()},
            {"type": "array", "items": {"type": "string", "pattern": token}, "minItems": 1},
        ],
    }
