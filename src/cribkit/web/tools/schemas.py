"""Pydantic models of the tools' JSON API, so requests and answers appear in OpenAPI (the
score items and discard options are the table's too: they live in ``site.schemas``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from cribkit.web.site.schemas import DiscardOptionOut, ResponseModel, ScoreItemOut

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


class ScoreRequest(StrictRequest):
    hand: Cards = Field(
        description="Four cards, or five with the starter last ('5h 5d 5c js 5s').",
        examples=["5H 5D 5C JS 5S"],
    )
    starter: str | None = Field(default=None, examples=["5S"])
    crib: bool = Field(default=False, description="Score as the crib (a flush needs all five).")


class ScoreResponse(ResponseModel):
    hand: list[str]
    starter: str
    crib: bool
    total: int
    items: list[ScoreItemOut]
    call: str = Field(description="The whole count in table talk.")


class PegRequest(StrictRequest):
    play: Cards = Field(
        description="Cards in the order played; 'go' ends a series (one for the go).",
        examples=["QS 9D 8C 4H"],
    )


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
    cards: Cards = Field(description="The six cards dealt.", examples=["5H 5D 5C JS 4D KC"])
    dealer: bool = Field(description="True if you deal (the crib is yours).")


class AdviseResponse(ResponseModel):
    cards: list[str]
    dealer: bool
    options: list[DiscardOptionOut] = Field(description="All 15 holds, best first.")
    explanation: str = Field(
        description="Why the best hold is best (against the best hand alone when they differ)."
    )
