"""Two people at one table, live: how long a move takes to reach the other player's socket,
in one process and across two (PostgreSQL LISTEN/NOTIFY, Redis pub/sub when a server
answers), and 200 concurrent two-person tables driven by a bounded client.

Real ``cribkit serve`` processes, real HTTP and WebSockets: a move is posted by one
player and timed until the other player's socket delivers the view at the new version.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from bench import Report, percentile
from bench.live_table import Table
from bench.serving import app_servers, report_latencies, scratch_postgres, sqlite_file

LATENCY_MOVES = 300
TABLES = 200
IN_FLIGHT = 24
"""The bounded client: at most this many requests in flight at once."""
LOAD_SECONDS = 20.0


async def _latency(urls: Sequence[str]) -> list[float]:
    table = await Table.open(urls[0], urls[-1])
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
    tables: list[Table | None] = []

    async def open_one(index: int) -> Table | None:
        try:
            async with gate:
                return await Table.open(urls[index % len(urls)], urls[(index + 1) % len(urls)])
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
