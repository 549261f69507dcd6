"""``GET /api/games/{id}/review``: the review of the reader's seat, as ``cribkit review --json``.

The same object the command line prints for the game's record (``GameReview.to_dict``),
for a finished game of the reader's only: another player's game is not found, and an
unfinished one is refused (its review would judge a game still being played).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from cribkit.web.site.capped_work import BusyError, busy_answer, record_work
from cribkit.web.site.errors import ERROR_RESPONSES, RATE_LIMITED_RESPONSES, ApiError, api_problem
from cribkit.web.table.games.deps import PlayerId
from cribkit.web.table.games.loaded import GameNotFoundError
from cribkit.web.table.review.reviews import GameUnfinishedError
from cribkit.web.table.review.routes import Reviews
from cribkit.web.table.review.schemas import GameReviewOut

__all__ = ["GameReviewOut", "router"]

router = APIRouter(prefix="/api/games", tags=["games"], responses=ERROR_RESPONSES)


_ERRORS: dict[int | str, dict[str, Any]] = {
    200: {"description": "The review of your seat."},
    404: {"model": ApiError, "description": "No such game for this player."},
    409: {"model": ApiError, "description": "The game is not over yet."},
    503: {"model": ApiError, "description": "Busy with other reviews: see Retry-After."},
    **RATE_LIMITED_RESPONSES,
}


@router.get("/{game_id}/review", responses=_ERRORS, response_model=GameReviewOut)
async def get_review(
    request: Request, game_id: str, reviews: Reviews, player_id: PlayerId
) -> GameReviewOut | Response:
    """Your seat's every discard, play and go in a finished game, priced against the best
    (in a capped worker thread, off the event loop)."""
    try:
        reviewed = await record_work(request).run(lambda: reviews.review(player_id, game_id))
    except BusyError:
        return busy_answer(request)
    except GameNotFoundError as exc:
        raise api_problem(request, 404, exc) from None
    except GameUnfinishedError as exc:
        raise api_problem(request, 409, exc) from None
    return GameReviewOut.model_validate(reviewed.review.to_dict())
