"""The channel interface: publish "game G is at version V", subscribe to one game's news.

Every implementation delivers into a ``Hub`` of local subscribers; they differ only in how
the news crosses processes (not at all, PostgreSQL LISTEN/NOTIFY, Redis pub/sub). A
subscription keeps only the newest version (a watcher re-reads the whole view anyway), so
a burst of moves or a slow socket never piles up memory.
"""

from __future__ import annotations

import asyncio
import re
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

__all__ = ["RESYNC", "Channel", "Hub", "Subscription", "format_news", "parse_news"]

RESYNC = -1
"""A version meaning "you may have missed news: read the game again"."""
_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


def format_news(game_id: str, version: int) -> str:
    """The text a channel carries: the game's id and its version, nothing else."""
    return f"{game_id} {version}"


def parse_news(text: str) -> tuple[str, int] | None:
    """Read ``format_news`` text back; anything else is ignored (None)."""
    game_id, _, version = text.partition(" ")
    if not _GAME_ID.match(game_id) or not version.lstrip("-").isdigit():
        return None
    return game_id, int(version)


class Subscription:
    """One watcher's news of one game: ``await next_version()`` returns the newest."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._event = asyncio.Event()
        self._latest = RESYNC

    def _tell(self, version: int) -> None:
        self._latest = max(self._latest, version) if version != RESYNC else RESYNC
        self._event.set()

    async def next_version(self) -> int:
        await self._event.wait()
        self._event.clear()
        latest, self._latest = self._latest, RESYNC
        return latest


class Hub:
    """Local subscribers by game id; news may arrive from any thread."""

    def __init__(self) -> None:
        self._subscribers: dict[str, set[Subscription]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    @contextmanager
    def subscribe(self, game_id: str) -> Iterator[Subscription]:
        subscription = Subscription(game_id)
        with self._lock:
            self._subscribers.setdefault(game_id, set()).add(subscription)
        try:
            yield subscription
        finally:
            with self._lock:
                watchers = self._subscribers.get(game_id)
                if watchers is not None:
                    watchers.discard(subscription)
                    if not watchers:
                        del self._subscribers[game_id]

    def watched(self) -> int:
        """How many games have a local watcher."""
        with self._lock:
            return len(self._subscribers)

    def deliver(self, game_id: str, version: int) -> None:
        """Tell the game's local watchers (thread-safe; a no-op when nobody watches)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._tell(game_id, version)
        else:
            loop.call_soon_threadsafe(self._tell, game_id, version)

    def deliver_all(self) -> None:
        """After a lost connection: every watcher re-reads its game."""
        with self._lock:
            games = list(self._subscribers)
        for game_id in games:
            self.deliver(game_id, RESYNC)

    def _tell(self, game_id: str, version: int) -> None:
        with self._lock:
            watchers = list(self._subscribers.get(game_id, ()))
        for subscription in watchers:
            subscription._tell(version)


class Channel(ABC):
    """Publish from anywhere (a worker thread of a move), deliver to local watchers."""

    kind: str = "abstract"

    def __init__(self) -> None:
        self.hub = Hub()

    async def start(self) -> None:
        """Bind to the running loop and start listening (called in the app's lifespan)."""
        self.hub.bind(asyncio.get_running_loop())
        await self._listen()

    async def stop(self) -> None:
        await self._close()

    def subscribe(self, game_id: str) -> AbstractContextManager[Subscription]:
        return self.hub.subscribe(game_id)

    @abstractmethod
    def publish(self, game_id: str, version: int) -> None:
        """Announce a change (synchronous; safe from any thread)."""

    async def _listen(self) -> None:
        return None

    async def _close(self) -> None:
        return None
