"""Replays and reviews of records run off the event loop, at most ``record_workers`` at
once: past the cap they wait their turn, past the queue they are refused with 503 and
``Retry-After``, and other pages answer all the while."""

from __future__ import annotations

import random
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest
from table_support import SECRET

from cribkit.game import Game
from cribkit.record import GameRecord
from cribkit.web.app import create_app
from cribkit.web.site.capped_work import QUEUE_PER_WORKER
from cribkit.web.site.settings import Settings
from cribkit.web.table.replay import routes as replay_routes
from cribkit.web.table.review import routes as review_routes

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

EN = {"Accept-Language": "en"}


def _finished_record(seed: int = 5) -> str:
    game = Game(seed=seed)
    rng = random.Random(seed)
    while not game.state.is_over:
        player = game.state.players_to_move()[0]
        game.apply(rng.choice(game.view(player).legal_actions))
    return GameRecord.of(game).to_text()


class _Gate:
    """Wraps a job so that it blocks until released, counting how many run at once."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.lock = threading.Lock()
        self.running = 0
        self.peak = 0

    def wrap(self, job: Callable[..., Any]) -> Callable[..., Any]:
        def gated(*args: Any, **kwargs: Any) -> Any:
            with self.lock:
                self.running += 1
                self.peak = max(self.peak, self.running)
            try:
                assert self.release.wait(30), "the test never released the job"
                return job(*args, **kwargs)
            finally:
                with self.lock:
                    self.running -= 1

        return gated


def _until(condition: Callable[[], bool]) -> None:
    """Wait for ``condition`` (a state the server reaches, not a duration under test)."""
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, "the server never reached the expected state"
        time.sleep(0.01)


@pytest.fixture
def capped(database_url: str) -> Iterator[tuple[Any, TestClient]]:
    app = create_app(
        Settings(database_url=database_url, secret_key=SECRET, testing=True, record_workers=1)
    )
    with TestClient(app) as client:
        yield app, client


def test_reviews_past_the_cap_wait_past_the_queue_get_503_and_never_block_rules(
    capped: tuple[Any, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, client = capped
    gate = _Gate()
    monkeypatch.setattr(review_routes, "review_game", gate.wrap(review_routes.review_game))
    upload = {"text": _finished_record(), "seat": "0"}
    limiter = app.state.record_work.limiter

    def post() -> Any:
        return client.post("/replay/review", data=upload, headers=EN)

    with ThreadPoolExecutor(8) as pool:
        first = pool.submit(post)
        _until(lambda: gate.running == 1)
        queued: list[Future[Any]] = [pool.submit(post) for _ in range(QUEUE_PER_WORKER)]
        _until(lambda: limiter.statistics().tasks_waiting == QUEUE_PER_WORKER)
        refused = [post() for _ in range(3)]  # the queue is full: refused at once
        assert client.get("/rules").status_code == 200, "other pages answer meanwhile"
        gate.release.set()
        answers = [first.result(), *(future.result() for future in queued)]
    assert [answer.status_code for answer in answers] == [200] * (1 + QUEUE_PER_WORKER)
    assert all("Seat 1" in answer.text or "review" in answer.text for answer in answers)
    assert gate.peak == 1, "never more reviews at once than the cap"
    for answer in refused:
        assert answer.status_code == 503
        assert int(answer.headers["Retry-After"]) >= 1
        assert "busy with other records" in answer.text


def test_a_replay_runs_off_the_event_loop(
    capped: tuple[Any, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, client = capped
    gate = _Gate()
    monkeypatch.setattr(replay_routes, "_replay_context", gate.wrap(replay_routes._replay_context))
    with ThreadPoolExecutor(1) as pool:
        replay = pool.submit(client.post, "/replay", data={"text": _finished_record()})
        _until(lambda: gate.running == 1)
        assert client.get("/rules").status_code == 200, "the loop is free while it replays"
        gate.release.set()
        assert replay.result().status_code == 200


def test_the_api_review_answers_503_in_the_error_shape_when_busy(
    capped: tuple[Any, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, client = capped
    work = app.state.record_work
    monkeypatch.setattr(work, "queue", 0)  # every worker busy and no queue: refuse at once
    gate = _Gate()
    monkeypatch.setattr(review_routes, "review_game", gate.wrap(review_routes.review_game))
    with ThreadPoolExecutor(1) as pool:
        busy = pool.submit(client.post, "/replay/review", data={"text": _finished_record()})
        _until(lambda: gate.running == 1)
        answer = client.get("/api/games/nosuchgame/review", headers=EN)
        gate.release.set()
        assert busy.result().status_code == 200
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "5"
    assert answer.json()["code"] == "busy"
