"""The database behind the table: one engine per app, migrations run from the package.

SQLite (the default, one file) and PostgreSQL are both supported. Migrations are applied
with Alembic's command API and a configuration built here, pointing at the migrations
folder inside the installed package, so no ``alembic.ini`` or working directory is needed.
"""

from __future__ import annotations

import secrets
import threading
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from cribkit.web.site.models import AppSecret

__all__ = ["MIGRATIONS_DIR", "Database"]

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_SQLITE_BUSY_SECONDS = 30
_SQLITE_POOL = 20
"""SQLite connections kept open (a request runs in one of 40 worker threads; a connection
opened per session would run the pragmas again each time)."""
_MIGRATING = threading.Lock()
"""Alembic's ``context`` is module state: one upgrade at a time in a process."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets readers run beside the one writer; waits replace "database is locked"."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA busy_timeout={_SQLITE_BUSY_SECONDS * 1000}")
    cursor.close()


DB_POOL = 30
"""Connections one process may open to a database server by default (a third kept open)."""


def _in_memory(url: URL) -> bool:
    """An SQLite database that lives in its connection (``sqlite://``), not in a file."""
    return url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:")


def _build_engine(url: str, pool: int = DB_POOL) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":  # processes x pool must stay under the server's cap
        kept = max(1, pool // 3)
        return create_engine(
            url, pool_pre_ping=True, pool_size=kept, max_overflow=max(0, pool - kept)
        )
    if _in_memory(parsed):
        # one in-memory database lives in one connection: every thread must share it
        return create_engine(url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
    Path(parsed.database or "").expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(  # a pool as deep as the worker threads: no connect per session
        url,
        connect_args={"timeout": _SQLITE_BUSY_SECONDS, "check_same_thread": False},
        pool_size=_SQLITE_POOL,
        max_overflow=_SQLITE_POOL,
    )
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


class Database:
    """An engine and its session factory; nothing connects until first used."""

    def __init__(self, url: str, *, pool: int = DB_POOL) -> None:
        self.url = url
        self.engine = _build_engine(url, pool)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._migrated = False

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    def migrate(self) -> None:
        """Bring the schema up to the newest revision (a no-op when it already is)."""
        with _MIGRATING:
            if not self._migrated:
                self._upgrade()
                self._migrated = True

    def _upgrade(self) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS_DIR))
        rendered = self.engine.url.render_as_string(hide_password=False)
        config.set_main_option("sqlalchemy.url", rendered.replace("%", "%%"))
        if _in_memory(self.engine.url):
            with self.engine.connect() as connection:  # the one connection that holds it
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
                connection.commit()
            return
        command.upgrade(config, "head")

    def session(self) -> Session:
        return self.sessions()

    def stored_secret(self, name: str) -> str:
        """A random secret kept in the database, created on first use.

        Every app process sharing the database then signs cookies with the same key, and
        player identities survive a restart without any configuration.
        """
        with self.sessions() as session:
            found = session.get(AppSecret, name)
            if found is not None:
                return found.value
            session.add(AppSecret(name=name, value=secrets.token_urlsafe(32)))
            try:
                session.commit()
            except IntegrityError:  # another process created it first: use theirs
                session.rollback()
        with self.sessions() as session:
            stored = session.get(AppSecret, name)
            assert stored is not None
            return stored.value

    def dispose(self) -> None:
        self.engine.dispose()
