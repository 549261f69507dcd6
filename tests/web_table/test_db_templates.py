"""The web tests' databases: a copy of the worker's migrated template is at the newest
revision and the test's own, and only ``postgres_too`` tests run on PostgreSQL as well."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text

from cribkit.web.site.db import MIGRATIONS_DIR, Database
from db_templates import copy_sqlite, database_params


def head_revision() -> str:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def revision_of(url: str) -> str:
    engine = create_engine(url)
    with engine.connect() as connection:
        found: str = connection.execute(
            text("SELECT version_num FROM alembic_version")
        ).scalar_one()
    engine.dispose()
    return found


def test_each_copy_is_migrated_and_its_own(sqlite_template: Path, tmp_path: Path) -> None:
    first = copy_sqlite(sqlite_template, tmp_path, "first.sqlite3")
    second = copy_sqlite(sqlite_template, tmp_path, "second.sqlite3")
    assert revision_of(first) == revision_of(second) == head_revision()
    kept = Database(first)
    key = kept.stored_secret("cookie")  # a row written in one copy only
    kept.dispose()
    other = Database(second)
    assert other.stored_secret("cookie") != key
    other.dispose()


class Metafunc:
    def __init__(self, fixtures: tuple[str, ...], *markers: str) -> None:
        self.fixturenames = fixtures
        self.definition = self
        self.markers = markers
        self.calls: list[tuple[str, list[Any]]] = []

    def get_closest_marker(self, name: str) -> str | None:
        return name if name in self.markers else None

    def parametrize(self, name: str, values: list[Any], *, indirect: bool) -> None:
        assert indirect
        self.calls.append((name, values))


def test_only_postgres_too_tests_of_a_database_run_twice() -> None:
    plain, marked = Metafunc(("database_url",)), Metafunc(("database_url",), "postgres_too")
    no_database = Metafunc(("client",), "postgres_too")
    for metafunc in (plain, marked, no_database):
        database_params(metafunc)  # type: ignore[arg-type]
    assert plain.calls == [] and no_database.calls == []
    [(name, values)] = marked.calls
    assert name == "database_url" and values[0] == "sqlite"
    assert values[1].values == ("postgres",) and values[1].marks[0].name == "postgres"
