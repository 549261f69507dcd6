"""A bounded least-recently-used map, safe from any thread.

The per-process caches of the web app (stored game rows, seat presence, preferences) need
the same three things: a size a setting chooses, so memory stays bounded however many
games a process has seen; the least recently used entry dropped first; and a lock, since
requests run in worker threads.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["Lru"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Lru(Generic[K, V]):
    """At most ``size`` entries; ``get`` and ``put`` make an entry the most recent."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("an LRU map holds at least one entry")
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: K, value: V) -> None:
        self.change(key, lambda _old: value)

    def change(self, key: K, decide: Callable[[V | None], V | None]) -> None:
        """Replace the entry by ``decide(current)`` under the lock (None drops it), so a
        check-then-write (keep only the newer of two reads) cannot interleave."""
        with self._lock:
            value = decide(self._items.get(key))
            if value is None:
                self._items.pop(key, None)
                return
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def pop(self, key: K) -> None:
        with self._lock:
            self._items.pop(key, None)
