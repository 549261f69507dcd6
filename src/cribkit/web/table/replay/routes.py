"""The replay pages: a finished game of this player's, or any record file uploaded.

Both are plain server pages stepped through moment by moment (no script needed). A
stored game steps with links; an uploaded record travels with the page in a form, so the
server keeps nothing of it. A finished game's record can be downloaded from here.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse
from starlette.responses import Response

from cribkit.errors import CribkitError
from cribkit.record import GameRecord
from cribkit.web.site.capped_work import BusyError, busy_answer, record_work
from cribkit.web.site.i18n import translator
from cribkit.web.site.templating import render
from cribkit.web.table.common.pegboard import board_layout, peg_marks
from cribkit.web.table.common.record_upload import (
    MAX_RECORD_BYTES,
    read_record,
    record_error_message,
)
from cribkit.web.table.games.api_history import record_filename
from cribkit.web.table.games.deps import PlayerId, Service
from cribkit.web.table.games.history import game_history
from cribkit.web.table.games.loaded import GameNotFoundError
from cribkit.web.table.games.seat_words import seat_words, words_for
from cribkit.web.table.replay.moments import moment_of_action, moments

__all__ = ["router"]

router = APIRouter(tags=["pages"], include_in_schema=False)


def _step_number(raw: object) -> int:
    """The moment asked for (past the end is the end); anything unreadable is the first."""
    text = str(raw or "0").strip()
    if not (text.isascii() and text.isdigit()):
        return 0
    return int(text) if len(text) < 10 else 10**9


def _replay_context(record: GameRecord, step: int, action: int | None = None) -> dict[str, Any]:
    """What replay.html needs to draw moment ``step`` of ``record`` (or, when ``action``
    is given, the moment of that action: the review's links name actions)."""
    steps = list(record.replay())
    frames = list(moments(steps))
    if action is not None:
        step = moment_of_action(frames, steps, action)
    index = min(max(step, 0), len(frames) - 1)
    moment = frames[index]
    # The sheet as it stood at this moment: a replay does not tell the end in advance.
    done = next(i for i, step in enumerate(steps) if step is moment.step) + 1
    so_far = GameRecord(record.rules, record.seed, record.actions[:done])
    history = game_history(so_far, shown=len(moment.shows), steps=steps[:done])
    starts = [i for i, frame in enumerate(frames) if frame.hand_starts]
    return {
        "missing": False,
        "index": index,
        "count": len(frames),
        "moment": moment,
        "state": moment.state,
        "said": moment.said,
        "hand_starts": starts,
        "board": board_layout(),
        "pegs": peg_marks(moment.pegs),
        "gains": [p.front - p.back for p in moment.pegs],
        "sheet": history.sheet,
        "current_hand": moment.state.hand_number,
        "finished": steps[-1].after.is_over,
        "reviewed_action": action,
    }


@router.get("/games/{game_id}/replay", response_class=HTMLResponse)
def replay(
    request: Request,
    game_id: str,
    service: Service,
    player_id: PlayerId,
    step: int = 0,
    action: int | None = None,
) -> HTMLResponse:
    """A finished game moment by moment; everything is shown, the game being over.

    ``?action=N`` opens at the moment of the record's action N (a reviewed decision)."""
    try:
        text = service.record_text(player_id, game_id)
    except GameNotFoundError:
        return render(request, "replay.html", {"missing": True}, status_code=404)
    record = GameRecord.parse(text, check=False)  # stored by the server, replayed just below
    loaded = service.load(player_id, game_id)
    context = _replay_context(record, step, action)
    context.update(
        words=words_for(translator(request), loaded),
        named=loaded.between_people,
        game_id=game_id,
        download=f"/api/games/{game_id}/record",
        download_name=record_filename(game_id),
        record_text=None,
        hand_links=[f"?step={start}" for start in context["hand_starts"]],
    )
    return render(request, "replay.html", context)


def _upload_page(request: Request, error: str = "", status_code: int = 200) -> HTMLResponse:
    context = {"error": error, "max_kb": MAX_RECORD_BYTES // 1024}
    return render(request, "replay_upload.html", context, status_code=status_code)


@router.get("/replay", response_class=HTMLResponse)
def replay_upload_form(request: Request) -> HTMLResponse:
    """The form to replay a record file (from ``cribkit play --save`` or a download)."""
    return _upload_page(request)


@router.post("/replay", response_class=HTMLResponse)
async def replay_upload(
    request: Request,
    record: Annotated[UploadFile | None, File()] = None,
    text: Annotated[str, Form()] = "",
    step: Annotated[str, Form()] = "0",
    action: Annotated[str, Form()] = "",
) -> Response:
    """Replay an uploaded (or pasted) record; a bad one is refused, naming its line. The
    reading and the replay run in a capped worker thread, off the event loop."""
    data = b""
    if record is not None and record.filename:
        data = await record.read(MAX_RECORD_BYTES + 1)
    if not data.strip():
        data = text.encode("utf-8", errors="surrogatepass")
    decision = _step_number(action) if action.strip() else None

    def replayed() -> tuple[GameRecord, dict[str, Any]]:
        parsed = read_record(data)
        return parsed, _replay_context(parsed, _step_number(step), decision)

    try:
        parsed, context = await record_work(request).run(replayed)
    except BusyError:
        return busy_answer(request)
    except CribkitError as exc:
        return _upload_page(request, record_error_message(exc, translator(request)), 422)
    context.update(
        # nobody's seat: a record names no players, so the seats are "Seat 1" and "Seat 2"
        words=seat_words(translator(request), seat=None, between_people=True),
        named=True,
        game_id=None,
        download=None,
        download_name=None,
        record_text=parsed.to_text(),
        hand_links=None,
    )
    return render(request, "replay.html", context)
