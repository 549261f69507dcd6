"""``/ws/games/{id}``: each watcher's own view after every change, presence, and refusals."""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from friends_support import hidden_from, join, open_table
from table_support import leaked, stored_state

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from cribkit.web.table.live.socket import (
    CLOSE_FLOOD,
    CLOSE_NOT_FOUND,
    CLOSE_TOO_BIG,
    MAX_FRAME,
    RATE_LIMIT,
)


@pytest.fixture
def third_client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def next_view(socket: Any, *, at_least: int) -> dict[str, Any]:
    """The first view message at or past version ``at_least`` (presence news may come first)."""
    while True:
        message = socket.receive_json()
        assert message["type"] == "view", message
        view: dict[str, Any] = message["view"]
        if view["version"] >= at_least:
            return view


def seated_table(client: Any, other_client: Any, seed: int = 7) -> dict[str, Any]:
    table = open_table(client, "Ann", seed=seed)
    join(other_client, table["code"], "Bo")
    return table


@pytest.mark.postgres_too
def test_a_player_gets_their_view_at_once_and_again_after_the_other_moves(
    client: Any, other_client: Any
) -> None:
    table = seated_table(client, other_client)
    game_id = table["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        first = next_view(socket, at_least=0)
        assert first == client.get(f"/api/games/{game_id}").json() | {"table": first["table"]}
        assert first["you"] == 0
        friend = other_client.get(f"/api/games/{game_id}").json()
        moved = other_client.post(
            f"/api/games/{game_id}/actions",
            json={"action": friend["legal_actions"][0], "version": friend["version"]},
        ).json()
        after = next_view(socket, at_least=moved["version"])
        assert after["version"] == moved["version"] and after["you"] == 0
        assert not set(after["hand"]) & set(moved["hand"])


@pytest.mark.postgres_too
def test_a_spectator_with_the_code_gets_the_public_view(
    client: Any, other_client: Any, third_client: Any
) -> None:
    table = seated_table(client, other_client)
    game_id = table["game_id"]
    with third_client.websocket_connect(f"/ws/games/{game_id}?code={table['code']}") as socket:
        view = next_view(socket, at_least=0)
        assert view["you"] is None and view["hand"] == [] and view["legal_actions"] == []
        assert view["table"]["names"] == ["Ann", "Bo"]


@pytest.mark.parametrize("query", ["", "?code=ABCDE-FGHJK", "?code=nonsense"])
def test_a_stranger_without_the_right_code_is_refused(
    client: Any, third_client: Any, query: str
) -> None:
    table = open_table(client)
    other = open_table(client)  # a real code, but of another game
    if query == "?code=ABCDE-FGHJK":
        query = f"?code={other['code']}"
    with third_client.websocket_connect(f"/ws/games/{table['game_id']}{query}") as socket:
        message = socket.receive_json()
        assert message["type"] == "error" and message["code"] == "game_not_found"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == CLOSE_NOT_FOUND


@pytest.mark.postgres_too
def test_each_player_sees_whether_the_other_is_connected(client: Any, other_client: Any) -> None:
    table = seated_table(client, other_client)
    game_id = table["game_id"]
    with other_client.websocket_connect(f"/ws/games/{game_id}") as friend:
        assert next_view(friend, at_least=0)["table"]["connected"][1] is True
        with client.websocket_connect(f"/ws/games/{game_id}") as host:
            assert next_view(host, at_least=0)["table"]["connected"] == [True, True]
            seen = next_view(friend, at_least=0)
            while seen["table"]["connected"] != [True, True]:
                seen = next_view(friend, at_least=0)
        gone = next_view(friend, at_least=0)
        while gone["table"]["connected"] != [False, True]:
            gone = next_view(friend, at_least=0)
    assert client.get(f"/api/games/{game_id}").json()["table"]["connected"] == [False, False]


def test_pings_are_answered_and_malformed_frames_refused_without_a_change(
    client: Any, other_client: Any
) -> None:
    table = seated_table(client, other_client)
    game_id = table["game_id"]
    before = client.get(f"/api/games/{game_id}").json()
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        next_view(socket, at_least=0)
        socket.send_text('{"type": "ping"}')
        assert socket.receive_json() == {"type": "pong"}
        for junk in ("not json", "[1, 2]", '{"type": "play", "card": "5H"}', "null"):
            socket.send_text(junk)
            answer = socket.receive_json()
            assert answer["type"] == "error" and answer["code"] == "bad_frame"
        socket.send_bytes(b"\x00\x01")
        assert socket.receive_json()["code"] == "bad_frame"
        socket.send_text('{"type": "ping"}')
        assert socket.receive_json() == {"type": "pong"}
    after = client.get(f"/api/games/{game_id}").json()
    assert after["version"] == before["version"] and after["hand"] == before["hand"]


def test_an_oversized_frame_closes_the_socket(client: Any, other_client: Any) -> None:
    table = seated_table(client, other_client)
    with client.websocket_connect(f"/ws/games/{table['game_id']}") as socket:
        next_view(socket, at_least=0)
        socket.send_text(json.dumps({"type": "ping", "pad": "x" * MAX_FRAME}))
        answer = socket.receive_json()
        assert answer["code"] == "frame_too_big"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == CLOSE_TOO_BIG


def test_a_flood_of_messages_closes_the_socket(client: Any, other_client: Any) -> None:
    table = seated_table(client, other_client)
    with client.websocket_connect(f"/ws/games/{table['game_id']}") as socket:
        next_view(socket, at_least=0)
        for _ in range(RATE_LIMIT + 5):
            socket.send_text('{"type": "ping"}')
        answers = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                answers.append(socket.receive_json())
    assert closed.value.code == CLOSE_FLOOD
    assert answers[-1]["code"] == "flood"
    assert sum(1 for a in answers if a == {"type": "pong"}) == RATE_LIMIT


@pytest.mark.heavy
@pytest.mark.parametrize("moves_by", ["api", "socket"])
def test_a_whole_game_over_sockets_never_shows_a_hidden_card(
    app: Any, client: Any, other_client: Any, third_client: Any, moves_by: str
) -> None:
    """Every message to both seats and a spectator, checked against the state it shows;
    the moves posted to the API, or sent over the mover's socket (whose answer is then
    that seat's view)."""
    table = seated_table(client, other_client, seed=2024)
    game_id = table["game_id"]
    rng = random.Random(3)
    players = {0: client, 1: other_client}
    hidden_at: dict[int, dict[int | None, set[Any]]] = {}

    def remember() -> int:
        state = stored_state(app, game_id)
        version = client.get(f"/api/games/{game_id}").json()["version"]
        hidden_at[version] = {seat: hidden_from(state, seat) for seat in (0, 1, None)}
        return version

    version = remember()
    with (
        client.websocket_connect(f"/ws/games/{game_id}") as host,
        other_client.websocket_connect(f"/ws/games/{game_id}") as friend,
        third_client.websocket_connect(f"/ws/games/{game_id}?code={table['code']}") as rail,
    ):
        sockets = {0: host, 1: friend, None: rail}
        answered: dict[int | None, dict[str, Any]] = {}
        messages = 0
        while True:
            views = {}
            for seat, socket in sockets.items():
                view = answered.pop(seat, None) or next_view(socket, at_least=version)
                assert view["version"] == version
                assert leaked(view, hidden_at[version][seat]) == [], (seat, view["phase"])
                views[seat] = view
                messages += 1
            if views[0]["phase"] == "game_over":
                break
            seat = rng.choice([s for s in (0, 1) if views[s]["legal_actions"]])
            body = {"action": rng.choice(views[seat]["legal_actions"]), "version": version}
            if moves_by == "api":
                answer = players[seat].post(f"/api/games/{game_id}/actions", json=body)
                assert answer.status_code == 200
            else:
                sockets[seat].send_text(json.dumps({"type": "move", "id": version} | body))
                message = sockets[seat].receive_json()
                while message["type"] != "answer":  # presence news may come first
                    message = sockets[seat].receive_json()
                assert message["status"] == 200 and message["id"] == version
                answered[seat] = message["body"]
            version = remember()
    assert messages > 100
