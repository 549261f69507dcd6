"""The Redis channel: PUBLISH to one channel, each process SUBSCRIBEs (``CRIBKIT_REDIS_URL``).

The split Lichess uses: the game logic publishes, socket processes subscribe. A lost
subscription reconnects and tells every local watcher to re-read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import redis
import redis.asyncio

from cribkit.web.table.live.channel import Channel, format_news, parse_news

__all__ = ["RedisChannel"]

_log = logging.getLogger(__name__)
_RETRY_SECONDS = 1.0


class RedisChannel(Channel):
    kind = "redis"

    def __init__(self, url: str, channel_name: str) -> None:
        super().__init__()
        self.url = url
        self.channel_name = channel_name
        self._publisher = redis.Redis.from_url(url)
        self._task: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()

    def publish(self, game_id: str, version: int) -> None:
        self._publisher.publish(self.channel_name, format_news(game_id, version))

    async def _listen(self) -> None:
        self._listening = asyncio.Event()
        self._task = asyncio.create_task(self._run(), name="cribkit-redis-listen")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._listening.wait(), timeout=10)

    async def _run(self) -> None:
        first = True
        while True:
            client = redis.asyncio.Redis.from_url(self.url)
            try:
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                await pubsub.subscribe(self.channel_name)
                self._listening.set()
                if not first:
                    self.hub.deliver_all()
                first = False
                async for message in pubsub.listen():
                    data = message.get("data")
                    if isinstance(data, bytes):
                        news = parse_news(data.decode("utf-8", "replace"))
                        if news is not None:
                            self.hub.deliver(*news)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis went away: wait, reconnect, resync
                _log.warning("Redis subscription lost (%s); reconnecting", exc)
                first = False
                await asyncio.sleep(_RETRY_SECONDS)
            finally:
                await client.aclose()

    async def _close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self._publisher.close()
