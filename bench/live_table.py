"""A friend table driven over real HTTP and WebSockets, shared by the live benchmarks.

Two seats, each an ``httpx`` client with its own cookie and a socket that records when
each version of the game arrived; ``Table.move`` posts one move and answers how long it
took to reach the *other* player's socket (the figure the friends and crowd benches read).

Built to outlive a server going away (a cluster's host killed or restarted): each socket
reconnects by itself, at once after a 1012 "service restart" close and after a short pause
otherwise, and a move whose answer is lost (a dropped connection, a proxy's 5xx) is checked
against the stored game before it is sent again, so it is never lost and never made twice.
``Table.stored_mismatches`` then compares each game's stored version with the moves made.

Moves go over the mover's socket, as the page sends them (``{"type": "move"}``, answered
with the mover's new view), or with ``moves_by="api"`` to ``POST .../actions``; a move
whose socket is not open at that moment is posted to the API instead (``api_fallbacks``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Self

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, WebSocketException

__all__ = ["ARRIVAL_TIMEOUT", "MOVES_BY", "RESTART", "MoveRefusedError", "Seat", "Table", "ws_url"]

MOVES_BY = ("socket", "api")
"""How a move is sent: over the mover's socket (as the page does), or to the action API."""

ARRIVAL_TIMEOUT = 10.0
RECOVERY_TIMEOUT = 20.0
"""How long a move whose answer was lost is retried (a host's failover takes ~1 s)."""
RESTART = 1012
"""The close code of a server's graceful stop: reconnect at once."""
RECONNECT_PAUSE = 0.3


