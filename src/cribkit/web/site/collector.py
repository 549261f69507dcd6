"""The garbage collector of a serving process: its full collections on a timer.

CPython's full collection (generation 2) walks every tracked object while every thread
waits. In a server holding 500 friend games (their rebuilt games, rows and sockets: some
half a million objects) one took 225–258 ms and came every 13 s or so, whenever the old
generation had grown by a quarter: every move in flight waited a quarter second, and those
pauses were the crowd bench's p95 and p99 (docs/performance.md).

While the app serves, here: what is alive after the start-up (modules, templates, the
engine's tables) is frozen, never walked again (``gc.freeze``); the young generations are
collected as Python does; and the full collection runs every ``CRIBKIT_GC_FULL_SECONDS``
instead, so a cycle of garbage waits at most that long. When the app stops, Python's own
collector is back as it was. ``0`` leaves the collector alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

__all__ = ["NEVER", "full_collections_every"]

NEVER = 1 << 30
"""A third threshold no count of middle-generation collections reaches."""

_lock = threading.Lock()
_serving = 0
_thresholds: tuple[int, int, int] = gc.get_threshold()


def _begin() -> None:
    global _serving, _thresholds
    with _lock:
        _serving += 1
        if _serving > 1:  # another app of this process took the collector already
            return
        _thresholds = gc.get_threshold()
        gc.collect()
        gc.freeze()
        gc.set_threshold(_thresholds[0], _thresholds[1], NEVER)


def _end() -> None:
    global _serving
    with _lock:
        _serving -= 1
        if _serving == 0:
            gc.set_threshold(*_thresholds)
            gc.unfreeze()


async def _collect(seconds: float) -> None:
    while True:
        await asyncio.sleep(seconds)
        gc.collect()


@asynccontextmanager
async def full_collections_every(seconds: float) -> AsyncIterator[None]:
    """Freeze the start-up's objects and collect the old generation every ``seconds``
    while inside (an app's lifespan); ``seconds <= 0`` changes nothing."""
    if seconds <= 0:
        yield
        return
    _begin()
    task = asyncio.create_task(_collect(seconds), name="cribkit-full-collection")
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        _end()
