"""Dependencies that read the app's state run on the event loop, not in a worker thread.

FastAPI runs a plain ``def`` dependency in the thread pool, so every request paid a thread
hand-off (a queue, a ``Condition.notify``, the loop's wake-up) for each of them: about a
sixth of a friend move's server time went to handing ``request.app.state.games`` and the
cookie's player id across threads (docs/performance.md). Reading a field or checking a
signature never blocks, so these run in place.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from fastapi import Request

__all__ = ["on_the_loop"]

T = TypeVar("T")


def on_the_loop(read: Callable[[Request], T]) -> Callable[[Request], Awaitable[T]]:
    """``read`` as an ``async`` dependency (it must not block: no database, no files)."""

    async def dependency(request: Request) -> T:
        return read(request)

    dependency.__name__ = dependency.__qualname__ = read.__name__
    dependency.__doc__ = read.__doc__
    return dependency
