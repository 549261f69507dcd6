"""Shared by the cluster tests: the bench's live tables (importable from the repository's
root) and running their asyncio code apart from any loop a browser test left behind."""

from __future__ import annotations

import asyncio
import socket
import sys
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # for bench.live_table

T = TypeVar("T")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own (a browser test on the same worker may have
    left an event loop running in this one)."""
    result: list[T] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            result.append(asyncio.run(coroutine))
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return result[0]
