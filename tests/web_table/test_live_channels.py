"""The live channel: news of "game G is at version V" reaches watchers, in one process and
between two (PostgreSQL LISTEN/NOTIFY, Redis pub/sub), and nothing else travels on it."""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import pytest

from async_support import run_apart
from cribkit.web.site.db import Database
from cribkit.web.site.settings import Settings
from cribkit.web.table.live import subscribed
from cribkit.web.table.live.channel import RESYNC, Channel, Hub, format_news, parse_news
from cribkit.web.table.live.choose import channel_name, choose_channel
from cribkit.web.table.live.in_process import InProcessChannel
from cribkit.web.table.live.subscribed import SubscribedChannel

T = TypeVar("T")


POSTGRES_ENV = "CRIBKIT_TEST_POSTGRES_URL"


def test_news_is_a_game_id_and_a_version_and_nothing_else() -> None:
    assert format_news("abc_DEF-1", 12) == "abc_DEF-1 12"
    assert parse_news("abc_DEF-1 12") == ("abc_DEF-1", 12, "")
    assert parse_news(format_news("g", RESYNC)) == ("g", RESYNC, "")
    for junk in ("", "g", "g x", "g 1 2", "g 1 2\n[]", "bad id 3", "5H 5D", "g;drop 1"):
        assert parse_news(junk) is None


def test_a_subscription_keeps_only_the_newest_version() -> None:
    async def scenario() -> tuple[int, int]:
        hub = Hub()
        with hub.subscribe("g") as subscription, hub.subscribe("other") as other:
            for version in (1, 2, 3):
                hub.deliver("g", version)
            newest = await subscription.next_version()
            hub.deliver("g", 4)
            following = await subscription.next_version()
            assert not other._event.is_set()
        assert hub.watched() == 0
        return newest, following

    assert run_apart(scenario()) == (3, 4)


def test_a_read_again_is_not_hidden_by_a_version_that_follows_it() -> None:
    async def scenario() -> list[int]:
        hub = Hub()
        with hub.subscribe("g") as subscription:
            hub.deliver("g", RESYNC)  # presence changed: read everything again
            hub.deliver("g", 5)  # then a move: its row alone would miss the presence
            first = await subscription.next_version()
            hub.deliver("g", 6)
            return [first, await subscription.next_version()]

    assert run_apart(scenario()) == [RESYNC, 6]


def test_the_channel_follows_the_settings(tmp_path: Any) -> None:
    sqlite = Database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert isinstance(choose_channel(Settings(secret_key="k"), sqlite), InProcessChannel)
    chosen = choose_channel(Settings(secret_key="k", redis_url="redis://127.0.0.1:1/0"), sqlite)
    assert chosen.kind == "redis"
    postgres = Database("postgresql+psycopg://nobody@127.0.0.1:1/none")
    assert choose_channel(Settings(secret_key="k"), postgres).kind == "postgresql"
    assert channel_name("cribkit") == "cribkit_games"
    with pytest.raises(ValueError, match="prefix"):
        channel_name("Bad-Prefix; LISTEN x")


async def _exchange(make: Callable[[], Channel]) -> list[tuple[str, int]]:
    """Two channels (two "processes"): news published on one reaches watchers on both,
    from a worker thread, and only for the game they watch."""
    first, second = make(), make()
    await first.start()
    await second.start()
    received: list[tuple[str, int]] = []
    try:
        with (
            first.subscribe("game-a") as here,
            second.subscribe("game-a") as there,
            second.subscribe("game-b") as elsewhere,
        ):
            publisher = threading.Thread(target=first.publish, args=("game-a", 7))
            publisher.start()
            publisher.join()
            received.append(("here", await asyncio.wait_for(here.next_version(), 10)))
            received.append(("there", await asyncio.wait_for(there.next_version(), 10)))
            await asyncio.to_thread(second.publish, "game-a", 8)
            received.append(("back", await asyncio.wait_for(here.next_version(), 10)))
            assert not elsewhere._event.is_set()
    finally:
        await first.stop()
        await second.stop()
    return received


