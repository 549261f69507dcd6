"""Answer shapes both rooms share: the base of every response model, and the engine's score
items and discard options as the calculator, the advisor and the table's hint send them.

Every response model forbids fields it does not list, so ``/openapi.json`` says
``additionalProperties: false`` and an answer that grows a field no model names fails the
schema tests (and answers 500) instead of drifting from the document silently.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from cribkit.scoring import ScoreKind

__all__ = ["MUGGINS_NEEDS_COUNT_OWN", "DiscardOptionOut", "ResponseModel", "ScoreItemOut"]


MUGGINS_NEEDS_COUNT_OWN: dict[str, Any] = {
    "if": {"properties": {"muggins": {"const": True}}, "required": ["muggins"]},
    "then": {"properties": {"count_own": {"const": True}}, "required": ["count_own"]},
}
"""A new game's rule the schema states too: muggins only where people count their own
hands (nobody can overlook points the engine counts), so such a body is refused with 422."""


class ResponseModel(BaseModel):
    """The base of every JSON answer: exactly the fields listed, nothing else."""

    model_config = ConfigDict(extra="forbid")


class ScoreItemOut(ResponseModel):
    """One scoring combination, as the engine's ``ScoreItem.to_dict()`` gives it."""

    kind: ScoreKind = Field(examples=["fifteen"])
    points: int = Field(examples=[2])
    cards: list[str] = Field(examples=[["5H", "JS"]])
    call: str = Field(examples=["fifteen two"])


class DiscardOptionOut(ResponseModel):
    """One way to keep four of six cards (``DiscardOption.to_dict()``)."""

    keep: list[str]
    throw: list[str]
    hand_ev: float = Field(description="Expected points of the kept four over every starter.")
    hand_min: int
    hand_max: int
    crib_ev: float = Field(
        description="Expected points of the crib these two cards go to (always >= 0)."
    )
    total_ev: float = Field(description="hand_ev plus crib_ev if you deal, minus it if not.")
