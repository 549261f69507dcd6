"""Every state-changing request from another origin is refused with 403 in the project's
error shape and changes nothing: no move, no new game, no fresh identity cookie over the
player's. The same requests from this origin (or from no browser at all) still work."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect
from table_support import make_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from cribkit.web.site.errors import ApiError
from cribkit.web.site.players_identity import PLAYER_COOKIE
from cribkit.web.site.same_origin import from_this_origin

OWN = "http://testserver"
FOREIGN = [
    pytest.param({"Origin": "http://evil.example"}, id="other-site"),
    pytest.param({"Origin": "http://testserver:8081"}, id="other-port"),
    pytest.param({"Origin": "null"}, id="null-origin"),
    pytest.param({"Sec-Fetch-Site": "cross-site"}, id="fetch-cross-site"),
    pytest.param({"Sec-Fetch-Site": "same-site"}, id="fetch-same-site"),
    pytest.param({"Referer": "http://evil.example/page"}, id="referer"),
]
UNSAFE = ("POST", "PUT", "PATCH", "DELETE")
ZH = {"Accept-Language": "zh-CN"}


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return make_app(f"sqlite:///{tmp_path / 'origin.sqlite3'}")


@pytest.fixture
def victim(app: Any) -> Iterator[tuple[TestClient, str]]:
    """A player with a game under way (a cookie and a game worth protecting), and its id."""
    with TestClient(app) as client:
        created = client.post("/api/games", json={"level": "random", "seed": 3})
        assert created.status_code == 201, created.text
        yield client, created.json()["id"]


def every_route(routes: list[Any]) -> Iterator[Any]:
    """The app's routes, inside included routers too (FastAPI keeps those apart)."""
    for route in routes:
        included = getattr(route, "original_router", None)
        yield from every_route(included.routes) if included is not None else (route,)


def state_changing_routes(app: Any) -> list[tuple[str, str]]:
    """(method, path) of every route that is not a plain read, path parameters filled in."""
    found = []
    for route in every_route(app.routes):
        methods = getattr(route, "methods", None) or set()
        for method in sorted(set(methods) & set(UNSAFE)):
            found.append((method, re.sub(r"\{[^}]+\}", "x1", route.path)))
    return found


def snapshot(client: TestClient, game_id: str) -> tuple[str, int]:
    view = client.get(f"/api/games/{game_id}")
    assert view.status_code == 200, view.text
    return client.cookies[PLAYER_COOKIE], view.json()["version"]


def test_the_routes_are_all_found(app: Any) -> None:
    routes = state_changing_routes(app)
    for expected in ("/table/new", "/table/friend", "/stats/name", "/practice/count"):
        assert ("POST", expected) in routes
    assert ("POST", "/games/x1/move") in routes and ("POST", "/api/games/x1/actions") in routes


@pytest.mark.parametrize("headers", FOREIGN)
def test_every_state_changing_route_refuses_another_origin(
    app: Any, victim: tuple[TestClient, str], headers: dict[str, str]
) -> None:
    client, game_id = victim
    before = snapshot(client, game_id)
    for method, path in state_changing_routes(app):
        path = path.replace("x1", game_id) if "games" in path else path
        response = client.request(method, path, headers=headers, data={"name": "x"})
        assert response.status_code == 403, (method, path, response.status_code)
        assert PLAYER_COOKIE not in response.cookies, (method, path)
        if path.startswith("/api"):
            assert ApiError.model_validate(response.json()).code == "cross_origin"
        else:
            assert "another site" in response.text
            assert response.headers["content-security-policy"]
    assert snapshot(client, game_id) == before


def test_the_refusal_is_in_the_readers_language(victim: tuple[TestClient, str]) -> None:
    client, _game_id = victim
    foreign = {"Origin": "http://evil.example", **ZH}
    page = client.post("/table/new", headers=foreign, data={"level": "random"})
    assert page.status_code == 403 and "已拒绝" in page.text and "其他网站" in page.text
    api = client.post("/api/games", headers=foreign, json={"level": "random"})
    assert api.status_code == 403 and "其他网站" in api.json()["detail"]