class MoveRefusedError(RuntimeError):
    """The server refused a move sent over the socket (its status and error code)."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"move refused: {status} {body.get('code')}: {body.get('detail')}")
        self.status = status


class SocketUnavailableError(ConnectionError):
    """The seat's socket is not open, or closed before the move's answer came."""


def ws_url(url: str) -> str:
    """The WebSocket URL of an HTTP base URL."""
    return "ws" + url.removeprefix("http")


@dataclass
class Seat:
    """One player: an HTTP client with its cookie, a socket and the versions it has seen."""

    http: httpx.AsyncClient
    seen: dict[int, float] = field(default_factory=dict)
    latest: dict[str, Any] = field(default_factory=dict)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    closes: list[int] = field(default_factory=list)
    """The close code of every socket that ended under it (1006: dropped, no code)."""
    socket: Any = None
    """The open socket, while there is one (a move may be sent over it)."""
    pending: dict[int, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    next_id: int = 0

    async def listen(self, url: str) -> None:
        """Record every view of the game until cancelled, reconnecting when the socket ends."""
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        while True:
            code = 1006
            try:
                async with connect(url, additional_headers={"Cookie": cookie}) as socket:
                    self.socket = socket
                    try:
                        async for raw in socket:
                            self._read(json.loads(raw))
                    except ConnectionClosed:
                        pass
                    code = socket.close_code or 1006
            except (OSError, TimeoutError, WebSocketException):
                pass
            finally:
                self._gone()
            self.closes.append(code)
            if code != RESTART:
                await asyncio.sleep(RECONNECT_PAUSE)

    def _gone(self) -> None:
        """The socket ended: moves waiting on it will get no answer."""
        self.socket = None
        for waiting in self.pending.values():
            if not waiting.done():
                waiting.set_exception(SocketUnavailableError("the socket closed"))
        self.pending.clear()

    def _read(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "answer":
            waiting = self.pending.pop(message.get("id", -1), None)
            if waiting is not None and not waiting.done():
                waiting.set_result(message)
            if message.get("status") == 200:  # the mover's view: no "view" of it follows
                self._saw(message["body"])
        elif kind == "view":
            self._saw(message["view"])

    def _saw(self, view: dict[str, Any]) -> None:
        version = int(view["version"])
        self.seen.setdefault(version, time.perf_counter())
        if version >= self.latest.get("version", -1):
            self.latest = view
        self.arrived.set()

    async def send_move(self, body: dict[str, Any]) -> dict[str, Any]:
        """Send a move over the open socket; its answer frame. Raises
        ``SocketUnavailableError`` when there is no socket or it closes first."""
        socket = self.socket
        if socket is None:
            raise SocketUnavailableError("no socket open")
        self.next_id += 1
        move_id = self.next_id
        waiting: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[move_id] = waiting
        try:
            await socket.send(json.dumps({"type": "move", "id": move_id, **body}))
            async with asyncio.timeout(ARRIVAL_TIMEOUT):
                return await waiting
        except (ConnectionClosed, TimeoutError) as exc:
            raise SocketUnavailableError(f"no answer: {exc!r}") from exc
        finally:
            self.pending.pop(move_id, None)

    async def wait_for(self, version: int) -> float:
        deadline = time.perf_counter() + ARRIVAL_TIMEOUT
        while version not in self.seen:
            self.arrived.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"version {version} never arrived")
            await asyncio.wait_for(self.arrived.wait(), remaining)
        return self.seen[version]


@dataclass
class Table:
    """A host on one server and a friend on another (or the same), both with sockets."""

    seats: list[Seat]
    game_id: str = ""
    code: str = ""
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    moves: dict[str, int] = field(default_factory=dict)
    """Moves acknowledged (or found stored after a lost answer), by game."""
    first_versions: dict[str, int] = field(default_factory=dict)
    """Each game's version before the first move (the friend's sitting down counts one)."""
    recovered: int = 0
    """Moves whose answer was lost but which the re-read game showed stored."""
    failures: dict[str, int] = field(default_factory=dict)
    """Answers lost on the way: ``HTTP 502``, ``ConnectError``... (each then recovered)."""
    moves_by: str = "socket"
    """``MOVES_BY``: over the mover's socket, or to the action API."""
    api_fallbacks: int = 0
    """Moves posted to the API because the mover's socket was not open."""

    @classmethod
    async def open(cls, host_url: str, friend_url: str, moves_by: str = "socket") -> Self:
        host = Seat(httpx.AsyncClient(base_url=host_url, timeout=60))
        friend = Seat(httpx.AsyncClient(base_url=friend_url, timeout=60))
        table = cls([host, friend], moves_by=moves_by)
        await table.new_game()
        return table

    async def new_game(self) -> None:
        await self.close_sockets()
        host, friend = self.seats
        opened = await host.http.post("/api/tables", json={"name": "Host"})
        opened.raise_for_status()
        self.game_id, self.code = opened.json()["game_id"], opened.json()["code"]
        joined = await friend.http.post(f"/api/tables/{self.code}/join", json={})
        joined.raise_for_status()
        self.moves[self.game_id] = 0
        first = await host.http.get(f"/api/games/{self.game_id}")
        first.raise_for_status()
        self.first_versions[self.game_id] = int(first.json()["version"])
        for seat in self.seats:
            url = f"{ws_url(str(seat.http.base_url).rstrip('/'))}/ws/games/{self.game_id}"
            seat.seen.clear()
            seat.latest = {}
            self.tasks.append(asyncio.create_task(seat.listen(url)))

    async def views(self) -> list[dict[str, Any]]:
        """Both players' views at the same version, as their sockets delivered them."""
        for seat in self.seats:  # each socket sends the view as soon as it opens
            while not seat.latest:
                seat.arrived.clear()
                await asyncio.wait_for(seat.arrived.wait(), ARRIVAL_TIMEOUT)
        version = max(seat.latest["version"] for seat in self.seats)
        for seat in self.seats:
            await seat.wait_for(version)
        return [seat.latest for seat in self.seats]

    async def choose(self, rng: random.Random) -> tuple[int, dict[str, Any]]:
        """Who moves next and the body of their move (a new game first, once one ends)."""
        views = await self.views()
        if views[0]["phase"] == "game_over":
            await self.new_game()
            views = await self.views()
        seat = rng.choice([s for s in (0, 1) if views[s]["legal_actions"]])
        view = views[seat]
        return seat, {"action": rng.choice(view["legal_actions"]), "version": view["version"]}

    async def next_move(self, rng: random.Random) -> Callable[[], Awaitable[float]]:
        """Choose the next move; the returned call posts it (see ``post``)."""
        seat, body = await self.choose(rng)
        return lambda: self.post(seat, body)

    async def post(self, seat: int, body: dict[str, Any]) -> float:
        """Post ``seat``'s move; seconds until the other player's socket has it."""
        started = time.perf_counter()
        version = await self._store(seat, body)
        arrived = await self.seats[1 - seat].wait_for(version)
        await self.seats[seat].wait_for(version)
        return arrived - started

    async def _store(self, seat: int, body: dict[str, Any]) -> int:
        """Post the move until it is stored once; the version it made.

        An answer that never came (or a 5xx: the proxy lost the host mid-request) says
        nothing of whether the move was stored: the game is read again, and the move sent
        again only if the version has not moved. One driver moves at each table, so a
        version past the move's is this move.
        """
        deadline = time.perf_counter() + RECOVERY_TIMEOUT
        unsure = False
        while True:
            try:
                status, answer = await self._send(seat, body)
                if status < 400:
                    self.moves[self.game_id] += 1
                    return int(answer["version"])
                if status == 409 and not unsure:  # one driver a table: never stale
                    raise MoveRefusedError(status, answer)
                if status >= 500:
                    self._failed(f"HTTP {status}")
            except (httpx.TransportError, SocketUnavailableError) as exc:
                self._failed(exc.__class__.__name__)
            unsure = True
            stored = await self._stored_version(seat, deadline)
            if stored > body["version"]:
                self.recovered += 1
                self.moves[self.game_id] += 1
                return stored
            if time.perf_counter() > deadline:
                raise TimeoutError(f"move on version {body['version']} never stored")
            await asyncio.sleep(RECONNECT_PAUSE)

    async def _send(self, seat: int, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Send the move (over the socket when it is open and ``moves_by`` says so); the
        answer's status and, below 500, its body. A refusal (4xx) raises, except a 409,
        which ``_store`` reads when it is unsure whether its first try was stored."""
        mover = self.seats[seat]
        if self.moves_by == "socket" and mover.socket is not None:
            answer = await mover.send_move(body)
            status, data = int(answer["status"]), answer["body"]
            if 400 <= status < 500 and status != 409:
                raise MoveRefusedError(status, data)
            return status, data
        if self.moves_by == "socket":
            self.api_fallbacks += 1
        posted = await mover.http.post(f"/api/games/{self.game_id}/actions", json=body)
        if posted.status_code >= 500:
            return posted.status_code, {}
        if posted.status_code != 409:
            posted.raise_for_status()
        return posted.status_code, posted.json()

    def _failed(self, kind: str) -> None:
        self.failures[kind] = self.failures.get(kind, 0) + 1

    async def _stored_version(self, seat: int, deadline: float) -> int:
        """The game's version as stored, asking until a server answers."""
        while True:
            try:
                answer = await self.seats[seat].http.get(f"/api/games/{self.game_id}")
                if answer.status_code < 500:
                    answer.raise_for_status()
                    return int(answer.json()["version"])
                self._failed(f"HTTP {answer.status_code}")
            except httpx.TransportError as exc:
                self._failed(exc.__class__.__name__)
            if time.perf_counter() > deadline:
                raise TimeoutError("no server answered for the game")
            await asyncio.sleep(RECONNECT_PAUSE)

    async def stored_mismatches(self) -> dict[str, tuple[int, int]]:
        """Games whose stored moves (versions past the first) are not the moves made on
        them: a move lost or made twice, as ``{game: (stored, made)}`` (empty when none)."""
        wrong = {}
        for game_id, moves in self.moves.items():
            answer = await self.seats[0].http.get(f"/api/games/{game_id}")
            answer.raise_for_status()
            stored = int(answer.json()["version"]) - self.first_versions[game_id]
            if stored != moves:
                wrong[game_id] = (stored, moves)
        return wrong

    async def move(self, rng: random.Random) -> float:
        """One move by whoever may move, at once; seconds until the other player has it."""
        seat, body = await self.choose(rng)
        return await self.post(seat, body)

    async def close_sockets(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.tasks.clear()

    async def close(self) -> None:
        await self.close_sockets()
        for seat in self.seats:
            await seat.http.aclose()
