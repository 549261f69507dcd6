"""Alembic environment: run the migrations on the database URL ``db.migrate`` gives.

On PostgreSQL an advisory lock serialises concurrent upgrades, so several app processes
starting at once against one database do not race to create the same tables.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine, pool, text

from cribkit.web.site.models import Base

_LOCK_ID = 0x0C41B0
"""Arbitrary constant naming cribkit's migration lock in ``pg_advisory_lock``."""


def _run(connection: Connection) -> None:
    locked = connection.dialect.name == "postgresql"
    if locked:
        connection.execute(text("SELECT pg_advisory_lock(:id)"), {"id": _LOCK_ID})
        connection.commit()
    try:
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        with context.begin_transaction():
            context.run_migrations()
    finally:
        if locked:
            connection.execute(text("SELECT pg_advisory_unlock(:id)"), {"id": _LOCK_ID})
            connection.commit()


def _run_online() -> None:
    given = context.config.attributes.get("connection")
    if given is not None:  # an in-memory database: only the app's own connection holds it
        _run(given)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no database URL given to the migrations")
    engine = create_engine(url, poolclass=pool.NullPool)
    try:
        with engine.connect() as connection:
            _run(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise RuntimeError("cribkit runs its migrations online only")
_run_online()
