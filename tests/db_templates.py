"""Databases for the web tests: migrated once per test worker, copied for each test.

Alembic migrating a fresh SQLite file costs 0.3-0.5 s, most of a TestClient test's time;
copying a migrated file costs under a millisecond, and the app's own migrate on start is
then a no-op (about 10 ms). PostgreSQL copies a migrated template database the same way
with ``CREATE DATABASE ... TEMPLATE``. SQLAlchemy is imported here, never by the root
conftest, so the engine's tests do not pay for it.
"""

from __future__ import annotations

import secrets
import shutil
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

from cribkit.web.site.db import Database

__all__ = ["PostgresServer", "copy_sqlite", "database_params", "migrated_sqlite"]


def database_params(metafunc: pytest.Metafunc) -> None:
    """A ``postgres_too`` test that takes ``database_url`` runs on SQLite and on PostgreSQL;
    any other on SQLite alone (the fixture's default). A ``heavy`` one (whole games through
    the API) plays its PostgreSQL variant in the ``slow`` tier only: CI's PostgreSQL runs
    are the tests where its semantics matter, and the whole games' second run on it cost a
    minute and a half of CI's two cores."""
    definition = metafunc.definition
    if "database_url" in metafunc.fixturenames and definition.get_closest_marker("postgres_too"):
        marks = [pytest.mark.postgres]
        if definition.get_closest_marker("heavy"):
            marks.append(pytest.mark.slow)
        backends = ["sqlite", pytest.param("postgres", marks=marks)]
        metafunc.parametrize("database_url", backends, indirect=True)


def migrated_sqlite(folder: Path) -> Path:
    """A SQLite file in ``folder`` migrated to the newest revision, closed (WAL folded in)."""
    path = folder / "template.sqlite3"
    database = Database(f"sqlite:///{path}")
    database.migrate()
    database.dispose()
    return path


def copy_sqlite(template: Path, folder: Path, name: str = "table.sqlite3") -> str:
    """The URL of a fresh copy of ``template`` in ``folder``."""
    target = folder / name
    shutil.copyfile(template, target)
    return f"sqlite:///{target}"


class PostgresServer:
    """Scratch databases on one PostgreSQL server, named so that runs never collide."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.admin: Engine = create_engine(
            make_url(address).set(database="postgres"), isolation_level="AUTOCOMMIT"
        )

    def url(self, name: str) -> str:
        return make_url(self.address).set(database=name).render_as_string(hide_password=False)

    def create(self, *, template: str | None = None) -> str:
        """A new empty database (or a copy of ``template``); returns its name."""
        name = f"cribkit_test_{secrets.token_hex(6)}"
        copy = f' TEMPLATE "{template}"' if template else ""
        with self.admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"{copy}'))
        return name

    def migrated_template(self) -> str:
        """A new database migrated to the newest revision, with no connection left open."""
        name = self.create()
        database = Database(self.url(name))
        try:
            database.migrate()
        finally:
            database.dispose()
        return name

    def drop(self, name: str) -> None:
        with self.admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))

    def dispose(self) -> None:
        self.admin.dispose()
