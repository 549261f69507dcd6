"""Two ``cribkit serve`` processes on one PostgreSQL database: one game, many clicks."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from servers import ServerProcess

pytestmark = [pytest.mark.postgres, pytest.mark.server]


@pytest.fixture
def two_servers(postgres_url: str, tmp_path: Path) -> Iterator[tuple[ServerProcess, ...]]:
    servers = tuple(
        ServerProcess(postgres_url, tmp_path / f"serve-{i}.log").start() for i in range(2)
    )
    yield servers
    for server in servers:
        server.stop()


def test_a_move_sent_to_both_processes_at_once_is_applied_once(
    two_servers: tuple[ServerProcess, ...],
) -> None:
    first, second = two_servers
    with httpx.Client(base_url=first.url) as client:
        created = client.post("/api/games", json={"level": "greedy", "seed": 8})
        assert created.status_code == 201
        game = created.json()
        cookies = dict(client.cookies)
    action = game["view"]["legal_actions"][2]
    statuses: list[int] = []
    barrier = threading.Barrier(8)

    def click(url: str) -> None:
        with httpx.Client(base_url=url, cookies=cookies) as tab:
            barrier.wait()
            answer = tab.post(
                f"/api/games/{game['id']}/actions", json={"action": action, "version": 0}
            )
            statuses.append(answer.status_code)

    threads = [threading.Thread(target=click, args=(s.url,)) for s in two_servers * 4]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] + [409] * 7
    views = []
    for server in two_servers:
        with httpx.Client(base_url=server.url, cookies=cookies) as reader:
            views.append(reader.get(f"/api/games/{game['id']}").json())
    assert views[0] == views[1]
    assert views[0]["version"] == 1
    with httpx.Client(base_url=second.url, cookies=cookies) as other:
        view = views[1]
        reply = other.post(
            f"/api/games/{game['id']}/actions",
            json={"action": view["legal_actions"][0], "version": view["version"]},
        )
        assert reply.status_code == 200 and reply.json()["version"] == 2
