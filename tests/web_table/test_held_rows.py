"""What a process holds in memory to answer a move's watchers without the database stays
correct: a move made by another process is read on the next news of it, a stale held row
never decides a move, the lapsed-invite sweep's close is a version of its own, presence
changes are read again, and every map keeps to its bound.

Two apps on one SQLite file stand for two server processes.
"""

from __future__ import annotations

import gettext
import threading
from datetime import timedelta
from typing import Any

import limits.storage.memory
import pytest
from table_support import make_app

from cribkit.game import Game
from cribkit.record import GameRecord
from cribkit.web.site.lru import Lru
from cribkit.web.site.models import utcnow
from cribkit.web.site.preferences import PreferenceBook
from cribkit.web.site.rate_limits import RateLimits
from cribkit.web.site.settings import Settings
from cribkit.web.table.friends.chat import ChatLog, TableChat
from cribkit.web.table.friends.tables import INVITE_LIFETIME, FriendTables
from cribkit.web.table.games.api import game_payload
from cribkit.web.table.games.loaded import StaleVersionError
from cribkit.web.table.games.service import GameService
from cribkit.web.table.live.presence import PresenceBook

PLAYER = "player-one"


@pytest.fixture
def two(database_url: str) -> tuple[Any, Any]:
    """Two apps (two processes) on the same database."""
    return make_app(database_url), make_app(database_url)


def _record(game: Game) -> str:
    return GameRecord.of(game).to_text()


def _a_move(games: GameService, game_id: str) -> tuple[dict[str, Any], int]:
    """A legal move for ``PLAYER`` now, and the version it is made on (read fresh)."""
    loaded = games.load(PLAYER, game_id)
    view = game_payload(loaded, gettext.NullTranslations())
    return view["legal_actions"][0], loaded.version


def test_a_move_in_one_process_is_read_by_the_other_on_its_news(two: tuple[Any, Any]) -> None:
    first, second = (app.state.games for app in two)
    game_id = first.create(PLAYER, "medium", seed=3).id
    assert second.load(PLAYER, game_id).version == 0  # the second process now holds v0
    move, version = _a_move(first, game_id)
    first.apply(PLAYER, game_id, move, version)
    # news of version 1 reaches the second process: its held v0 is not enough, it reads
    seen = second.load(PLAYER, game_id, seen=1)
    assert seen.version == 1
    assert _record(seen.game) == _record(first.load(PLAYER, game_id).game)
    assert second.load(PLAYER, game_id).version == 1  # and without news it reads anyway


def test_a_held_row_behind_the_database_never_decides_a_move(two: tuple[Any, Any]) -> None:
    first, second = (app.state.games for app in two)
    game_id = first.create(PLAYER, "medium", seed=5).id
    old_move, _ = _a_move(second, game_id)  # the second process holds v0
    move, version = _a_move(first, game_id)
    first.apply(PLAYER, game_id, move, version)  # the first moves on: v1
    with pytest.raises(StaleVersionError) as refused:  # a move on v0 is stale, not applied
        second.apply(PLAYER, game_id, old_move, 0)
    assert refused.value.current.version == 1
    again, version = _a_move(second, game_id)  # on v1 it goes through in either process
    assert second.apply(PLAYER, game_id, again, version).version == 2
    assert first.load(PLAYER, game_id).version == 2


def test_the_sweeps_close_bumps_the_version_and_is_announced(two: tuple[Any, Any]) -> None:
    first, second = two
    friends: FriendTables = first.state.friends
    invite, loaded = friends.open(PLAYER, "Ann")
    held = second.state.games.load(PLAYER, loaded.id)  # the open table, held at v0
    news: list[tuple[str, int]] = []
    first.state.games.on_change = lambda game_id, version: news.append((game_id, version))
    later = utcnow() + INVITE_LIFETIME + timedelta(minutes=1)
    assert friends.sweep(now=later) == 1
    assert news == [(invite.game_id, held.version + 1)]
    # the other process, told of the new version, reads the closed row instead of its own
    assert second.state.games.load(PLAYER, loaded.id, seen=news[0][1]).version == 1
    assert friends.sweep(now=later) == 0  # closed once: no second bump, no news
    assert len(news) == 1


def test_presence_is_read_again_on_news_and_at_once_after_a_change_here(
    two: tuple[Any, Any],
) -> None:
    here: PresenceBook = two[0].state.presence
    there: PresenceBook = two[1].state.presence
    assert here.connected("g1") == (False, False)
    assert there.arrive("g1", 0)  # a socket in the other process: it announces RESYNC
    assert here.connected("g1") == (False, False)  # held until that news is read
    assert here.refresh("g1") == (True, False)  # what a watcher does on RESYNC
    assert here.connected("g1") == (True, False)
    here.arrive("g1", 1)  # a change made here is seen here at once
    assert here.connected("g1") == (True, True)
    there.leave("g1", 0)
    assert here.refresh("g1") == (False, True)


