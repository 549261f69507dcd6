"""Rate limits: each costly kind of request has a budget per player and per address; a
request past it answers 429 with ``Retry-After`` in the project's error shape and changes
nothing; budgets are not shared between players or addresses; Redis holds them across
processes when configured, and a Redis that does not answer lets requests pass."""

from __future__ import annotations

import json
import secrets
import warnings
from collections.abc import Iterator
from typing import Any

import anyio
import pytest
from friends_support import join, open_table
from sqlalchemy import func, select
from table_support import SECRET, clear_of_the_turn_of_a_minute

from async_support import run_apart
from cribkit.errors import CribkitError
from cribkit.web.app import create_app
from cribkit.web.site.models import GameRow
from cribkit.web.site.rate_limits import CLOSE_RATE_LIMITED, RateLimits
from cribkit.web.site.settings import RATE_DEFAULTS, Settings
from cribkit.web.table.live import subscribed

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

EN = {"Accept-Language": "en"}


@pytest.fixture(autouse=True)
def _clear_of_the_turn() -> None:
    clear_of_the_turn_of_a_minute()


def _settings(database_url: str, lowered: dict[str, str], **extra: Any) -> Settings:
    rates = tuple((key, lowered.get(key, spec)) for key, spec in RATE_DEFAULTS)
    return Settings(
        database_url=database_url, secret_key=SECRET, testing=True, rate_limits=rates, **extra
    )


def _client(app: Any, address: str = "10.0.0.1") -> TestClient:
    return TestClient(app, client=(address, 40000))


