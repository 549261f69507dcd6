"""The PostgreSQL channel: NOTIFY on the database the app already uses, LISTEN per process.

Publishing is one ``SELECT pg_notify(...)`` through the app's own connection pool; each
process keeps one extra connection that LISTENs and hands news to its watchers. If that
connection drops, it reconnects and tells every watcher to re-read (news may have been
missed meanwhile).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import psycopg
from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url

from cribkit.web.table.live.channel import Channel, format_news, parse_news

__all__ = ["PostgresChannel", "libpq_url"]

_log = logging.getLogger(__name__)
_RETRY_SECONDS = 1.0


def libpq_url(sqlalchemy_url: str) -> str:
    """``postgresql+psycopg://...`` as the plain URL psycopg itself reads."""
    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class PostgresChannel(Channel):
    kind = "postgresql"

    def __init__(self, engine: Engine, channel_name: str) -> None:
        super().__init__()
        self.engine = engine
        self.channel_name = channel_name
        self._task: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()

    def publish(self, game_id: str, version: int) -> None:
        with self.engine.connect() as connection:
            connection.execute(
                text("SELECT pg_notify(:channel, :news)"),
                {"channel": self.channel_name, "news": format_news(game_id, version)},
            )
            connection.commit()

    async def _listen(self) -> None:
        self._listening = asyncio.Event()
        self._task = asyncio.create_task(self._run(), name="cribkit-pg-listen")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._listening.wait(), timeout=10)

    async def _run(self) -> None:
        conninfo = libpq_url(self.engine.url.render_as_string(hide_password=False))
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    conninfo, autocommit=True
                ) as connection:
                    quoted = psycopg.sql.Identifier(self.channel_name)
                    await connection.execute(psycopg.sql.SQL("LISTEN {}").format(quoted))
                    self._listening.set()
                    if not first:
                        self.hub.deliver_all()
                    first = False
                    async for notice in connection.notifies():
                        news = parse_news(notice.payload)
                        if news is not None:
                            self.hub.deliver(*news)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the server went away: wait, reconnect, resync
                _log.warning("PostgreSQL LISTEN connection lost (%s); reconnecting", exc)
                first = False
                await asyncio.sleep(_RETRY_SECONDS)

    async def _close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
