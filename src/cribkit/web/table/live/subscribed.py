"""What the cross-process channels share: one background task per process that keeps a
subscription open, hands each message's news to the local watchers, and on a lost
connection waits, reconnects and tells every watcher to re-read (news may have been
missed meanwhile). PostgreSQL and Redis differ only in how they connect and subscribe.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from abc import abstractmethod
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager

from cribkit.web.table.live.channel import Channel, News, parse_news

__all__ = ["RETRY_SECONDS", "SubscribedChannel"]

_log = logging.getLogger(__name__)

RETRY_SECONDS = 1.0
"""How long to wait before reconnecting a lost subscription."""

LISTEN_TIMEOUT_SECONDS = 10.0
"""How long starting waits for the first subscription before serving anyway."""


class SubscribedChannel(Channel):
    """A channel whose news arrives through one subscription per process."""

    def __init__(self) -> None:
        super().__init__()
        self._task: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()
        self._connected = False

    @abstractmethod
    def _subscription(self) -> AbstractAsyncContextManager[AsyncIterator[str]]:
        """Connect and subscribe; inside, the messages' text as it arrives."""

    async def _closed(self) -> None:
        """Release what publishing holds, once the subscription has stopped."""
        return None

    async def _listen(self) -> None:
        self._listening = asyncio.Event()
        self._task = asyncio.create_task(self._run(), name=f"cribkit-{self.kind}-listen")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._listening.wait(), timeout=LISTEN_TIMEOUT_SECONDS)

    async def _run(self) -> None:
        first = True
        while True:
            try:
                async with self._subscription() as messages:
                    self._listening.set()
                    self._connected = True
                    if not first:
                        self.hub.deliver_all()
                    first = False
                    async for text in messages:
                        news = parse_news(text)
                        if news is not None:
                            self._receive(news)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the server went away: wait, reconnect, resync
                self._connected = False
                _log.warning("%s subscription lost (%s); reconnecting", self.kind, exc)
                first = False
                await asyncio.sleep(RETRY_SECONDS)

    def _receive(self, news: News) -> None:
        """Hand a carried row on (only for a game watched here: every process hears every
        game's news), then wake the game's watchers."""
        if news.row and self.hub.watches(news.game_id):
            try:
                self.on_row(news.game_id, news.version, news.row)
            except Exception:  # the watchers still read the row from the database
                _log.exception("%s news of %s: its row was not taken", self.kind, news.game_id)
        self.hub.deliver(news.game_id, news.version)

    def listening(self) -> bool:
        return self._connected

    async def _close(self) -> None:
        self._connected = False
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self._closed()
