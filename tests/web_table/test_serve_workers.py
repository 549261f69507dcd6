"""``cribkit serve --workers 2``: two processes on one SQLite file (their live news through
Redis) serve one game alike; without a shared channel the command refuses to start."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from servers import ServerProcess

pytestmark = pytest.mark.server


def test_two_workers_share_the_games_and_the_cookie_key(tmp_path: Path, redis_url: str) -> None:
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'table.sqlite3'}",
        tmp_path / "serve.log",
        env={"CRIBKIT_REDIS_URL": redis_url, "CRIBKIT_LIVE_PREFIX": "cribkit_workers"},
        args=("--workers", "2"),
    ).start()
    try:
        with httpx.Client(base_url=server.url) as client:
            created = client.post("/api/games", json={"level": "greedy", "seed": 5})
            assert created.status_code == 201
            game_id = created.json()["id"]
            # Fresh connections are spread over both processes by the kernel; every one
            # must know the player (same cookie key) and see the same game.
            views = []
            for _ in range(12):
                with httpx.Client(base_url=server.url, cookies=dict(client.cookies)) as tab:
                    views.append(tab.get(f"/api/games/{game_id}").json())
            assert all(view == views[0] for view in views)
            first = views[0]["legal_actions"][0]  # the cut for deal, then the discard
            moved = client.post(
                f"/api/games/{game_id}/actions", json={"action": first, "version": 0}
            )
            assert moved.status_code == 200
            for _ in range(12):
                with httpx.Client(base_url=server.url, cookies=dict(client.cookies)) as tab:
                    view = tab.get(f"/api/games/{game_id}").json()
                    assert view["version"] == 1 and view["phase"] != views[0]["phase"]
        assert len(worker_processes(server)) == 2
    finally:
        server.stop()


def worker_processes(server: ServerProcess) -> list[int]:
    """The server's worker children (Linux lists a process's children under /proc)."""
    assert server.process is not None
    pid = server.process.pid
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [
        int(child)
        for child in children
        if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()
    ]
