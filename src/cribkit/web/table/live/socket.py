"""``/ws/games/{id}``: one JSON message with the new view after every change of the game.

A player's cookie gets their own view (the same payload as ``GET /api/games/{id}``); anyone
else with ``?code=`` gets the public view. The socket listens to the channel and re-reads
the game. From the client it accepts small frames: ``{"type": "ping"}``, and a seated
player's ``{"type": "move", ...}``, answered like the versioned action API
(``socket_moves``); a flood, an oversized or a malformed frame gets a clear refusal, and
the first two end the connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from collections.abc import Mapping
from typing import Any

import anyio
from fastapi import APIRouter, WebSocket
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketDisconnect, WebSocketState

from cribkit.web.site.i18n import translator
from cribkit.web.site.players_identity import player_id_of
from cribkit.web.table.friends.api import public_table
from cribkit.web.table.friends.payloads import with_table
from cribkit.web.table.friends.tables import FriendTables, InviteNotFoundError
from cribkit.web.table.games.api import game_payload
from cribkit.web.table.games.service import GameService
from cribkit.web.table.live.announce import Announcer
from cribkit.web.table.live.channel import RESYNC, Channel
from cribkit.web.table.live.presence import PresenceBook
from cribkit.web.table.live.socket_moves import SentViews, answer_move

__all__ = [
    "CLOSE_FLOOD",
    "CLOSE_NOT_FOUND",
    "CLOSE_TOO_BIG",
    "MAX_FRAME",
    "RATE_LIMIT",
    "RATE_WINDOW",
    "router",
]

router = APIRouter()

MAX_FRAME = 1024
"""Bytes a client frame may carry (a ping needs 16)."""
RATE_LIMIT = 30
RATE_WINDOW = 10.0
"""At most ``RATE_LIMIT`` client frames per ``RATE_WINDOW`` seconds."""
POLL_SECONDS = 2.0
"""How often a socket re-reads its game while the channel is down (news may not come)."""
CLOSE_NOT_FOUND = 4404
CLOSE_FLOOD = 1008
CLOSE_TOO_BIG = 1009


class _Refusal(Exception):
    """End the connection with a close code and a reason the client can show."""

    def __init__(self, code: int, error: str, detail: str) -> None:
        super().__init__(detail)
        self.code, self.error, self.detail = code, error, detail


async def _who(websocket: WebSocket, game_id: str) -> tuple[int | None, str | None]:
    """(seat, None) for a seated player, (None, code) for a spectator, else (None, None)."""
    state = websocket.app.state
    games: GameService = state.games
    friends: FriendTables = state.friends
    player_id = player_id_of(websocket)
    if player_id is not None:
        seat = await run_in_threadpool(games.seat_of, game_id, player_id)
        if seat is not None:
            return seat, None
    code = websocket.query_params.get("code")
    if code:
        try:
            invite = await run_in_threadpool(friends.find, code)
        except InviteNotFoundError:
            return None, None
        if invite.game_id == game_id:
            return None, invite.code
    return None, None


class _Reader:
    """Reads the watcher's view given the news that woke it (a version, ``RESYNC``, or None
    for none: the first view, or a poll while the channel is down).

    News of a version lets the game's row come from this process's memory (the mover's
    write, or the first watcher's read, serves all the others); any other wake-up reads
    the database, and the seats' presence and the chat too (their changes come as
    ``RESYNC``).
    """

    def __init__(self, websocket: WebSocket, game_id: str, seat: int | None, code: str | None):
        state = websocket.app.state
        self.state = state
        self.games: GameService = state.games
        self.presence: PresenceBook = state.presence
        self.friends: FriendTables = state.friends
        self.game_id, self.seat, self.code = game_id, seat, code
        self.player_id = player_id_of(websocket)
        self.words = translator(websocket)  # the counts said aloud in the watcher's language

    def held(self, news: int | None) -> bool:
        """Whether a seat's view on this news needs no database: then it is read on the
        event loop, since handing it to a thread costs more than the read itself."""
        if self.seat is None or news is None or news == RESYNC:
            return False
        game_id = self.game_id
        return (
            self.games.holds(self.player_id, game_id, news)
            and self.friends.holds_joined(game_id)
            and self.presence.holds(game_id)
            and self.friends.chat.holds(game_id, self.seat)
        )

    def __call__(self, news: int | None) -> dict[str, Any] | None:
        game_id, words = self.game_id, self.words
        seen = None if news is None or news == RESYNC else news
        if seen is None:  # presence or chat news come as "read again"
            self.presence.refresh(game_id)
            self.friends.chat.forget(game_id)
        if self.seat is not None:
            loaded = self.games.load(self.player_id, game_id, seen=seen)
            return with_table(self.state, loaded, game_payload(loaded, words), words)
        loaded_any = self.games.load_any(game_id, seen=seen)
        assert self.code is not None
        return (
            None if loaded_any is None else public_table(self.state, loaded_any, self.code, words)
        )


class _Gate:
    """Counts a client's frames in a sliding window and checks each one. Moves are not
    counted here: they spend the ``moves`` budget, as the action API's do (a move past it
    is answered 429, and the socket stays open)."""

    def __init__(self) -> None:
        self._times: deque[float] = deque()

    def check(self, message: Mapping[str, Any]) -> str | dict[str, Any]:
        """``"pong"`` for a ping, the frame itself for a move, else ``"bad_frame"``; raises
        ``_Refusal`` to end the connection."""
        data = _parsed(message)
        if isinstance(data, dict) and data.get("type") == "move":
            return data
        now = time.monotonic()
        self._times.append(now)
        while self._times and self._times[0] < now - RATE_WINDOW:
            self._times.popleft()
        if len(self._times) > RATE_LIMIT:
            raise _Refusal(CLOSE_FLOOD, "flood", "too many messages; reconnect to continue")
        if isinstance(data, dict) and data.get("type") == "ping":
            return "pong"
        return "bad_frame"


def _parsed(message: Mapping[str, Any]) -> object:
    """The frame's JSON (None when it is not JSON text); raises ``_Refusal`` when too big."""
    raw = message.get("text")
    if raw is None:
        if len(message.get("bytes") or b"") > MAX_FRAME:
            raise _Refusal(CLOSE_TOO_BIG, "frame_too_big", "message too big")
        return None
    if len(raw.encode("utf-8")) > MAX_FRAME:
        raise _Refusal(CLOSE_TOO_BIG, "frame_too_big", "message too big")
    try:
        return json.loads(raw)
    except ValueError:
        return None


