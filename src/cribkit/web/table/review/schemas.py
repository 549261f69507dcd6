"""The review API's answer as pydantic models: ``GameReview.to_dict`` field by field."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cribkit.web.site.schemas import ResponseModel

__all__ = ["CountOut", "DecisionOut", "GameReviewOut", "HandOut"]


class DecisionOut(ResponseModel):
    hand: int = Field(description="The deal the decision was made in, from 1.")
    step: int = Field(description="The action's index in the record (the replay's ?action=).")
    kind: Literal["discard", "play", "go"]
    chosen: str | list[str] = Field(description="The two cards thrown, the card played, or go.")
    best: str | list[str] = Field(description="The best choice from the seat's view.")
    lost: float = Field(ge=0, description="What the choice cost against the best; 0 if best.")
    unit: Literal["points", "win_chance"]
    why: str = Field(description="Why the best choice is best, in the hint's words (English).")


class HandOut(ResponseModel):
    hand: int
    lost_discard_points: float
    lost_play_points: float
    lost_points: float
    lost_win_chance: float
    counting_missed: int = Field(ge=0, description="Points this hand's own counts overlooked.")
    counting_muggins: int = Field(ge=0, description="Of those, what the opponent pegged.")
    counting_over_claimed: int = Field(ge=0, description="Points claimed past the true count.")


class CountOut(ResponseModel):
    """A hand or crib the seat counted itself (only with "count my own hand")."""

    hand: int = Field(description="The deal, from 1.")
    step: int = Field(description="The claim's index in the record (the replay's ?action=).")
    what: Literal["hand", "crib"]
    cards: list[str] = Field(description="The four cards laid down (the starter apart).")
    starter: str
    claimed: int = Field(ge=0, description="The seat's own count.")
    true: int = Field(ge=0, description="The engine's itemized count.")
    missed: int = Field(ge=0, description="Points the claim overlooked.")
    muggins: int = Field(ge=0, description="Of those, what the opponent pegged as muggins.")
    over_claimed: int = Field(ge=0, description="Points claimed past the true count (not pegged).")


class GameReviewOut(ResponseModel):
    """Every decision of one seat priced against the best, with the totals."""

    seat: int
    decisions: list[DecisionOut]
    lost_points: float = Field(description="Expected points lost, discards and play.")
    lost_discard_points: float
    lost_play_points: float
    lost_win_chance: float = Field(description="Winning chance lost near 121 (0 to 1).")
    accuracy: float = Field(description="Mean expected points lost per hand (lower is better).")
    per_hand: list[HandOut]
    counts: list[CountOut] = Field(description="Each show the seat counted itself; else empty.")
    counting_missed: int = Field(ge=0, description="Points its own counts overlooked.")
    counting_muggins: int = Field(ge=0, description="Of those, what the opponent pegged.")
    counting_over_claimed: int = Field(ge=0, description="Points claimed past the true counts.")
    resigned_by: int | None = Field(
        default=None, description="The seat that resigned the game (null: played to the end)."
    )
