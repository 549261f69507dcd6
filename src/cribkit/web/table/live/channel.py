"""The channel interface: publish "game G is at version V", subscribe to one game's news.

Every implementation delivers into a ``Hub`` of local subscribers; they differ only in how
the news crosses processes (not at all, PostgreSQL LISTEN/NOTIFY, Redis pub/sub). A
subscription keeps only the newest version (a watcher re-reads the whole view anyway), so
a burst of moves or a slow socket never piles up memory.

Across processes the news may carry the game's stored row at that version (its record
included, a few KB), handed to ``on_row`` before the watchers wake: the other process's
sockets then read the move from memory instead of each process selecting it back.
"""

from __future__ import annotations

import asyncio
import re
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import NamedTuple

__all__ = [
    "RESYNC",
    "Channel",
    "Hub",
    "News",
    "RowHook",
    "Subscription",
    "format_news",
    "parse_news",
]

RESYNC = -1
"""A version meaning "you may have missed news: read the game again"."""
_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


RowHook = Callable[[str, int, str], None]
"""Called with (game id, version, the row's text) when news carries the stored row."""


class News(NamedTuple):
    """One message of a channel: the game, its version, and its row's text or ""."""

    game_id: str
    version: int
    row: str = ""


def format_news(game_id: str, version: int, row: str = "") -> str:
    """The text a channel carries: the game's id and its version, then the row if given."""
    return f"{game_id} {version}\n{row}" if row else f"{game_id} {version}"


def parse_news(text: str) -> News | None:
    """Read ``format_news`` text back; anything else is ignored (None)."""
    head, _, row = text.partition("\n")
    game_id, _, version = head.partition(" ")
    if not _GAME_ID.match(game_id) or not version.lstrip("-").isdigit():
        return None
    return News(game_id, int(version), row)


def _no_row(_game_id: str, _version: int, _row: str) -> None:
    return None


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
        self._resync = False

    def _tell(self, version: int) -> None:
        if version == RESYNC:
            self._resync = True  # kept until read: a version after it must not hide it
        else:
            self._latest = max(self._latest, version)
        self._event.set()

    async def next_version(self) -> int:
        """The newest version told since the last call, or ``RESYNC`` if a "read again"
        came meanwhile (a fresh read covers every version too)."""
        await self._event.wait()
        self._event.clear()
        latest = RESYNC if self._resync else self._latest
        self._latest, self._resync = RESYNC, False
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

    def watches(self, game_id: str) -> bool:
        """Whether the game has a local watcher."""
        with self._lock:
            return game_id in self._subscribers

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
    row_bytes: int = 0
    """The largest row text this channel carries beside news (0: none, news stays here)."""

    def __init__(self) -> None:
        self.hub = Hub()
        self._users = 0
        self.on_row: RowHook = _no_row

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
    def publish(self, game_id: str, version: int, row: str = "") -> None:
        """Announce a change, with the row's text if given (synchronous; safe from any
        thread; may raise or time out: the app publishes through ``announce.Announcer``,
        never on a request's path)."""

    def listening(self) -> bool:
        """Whether news from other processes can reach this one now."""
        return True

    async def _listen(self) -> None:
        return None

    async def _close(self) -> None:
        return None