def test_preferences_saved_here_are_seen_at_once_and_elsewhere_within_the_hold(
    two: tuple[Any, Any],
) -> None:
    here: PreferenceBook = two[0].state.preferences
    there: PreferenceBook = two[1].state.preferences
    assert there.of(PLAYER).speed == here.of(PLAYER).speed
    before = here.of(PLAYER).speed
    after = "fast" if before != "fast" else "slow"
    assert here.change(PLAYER, {"speed": after}).speed == after
    assert here.of(PLAYER).speed == after
    assert there.of(PLAYER).speed == before  # held for HELD_SECONDS
    fresh = PreferenceBook(there.database, seconds=0)  # a book that holds nothing
    assert fresh.of(PLAYER).speed == after
    # a save starts from the stored row, not from a held copy: nothing is lost
    assert there.change(PLAYER, {"sound": True}).speed == after


def test_every_held_map_keeps_to_its_bound(database_url: str) -> None:
    app = make_app(database_url)
    games = GameService(app.state.database, cache_size=2)
    ids = [games.create(PLAYER, "medium").id for _ in range(3)]
    for game_id in ids:
        games.load(PLAYER, game_id)
    assert len(games._rows._rows) == 2
    assert games._rows.at_least(ids[0], 0) is None  # the least recent went first
    presence = PresenceBook(app.state.database, held=2)
    for game_id in ids:
        presence.connected(game_id)
    assert len(presence._held) == 2
    book = PreferenceBook(app.state.database, held=2)
    for player in ("a", "b", "c"):
        book.of(player)
    assert len(book._held) == 2
    chat = TableChat(app.state.database, held=1)
    for game_id in ids:
        chat.read(game_id, None)
    assert len(chat._held) == 3
    with pytest.raises(ValueError, match="at least one"):
        Lru(0)


def test_the_game_cache_setting_sizes_the_held_maps(database_url: str) -> None:
    settings = Settings(database_url=database_url, secret_key="k", game_cache=3)
    from cribkit.web.app import create_app

    app = create_app(settings)
    assert app.state.games._rows._rows.size == 3
    assert app.state.preferences._held.size == 6
    assert app.state.presence._held.size == 12
    assert app.state.friends.chat._held.size == 9  # both seats and the spectators


def test_counting_requests_in_memory_starts_no_thread_per_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    budgets = RateLimits(Settings(secret_key="k"))

    def spend() -> float:
        """One count, driven by hand: a memory count never waits (and the test may be run
        where another test's event loop is still running in this thread)."""
        counting = budgets.spend("moves", "someone", "127.0.0.1")
        try:
            counting.send(None)
        except StopIteration as done:
            return float(done.value)
        counting.close()
        raise AssertionError("a count in memory waited on something")

    spend()  # the storage is built (its one start-up timer)
    timers: list[object] = []

    class CountedTimer(threading.Timer):
        def start(self) -> None:
            timers.append(self)
            super().start()

    monkeypatch.setattr(limits.storage.memory.threading, "Timer", CountedTimer)
    for _ in range(200):
        assert spend() == 0.0
    assert timers == []


def _bodies(log: ChatLog) -> list[str]:
    return [line.body for line in log.lines]


def test_the_chat_is_held_until_news_and_a_change_here_shows_at_once(database_url: str) -> None:
    app = make_app(database_url)
    game_id = app.state.games.create(PLAYER, "medium").id
    here, there = TableChat(app.state.database), TableChat(app.state.database)
    assert _bodies(here.read(game_id, 1)) == _bodies(there.read(game_id, 1)) == []
    here.say(game_id, 0, text="hello")
    assert _bodies(here.read(game_id, 1)) == ["hello"]  # said in this process: at once
    assert _bodies(there.read(game_id, 1)) == []  # held in the other until news of it
    assert _bodies(TableChat(app.state.database, seconds=0).read(game_id, 1)) == ["hello"]
    there.forget(game_id)  # the "read again" news every chat change is announced as
    assert _bodies(there.read(game_id, 1)) == ["hello"]
    here.set_muted(game_id, 1, True)  # the mute applies at once where it was made
    here.say(game_id, 0, text="while muted")
    assert here.read(game_id, 1) == ChatLog((), True)
    assert _bodies(here.read(game_id, None)) == ["hello", "while muted"]  # spectators read all
    here.set_muted(game_id, 1, False)
    assert _bodies(here.read(game_id, 1)) == ["hello"]  # never what was said during the mute


def test_a_watcher_knows_when_its_view_needs_no_database(two: tuple[Any, Any]) -> None:
    """A seat's view is read on the event loop only when every piece of it is held."""
    first, second = (app.state.games for app in two)
    game_id = first.create(PLAYER, "medium", seed=3).id
    move, version = _a_move(first, game_id)
    assert not first.holds(PLAYER, game_id, None)  # no news of a version: always read
    first.apply(PLAYER, game_id, move, version)
    assert first.holds(PLAYER, game_id, version + 1)  # the mover's write serves its watchers
    assert not first.holds(PLAYER, game_id, version + 2)  # a version not seen here yet
    assert not second.holds(PLAYER, game_id, version + 1)  # moved by another process: read
    book = PreferenceBook(first.database, seconds=0)
    assert book.holds(None) and not book.holds(PLAYER)
    presence = two[0].state.presence
    assert not presence.holds(game_id)
    presence.connected(game_id)
    assert presence.holds(game_id)
