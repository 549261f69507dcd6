"""A move sent over ``/ws/games/{id}``: made and answered like ``POST .../actions``.

The answer is the mover's own view (never the other hand), a refusal is the API's error
body with its status and changes nothing, and the mover's socket does not send the
version it answered with a second time.
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest
from friends_support import join, open_table

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from cribkit.web.table.live.socket_moves import MAX_MOVE_ID

EN = {"Accept-Language": "en"}


def seated(client: Any, other_client: Any) -> str:
    table = open_table(client, "Ann", seed=11)
    join(other_client, table["code"], "Bo")
    return str(table["game_id"])


def first_view(socket: Any) -> dict[str, Any]:
    message = socket.receive_json()
    assert message["type"] == "view", message
    view: dict[str, Any] = message["view"]
    return view


def answer_to(socket: Any, frame: dict[str, Any]) -> dict[str, Any]:
    """Send ``frame``; the answer with its id (views sent meanwhile are skipped)."""
    socket.send_text(json.dumps(frame))
    while True:
        message = socket.receive_json()
        if message["type"] == "answer":
            assert message["id"] == frame.get("id")
            return dict(message)
        assert message["type"] == "view", message


def mover(client: Any, other_client: Any, game_id: str) -> tuple[Any, dict[str, Any]]:
    """The client whose turn it is and their view."""
    for each in (client, other_client):
        view = each.get(f"/api/games/{game_id}").json()
        if view["legal_actions"]:
            return each, view
    raise AssertionError("nobody may move")


@pytest.mark.postgres_too
def test_a_move_over_the_socket_answers_with_the_movers_view_and_reaches_the_other(
    client: Any, other_client: Any
) -> None:
    game_id = seated(client, other_client)
    who, view = mover(client, other_client, game_id)
    other = other_client if who is client else client
    with (
        who.websocket_connect(f"/ws/games/{game_id}") as mine,
        other.websocket_connect(f"/ws/games/{game_id}") as theirs,
    ):
        first_view(mine)
        first_view(theirs)
        frame = {"type": "move", "id": "m1", "action": view["legal_actions"][0]}
        answer = answer_to(mine, frame | {"version": view["version"]})
        assert answer["status"] == 200
        moved = answer["body"]
        assert moved["version"] == view["version"] + 1
        own = who.get(f"/api/games/{game_id}").json()
        assert moved == own | {"table": moved["table"]}  # presence may differ, nothing else
        seen = first_view(theirs)
        while seen["version"] < moved["version"]:
            seen = first_view(theirs)
        assert seen["version"] == moved["version"]
        assert not set(seen["hand"]) & set(moved["hand"])  # each sees only their own cards
        # the mover's socket has answered with that version: it does not send it again
        mine.send_text('{"type": "ping"}')
        while (message := mine.receive_json())["type"] != "pong":
            assert message["view"]["version"] != moved["version"], "the same version twice"


@pytest.mark.parametrize(
    ("change", "status", "code"),
    [
        ({"version": -1}, 422, "invalid_request"),
        ({"version": "²"}, 422, "invalid_request"),
        ({"version": None}, 422, "invalid_request"),
        ({"extra": 1}, 422, "invalid_request"),
        ({"action": {"type": "play", "player": 0, "card": "ZZ"}}, 422, None),
        ({"action": "discard"}, 422, None),
    ],
)
def test_a_malformed_move_is_refused_like_the_api_and_changes_nothing(
    client: Any, other_client: Any, change: dict[str, Any], status: int, code: str | None
) -> None:
    game_id = seated(client, other_client)
    who, view = mover(client, other_client, game_id)
    body = {"action": view["legal_actions"][0], "version": view["version"]} | change
    by_api = who.post(f"/api/games/{game_id}/actions", json=body, headers=EN)
    with who.websocket_connect(f"/ws/games/{game_id}", headers=EN) as socket:
        first_view(socket)
        answer = answer_to(socket, {"type": "move", "id": 7} | body)
    assert answer["id"] == 7 and answer["status"] == status == by_api.status_code
    assert answer["body"]["code"] == by_api.json()["code"]
    if code is not None:
        assert answer["body"]["code"] == code and answer["body"]["problems"]
    assert who.get(f"/api/games/{game_id}").json()["version"] == view["version"]


def test_a_stale_move_answers_409_with_the_current_view(client: Any, other_client: Any) -> None:
    game_id = seated(client, other_client)
    who, view = mover(client, other_client, game_id)
    body = {"action": view["legal_actions"][0], "version": view["version"]}
    assert who.post(f"/api/games/{game_id}/actions", json=body).status_code == 200
    with who.websocket_connect(f"/ws/games/{game_id}") as socket:
        first_view(socket)
        answer = answer_to(socket, {"type": "move", "id": "again"} | body)
    assert answer["status"] == 409 and answer["body"]["code"] == "stale_friend"
    assert answer["body"]["view"]["version"] == view["version"] + 1
    assert who.get(f"/api/games/{game_id}").json()["version"] == view["version"] + 1


def test_a_move_for_the_other_seat_is_refused(client: Any, other_client: Any) -> None:
    game_id = seated(client, other_client)
    who, view = mover(client, other_client, game_id)
    action = dict(view["legal_actions"][0])
    action["player"] = 1 - action["player"]
    with who.websocket_connect(f"/ws/games/{game_id}") as socket:
        first_view(socket)
        frame = {"type": "move", "id": "x", "action": action, "version": view["version"]}
        answer = answer_to(socket, frame)
    assert answer["status"] == 422 and answer["body"]["code"] == "not_your_seat_friend"
    assert who.get(f"/api/games/{game_id}").json()["version"] == view["version"]


def test_a_spectator_cannot_move_and_learns_nothing(
    app: Any, client: Any, other_client: Any
) -> None:
    table = open_table(client, "Ann", seed=11)
    join(other_client, table["code"], "Bo")
    game_id = table["game_id"]
    _, view = mover(client, other_client, game_id)
    with TestClient(app) as stranger:
        path = f"/ws/games/{game_id}?code={table['code']}"
        with stranger.websocket_connect(path) as socket:
            first_view(socket)
            frame = {"type": "move", "id": 1, "action": view["legal_actions"][0]}
            answer = answer_to(socket, frame | {"version": view["version"]})
    assert answer["status"] == 404 and answer["body"]["code"] == "game_not_found"
    assert set(answer["body"]) == {"detail", "code"}  # no view of the game beside it
    assert client.get(f"/api/games/{game_id}").json()["version"] == view["version"]


@pytest.mark.parametrize("move_id", [None, True, "x" * (MAX_MOVE_ID + 1), {"a": 1}])
def test_an_unusable_move_id_is_answered_with_none(
    client: Any, other_client: Any, move_id: Any
) -> None:
    game_id = seated(client, other_client)
    who, view = mover(client, other_client, game_id)
    with who.websocket_connect(f"/ws/games/{game_id}") as socket:
        first_view(socket)
        frame = {"type": "move", "id": move_id, "action": view["legal_actions"][0]}
        socket.send_text(json.dumps(frame | {"version": view["version"]}))
        message = socket.receive_json()
        while message["type"] != "answer":
            message = socket.receive_json()
    assert message["id"] is None and message["status"] == 200
