"""The PostgreSQL channel: NOTIFY on the database the app already uses, LISTEN per process.

Publishing is one ``SELECT pg_notify(...)`` through the app's own connection pool; each
process keeps one extra connection that LISTENs and hands news to its watchers. If that
connection drops, it reconnects and tells every watcher to re-read (``SubscribedChannel``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import psycopg
from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url

from cribkit.web.table.live.channel import format_news
from cribkit.web.table.live.subscribed import SubscribedChannel

__all__ = ["PostgresChannel", "libpq_url"]


def libpq_url(sqlalchemy_url: str) -> str:
    """``postgresql+psycopg://...`` as the plain URL psycopg itself reads."""
    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class PostgresChannel(SubscribedChannel):
    kind = "postgresql"
    row_bytes = 7000  # a NOTIFY payload must stay under 8,000 bytes

    def __init__(self, engine: Engine, channel_name: str) -> None:
        super().__init__()
        self.engine = engine
        self.channel_name = channel_name

    def publish(self, game_id: str, version: int, row: str = "") -> None:
        with self.engine.connect() as connection:
            connection.execute(
                text("SELECT pg_notify(:channel, :news)"),
                {"channel": self.channel_name, "news": format_news(game_id, version, row)},
            )
            connection.commit()

    @asynccontextmanager
    async def _subscription(self) -> AsyncIterator[AsyncIterator[str]]:
        conninfo = libpq_url(self.engine.url.render_as_string(hide_password=False))
        async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as connection:
            quoted = psycopg.sql.Identifier(self.channel_name)
            await connection.execute(psycopg.sql.SQL("LISTEN {}").format(quoted))
            yield self._texts(connection)

    @staticmethod
    async def _texts(connection: psycopg.AsyncConnection[object]) -> AsyncIterator[str]:
        async for notice in connection.notifies():
            yield notice.payload
