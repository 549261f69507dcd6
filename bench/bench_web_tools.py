"""Calculator and advisor response times under concurrent load, through a real server.

One uvicorn process (as ``cribkit serve`` runs it) on a free port with a throwaway SQLite
file; clients in threads send varied requests (random hands and deals) and we report the
p50/p95 latency each client saw and the requests per second the server kept up.
"""

from __future__ import annotations

import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from bench import Report, percentile
from cribkit.cards import DECK

CLIENTS = (1, 4, 16)
"""Concurrent clients (threads, one connection each) per round; they share the
machine's CPUs with the server, so the high rounds measure queueing as much as work."""
REQUESTS = 400
"""Requests per endpoint and concurrency level."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = {
        **os.environ,
        "CRIBKIT_DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}",
        "CRIBKIT_SECRET_KEY": "bench",
    }
    command = [sys.executable, "-m", "uvicorn", "--factory", "cribkit.web.app:create_app"]
    server = subprocess.Popen(
        [*command, "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/openapi.json", timeout=1).status_code == 200:
                return server, base
        except httpx.TransportError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("the web server did not start")


def _urls(kind: str, count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    urls = []
    for _ in range(count):
        if kind.startswith("advis") or kind.startswith("/api/advise"):
            cards = "+".join(str(card) for card in rng.sample(DECK, 6))
            dealer = rng.choice("01")
            urls.append(
                f"/api/advise?cards={cards}&dealer={dealer == '1'}".lower().replace("+", "%20")
                if kind.startswith("/api")
                else f"/advisor?cards={cards}&dealer={dealer}"
            )
        else:
            cards = [str(card) for card in rng.sample(DECK, 5)]
            hand, starter = "+".join(cards[:4]), cards[4]
            urls.append(
                f"/api/score?hand={hand}&starter={starter}"
                if kind.startswith("/api")
                else f"/calculator?hand={hand}&starter={starter}&crib={rng.choice('01')}"
            )
    return urls


def _load(base: str, urls: list[str], clients: int) -> tuple[list[float], float]:
    """Send every URL once from ``clients`` threads; latencies (s) and wall time (s)."""
    chunks = [urls[i::clients] for i in range(clients)]

    def worker(chunk: list[str]) -> list[float]:
        seen = []
        with httpx.Client(base_url=base, timeout=30) as client:
            for url in chunk:
                started = time.perf_counter()
                response = client.get(url)
                seen.append(time.perf_counter() - started)
                if response.status_code != 200:
                    raise RuntimeError(f"{url}: {response.status_code}")
        return seen

    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        latencies = [t for chunk in pool.map(worker, chunks) for t in chunk]
    return latencies, time.perf_counter() - started


def run(report: Report) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server, base = _start_server(Path(folder))
        try:
            measure_all(report, base)
        finally:
            server.terminate()
            server.wait(timeout=10)


def measure_all(report: Report, base: str) -> None:
    targets: list[tuple[str, Callable[[int], list[str]]]] = [
        ("calculator page", lambda seed: _urls("calculator", REQUESTS, seed)),
        ("/api/score", lambda seed: _urls("/api/score", REQUESTS, seed)),
        ("advisor page", lambda seed: _urls("advisor", REQUESTS, seed)),
        ("/api/advise", lambda seed: _urls("/api/advise", REQUESTS, seed)),
    ]
    _load(base, _urls("advisor", 20, 0) + _urls("calculator", 20, 0), 2)  # warm up
    for name, urls in targets:
        for clients in CLIENTS:
            latencies, wall = _load(base, urls(clients), clients)
            note = f"{len(latencies)} requests, 1 server process, {os.cpu_count()} CPUs"
            report.timing(f"{name} p50 ({clients}c)", statistics.median(latencies), note=note)
            report.timing(f"{name} p95 ({clients}c)", percentile(latencies, 0.95), note=note)
            if clients > 1:
                report.figure(f"{name} throughput ({clients}c)", len(latencies) / wall, "req/s")
