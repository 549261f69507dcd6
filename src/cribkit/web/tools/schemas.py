"""Pydantic models of the tools' JSON API, so requests and answers appear in OpenAPI."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

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


class ScoreItemOut(BaseModel):
    """One scoring combination, as the engine's ``ScoreItem.to_dict()`` gives it."""

    kind: str = Field(examples=["fifteen"])
    points: int = Field(examples=[2])
    cards: list[str] = Field(examples=[["5H", "JS"]])
    call: str = Field(examples=["fifteen two"])


class ScoreRequest(StrictRequest):
    hand: Cards = Field(
        description="Four cards, or five with the starter last ('5h 5d 5c js 5s').",
        examples=["5H 5D 5C JS"],
    )
    starter: str | None = Field(default=None, examples=["5S"])
    crib: bool = Field(default=False, description="Score as the crib (a flush needs all five).")


class ScoreResponse(BaseModel):
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


class PegStepOut(BaseModel):
    card: str | None = Field(description="The card played, or null for a go.")
    go: bool
    count: int = Field(description="The running count after this step.")
    points: int
    items: list[ScoreItemOut]
    call: str = Field(description="What the card pegs, as said aloud ('nothing' if nothing).")


class PegResponse(BaseModel):
    plays: list[PegStepOut]


class AdviseRequest(StrictRequest):
    cards: Cards = Field(description="The six cards dealt.", examples=["5H 5D 5C JS 4D KC"])
    dealer: bool = Field(description="True if you deal (the crib is yours).")


class DiscardOptionOut(BaseModel):
    keep: list[str]
    throw: list[str]
    hand_ev: float = Field(description="Expected points of the kept four over every starter.")
    hand_min: int
    hand_max: int
    crib_ev: float = Field(
        description="Expected points of the crib these two cards go to (always >= 0)."
    )
    total_ev: float = Field(description="hand_ev plus crib_ev if you deal, minus it if not.")


class AdviseResponse(BaseModel):
    cards: list[str]
    dealer: bool
    options: list[DiscardOptionOut] = Field(description="All 15 holds, best first.")
    explanation: str = Field(
        description="Why the best hold is best (against the best hand alone when they differ)."
    )
