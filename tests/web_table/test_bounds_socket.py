"""A real ``cribkit serve`` refuses compressed and oversized WebSocket messages cheaply.

The audit's attack: a 15 KB permessage-deflate frame that inflates to 15 MB, sent on many
sockets with nothing but a table code. The server offers no compression, and a message
past its bound is refused with 1009 before it is read, so the process barely grows.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from servers import ServerProcess
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

BOMB = "0" * (15 * 1024 * 1024)
"""What the audit's frame inflates to (zlib makes it about 15 KB)."""
SOCKETS = 8


def rss_mb(pid: int) -> float:
    """The server's resident memory in MB (``VmRSS`` in ``/proc/PID/status``)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return next(int(line.split()[1]) for line in status.splitlines() if "VmRSS" in line) / 1024


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path / "serve.log")
    try:
        yield process.start()
    finally:
        process.stop()


def _socket_url(server: ServerProcess) -> str:
    answer = httpx.post(f"{server.url}/api/tables", json={"name": "Ann"}, timeout=30)
    answer.raise_for_status()
    table = answer.json()
    code = table["code"]
    return f"ws://127.0.0.1:{server.port}/ws/games/{table['game_id']}?code={code}"


def _send(url: str, message: str) -> int | None:
    """Offer compression, send ``message`` and return the server's close code (None when
    the connection ended without one: a server that stops reading a 15 MB send resets)."""
    with connect(url, compression="deflate", max_size=None, open_timeout=20) as socket:
        assert socket.response is not None
        assert "Sec-WebSocket-Extensions" not in socket.response.headers  # no deflate
        socket.recv(timeout=20)  # the public view comes first
        try:
            socket.send(message)
            while True:
                socket.recv(timeout=20)
        except ConnectionClosed as closed:
            return None if closed.rcvd is None else closed.rcvd.code
    return None


def test_inflation_bombs_close_with_1009_and_cost_no_memory(server: ServerProcess) -> None:
    assert server.process is not None
    url = _socket_url(server)
    assert httpx.get(f"{server.url}/", timeout=30).status_code == 200  # pages built once
    before = rss_mb(server.process.pid)
    for _ in range(SOCKETS):
        _send(url, BOMB)  # returns only once the server has ended the connection
    growth = rss_mb(server.process.pid) - before
    assert growth < 10, f"the server grew by {growth:.1f} MB"
    assert _send(url, "0" * (64 * 1024)) == 1009  # small enough to hear the close frame
