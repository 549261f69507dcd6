"""``cribkit serve --workers N`` refuses, before touching the database, the setups where
the processes could not share the games or their live news."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import assert_bad_input, invoke

from cribkit.cli.serve_cmd import workers_problem


def test_several_workers_on_an_in_memory_database_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CRIBKIT_REDIS_URL", "redis://127.0.0.1:6379/0")
    result = invoke(["serve", "--workers", "2", "--database-url", "sqlite:///:memory:"])
    assert_bad_input(result, "--workers 2", "not an in-memory one")


def test_several_workers_on_sqlite_without_redis_are_refused_and_nothing_is_created(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("CRIBKIT_REDIS_URL", raising=False)
    target = tmp_path / "never.sqlite3"
    result = invoke(["serve", "--workers", "3", "--database-url", f"sqlite:///{target}"])
    assert_bad_input(result, "--workers 3", "CRIBKIT_REDIS_URL")
    assert not target.exists()  # refused before the migrations


@pytest.mark.parametrize(
    ("workers", "url", "redis", "allowed"),
    [
        (1, "sqlite:///:memory:", "", True),  # one process: anything goes
        (1, "sqlite:///x.sqlite3", "", True),
        (2, "sqlite:///x.sqlite3", "redis://h/0", True),
        (2, "sqlite://", "redis://h/0", False),  # SQLite's other in-memory spelling
        (2, "postgresql+psycopg://u@h/db", "", True),  # LISTEN/NOTIFY crosses processes
        (2, "postgresql+psycopg://u@h/db", "redis://h/0", True),
    ],
)
def test_which_setups_several_workers_accept(
    workers: int, url: str, redis: str, allowed: bool
) -> None:
    assert (workers_problem(workers, url, redis) is None) is allowed
