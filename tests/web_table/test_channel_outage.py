"""The channel is not the source of truth: with Redis on a closed port, or on a host that
accepts and never answers, a whole friend game is played — the join and every move answer
success and are applied once, none of them publishes on the request's own thread, the
other player's socket still hears of a move, and ``/health`` says the channel is down."""

from __future__ import annotations

import socket
import threading
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from friends_support import join, open_table, play_both_seats
from servers import free_port
from table_support import SECRET

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from cribkit.web.app import create_app
from cribkit.web.site.settings import Settings
from cribkit.web.table.live import announce, subscribed
from cribkit.web.table.live.announce import Announcer
from cribkit.web.table.live.in_process import InProcessChannel

pytestmark = (
    pytest.mark.heavy
)  # whole friend games against a dead channel: make test, not make check

SOCKET_WAIT = 15.0
"""Seconds a socket may take to hear of a move before the test gives up on it."""
FLUSH_WAIT = 30.0
"""Seconds the announcer may take to try every pending piece of news."""


def black_hole() -> Iterator[int]:
    """A port that accepts connections and never answers (held open until the end)."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)  # the kernel completes the handshakes; nobody ever reads
    try:
        yield listener.getsockname()[1]
    finally:
        listener.close()


def closed_port() -> Iterator[int]:
    yield free_port()  # bound a moment ago and released: nothing listens there


@pytest.fixture(params=[closed_port, black_hole], ids=["closed-port", "black-hole"])
def dead_redis(request: pytest.FixtureRequest) -> Iterator[str]:
    for port in request.param():
        yield f"redis://127.0.0.1:{port}/8"


@pytest.fixture
def app(dead_redis: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(subscribed, "LISTEN_TIMEOUT_SECONDS", 0.2)  # start without waiting
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'outage.sqlite3'}",
        secret_key=SECRET,
        testing=True,
        redis_url=dead_redis,
    )
    return create_app(settings)


def publishing_threads(app: Any) -> list[str]:
    """Record the thread of every publish attempt on the app's channel."""
    threads: list[str] = []
    channel = app.state.channel
    publish = channel.publish

    def recorded(game_id: str, version: int, row: str = "") -> None:
        threads.append(threading.current_thread().name)
        publish(game_id, version, row)

    channel.publish = recorded
    return threads


def test_a_whole_friend_game_with_the_channel_down(app: Any) -> None:
    threads = publishing_threads(app)
    with TestClient(app) as host, TestClient(app) as friend:
        table = open_table(host)
        game_id = table["game_id"]
        joined = join(friend, table["code"])
        assert joined.status_code == 200, joined.text
        start = host.get(f"/api/games/{game_id}").json()["version"]
        answers: list[dict[str, Any]] = []
        final = play_both_seats(
            app, game_id, {0: host, 1: friend}, rng_seed=3, on_move=answers.append
        )
        assert final["phase"] == "game_over"
        versions = [answer["version"] for answer in answers]
        assert versions == list(range(start + 1, start + 1 + len(answers)))  # each once
        assert host.get(f"/api/games/{game_id}").json()["version"] == versions[-1]

        assert app.state.announcer.flush(FLUSH_WAIT)
        assert threads and set(threads) == {"cribkit-announce"}  # never a request's thread
        health = host.get("/health")
        assert health.status_code == 200
        body = health.json()
        assert body["status"] == "degraded" and body["database"]["up"] is True
        assert body["channel"]["kind"] == "redis" and body["channel"]["up"] is False
        assert body["channel"]["polling"] is True and body["channel"]["error"]


def socket_hears_a_move(app: Any) -> list[int]:
    """Open a table, sit the friend down with a socket, move; the versions it was sent."""
    with TestClient(app) as host, TestClient(app) as friend:
        table = open_table(host)
        game_id = table["game_id"]
        assert join(friend, table["code"]).status_code == 200
        with (
            friend.websocket_connect(f"/ws/games/{game_id}") as watcher,
            ThreadPoolExecutor(1) as pool,
        ):
            first = pool.submit(watcher.receive_json).result(timeout=SOCKET_WAIT)
            view = host.get(f"/api/games/{game_id}").json()
            client = host if view["legal_actions"] else friend
            current = client.get(f"/api/games/{game_id}").json()
            answer = client.post(
                f"/api/games/{game_id}/actions",
                json={"action": current["legal_actions"][0], "version": current["version"]},
            )
            assert answer.status_code == 200, answer.text
            seen = [first["view"]["version"]]
            for _ in range(3):  # the view at the move, perhaps after a presence change
                if seen[-1] >= answer.json()["version"]:
                    break
                message = pool.submit(watcher.receive_json).result(timeout=SOCKET_WAIT)
                seen.append(message["view"]["version"])
            assert seen[-1] == answer.json()["version"], seen
            return seen


def test_a_socket_hears_of_a_move_while_the_channel_is_down(app: Any) -> None:
    socket_hears_a_move(app)


def test_a_socket_polls_while_the_channel_loses_news_silently(tmp_path: Path) -> None:
    """A channel that takes the news without error but cannot hear (its subscription is
    lost): the socket re-reads on its own timer."""
    app = create_app(
        Settings(
            database_url=f"sqlite:///{tmp_path / 'deaf.sqlite3'}", secret_key=SECRET, testing=True
        )
    )
    app.state.channel.publish = lambda game_id, version: None
    app.state.channel.listening = lambda: False
    assert app.state.announcer.polling()
    socket_hears_a_move(app)


def test_health_says_ok_when_the_channel_is(tmp_path: Path) -> None:
    app = create_app(
        Settings(
            database_url=f"sqlite:///{tmp_path / 'well.sqlite3'}", secret_key=SECRET, testing=True
        )
    )
    with TestClient(app) as client:
        body = client.get("/health").json()
    assert body["status"] == "ok"
    assert body["channel"] == {
        "kind": "in-process",
        "up": True,
        "listening": True,
        "polling": False,
        "error": "",
        "dropped": 0,
    }


class _StuckChannel(InProcessChannel):
    """Publishing waits until the test lets it go (a slow channel), then records the news."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.sent: list[tuple[str, int]] = []

    def publish(self, game_id: str, version: int, row: str = "") -> None:
        self.entered.set()
        if not self.gate.wait(timeout=FLUSH_WAIT):
            raise TimeoutError("the test never opened the gate")
        self.sent.append((game_id, version))


def test_news_waiting_for_the_channel_is_the_newest_per_game_and_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(announce, "MAX_PENDING", 3)
    channel = _StuckChannel()
    announcer = Announcer(channel)
    announcer.announce("first", 1)  # taken by the thread, which waits on the gate
    assert channel.entered.wait(FLUSH_WAIT)
    for version in (2, 3, 4):
        announcer.announce("g", version)
    announcer.announce("h", 1)
    announcer.announce("i", 1)
    announcer.announce("j", 1)  # a fourth game waiting: dropped, and counted
    assert announcer.state().dropped == 1
    channel.gate.set()
    assert announcer.flush(FLUSH_WAIT)
    assert channel.sent == [("first", 1), ("g", 4), ("h", 1), ("i", 1)]
    assert announcer.state().healthy
    announcer.close()  # as the app's lifespan ends: the thread goes
    for _ in range(100):  # bounded: the thread returns as soon as it is told
        if not announcer.running():
            break
        threading.Event().wait(0.05)
    assert not announcer.running()
    announcer.announce("k", 1)  # served again: a thread of its own again
    assert announcer.flush(FLUSH_WAIT) and channel.sent[-1] == ("k", 1)
