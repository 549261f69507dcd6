"""SIGTERM to a real ``cribkit serve``: it stops accepting at once, finishes the request in
flight, and closes the table's sockets with 1012 ("service restart": the page reconnects
at once, to another host behind a proxy). With ``--workers 2`` too, whose supervisor would
otherwise keep the listening socket open while its workers drain."""

from __future__ import annotations

import json
import signal
import socket
import time
from pathlib import Path

import httpx
import pytest
from servers import ServerProcess
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cribkit.cli.serve_cmd import RESTART_CLOSE_CODE

pytestmark = pytest.mark.server


def _refused(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return False
    except ConnectionRefusedError:
        return True


# CI stops two workers (each must finish its request); the slow tier one alone too.
@pytest.mark.parametrize("workers", [pytest.param(1, marks=pytest.mark.slow), 2])
def test_sigterm_refuses_new_work_finishes_the_request_and_says_reconnect(
    tmp_path: Path, request: pytest.FixtureRequest, workers: int
) -> None:
    env = {}
    if workers > 1:  # several processes need a channel between them
        env = {"CRIBKIT_REDIS_URL": request.getfixturevalue("redis_url")}
        env["CRIBKIT_LIVE_PREFIX"] = "cribkit_graceful"
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'table.sqlite3'}",
        tmp_path / "serve.log",
        env=env,
        args=("--workers", str(workers)),
    ).start()
    assert server.process is not None
    try:
        with httpx.Client(base_url=server.url) as client:
            created = client.post("/api/games", json={"level": "medium", "seed": 3})
            assert created.status_code == 201
            game_id = created.json()["id"]
            cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
        ws = f"ws://127.0.0.1:{server.port}/ws/games/{game_id}"
        with connect(ws, additional_headers={"Cookie": cookie}) as live:
            assert json.loads(live.recv(timeout=10))["type"] == "view"
            # A request in flight: headers and half the body sent before the signal.
            body = json.dumps({"level": "easy", "seed": 4}).encode()
            half = len(body) // 2
            pending = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            head = (
                f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
            )
            pending.sendall(head.encode() + body[:half])
            time.sleep(0.3)  # the request has reached the app
            server.process.send_signal(signal.SIGTERM)
            with pytest.raises(ConnectionClosed) as closed:
                live.recv(timeout=10)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == RESTART_CLOSE_CODE
        deadline = time.monotonic() + 5
        while not _refused(server.port):
            assert time.monotonic() < deadline, "still accepting new connections"
            time.sleep(0.1)
        pending.sendall(body[half:])
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = pending.recv(65536)
            assert chunk, f"closed without an answer: {answer!r}"
            answer += chunk
        pending.close()
        assert answer.startswith(b"HTTP/1.1 201"), answer[:200]
        # uvicorn re-raises the signal once it has drained, so "killed by SIGTERM" is its
        # clean exit; it must come well before the grace period runs out.
        assert server.process.wait(timeout=15) in (0, -signal.SIGTERM)
    finally:
        server.stop()
