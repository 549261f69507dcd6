"""The bench's table keeps every move exactly once when an answer is lost on the way (a
host killed mid-request, the proxy's 502): it reads the stored game before sending again.
Against a fake server (``httpx.MockTransport``), no network."""

from __future__ import annotations

import httpx
from bench.live_table import Seat, Table

from async_support import run_apart


class FakeGame:
    """A game's version, and how the next move's request fails (before or after storing)."""

    def __init__(self, failures: list[str]) -> None:
        self.version = 7
        self.failures = failures  # "stored-then-502", "refused", "ok" per POST, in order
        self.posts: list[int] = []

    def handle(self, request: httpx.Request) -> httpx.Response:
        if request.method == "GET":
            return httpx.Response(200, json={"version": self.version})
        sent = int(httpx.Response(200, content=request.content).json()["version"])
        self.posts.append(sent)
        how = self.failures.pop(0) if self.failures else "ok"
        if how == "refused":
            raise httpx.ConnectError("connection refused", request=request)
        if sent != self.version:
            return httpx.Response(409, json={"code": "stale_version"})
        self.version += 1
        if how == "stored-then-502":
            return httpx.Response(502)
        return httpx.Response(200, json={"version": self.version})


async def _store(game: FakeGame) -> tuple[int, Table]:
    transport = httpx.MockTransport(game.handle)
    seats = [Seat(httpx.AsyncClient(base_url="http://t", transport=transport)) for _ in "ab"]
    table = Table(seats, game_id="g", moves={"g": 0})
    try:
        version = await table._store(0, {"action": {"type": "go"}, "version": 7})
    finally:
        for seat in seats:
            await seat.http.aclose()
    return version, table


def _run(failures: list[str]) -> tuple[int, Table, FakeGame]:
    game = FakeGame(failures)
    version, table = run_apart(_store(game))
    return version, table, game


def test_a_move_stored_before_its_answer_was_lost_is_not_sent_again() -> None:
    version, table, game = _run(["stored-then-502"])
    assert (version, game.version, game.posts) == (8, 8, [7])
    assert table.moves == {"g": 1} and table.recovered == 1
    assert table.failures == {"HTTP 502": 1}


def test_a_move_never_delivered_is_sent_again_once() -> None:
    version, table, game = _run(["refused"])
    assert (version, game.version, game.posts) == (8, 8, [7, 7])
    assert table.moves == {"g": 1} and table.recovered == 0
    assert table.failures == {"ConnectError": 1}


def test_a_resent_move_whose_answer_is_lost_too_still_counts_once() -> None:
    version, table, game = _run(["refused", "stored-then-502"])
    assert (version, game.version, game.posts) == (8, 8, [7, 7])
    assert table.moves == {"g": 1} and table.recovered == 1
    assert table.failures == {"ConnectError": 1, "HTTP 502": 1}
