"""The review pages: a finished game of the reader's, or an uploaded record's chosen seat.

A stored game is reviewed for the reader's own seat only (another player's game is not
found, like every game route); an uploaded record is public once its game is over, so
the reader picks the seat. Both are plain server pages (no script), and every costly
decision links to its moment in the replay (``?action=N``, or the record posted again).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse
from starlette.responses import Response

from cribkit.analysis.review import GameReview, review_game
from cribkit.errors import CribkitError
from cribkit.record import GameRecord
from cribkit.web.site.capped_work import BusyError, busy_answer, record_work
from cribkit.web.site.errors import error_page
from cribkit.web.site.errors_i18n import error_message
from cribkit.web.site.i18n import DEFAULT_LANGUAGE, N_, request_language, translator
from cribkit.web.site.loop_deps import on_the_loop
from cribkit.web.site.templating import render
from cribkit.web.table.common.record_upload import read_record, record_error_message
from cribkit.web.table.games.deps import PlayerId
from cribkit.web.table.games.loaded import GameNotFoundError
from cribkit.web.table.review.page import review_page
from cribkit.web.table.review.reviews import GameUnfinishedError, ReviewBook

__all__ = ["Reviews", "reviews_of", "router"]

router = APIRouter(tags=["pages"], include_in_schema=False)

_NO_SEAT = N_("Choose seat 0 or seat 1 to review.")
_UPLOAD_UNFINISHED = N_(
    "That record's game is not finished: a review is made of finished games only."
)


def reviews_of(request: Request) -> ReviewBook:
    book: ReviewBook = request.app.state.reviews
    return book


Reviews = Annotated[ReviewBook, Depends(on_the_loop(reviews_of))]


def _page(request: Request, record: GameRecord, review: GameReview, **context: Any) -> HTMLResponse:
    english = request_language(request) is DEFAULT_LANGUAGE
    page = review_page(record, review, translator(request), english=english)
    return render(request, "review.html", {"page": page, "unfinished": "", **context})


@router.get("/games/{game_id}/review", response_class=HTMLResponse)
async def review(request: Request, game_id: str, reviews: Reviews, player_id: PlayerId) -> Response:
    """The reader's own seat in one of their finished games, priced decision by decision
    (in a capped worker thread: a review is the costly part)."""
    try:
        reviewed = await record_work(request).run(lambda: reviews.review(player_id, game_id))
    except BusyError:
        return busy_answer(request)
    except GameNotFoundError as exc:
        return error_page(request, 404, error_message(exc, translator(request)))
    except GameUnfinishedError as exc:
        context = {"unfinished": error_message(exc, translator(request)), "game_id": game_id}
        return render(request, "review.html", context, status_code=409)
    return _page(
        request,
        reviewed.record,
        reviewed.review,
        game_id=game_id,
        record_text=None,
        level=reviewed.loaded.level,
    )


def _seat(raw: str) -> int | None:
    text = raw.strip()
    return int(text) if text in ("0", "1") else None


def _reviewed_upload(data: bytes, seat: int) -> tuple[GameRecord, GameReview | None]:
    """The record (checked line by line) and the seat's review (None: the game is not over)."""
    record = read_record(data)
    if not record.final_state().is_over:
        return record, None
    return record, review_game(record, seat)


@router.post("/replay/review", response_class=HTMLResponse)
async def review_upload(
    request: Request, text: Annotated[str, Form()] = "", seat: Annotated[str, Form()] = "0"
) -> Response:
    """Review one seat (the reader's choice) of a record posted from the replay page; the
    reading and the review run in a capped worker thread."""
    tr = translator(request)
    chosen = _seat(seat)
    if chosen is None:
        return error_page(request, 422, tr.gettext(_NO_SEAT))
    data = text.encode("utf-8", errors="surrogatepass")
    try:
        record, review = await record_work(request).run(lambda: _reviewed_upload(data, chosen))
    except BusyError:
        return busy_answer(request)
    except CribkitError as exc:
        return error_page(request, 422, record_error_message(exc, tr))
    if review is None:
        return error_page(request, 422, tr.gettext(_UPLOAD_UNFINISHED))
    return _page(request, record, review, game_id=None, record_text=record.to_text(), level=None)
