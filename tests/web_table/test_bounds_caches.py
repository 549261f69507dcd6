"""The web game cache holds at most ``CRIBKIT_GAME_CACHE`` rebuilt games per process."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from cribkit.errors import CribkitError
from cribkit.web.app import create_app
from cribkit.web.site.settings import Settings


def test_the_game_cache_is_sized_by_its_setting(tmp_path: Path) -> None:
    env = {
        "CRIBKIT_SECRET_KEY": "k",
        "CRIBKIT_DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "CRIBKIT_GAME_CACHE": "2",
    }
    app = create_app(Settings.from_env(env))
    app.state.database.migrate()
    games = [app.state.games.create("p", "casual") for _ in range(5)]
    cached = app.state.games._cache._games
    assert list(cached) == [loaded.id for loaded in games[-2:]]
    for bad in ("0", "many", "-3", "١٢"):
        with pytest.raises(CribkitError, match="CRIBKIT_GAME_CACHE"):
            Settings.from_env({**env, "CRIBKIT_GAME_CACHE": bad})


def test_the_pool_setting_bounds_a_process_s_connections_to_postgresql() -> None:
    """Processes x pool must stay under the server's ``max_connections``: the setting is
    the most one process opens (a third kept open, the rest on demand)."""
    env = {
        "CRIBKIT_SECRET_KEY": "k",
        "CRIBKIT_DATABASE_URL": "postgresql+psycopg://nobody@127.0.0.1:1/none",  # never opened
        "CRIBKIT_DB_POOL": "24",
    }
    engine = create_app(Settings.from_env(env)).state.database.engine
    assert engine.pool.size() == 8
    assert engine.pool._max_overflow == 16  # type: ignore[attr-defined]
    assert Settings.from_env({"CRIBKIT_SECRET_KEY": "k"}).db_pool == 30
    with pytest.raises(CribkitError, match="CRIBKIT_DB_POOL"):
        Settings.from_env({**env, "CRIBKIT_DB_POOL": "0"})


def test_a_finished_game_is_let_go_not_held() -> None:
    """Thousands of finished games would fill the cache; they are replayed when read."""
    from cribkit.game import Game
    from cribkit.record import GameRecord
    from cribkit.tournament import play_game
    from cribkit.web.table.games.cache import GameCache

    record = play_game("greedy", "random", seed=3, a_seat=0, keep_record=True).record
    assert isinstance(record, GameRecord)
    finished = record.to_game()
    playing = Game(seed=3)
    cache = GameCache(4)
    cache.put("playing", "r0", playing)
    cache.put("finished", "r1", playing)
    cache.put("finished", "r2", finished)  # the final move: the held copy goes too
    assert cache.holds("playing", "r0") and cache.get("playing", "r0") is not None
    assert not cache.holds("finished", "r2") and cache.get("finished", "r1") is None


def test_an_in_memory_database_is_one_database_for_every_thread() -> None:
    """``sqlite://`` (what a quick try or a test may give) built an engine that refused its
    own pool arguments; now every worker thread sees the one in-memory database."""
    app = create_app(
        Settings.from_env({"CRIBKIT_SECRET_KEY": "k", "CRIBKIT_DATABASE_URL": "sqlite://"})
    )
    app.state.database.migrate()
    made = app.state.games.create("p", "casual")
    with ThreadPoolExecutor(max_workers=1) as other_thread:
        loaded = other_thread.submit(app.state.games.load, "p", made.id).result()
    assert loaded.id == made.id
    assert loaded.version == made.version
