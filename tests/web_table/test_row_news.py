"""News carries the stored row to the other processes: a move made in one process is read
by the other's watchers from memory, exactly as a fresh read would give it, and anything
else on the channel (no row, a foreign row, a bad one) falls back to the database.

Two apps on one database stand for two server processes.
"""

from __future__ import annotations

import asyncio
import gettext
import warnings
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from datetime import UTC, datetime
from typing import Any

import pytest
from friends_support import join, open_table
from sqlalchemy import event
from table_support import SECRET, make_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from async_support import run_apart
from cribkit.web.app import create_app
from cribkit.web.site.settings import Settings
from cribkit.web.table.games.api import game_payload
from cribkit.web.table.games.service import GameService
from cribkit.web.table.games.stored_rows import StoredRow, row_from_text, row_to_text
from cribkit.web.table.live.announce import Announcer
from cribkit.web.table.live.channel import RESYNC, News, format_news, parse_news
from cribkit.web.table.live.in_process import InProcessChannel
from cribkit.web.table.live.subscribed import SubscribedChannel

PLAYER = "player-one"


def _row(**changes: Any) -> StoredRow:
    row = StoredRow(
        player_id="p",
        opponent_id=None,
        level="friend",
        version=4,
        record="# cribkit game record 2\nseed 3\n",
        show_step=0,
        show_step_1=2,
        show_waiting_since=None,
        name_0="Ann <b>",
        name_1="\u202eBo",
        rematch_id=None,
    )
    return row._replace(**changes)


@contextmanager
def game_reads(games: GameService) -> Iterator[list[str]]:
    """The statements that read a game's row through ``games``' engine meanwhile."""
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if "FROM games" in statement and "games.id =" in statement:
            seen.append(statement)

    engine = games.database.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)


# ---------------------------------------------------------------- the text on the channel


def test_news_may_carry_a_row_after_its_first_line() -> None:
    assert format_news("g", 3, "") == "g 3"
    assert format_news("g", 3, '["a","b c\\n"]') == 'g 3\n["a","b c\\n"]'
    assert parse_news('g 3\n["a",1]') == News("g", 3, '["a",1]')
    assert parse_news("g 3") == News("g", 3, "")
    assert parse_news("bad id 3\n[]") is None


def test_a_row_comes_back_from_its_text_and_anything_else_is_refused() -> None:
    for since in (None, datetime(2026, 12, 6, 3, 4, 5, tzinfo=UTC), datetime(2026, 1, 2, 3)):
        row = _row(show_waiting_since=since, opponent_id="q", rematch_id="r")
        assert row_from_text(row_to_text(row)) == row
    good = row_to_text(_row())
    for junk in (
        "",
        "{}",
        "[]",
        "null",
        good[:-2],
        good.replace('"friend"', "7"),
        good.replace(",4,", ",true,"),
        '["p"]',
        "not json",
    ):
        assert row_from_text(junk) is None, junk


# ---------------------------------------------------------------- one service to another


def _a_move(games: GameService, game_id: str) -> tuple[dict[str, Any], int]:
    loaded = games.load(PLAYER, game_id)
    return game_payload(loaded, gettext.NullTranslations())["legal_actions"][0], loaded.version


def test_a_carried_row_is_read_without_the_database_and_as_a_fresh_read(
    database_url: str,
) -> None:
    first, second = (make_app(database_url).state.games for _ in range(2))
    game_id = first.create(PLAYER, "medium", seed=3).id
    for _ in range(6):  # several moves, each carried across as its news would be
        second.load(PLAYER, game_id)  # the other process holds the game as it stands
        move, version = _a_move(first, game_id)
        moved = first.apply(PLAYER, game_id, move, version)
        text = first.row_news(game_id, moved.version)
        assert text and row_from_text(text) is not None
        assert not second.holds(PLAYER, game_id, moved.version)
        second.receive_row(game_id, moved.version, text)
        assert second.holds(PLAYER, game_id, moved.version)
        with game_reads(second) as reads:
            there = second.load(PLAYER, game_id, seen=moved.version)
        assert reads == []
        fresh = make_app(database_url).state.games.load(PLAYER, game_id)
        words = gettext.NullTranslations()
        assert game_payload(there, words) == game_payload(fresh, words)
        assert there.game.state == fresh.game.state


def test_no_row_a_wrong_version_or_a_bad_row_leaves_the_reading_to_the_database(
    database_url: str,
) -> None:
    first, second = (make_app(database_url).state.games for _ in range(2))
    game_id = first.create(PLAYER, "medium", seed=4).id
    second.load(PLAYER, game_id)
    move, version = _a_move(first, game_id)
    moved = first.apply(PLAYER, game_id, move, version)
    assert first.row_news(game_id, moved.version + 1) == ""  # not held at that version
    assert first.row_news("no-such-game", 1) == ""
    text = first.row_news(game_id, moved.version)
    second.receive_row(game_id, moved.version + 1, text)  # a row of another version
    second.receive_row(game_id, moved.version, "[1,2]")
    second.receive_row("bad id!", moved.version, text)
    assert not second.holds(PLAYER, game_id, moved.version)
    with game_reads(second) as reads:
        assert second.load(PLAYER, game_id, seen=moved.version).version == moved.version
    assert len(reads) == 1


