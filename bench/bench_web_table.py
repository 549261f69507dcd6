"""The web table under load: action latency (the computer's reply included) and requests
per second with 50 concurrent games, on SQLite (one process) and on PostgreSQL (two app
processes sharing the database; skipped when no server answers).

Real ``cribkit serve`` processes and real HTTP: each game's player has its own cookie and
posts the first legal action of each view, so the computer (medium, greedy) replies to
every move; the hard level (the expert) is timed apart. PostgreSQL comes from
``CRIBKIT_BENCH_POSTGRES_URL`` or ``CRIBKIT_TEST_POSTGRES_URL`` (a scratch database is
created there and dropped).
"""

from __future__ import annotations

import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import httpx

from bench import Report

LEVEL = "medium"
LATENCY_MOVES = 400
HARD_MOVES = 120
GAMES = 50
LOAD_SECONDS = 8.0
_CLI = [sys.executable, "-c", "from cribkit.cli import main; main()"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def _servers(database_url: str, count: int, folder: Path) -> Iterator[list[str]]:
    """``count`` app processes on one database; yields their base URLs."""
    env = {k: v for k, v in os.environ.items() if k != "CRIBKIT_TESTING"}
    env["CRIBKIT_SECRET_KEY"] = secrets.token_urlsafe(16)
    processes: list[subprocess.Popen[bytes]] = []
    urls: list[str] = []
    try:
        for index in range(count):
            port = _free_port()
            log = (folder / f"serve-{index}.log").open("wb")
            command = [*_CLI, "serve", "--port", str(port), "--database-url", database_url]
            processes.append(subprocess.Popen(command, env=env, stdout=log, stderr=log))
            urls.append(f"http://127.0.0.1:{port}")
            _wait(urls[-1], processes[-1])
        yield urls
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=10)


def _wait(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("cribkit serve exited early")
        try:
            with urllib.request.urlopen(f"{url}/openapi.json", timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer")


class _Player:
    """One browser: its own cookie, one game at a time, moves spread over the servers."""

    def __init__(self, urls: Sequence[str], seed: int, level: str = LEVEL) -> None:
        self.level = level
        self.clients = [httpx.Client(base_url=url, timeout=60) for url in urls]
        self.rng = random.Random(seed)
        self.game_id = ""
        self.view: dict[str, object] = {}

    def _client(self) -> httpx.Client:
        return self.rng.choice(self.clients)

    def new_game(self) -> None:
        client = self.clients[0]
        answer = client.post("/api/games", json={"level": self.level})
        answer.raise_for_status()
        for other in self.clients[1:]:
            other.cookies.update(client.cookies)
        self.game_id = answer.json()["id"]
        self.view = answer.json()["view"]

    def move(self) -> float:
        """One action (a new game first if needed); seconds the request took."""
        if not self.game_id or self.view["phase"] == "game_over":
            self.new_game()
        actions = self.view["legal_actions"]
        assert isinstance(actions, list)
        body = {"action": actions[0], "version": self.view["version"]}
        started = time.perf_counter()
        answer = self._client().post(f"/api/games/{self.game_id}/actions", json=body)
        elapsed = time.perf_counter() - started
        answer.raise_for_status()
        self.view = answer.json()
        return elapsed

    def close(self) -> None:
        for client in self.clients:
            client.close()


def _percentile(samples: Sequence[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _measure(report: Report, label: str, urls: Sequence[str]) -> None:
    player = _Player(urls, 1)
    for _ in range(20):  # warm up: imports, caches, connection pools
        player.move()
    latencies = [player.move() for _ in range(LATENCY_MOVES)]
    player.close()
    report.timing(f"{label}: action p50", statistics.median(latencies), note="computer included")
    report.timing(f"{label}: action p95", _percentile(latencies, 0.95))
    expert = _Player(urls, 2, level="hard")
    hard = [expert.move() for _ in range(HARD_MOVES)]
    expert.close()
    report.timing(f"{label}: hard action p50", statistics.median(hard), note="expert replies")
    report.timing(f"{label}: hard action p95", _percentile(hard, 0.95))

    players = [_Player(urls, seed) for seed in range(GAMES)]
    for each in players:
        each.new_game()
    done: list[int] = []
    stop = time.perf_counter() + LOAD_SECONDS

    def run(each: _Player) -> None:
        count = 0
        while time.perf_counter() < stop:
            each.move()
            count += 1
        done.append(count)

    started = time.perf_counter()
    threads = [threading.Thread(target=run, args=(each,)) for each in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    for each in players:
        each.close()
    report.figure(
        f"{label}: {GAMES} concurrent games",
        sum(done) / elapsed,
        "actions/s",
        note=f"{sum(done)} actions in {elapsed:.1f} s",
    )


def _postgres_server() -> str | None:
    return os.environ.get("CRIBKIT_BENCH_POSTGRES_URL") or os.environ.get(
        "CRIBKIT_TEST_POSTGRES_URL"
    )


@contextmanager
def _scratch_postgres(server: str) -> Iterator[str]:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"cribkit_bench_{secrets.token_hex(5)}"
    admin = create_engine(make_url(server).set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def run(report: Report) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        with _servers(url, 1, Path(folder)) as urls:
            _measure(report, "SQLite, 1 process", urls)
        server = _postgres_server()
        if server is None:
            print(
                "  PostgreSQL skipped: set CRIBKIT_BENCH_POSTGRES_URL or CRIBKIT_TEST_POSTGRES_URL"
            )
            return
        try:
            scratch = _scratch_postgres(server)
            database = scratch.__enter__()
        except Exception as exc:  # no server answering is a skip, not a failure
            print(f"  PostgreSQL skipped: {exc.__class__.__name__}: {exc}")
            return
        try:
            with _servers(database, 2, Path(folder)) as urls:
                _measure(report, "PostgreSQL, 2 processes", urls)
        finally:
            scratch.__exit__(None, None, None)
