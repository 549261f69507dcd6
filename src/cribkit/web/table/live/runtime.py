"""Starting and stopping the live layer with the app: the channel, presence, the hook.

The game service's ``on_change`` announces on the channel chosen from the settings (off
the request's path: see ``announce``), the news carrying the stored row to the other
processes (``row_news``, taken by ``receive_row``), and a heartbeat keeps this process's
presence rows fresh while the app runs, sweeps the rows of processes that died (at
start-up too) and announces the games they named; every ``INVITE_SWEEP_SECONDS`` (and at
start-up) the hosts' games whose invite lapsed unused are closed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

from starlette.concurrency import run_in_threadpool

from cribkit.web.site.db import Database
from cribkit.web.site.settings import Settings
from cribkit.web.table.friends.tables import FriendTables
from cribkit.web.table.games.service import GameService
from cribkit.web.table.live.announce import Announcer
from cribkit.web.table.live.channel import RESYNC
from cribkit.web.table.live.choose import choose_channel
from cribkit.web.table.live.in_process import InProcessChannel
from cribkit.web.table.live.presence import PresenceBook

__all__ = ["INVITE_SWEEP_SECONDS", "install", "running"]

INVITE_SWEEP_SECONDS = 600.0


def install(state: Any, settings: Settings, database: Database, games: GameService) -> None:
    """Put the friends' tables, the channel, its announcer and the presence book on
    ``app.state``."""
    state.friends = FriendTables(games, held_chats=settings.game_cache)
    state.channel = choose_channel(settings, database)
    state.announcer = Announcer(
        state.channel,
        inline=isinstance(state.channel, InProcessChannel),
        row_of=games.row_news,
    )
    state.channel.on_row = games.receive_row
    state.presence = PresenceBook(
        database, ttl=timedelta(seconds=settings.presence_ttl), held=4 * settings.game_cache
    )
    games.on_change = state.announcer.announce


def _beat(presence: PresenceBook, announcer: Announcer) -> None:
    """Refresh this process's rows, sweep the dead ones and announce their games (through
    the announcer, so a channel outage never stalls the heartbeat)."""
    presence.heartbeat()
    for game_id in presence.sweep():
        announcer.announce(game_id, RESYNC)


async def _run(job: Callable[[], object]) -> None:
    """Run ``job`` in a thread; a failure (a lost database) is left for the next time."""
    with contextlib.suppress(Exception):
        await run_in_threadpool(job)


async def _every(seconds: float, job: Callable[[], object]) -> None:
    while True:
        await asyncio.sleep(seconds)
        await _run(job)


@asynccontextmanager
async def running(state: Any) -> AsyncIterator[None]:
    """Listen on the channel and beat the presence heart while the app serves."""
    await state.channel.start()
    presence: PresenceBook = state.presence
    friends: FriendTables = state.friends

    def beat() -> None:
        _beat(presence, state.announcer)

    await _run(beat)  # at start-up: what dead processes and lapsed invites left behind
    await _run(friends.sweep)
    jobs = [
        asyncio.create_task(_every(presence.heartbeat_seconds, beat), name="cribkit-presence"),
        asyncio.create_task(_every(INVITE_SWEEP_SECONDS, friends.sweep), name="cribkit-invites"),
    ]
    try:
        yield
    finally:
        for job in jobs:
            job.cancel()
        for job in jobs:
            with contextlib.suppress(asyncio.CancelledError):
                await job
        await run_in_threadpool(state.announcer.close)
        await state.channel.stop()
