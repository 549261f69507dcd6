"""``GET /api/rating``: the reader's Glicko-2 rating and every rated game behind it.

Only the reader's own figures: a friend game's history row says "friend", never who
(the other player's id is their identity, and stays theirs).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import Field

from cribkit.web.site.errors import ERROR_RESPONSES
from cribkit.web.site.loop_deps import on_the_loop
from cribkit.web.site.schemas import ResponseModel
from cribkit.web.table.games.deps import PlayerId
from cribkit.web.table.rating.book import RatingBook

__all__ = ["RatedGameOut", "RatingOut", "Ratings", "ratings_of", "router"]

router = APIRouter(prefix="/api", tags=["rating"], responses=ERROR_RESPONSES)


def ratings_of(request: Request) -> RatingBook:
    """The app's rating book (built once by ``create_app``)."""
    book: RatingBook = request.app.state.ratings
    return book


Ratings = Annotated[RatingBook, Depends(on_the_loop(ratings_of))]


class RatedGameOut(ResponseModel):
    """One rated game: the rating before and after it."""

    game_id: str
    rated_at: datetime
    opponent: str = Field(description="The computer level's strategy (expert...) or friend.")
    opponent_rating: float
    outcome: Literal[0, 1] = Field(description="1: won; 0: lost (a resignation is a loss).")
    rating_before: float
    rating_after: float
    rd_after: float


class RatingOut(ResponseModel):
    """The reader's rating (Glicko-2, on the ladder's Elo-like scale) and its history."""

    rating: float = Field(examples=[1149.0])
    rd: float = Field(description="Rating deviation: the rating is known to about ± 2 RD.")
    vol: float = Field(description="Glicko-2 volatility.")
    games: int = Field(description="Rated games so far.")
    history: list[RatedGameOut] = Field(description="Every rated game, oldest first.")


@router.get("/rating")
def get_rating(ratings: Ratings, player_id: PlayerId) -> RatingOut:
    """The reader's rating; a newcomer's starting figures before any rated game."""
    ratings.catch_up(player_id)
    standing = ratings.standing(player_id)
    history = [
        RatedGameOut(
            game_id=entry.game_id,
            rated_at=_aware(entry.rated_at),
            opponent=entry.opponent,
            opponent_rating=entry.opponent_rating,
            outcome=1 if entry.outcome >= 0.5 else 0,
            rating_before=entry.rating_before,
            rating_after=entry.rating_after,
            rd_after=entry.rd_after,
        )
        for entry in ratings.history(player_id)
    ]
    return RatingOut(
        rating=standing.rating,
        rd=standing.rd,
        vol=standing.vol,
        games=standing.games,
        history=history,
    )


def _aware(moment: datetime) -> datetime:
    """SQLite hands datetimes back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
