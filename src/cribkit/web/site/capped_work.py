"""Heavy work (replaying and reviewing records) off the event loop, a few jobs at a time.

A review of a long record costs seconds of CPU. Run on the event loop it would stall every
other request of the process; run in the shared thread pool without a cap, a handful of
uploads would take every core. ``CappedWork`` runs each job in a worker thread, at most
``workers`` at once (``CRIBKIT_RECORD_WORKERS``); up to ``QUEUE_PER_WORKER`` times as many
wait their turn, and past that a request is refused at once with 503 and ``Retry-After``
(``BusyError``) instead of queueing without end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import anyio
from anyio import to_thread
from starlette.requests import Request
from starlette.responses import Response

from cribkit.errors import CribkitError
from cribkit.web.site.errors import refusal
from cribkit.web.site.i18n import N_

__all__ = [
    "BUSY_MESSAGE",
    "BUSY_RETRY_SECONDS",
    "QUEUE_PER_WORKER",
    "BusyError",
    "CappedWork",
    "busy_answer",
    "record_work",
]

QUEUE_PER_WORKER = 4
"""Jobs that may wait for each worker before more are refused."""
BUSY_RETRY_SECONDS = 5
"""What a refused request is told to wait (a review takes well under that)."""

BUSY_MESSAGE = N_(
    "The server is busy with other records: nothing was changed. Try again in %(seconds)d seconds."
)

T = TypeVar("T")


class BusyError(CribkitError):
    """Every worker is busy and the queue is full: try again in a few seconds."""


class CappedWork:
    """At most ``workers`` jobs at once in threads; a bounded queue behind them."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.queue = workers * QUEUE_PER_WORKER
        self._limiter: anyio.CapacityLimiter | None = None

    @property
    def limiter(self) -> anyio.CapacityLimiter:
        """Made on first use, inside the running event loop."""
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.workers)
        return self._limiter

    async def run(self, job: Callable[[], T]) -> T:
        """``job()`` in a worker thread once one is free; raises ``BusyError`` when the
        queue is full (nothing of the job has run)."""
        limiter = self.limiter
        if limiter.available_tokens == 0 and limiter.statistics().tasks_waiting >= self.queue:
            raise BusyError(
                "the server is busy with other records; try again in a few seconds",
                code="busy",
                params={"seconds": BUSY_RETRY_SECONDS},
            )
        return await to_thread.run_sync(job, limiter=limiter)


def record_work(request: Request) -> CappedWork:
    """The app's capped workers for replays and reviews (``app.state.record_work``)."""
    work: CappedWork = request.app.state.record_work
    return work


def busy_answer(request: Request) -> Response:
    """503 with ``Retry-After``: the page, or the ``ApiError`` (code ``busy``) under /api."""
    seconds = BUSY_RETRY_SECONDS
    return refusal(
        request,
        503,
        BUSY_MESSAGE,
        code="busy",
        params={"seconds": seconds},
        headers={"Retry-After": str(seconds)},
    )