def test_a_cross_site_move_by_the_plain_form_changes_nothing(
    victim: tuple[TestClient, str],
) -> None:
    client, game_id = victim
    before = snapshot(client, game_id)
    form = {"type": "cut", "position": "5", "version": str(before[1])}
    refused = client.post(
        f"/games/{game_id}/move", data=form, headers={"Origin": "http://127.0.0.1:8599"}
    )
    assert refused.status_code == 403
    assert snapshot(client, game_id) == before
    moved = client.post(
        f"/games/{game_id}/move", data=form, headers={"Origin": OWN}, follow_redirects=False
    )
    assert moved.status_code == 303
    assert snapshot(client, game_id)[1] == before[1] + 1


@pytest.mark.parametrize(
    "headers",
    [
        pytest.param({"Origin": OWN}, id="origin"),
        pytest.param({"Sec-Fetch-Site": "same-origin"}, id="fetch-same-origin"),
        pytest.param({"Referer": f"{OWN}/games/x"}, id="referer"),
        pytest.param({}, id="no-browser"),
    ],
)
def test_this_origin_may_change_things(
    victim: tuple[TestClient, str], headers: dict[str, str]
) -> None:
    client, _game_id = victim
    cookie = client.cookies[PLAYER_COOKIE]
    answer = client.post("/stats/name", data={"name": "Ann"}, headers=headers)
    assert answer.status_code == 200 and "Ann" in answer.text
    assert client.cookies[PLAYER_COOKIE] == cookie


def test_the_socket_handshake_refuses_another_origin(
    app: Any, victim: tuple[TestClient, str]
) -> None:
    client, game_id = victim
    assert any(getattr(route, "path", "").startswith("/ws/") for route in every_route(app.routes))
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(f"/ws/games/{game_id}", headers={"Origin": "http://evil.example"}),
    ):
        pass
    assert refused.value.code == 1008
    with client.websocket_connect(f"/ws/games/{game_id}", headers={"Origin": OWN}) as socket:
        assert socket.receive_json()["type"] == "view"


def scope(headers: dict[str, str], *, scheme: str = "http") -> dict[str, Any]:
    raw = [(name.lower().encode(), value.encode()) for name, value in headers.items()]
    return {"type": "http", "scheme": scheme, "headers": raw}


@pytest.mark.parametrize(
    ("headers", "scheme", "expected"),
    [
        ({"Host": "cribkit.example", "Origin": "http://cribkit.example"}, "http", True),
        ({"Host": "cribkit.example", "Origin": "http://cribkit.example:80"}, "http", True),
        ({"Host": "cribkit.example:443", "Origin": "https://cribkit.example"}, "https", True),
        ({"Host": "Cribkit.Example", "Origin": "http://cribkit.example"}, "http", True),
        # a proxy in front ends TLS: the page is https, the app hears http
        ({"Host": "cribkit.example", "Origin": "https://cribkit.example"}, "http", True),
        ({"Host": "cribkit.example", "Origin": "http://cribkit.example"}, "https", False),
        ({"Host": "cribkit.example", "Origin": "http://cribkit.example.evil"}, "http", False),
        ({"Host": "cribkit.example", "Origin": "http://cribkit.example:99999"}, "http", False),
        ({"Host": "cribkit.example", "Origin": "not a url"}, "http", False),
        ({"Origin": "http://cribkit.example"}, "http", False),  # no Host to compare with
        ({"Host": "cribkit.example", "Sec-Fetch-Site": "none"}, "http", True),
        ({"Host": "cribkit.example", "Referer": "http://cribkit.example/t/x"}, "http", True),
        ({"Host": "cribkit.example", "Referer": ""}, "http", False),
        # Origin decides before the others
        (
            {"Host": "h", "Origin": "http://evil", "Sec-Fetch-Site": "same-origin"},
            "http",
            False,
        ),
    ],
)
def test_which_origins_are_this_one(headers: dict[str, str], scheme: str, expected: bool) -> None:
    assert from_this_origin(scope(headers, scheme=scheme)) is expected
