"""Starting and stopping the live layer with the app: the channel, presence, the hook.

The game service's ``on_change`` announces on the channel chosen from the settings (off
the request's path: see ``announce``), and a heartbeat keeps this process's presence rows
fresh while the app runs.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from starlette.concurrency import run_in_threadpool

from cribkit.web.site.db import Database
from cribkit.web.site.settings import Settings
from cribkit.web.table.friends import FriendTables
from cribkit.web.table.games import GameService
from cribkit.web.table.live.announce import Announcer
from cribkit.web.table.live.choose import choose_channel
from cribkit.web.table.live.in_process import InProcessChannel
from cribkit.web.table.live.presence import HEARTBEAT_SECONDS, PresenceBook

__all__ = ["install", "running"]


def install(state: Any, settings: Settings, database: Database, games: GameService) -> None:
    """Put the friends' tables, the channel, its announcer and the presence book on
    ``app.state``."""
    state.friends = FriendTables(games)
    state.channel = choose_channel(settings, database)
    state.announcer = Announcer(state.channel, inline=isinstance(state.channel, InProcessChannel))
    state.presence = PresenceBook(database)
    games.on_change = state.announcer.announce


async def _heartbeat(presence: PresenceBook) -> None:
    while True:
        await asyncio.sleep(HEARTBEAT_SECONDS)
        with contextlib.suppress(Exception):  # a lost database must not end the loop
            await run_in_threadpool(presence.heartbeat)


@asynccontextmanager
async def running(state: Any) -> AsyncIterator[None]:
    """Listen on the channel and beat the presence heart while the app serves."""
    await state.channel.start()
    beat = asyncio.create_task(_heartbeat(state.presence), name="cribkit-presence")
    try:
        yield
    finally:
        beat.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beat
        await run_in_threadpool(state.announcer.close)
        await state.channel.stop()