# ---------------------------------------------------------------- the channel and announcer


class _QueueChannel(SubscribedChannel):
    """A subscribed channel whose "server" is a queue of texts."""

    kind = "queue"
    row_bytes = 64

    def __init__(self) -> None:
        super().__init__()
        self.queue: asyncio.Queue[str] = asyncio.Queue()

    def publish(self, game_id: str, version: int, row: str = "") -> None:
        self.queue.put_nowait(format_news(game_id, version, row))

    @asynccontextmanager
    async def _subscription(self) -> AsyncIterator[AsyncIterator[str]]:
        yield self._texts()

    async def _texts(self) -> AsyncIterator[str]:
        while True:
            yield await self.queue.get()


def test_the_channel_hands_on_rows_of_watched_games_only_and_survives_a_bad_hook() -> None:
    taken: list[tuple[str, int, str]] = []

    def on_row(game_id: str, version: int, row: str) -> None:
        if row == "boom":
            raise ValueError("a hook that fails")
        taken.append((game_id, version, row))

    async def scenario() -> list[int]:
        channel = _QueueChannel()
        channel.on_row = on_row
        await channel.start()
        versions = []
        with channel.subscribe("watched") as watcher:
            channel.publish("unwatched", 1, "row-u")
            channel.publish("watched", 2, "row-w")
            versions.append(await asyncio.wait_for(watcher.next_version(), 10))
            channel.publish("watched", 3, "boom")  # the watchers still hear of it
            versions.append(await asyncio.wait_for(watcher.next_version(), 10))
            channel.publish("watched", 4)
            versions.append(await asyncio.wait_for(watcher.next_version(), 10))
        await channel.stop()
        return versions

    assert run_apart(scenario()) == [2, 3, 4]
    assert taken == [("watched", 2, "row-w")]


class _Recording(InProcessChannel):
    row_bytes = 10

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[tuple[str, int, str]] = []

    def publish(self, game_id: str, version: int, row: str = "") -> None:
        self.sent.append((game_id, version, row))


def test_the_announcer_carries_the_row_only_when_it_fits_and_names_a_version() -> None:
    rows = {"short": "x" * 10, "long": "é" * 6}  # 12 bytes in UTF-8: over the channel's 10
    asked: list[tuple[str, int]] = []

    def row_of(game_id: str, version: int) -> str:
        asked.append((game_id, version))
        return rows[game_id]

    channel = _Recording()
    announcer = Announcer(channel, inline=True, row_of=row_of)
    announcer.announce("short", 5)
    announcer.announce("long", 6)
    announcer.announce("short", RESYNC)
    assert channel.sent == [("short", 5, "x" * 10), ("long", 6, ""), ("short", RESYNC, "")]
    assert asked == [("short", 5), ("long", 6)]
    channel.row_bytes = 0  # a channel that carries no rows is never asked for one
    announcer.announce("short", 7)
    assert channel.sent[-1] == ("short", 7, "") and len(asked) == 2


# ---------------------------------------------------------------- two processes, end to end


def _moves_cross_without_reads(settings: Settings) -> None:
    """A friend table across two apps: each move the host makes on the first reaches the
    friend's socket on the second, and the second app reads no game row for it."""
    one, two = create_app(settings), create_app(settings)
    with TestClient(one) as host, TestClient(two) as friend:
        table = open_table(host, "Ann")
        assert join(friend, table["code"], "Bo").status_code == 200
        game_id = table["game_id"]
        with friend.websocket_connect(f"/ws/games/{game_id}") as socket:
            version = socket.receive_json()["view"]["version"]
            assert two.state.announcer.flush(10)  # the socket's arrival is on the channel
            checked = 0
            for turn in range(40):
                view = host.get(f"/api/games/{game_id}").json()
                mover = host if view["legal_actions"] else friend
                if mover is friend:
                    view = friend.get(f"/api/games/{game_id}").json()
                if not view["legal_actions"] or checked == 4:
                    break
                body = {"action": view["legal_actions"][0], "version": view["version"]}
                with game_reads(two.state.games) as reads:
                    answer = mover.post(f"/api/games/{game_id}/actions", json=body)
                    assert answer.status_code == 200, answer.text
                    moved = answer.json()["version"]
                    while version < moved:  # the arrival's own news comes first: bounded
                        version = socket.receive_json()["view"]["version"]
                assert version == moved
                if mover is host and turn > 0:  # the first also read the arrival's news
                    assert reads == [], reads
                    checked += 1
            assert checked == 4


@pytest.mark.redis
def test_moves_cross_processes_over_redis_without_a_read(database_url: str, redis_url: str) -> None:
    _moves_cross_without_reads(
        Settings(database_url=database_url, secret_key=SECRET, testing=True, redis_url=redis_url)
    )


@pytest.mark.postgres
def test_moves_cross_processes_over_postgres_without_a_read(postgres_url: str) -> None:
    _moves_cross_without_reads(Settings(database_url=postgres_url, secret_key=SECRET, testing=True))
