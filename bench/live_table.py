"""A friend table driven over real HTTP and WebSockets, shared by the live benchmarks.

Two seats, each an ``httpx`` client with its own cookie and a socket that records when
each version of the game arrived; ``Table.move`` posts one move and answers how long it
took to reach the *other* player's socket (the figure the friends and crowd benches read).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

__all__ = ["ARRIVAL_TIMEOUT", "Seat", "Table", "ws_url"]

ARRIVAL_TIMEOUT = 10.0


def ws_url(url: str) -> str:
    """The WebSocket URL of an HTTP base URL."""
    return "ws" + url.removeprefix("http")


@dataclass
class Seat:
    """One player: an HTTP client with its cookie, a socket and the versions it has seen."""

    http: httpx.AsyncClient
    socket: ClientConnection | None = None
    seen: dict[int, float] = field(default_factory=dict)
    latest: dict[str, Any] = field(default_factory=dict)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)

    async def listen(self) -> None:
        assert self.socket is not None
        async for raw in self.socket:
            message = json.loads(raw)
            if message.get("type") == "view":
                version = int(message["view"]["version"])
                self.seen.setdefault(version, time.perf_counter())
                if version >= self.latest.get("version", -1):
                    self.latest = message["view"]
                self.arrived.set()

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

    @classmethod
    async def open(cls, host_url: str, friend_url: str) -> Table:
        host = Seat(httpx.AsyncClient(base_url=host_url, timeout=60))
        friend = Seat(httpx.AsyncClient(base_url=friend_url, timeout=60))
        table = cls([host, friend])
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
        for seat in self.seats:
            cookie = "; ".join(f"{k}={v}" for k, v in seat.http.cookies.items())
            url = f"{ws_url(str(seat.http.base_url).rstrip('/'))}/ws/games/{self.game_id}"
            seat.socket = await connect(url, additional_headers={"Cookie": cookie})
            seat.seen.clear()
            seat.latest = {}
            self.tasks.append(asyncio.create_task(seat.listen()))

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
        answer = await self.seats[seat].http.post(f"/api/games/{self.game_id}/actions", json=body)
        answer.raise_for_status()
        arrived = await self.seats[1 - seat].wait_for(answer.json()["version"])
        await self.seats[seat].wait_for(answer.json()["version"])
        return arrived - started

    async def move(self, rng: random.Random) -> float:
        """One move by whoever may move, at once; seconds until the other player has it."""
        seat, body = await self.choose(rng)
        return await self.post(seat, body)

    async def close_sockets(self) -> None:
        for task in self.tasks:
            task.cancel()
        self.tasks.clear()
        for seat in self.seats:
            if seat.socket is not None:
                await seat.socket.close()
                seat.socket = None

    async def close(self) -> None:
        await self.close_sockets()
        for seat in self.seats:
            await seat.http.aclose()
