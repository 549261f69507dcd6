"""Two people at one table, live: how long a move takes to reach the other player's socket,
in one process and across two (PostgreSQL LISTEN/NOTIFY, Redis pub/sub when a server
answers), and 200 concurrent two-person tables driven by a bounded client.

Real ``cribkit serve`` processes, real HTTP and WebSockets: a move is posted by one
player and timed until the other player's socket delivers the view at the new version.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from bench import Report, percentile
from bench.serving import app_servers, report_latencies, scratch_postgres, sqlite_file

LATENCY_MOVES = 300
TABLES = 200
IN_FLIGHT = 24
"""The bounded client: at most this many requests in flight at once."""
LOAD_SECONDS = 20.0
ARRIVAL_TIMEOUT = 10.0


def _ws(url: str) -> str:
    return "ws" + url.removeprefix("http")


@dataclass
class _Seat:
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
class _Table:
    """A host on one server and a friend on another (or the same), both with sockets."""

    seats: list[_Seat]
    game_id: str = ""
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    @classmethod
    async def open(cls, host_url: str, friend_url: str) -> _Table:
        host = _Seat(httpx.AsyncClient(base_url=host_url, timeout=60))
        friend = _Seat(httpx.AsyncClient(base_url=friend_url, timeout=60))
        table = cls([host, friend])
        await table.new_game()
        return table

    async def new_game(self) -> None:
        await self.close_sockets()
        host, friend = self.seats
        opened = await host.http.post("/api/tables", json={"name": "Host"})
        opened.raise_for_status()
        self.game_id = opened.json()["game_id"]
        joined = await friend.http.post(f"/api/tables/{opened.json()['code']}/join", json={})
        joined.raise_for_status()
        for seat in self.seats:
            cookie = "; ".join(f"{k}={v}" for k, v in seat.http.cookies.items())
            url = f"{_ws(str(seat.http.base_url).rstrip('/'))}/ws/games/{self.game_id}"
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

    async def move(self, rng: random.Random) -> float:
        """One move by whoever may move; seconds until the other player's socket has it."""
        views = await self.views()
        if views[0]["phase"] == "game_over":
            await self.new_game()
            views = await self.views()
        seat = rng.choice([s for s in (0, 1) if views[s]["legal_actions"]])
        view = views[seat]
        body = {"action": rng.choice(view["legal_actions"]), "version": view["version"]}
        started = time.perf_counter()
        answer = await self.seats[seat].http.post(f"/api/games/{self.game_id}/actions", json=body)
        answer.raise_for_status()
        arrived = await self.seats[1 - seat].wait_for(answer.json()["version"])
        await self.seats[seat].wait_for(answer.json()["version"])
        return arrived - started

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


async def _latency(urls: Sequence[str]) -> list[float]:
    table = await _Table.open(urls[0], urls[-1])
    rng = random.Random(1)
    try:
        for _ in range(20):  # warm up
            await table.move(rng)
        return [await table.move(rng) for _ in range(LATENCY_MOVES)]
    finally:
        await table.close()


@dataclass
class _Load:
    moves: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)

    def error(self, exc: BaseException) -> None:
        name = exc.__class__.__name__
        if isinstance(exc, httpx.HTTPStatusError):
            name = f"HTTP {exc.response.status_code}"
        self.errors[name] = self.errors.get(name, 0) + 1


async def _load(urls: Sequence[str]) -> tuple[_Load, float]:
    """Open every table first (sockets and all), then drive them all for LOAD_SECONDS."""
    gate = asyncio.Semaphore(IN_FLIGHT)
    load = _Load()
    tables: list[_Table | None] = []

    async def open_one(index: int) -> _Table | None:
        try:
            async with gate:
                return await _Table.open(urls[index % len(urls)], urls[(index + 1) % len(urls)])
        except Exception as exc:  # counted, not fatal: the figure says how many failed
            load.error(exc)
            return None

    tables = list(await asyncio.gather(*(open_one(index) for index in range(TABLES))))
    stop = time.perf_counter() + LOAD_SECONDS

    async def drive(index: int) -> None:
        rng = random.Random(index)
        table = tables[index]
        if table is None:
            return
        while time.perf_counter() < stop:
            try:
                async with gate:
                    latency = await table.move(rng)
                load.moves += 1
                load.latencies.append(latency)
            except Exception as exc:
                load.error(exc)

    started = time.perf_counter()
    await asyncio.gather(*(drive(index) for index in range(TABLES)))
    elapsed = time.perf_counter() - started
    for table in tables:
        if table is not None:
            await table.close()
    return load, elapsed


def _measure(report: Report, label: str, urls: Sequence[str]) -> None:
    latencies = asyncio.run(_latency(urls))
    report_latencies(report, f"{label}: move to the other player", latencies)
    load, elapsed = asyncio.run(_load(urls))
    errors = sum(load.errors.values())
    detail = "".join(f", {name} ×{count}" for name, count in sorted(load.errors.items()))
    report.figure(
        f"{label}: {TABLES} tables, {IN_FLIGHT} in flight",
        load.moves / elapsed,
        "moves/s",
        note=f"{load.moves} moves in {elapsed:.0f} s; errors {errors}{detail}",
    )
    if load.latencies:
        report.timing(f"{label}: under load, to the other p95", percentile(load.latencies, 0.95))


def run(report: Report) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        with app_servers(sqlite_file(folder, "friends"), 1, folder) as urls:
            _measure(report, "SQLite, 1 process", urls)
        with scratch_postgres() as database:
            if database is None:
                return
            live = {"CRIBKIT_LIVE_PREFIX": "cribkit_bench"}
            with app_servers(database, 2, folder, env=live) as urls:
                _measure(report, "PostgreSQL NOTIFY, 2 processes", urls)
            redis_url = os.environ.get("CRIBKIT_BENCH_REDIS_URL") or os.environ.get(
                "CRIBKIT_TEST_REDIS_URL"
            )
            if not redis_url:
                print("  Redis skipped: set CRIBKIT_BENCH_REDIS_URL or CRIBKIT_TEST_REDIS_URL")
                return
            with app_servers(
                database, 2, folder, env={**live, "CRIBKIT_REDIS_URL": redis_url}
            ) as urls:
                _measure(report, "Redis pub/sub, 2 processes", urls)
