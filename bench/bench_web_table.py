"""The web table under load: action latency (the computer's reply included) and requests
per second with 50 concurrent games, on SQLite (one process) and on PostgreSQL (two app
processes sharing the database; skipped when no server answers).

Real ``cribkit serve`` processes and real HTTP: each game's player has its own cookie and
posts the first legal action of each view, so the computer (the beginner, the lightest
level offered; before the calibrated levels, medium: greedy) replies to every move; the
expert is timed apart. The servers and the PostgreSQL
scratch database come from ``bench.serving``.
"""

from __future__ import annotations

import random
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import httpx

from bench import Report
from bench.serving import app_servers, report_latencies, scratch_postgres, sqlite_file

LEVEL = "beginner"
LATENCY_MOVES = 400
HARD_MOVES = 120
GAMES = 50
LOAD_SECONDS = 8.0


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


def _measure(report: Report, label: str, urls: Sequence[str]) -> None:
    player = _Player(urls, 1)
    for _ in range(20):  # warm up: imports, caches, connection pools
        player.move()
    latencies = [player.move() for _ in range(LATENCY_MOVES)]
    player.close()
    report_latencies(report, f"{label}: action", latencies, note="computer included")
    expert = _Player(urls, 2, level="expert")
    hard = [expert.move() for _ in range(HARD_MOVES)]
    expert.close()
    report_latencies(report, f"{label}: hard action", hard, note="expert replies")

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


def run(report: Report) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        with app_servers(sqlite_file(folder), 1, folder) as urls:
            _measure(report, "SQLite, 1 process", urls)
        with scratch_postgres() as database:
            if database is not None:
                with app_servers(database, 2, folder) as urls:
                    _measure(report, "PostgreSQL, 2 processes", urls)
