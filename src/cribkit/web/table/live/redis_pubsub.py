"""The Redis channel: PUBLISH to one channel, each process SUBSCRIBEs (``CRIBKIT_REDIS_URL``).

The split Lichess uses: the game logic publishes, socket processes subscribe. A lost
subscription reconnects and tells every local watcher to re-read (``SubscribedChannel``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import redis
import redis.asyncio

from cribkit.web.table.live.channel import format_news
from cribkit.web.table.live.subscribed import SubscribedChannel

__all__ = ["TIMEOUT_SECONDS", "RedisChannel"]

TIMEOUT_SECONDS = 1.0
"""How long publishing, or connecting to subscribe, waits on Redis: a server that accepts
and never answers must not hold a thread for long (the announcer retries with the next news)."""


class RedisChannel(SubscribedChannel):
    kind = "redis"
    row_bytes = 64 * 1024

    def __init__(self, url: str, channel_name: str) -> None:
        super().__init__()
        self.url = url
        self.channel_name = channel_name
        self._publisher = redis.Redis.from_url(
            url, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS
        )

    def publish(self, game_id: str, version: int, row: str = "") -> None:
        self._publisher.publish(self.channel_name, format_news(game_id, version, row))

    @asynccontextmanager
    async def _subscription(self) -> AsyncIterator[AsyncIterator[str]]:
        client = redis.asyncio.Redis.from_url(self.url, socket_connect_timeout=TIMEOUT_SECONDS)
        try:
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            await pubsub.subscribe(self.channel_name)
            yield self._texts(pubsub)
        finally:
            await client.aclose()

    @staticmethod
    async def _texts(pubsub: redis.asyncio.client.PubSub) -> AsyncIterator[str]:
        async for message in pubsub.listen():
            data = message.get("data")
            if isinstance(data, bytes):
                yield data.decode("utf-8", "replace")

    async def _closed(self) -> None:
        self._publisher.close()
