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
    """One watcher's news of one game: ``await next_version()`` returns the newest.

    It belongs to the event loop it was made in; news from elsewhere is handed over to
    that loop, never touched from another thread.
    """

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.loop = asyncio.get_running_loop()
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
        self._lock = threading.Lock()

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
        with self._lock:
            watchers = list(self._subscribers.get(game_id, ()))
        if not watchers:
            return
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        for subscription in watchers:
            if subscription.loop is running:
                subscription._tell(version)
            elif not subscription.loop.is_closed():
                subscription.loop.call_soon_threadsafe(subscription._tell, version)

    def deliver_all(self) -> None:
        """After a lost connection: every watcher re-reads its game."""
        with self._lock:
            games = list(self._subscribers)
        for game_id in games:
            self.deliver(game_id, RESYNC)


class Channel(ABC):
    """Publish from anywhere (a worker thread of a move), deliver to local watchers."""

    kind: str = "abstract"

    def __init__(self) -> None:
        self.hub = Hub()
        self._users = 0

    async def start(self) -> None:
        """Start listening (the app's lifespan; an app served twice starts it once)."""
        self._users += 1
        if self._users == 1:
            await self._listen()

    async def stop(self) -> None:
        self._users -= 1
        if self._users == 0:
            await self._close()

    def subscribe(self, game_id: str) -> AbstractContextManager[Subscription]:
        return self.hub.subscribe(game_id)

    @abstractmethod
    def publish(self, game_id: str, version: int) -> None:
        """Announce a change (synchronous; safe from any thread; may raise or time out:
        the app publishes through ``announce.Announcer``, never on a request's path)."""

    def listening(self) -> bool:
        """Whether news from other processes can reach this one now."""
        return True

    async def _listen(self) -> None:
        return None

    async def _close(self) -> None:
        return None
