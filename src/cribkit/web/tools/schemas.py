"""Pydantic models of the tools' JSON API, so requests and answers appear in OpenAPI (the
score items and discard options are the table's too: they live in ``site.schemas``)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from cribkit.web.site.schemas import DiscardOptionOut, ResponseModel, ScoreItemOut
from cribkit.web.tools.card_patterns import (
    cards_schema,
    one_card_schema,
    one_card_text,
    play_schema,
)

__all__ = [
    "AdviseRequest",
    "AdviseResponse",
    "DiscardOptionOut",
    "PegRequest",
    "PegResponse",
    "PegStepOut",
    "ScoreItemOut",
    "ScoreRequest",
    "ScoreResponse",
    "StrictRequest",
]

Cards = str | list[str]


class StrictRequest(BaseModel):
    """A request read as sent: ``true`` is not a card, ``1`` not a boolean, no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid")


HAND = "Four cards, or five with the starter last ('5h 5d 5c js 5s')."
STARTER_MEANS_FOUR: dict[str, Any] = {
    "if": {
        "properties": {"starter": {"type": "string", **one_card_text()}},
        "required": ["starter"],
    },
    "then": {"properties": {"hand": cards_schema(4, 4, description=HAND)}},
    "else": {"properties": {"hand": cards_schema(5, 5, description=HAND)}},
}
"""With a starter of its own the hand field holds four cards; without one, five (the
starter last)."""


class ScoreRequest(StrictRequest):
    model_config = ConfigDict(json_schema_extra=STARTER_MEANS_FOUR)

    hand: Annotated[Cards, WithJsonSchema(cards_schema(4, 5, description=HAND))] = Field(
        examples=["5H 5D 5C JS 5S"]
    )
    starter: Annotated[
        str | None,
        WithJsonSchema(one_card_schema(description="The starter, if not the hand's fifth card.")),
    ] = Field(default=None, examples=["5S"])
    crib: bool = Field(default=False, description="Score as the crib (a flush needs all five).")


class ScoreResponse(ResponseModel):
    hand: list[str]
    starter: str
    crib: bool
    total: int
    items: list[ScoreItemOut]
    call: str = Field(description="The whole count in table talk.")


class PegRequest(StrictRequest):
    play: Annotated[
        Cards,
        WithJsonSchema(
            play_schema(
                description="Cards in the order played; 'go' ends a series (one for the go)."
            )
        ),
    ] = Field(examples=["QS 9D 8C 4H"])


class PegStepOut(ResponseModel):
    card: str | None = Field(description="The card played, or null for a go.")
    go: bool
    count: int = Field(description="The running count after this step.")
    points: int
    items: list[ScoreItemOut]
    call: str = Field(description="What the card pegs, as said aloud ('nothing' if nothing).")


class PegResponse(ResponseModel):
    plays: list[PegStepOut]


class AdviseRequest(StrictRequest):
    cards: Annotated[
        Cards, WithJsonSchema(cards_schema(6, 6, description="The six cards dealt."))
    ] = Field(examples=["5H 5D 5C JS 4D KC"])
    dealer: bool = Field(description="True if you deal (the crib is yours).")


class AdviseResponse(ResponseModel):
    cards: list[str]
    dealer: bool
    options: list[DiscardOptionOut] = Field(description="All 15 holds, best first.")
    explanation: str = Field(
        description="Why the best hold is best (against the best hand alone when they differ)."
    )