async def _news(subscription: Any, announcer: Announcer) -> int | None:
    """Wait for news of the game (its version, or ``RESYNC``), or while the channel is
    down, for ``POLL_SECONDS`` (None: no news, read anyway)."""
    while True:
        try:  # asyncio.timeout, not wait_for: no task of its own for every wait
            async with asyncio.timeout(POLL_SECONDS):
                version: int = await subscription.next_version()
            return version
        except TimeoutError:
            if announcer.polling():
                return None


async def _send_views(
    websocket: WebSocket, read: _Reader, subscription: Any, sent: SentViews
) -> None:
    """Send the view now and after every piece of news, when it changed (news of a version
    this socket's own move has answered with is not read again)."""
    news: int | None = None
    while True:
        if not sent.covers(news):
            view = read(news) if read.held(news) else await run_in_threadpool(read, news)
            if view is None:
                return
            text = json.dumps(view, sort_keys=True)
            version = int(view.get("version", -1))
            if sent.is_new(version, text):  # encoded once: the same text compared and sent
                sent.record(version, text)
                await websocket.send_text(f'{{"type": "view", "view": {text}}}')
        news = await _news(subscription, websocket.app.state.announcer)
        await sent.settled()


async def _receive(websocket: WebSocket, game_id: str, sent: SentViews) -> None:
    """Answer pings and moves, refuse everything else; return when the client goes away."""
    gate = _Gate()
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        answer = gate.check(message)
        if answer == "pong":
            await websocket.send_text('{"type": "pong"}')
        elif isinstance(answer, dict):
            await answer_move(websocket, game_id, answer, sent)
        else:
            reply = {
                "type": "error",
                "code": "bad_frame",
                "detail": 'send {"type": "ping"}, a move {"type": "move", "id": ..., '
                '"action": ..., "version": ...}, or nothing',
            }
            await websocket.send_text(json.dumps(reply))


@router.websocket("/ws/games/{game_id}")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    """Your view (or the public one) now and after every change of the game."""
    state = websocket.app.state
    channel: Channel = state.channel
    announcer: Announcer = state.announcer
    presence: PresenceBook = state.presence
    seat, code = await _who(websocket, game_id)
    await websocket.accept()
    if seat is None and code is None:
        detail = "there is no such game at this table"
        await websocket.send_text(
            json.dumps({"type": "error", "code": "game_not_found", "detail": detail})
        )
        await websocket.close(code=CLOSE_NOT_FOUND, reason="game not found")
        return
    with channel.subscribe(game_id) as subscription:
        if seat is not None and await run_in_threadpool(presence.arrive, game_id, seat):
            announcer.announce(game_id, RESYNC)
        sent = SentViews()
        reader = _Reader(websocket, game_id, seat, code)
        tasks = [
            asyncio.create_task(_send_views(websocket, reader, subscription, sent)),
            asyncio.create_task(_receive(websocket, game_id, sent)),
        ]
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                task.result()
        except _Refusal as refusal:
            with contextlib.suppress(Exception):
                reply = {"type": "error", "code": refusal.error, "detail": refusal.detail}
                await websocket.send_text(json.dumps(reply))
                await websocket.close(code=refusal.code, reason=refusal.error)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            # Shielded: a server cancelling the handler (shutdown, a test client) must not
            # leave the seat looking connected.
            with anyio.CancelScope(shield=True):
                for task in tasks:
                    task.cancel()
                for task in tasks:
                    with contextlib.suppress(BaseException):
                        await task
                if seat is not None and await run_in_threadpool(presence.leave, game_id, seat):
                    announcer.announce(game_id, RESYNC)
                if websocket.client_state is WebSocketState.CONNECTED:
                    with contextlib.suppress(Exception):
                        await websocket.close()