def test_in_process_news_reaches_the_watchers_of_that_game() -> None:
    hub_shared = InProcessChannel()

    async def scenario() -> list[tuple[str, int]]:
        await hub_shared.start()
        with hub_shared.subscribe("game-a") as here, hub_shared.subscribe("game-b") as other:
            await asyncio.to_thread(hub_shared.publish, "game-a", 3)
            version = await asyncio.wait_for(here.next_version(), 10)
            assert not other._event.is_set()
        await hub_shared.stop()
        return [("here", version)]

    assert run_apart(scenario()) == [("here", 3)]


@pytest.mark.postgres
def test_postgres_notify_crosses_between_two_listeners(postgres_url: str) -> None:
    from cribkit.web.table.live.postgres_notify import PostgresChannel

    database = Database(postgres_url)
    name = channel_name(f"friends_{secrets.token_hex(4)}")
    try:
        received = run_apart(_exchange(lambda: PostgresChannel(database.engine, name)))
    finally:
        database.dispose()
    assert received == [("here", 7), ("there", 7), ("back", 8)]


def test_redis_pubsub_crosses_between_two_subscribers(redis_url: str) -> None:
    from cribkit.web.table.live.redis_pubsub import RedisChannel

    name = channel_name(f"friends_{secrets.token_hex(4)}")
    received = run_apart(_exchange(lambda: RedisChannel(redis_url, name)))
    assert received == [("here", 7), ("there", 7), ("back", 8)]


def test_redis_channels_with_other_prefixes_hear_nothing(redis_url: str) -> None:
    from cribkit.web.table.live.redis_pubsub import RedisChannel

    async def scenario() -> bool:
        ours = RedisChannel(redis_url, channel_name(f"friends_{secrets.token_hex(4)}"))
        theirs = RedisChannel(redis_url, channel_name(f"friends_{secrets.token_hex(4)}"))
        await ours.start()
        await theirs.start()
        try:
            with theirs.subscribe("g") as elsewhere, ours.subscribe("g") as here:
                await asyncio.to_thread(ours.publish, "g", 1)
                await asyncio.wait_for(here.next_version(), 10)
                return elsewhere._event.is_set()
        finally:
            await ours.stop()
            await theirs.stop()

    assert run_apart(scenario()) is False


class _FlakyChannel(SubscribedChannel):
    """A subscribed channel on a fake server: each connection reads from a queue, and a
    ``None`` in the queue drops the connection (as a restarted Redis or PostgreSQL)."""

    kind = "flaky"

    def __init__(self) -> None:
        super().__init__()
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.connections = 0
        self.closed = False

    def publish(self, game_id: str, version: int, row: str = "") -> None:
        self.queue.put_nowait(format_news(game_id, version, row))

    @asynccontextmanager
    async def _subscription(self) -> AsyncIterator[AsyncIterator[str]]:
        self.connections += 1
        yield self._texts()

    async def _texts(self) -> AsyncIterator[str]:
        while True:
            text = await self.queue.get()
            if text is None:
                raise ConnectionError("the server went away")
            yield text

    async def _closed(self) -> None:
        self.closed = True


def test_a_lost_subscription_reconnects_and_tells_watchers_to_reread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(subscribed, "RETRY_SECONDS", 0.01)

    async def scenario() -> tuple[tuple[int, int, int], int, bool]:
        channel = _FlakyChannel()
        await channel.start()
        with channel.subscribe("game-a") as watcher:
            channel.publish("game-a", 4)
            first = await asyncio.wait_for(watcher.next_version(), 10)
            channel.queue.put_nowait(None)  # the connection drops
            resync = await asyncio.wait_for(watcher.next_version(), 10)
            channel.publish("game-a", 5)
            after = await asyncio.wait_for(watcher.next_version(), 10)
        await channel.stop()
        return (first, resync, after), channel.connections, channel.closed

    versions, connections, closed = run_apart(scenario())
    assert versions == (4, RESYNC, 5)
    assert connections == 2 and closed