@pytest.fixture
def clients(database_url: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """``clients(lowered) -> (app, first, second)``: an app with some budgets lowered, and
    two players (two cookies) at the same address."""
    opened: list[TestClient] = []

    def make(lowered: dict[str, str]) -> tuple[Any, TestClient, TestClient]:
        app = create_app(_settings(database_url, lowered))
        for _ in range(2):
            opened.append(_client(app).__enter__())
        return app, opened[-2], opened[-1]

    yield make
    for client in opened:
        client.__exit__(None, None, None)


def _games(app: Any) -> int:
    with app.state.database.session() as session:
        return int(session.scalar(select(func.count()).select_from(GameRow)) or 0)


def _assert_refused(answer: Any, *, api: bool = True) -> None:
    assert answer.status_code == 429, answer.text
    assert int(answer.headers["Retry-After"]) >= 1
    assert "set-cookie" not in answer.headers, "a refusal replaces no identity"
    if api:
        body = answer.json()
        assert body["code"] == "rate_limited" and "Try again in" in body["detail"]
    else:
        assert answer.headers["content-type"].startswith("text/html")
        assert "Too many requests" in answer.text and "Try again in" in answer.text


def _new_game(client: TestClient, seed: int = 7) -> dict[str, Any]:
    answer = client.post("/api/games", json={"level": "random", "seed": seed}, headers=EN)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_creating_tables_past_the_budget_answers_429_and_creates_nothing(clients: Any) -> None:
    app, first, _ = clients({"create.player": "2/minute"})
    _new_game(first)  # a newcomer's first request has no identity: only its address pays
    _new_game(first)
    open_table(first)
    before = _games(app)
    _assert_refused(first.post("/api/games", json={"level": "random"}, headers=EN))
    _assert_refused(first.post("/api/tables", json={"name": "Ann"}, headers=EN))
    _assert_refused(
        first.post("/table/new", data={"level": "random"}, headers=EN, follow_redirects=False),
        api=False,
    )
    _assert_refused(
        first.post("/table/friend", data={"name": "Ann"}, headers=EN, follow_redirects=False),
        api=False,
    )
    assert _games(app) == before


def test_moves_past_the_budget_answer_429_and_leave_the_game_as_it_was(clients: Any) -> None:
    _, first, _ = clients({"moves.player": "2/minute"})
    game = _new_game(first)
    view = game["view"]
    for _ in range(2):
        body = {"action": view["legal_actions"][0], "version": view["version"]}
        answer = first.post(f"/api/games/{game['id']}/actions", json=body, headers=EN)
        assert answer.status_code == 200, answer.text
        view = answer.json()
    body = {"action": view["legal_actions"][0], "version": view["version"]}
    _assert_refused(first.post(f"/api/games/{game['id']}/actions", json=body, headers=EN))
    form = {"version": str(view["version"]), "action": "0"}
    _assert_refused(
        first.post(f"/games/{game['id']}/move", data=form, headers=EN, follow_redirects=False),
        api=False,
    )
    assert first.get(f"/api/games/{game['id']}").json()["version"] == view["version"]


def test_moves_over_the_socket_spend_the_same_budget_and_stay_connected(clients: Any) -> None:
    """A move sent over the game's socket spends the action API's ``moves`` budget; past
    it the answer is the API's 429 (with ``retry_after``), nothing moves, and the socket
    is not closed as a flood: moves are not counted as the socket's other frames."""
    _, first, second = clients({"moves.player": "1/minute"})
    table = open_table(first, "Ann", seed=11)
    join(second, table["code"], "Bo")
    game_id = table["game_id"]
    mover = next(
        each
        for each in (first, second)
        if each.get(f"/api/games/{game_id}").json()["legal_actions"]
    )
    view = mover.get(f"/api/games/{game_id}").json()
    body = {"action": view["legal_actions"][0], "version": view["version"]}
    with mover.websocket_connect(f"/ws/games/{game_id}", headers=EN) as socket:
        answers = []
        for number in range(1 + 40):  # the budget's one move, then far past the flood
            socket.send_text(json.dumps({"type": "move", "id": number} | body))
            while (message := socket.receive_json())["type"] != "answer":
                pass
            answers.append(message)
        socket.send_text('{"type": "ping"}')
        while socket.receive_json() != {"type": "pong"}:
            pass
    assert [answer["status"] for answer in answers] == [200] + [429] * 40
    refused = answers[-1]["body"]
    assert refused["code"] == "rate_limited" and "Try again in" in refused["detail"]
    assert refused["retry_after"] >= 1
    moved = answers[0]["body"]
    assert mover.get(f"/api/games/{game_id}").json()["version"] == moved["version"]
    # the action API draws on the budget the socket spent (refused before the move is read)
    _assert_refused(mover.post(f"/api/games/{game_id}/actions", json=body, headers=EN))


def test_players_do_not_share_a_budget(clients: Any) -> None:
    _, first, second = clients({"create.player": "1/minute"})
    for client in (first, second, first):  # the first request of each: no identity yet
        _new_game(client)
    _assert_refused(first.post("/api/games", json={"level": "random"}, headers=EN))
    _new_game(second)  # the same address, another player: their own budget


def test_addresses_do_not_share_a_budget(database_url: str) -> None:
    app = create_app(_settings(database_url, {"create.address": "1/minute"}))
    with _client(app, "10.0.0.1") as here, _client(app, "10.0.0.2") as there:
        _new_game(here)
        _assert_refused(here.post("/api/games", json={"level": "random"}, headers=EN))
        with _client(app, "10.0.0.1") as newcomer:  # no cookie: the address still counts
            _assert_refused(newcomer.post("/api/games", json={"level": "random"}, headers=EN))
        _new_game(there)


def test_guessing_invite_codes_runs_dry_but_a_real_code_stays_open(clients: Any) -> None:
    _, host, guest = clients({"join.address": "3/minute"})
    opened = open_table(host)
    code = opened["code"]
    for _ in range(5):  # looking a real code up spends nothing
        assert guest.get(f"/api/tables/{code}", headers=EN).status_code == 200
    guesses = [
        guest.get("/api/tables/2222222222", headers=EN),
        join(guest, "3333333333"),
        guest.get("/t/4444444444", headers=EN),
    ]
    assert [answer.status_code for answer in guesses] == [404, 404, 404]
    _assert_refused(guest.get("/api/tables/5555555555", headers=EN))
    _assert_refused(guest.get("/t/5555555555", headers=EN), api=False)
    _assert_refused(join(guest, code))
    # the address ran dry, so even a real code is refused now; the seat stayed empty
    assert host.get(f"/api/games/{opened['game_id']}").json()["table"]["seated"] == [True, False]


def test_a_real_join_spends_nothing(clients: Any) -> None:
    _, host, guest = clients({"join.player": "1/minute", "join.address": "1/minute"})
    code = open_table(host)["code"]
    assert guest.get(f"/api/tables/{code}").status_code == 200
    assert join(guest, code).status_code == 200
    assert join(guest, code).status_code == 200, "sitting down again is no guess"
    assert guest.get("/api/tables/2222222222").status_code == 404  # the one miss allowed
    _assert_refused(guest.get("/api/tables/3333333333", headers=EN))


def test_records_past_the_budget_answer_429(clients: Any) -> None:
    _, first, _ = clients({"records.player": "1/minute"})
    _new_game(first)  # a cookie, so the player's budget counts
    upload = {"text": "not a record"}
    assert first.post("/replay", data=upload, headers=EN).status_code == 422
    _assert_refused(first.post("/replay", data=upload, headers=EN), api=False)
    _assert_refused(first.post("/replay/review", data=upload, headers=EN), api=False)


def test_socket_opens_past_the_budget_are_closed_with_the_rate_code(clients: Any) -> None:
    _, first, _ = clients({"sockets.player": "1/minute"})
    game = _new_game(first)
    with first.websocket_connect(f"/ws/games/{game['id']}") as socket:
        assert socket.receive_json()["type"] == "view"
    with first.websocket_connect(f"/ws/games/{game['id']}", headers=EN) as socket:
        frame = socket.receive_json()
        assert frame["code"] == "rate_limited" and frame["retry_after"] >= 1
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == CLOSE_RATE_LIMITED


def test_off_turns_a_budget_off(clients: Any) -> None:
    _, first, _ = clients({"create.player": "off", "create.address": "off"})
    for seed in range(4):
        _new_game(first, seed)


def test_budgets_come_from_the_environment_and_bad_ones_are_refused() -> None:
    env = {"CRIBKIT_RATE_MOVES_PLAYER": "5/second; 100/minute", "CRIBKIT_RATE_JOIN_ADDRESS": "OFF"}
    rates = dict(Settings.from_env(env).rate_limits)
    assert rates["moves.player"] == "5/second; 100/minute"
    assert rates["join.address"] == "off"
    assert rates["create.player"] == dict(RATE_DEFAULTS)["create.player"]
    with pytest.raises(CribkitError, match="CRIBKIT_RATE_CREATE_PLAYER"):
        Settings.from_env({"CRIBKIT_RATE_CREATE_PLAYER": "lots"})


# ------------------------------------------------------------------ Redis


def test_redis_holds_one_budget_for_every_process(database_url: str, redis_url: str) -> None:
    prefix = f"rate_{secrets.token_hex(4)}"
    lowered = {"create.player": "2/minute"}
    one = create_app(_settings(database_url, lowered, redis_url=redis_url, live_prefix=prefix))
    two = create_app(_settings(database_url, lowered, redis_url=redis_url, live_prefix=prefix))
    assert one.state.rate_limits.kind == "redis"
    with _client(one) as first, _client(two) as second:
        _new_game(first)  # no identity yet
        _new_game(first)
        second.cookies.update(first.cookies)  # the same player on the other process
        _new_game(second)
        _assert_refused(first.post("/api/games", json={"level": "random"}, headers=EN))
        _assert_refused(second.post("/api/games", json={"level": "random"}, headers=EN))


def test_redis_counts_on_the_event_loop_without_a_worker_thread(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each count is awaited on the loop (redis-py's asyncio client), not handed to a thread
    per request; the budget still runs dry and says when it has room again."""
    prefix = f"rate_{secrets.token_hex(4)}"
    settings = Settings(
        secret_key="k",
        redis_url=redis_url,
        live_prefix=prefix,
        rate_limits=(("moves.player", "3/minute"),),
    )
    budgets = RateLimits(settings)

    def no_threads(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a count went to a worker thread")

    monkeypatch.setattr(anyio.to_thread, "run_sync", no_threads)

    async def four_moves() -> list[float]:
        return [await budgets.spend("moves", "someone", None) for _ in range(4)]

    waits = run_apart(four_moves())
    assert waits[:3] == [0.0, 0.0, 0.0] and 1.0 <= waits[3] <= 60.0


def test_a_redis_that_does_not_answer_lets_requests_pass(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The live channel on the same Redis would wait 10 s at start for its subscription
    # (subscribed.LISTEN_TIMEOUT_SECONDS) before serving anyway; the budgets are what is
    # tested here, so it waits a moment.
    monkeypatch.setattr(subscribed, "LISTEN_TIMEOUT_SECONDS", 0.2)
    closed = "redis://127.0.0.1:1/0"
    app = create_app(_settings(database_url, {"create.player": "1/minute"}, redis_url=closed))
    with _client(app) as first:
        for seed in range(3):  # uncounted, not refused and not failed
            _new_game(first, seed)
