"""Starting and stopping the live layer with the app: the channel, presence, the hook.

The game service's ``on_change`` publishes on the channel chosen from the settings, and a
heartbeat keeps this process's presence rows fresh while the app runs, sweeps the rows of
processes that died (at start-up too) and announces the games they named.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

from starlette.concurrency import run_in_threadpool

from cribkit.web.site.db import Database
from cribkit.web.site.settings import Settings
from cribkit.web.table.friends import FriendTables
from cribkit.web.table.games import GameService
from cribkit.web.table.live.channel import RESYNC, Channel
from cribkit.web.table.live.choose import choose_channel
from cribkit.web.table.live.presence import PresenceBook

__all__ = ["install", "running"]


def install(state: Any, settings: Settings, database: Database, games: GameService) -> None:
    """Put the friends' tables, the channel and the presence book on ``app.state``."""
    state.friends = FriendTables(games)
    state.channel = choose_channel(settings, database)
    state.presence = PresenceBook(database, ttl=timedelta(seconds=settings.presence_ttl))
    games.on_change = state.channel.publish


def _beat(presence: PresenceBook, channel: Channel) -> None:
    """Refresh this process's rows, sweep the dead ones and announce their games."""
    presence.heartbeat()
    for game_id in presence.sweep():
        channel.publish(game_id, RESYNC)


async def _heartbeat(presence: PresenceBook, channel: Channel) -> None:
    while True:
        with contextlib.suppress(Exception):  # a lost database must not end the loop
            await run_in_threadpool(_beat, presence, channel)
        await asyncio.sleep(presence.heartbeat_seconds)


@asynccontextmanager
async def running(state: Any) -> AsyncIterator[None]:
    """Listen on the channel and beat the presence heart while the app serves."""
    await state.channel.start()
    beat = asyncio.create_task(_heartbeat(state.presence, state.channel), name="cribkit-presence")
    try:
        yield
    finally:
        beat.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beat
        await state.channel.stop()
