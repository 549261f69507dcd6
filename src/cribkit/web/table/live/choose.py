"""Which channel an app uses, from its settings: Redis if configured, else the database's."""

from __future__ import annotations

import re

from cribkit.errors import CribkitError
from cribkit.web.site.db import Database
from cribkit.web.site.settings import Settings
from cribkit.web.table.live.channel import Channel
from cribkit.web.table.live.in_process import InProcessChannel

__all__ = ["channel_name", "choose_channel"]

_PREFIX = re.compile(r"^[a-z][a-z0-9_]{0,39}$")


def channel_name(prefix: str) -> str:
    """The channel for game news: ``<prefix>_games`` (a plain PostgreSQL identifier)."""
    if not _PREFIX.match(prefix):
        raise CribkitError(
            f"the live channel prefix {prefix!r} must be lowercase letters, digits or _"
        )
    return f"{prefix}_games"


def choose_channel(settings: Settings, database: Database) -> Channel:
    """Redis pub/sub when ``CRIBKIT_REDIS_URL`` is set, LISTEN/NOTIFY on PostgreSQL,
    otherwise in-process (one process on SQLite needs nothing else)."""
    name = channel_name(settings.live_prefix)
    if settings.redis_url:
        from cribkit.web.table.live.redis_pubsub import RedisChannel

        return RedisChannel(settings.redis_url, name)
    if database.backend == "postgresql":
        from cribkit.web.table.live.postgres_notify import PostgresChannel

        return PostgresChannel(database.engine, name)
    return InProcessChannel()
