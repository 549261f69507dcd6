"""Answers read from the database, held for a while so a crowd of readers shares one read.

The per-process books (seat presence, preferences, table chat) all hold what they read the
same way: for a few seconds at most (a change made through another process shows within
that time), in a bounded map (``Lru``), and stamped with the moment the read *began*, so
a read that started before a later read or a change here can never put an older answer
back. Forgetting is a change too: it holds "nothing" stamped now.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Generic, TypeVar

from cribkit.web.site.lru import Lru

__all__ = ["HeldAnswers"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class HeldAnswers(Generic[K, V]):
    """At most ``size`` answers by key, each trusted for ``seconds`` after its read began."""

    def __init__(self, size: int, seconds: float) -> None:
        self.seconds = seconds
        self._items: Lru[K, tuple[float, V | None]] = Lru(size)

    def __len__(self) -> int:
        return len(self._items)

    @property
    def size(self) -> int:
        """The most answers held at once."""
        return self._items.size

    def fresh(self, key: K) -> V | None:
        """The answer held for ``key`` if it is still trusted, else None (read again)."""
        held = self._items.get(key)
        if held is None or held[1] is None or time.monotonic() - held[0] >= self.seconds:
            return None
        return held[1]

    def hold(self, key: K, stamp: float, answer: V | None) -> None:
        """Hold ``answer``, read from ``stamp`` (``time.monotonic()`` when the read
        began), unless something stamped later is held already."""
        self._items.change(
            key, lambda held: (stamp, answer) if held is None or held[0] <= stamp else held
        )

    def forget(self, key: K) -> None:
        """The answer changed: the next reader reads, and no read begun before now is held."""
        self.hold(key, time.monotonic(), None)
