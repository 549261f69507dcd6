"""Presence heals: when a process dies with a player's socket open, the other process
sweeps its rows once their time to live passes and tells its own watchers, whose page
then shows that seat away (``CRIBKIT_PRESENCE_TTL``; 2 s here, 20 s by default)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from servers import ServerProcess
from websockets.sync.client import ClientConnection, connect

pytestmark = [pytest.mark.heavy, pytest.mark.server]  # two real processes, one killed

TTL = 2
WAIT = 30.0
"""The most this test waits for the away news (the default TTL's whole budget)."""


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    url = f"sqlite:///{tmp_path / 'table.sqlite3'}"
    env = {"CRIBKIT_PRESENCE_TTL": str(TTL)}
    first = ServerProcess(url, tmp_path / "a.log", env=env).start()
    second = ServerProcess(url, tmp_path / "b.log", env=env)
    try:
        yield first, second.start()
    finally:
        first.stop()
        second.stop()


def _socket(server: ServerProcess, game_id: str, cookies: httpx.Cookies) -> ClientConnection:
    header = "; ".join(f"{name}={value}" for name, value in cookies.items())
    url = f"ws://127.0.0.1:{server.port}/ws/games/{game_id}"
    return connect(url, additional_headers={"Cookie": header}, open_timeout=20)


def _table(socket: ClientConnection) -> dict[str, Any]:
    message = json.loads(socket.recv(timeout=WAIT))
    assert message["type"] == "view", message
    table: dict[str, Any] = message["view"]["table"]
    return table


def test_a_dead_processes_player_shows_away_on_the_other(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = two_servers
    with httpx.Client(base_url=first.url) as host, httpx.Client(base_url=second.url) as friend:
        table = host.post("/api/tables", json={"name": "Ann"}).json()
        joined = friend.post(f"/api/tables/{table['code']}/join", json={"name": "Bo"})
        assert joined.status_code == 200
        host_socket = _socket(first, table["game_id"], host.cookies)
        _table(host_socket)
        with _socket(second, table["game_id"], friend.cookies) as watcher:
            assert _table(watcher)["connected"] == [True, True]
            assert first.process is not None
            first.process.kill()  # no goodbye: its rows stay behind
            first.process.wait(timeout=10)
            deadline = time.monotonic() + WAIT
            connected = [True, True]
            while connected[0] and time.monotonic() < deadline:
                connected = _table(watcher)["connected"]
            assert connected == [False, True]
