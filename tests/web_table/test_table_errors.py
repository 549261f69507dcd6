"""Never a 500 at the table: malformed games, seeds and ids get a clear 4xx in the reader's
language, in the one error shape the OpenAPI document declares, and change nothing."""

from __future__ import annotations

import http.client
import json
import re
from pathlib import Path
from typing import Any

import pytest
from servers import ServerProcess
from sqlalchemy import func, select

from cribkit.web.site.errors import ApiError
from cribkit.web.site.models import GameRow
from cribkit.web.site.players_identity import PLAYER_COOKIE

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
EN = {"Accept-Language": "en"}
HAN = re.compile(r"[\u4e00-\u9fff]")


def games_of(app: Any, player_id: str) -> int:
    """How many games ``player_id`` has stored: only what this test made is counted, since
    PostgreSQL tests share one database (and other tests may still be writing to it)."""
    with app.state.database.session() as session:
        query = select(func.count()).select_from(GameRow).where(GameRow.player_id == player_id)
        count: int = session.scalar(query)
        return count


def player_of(app: Any, game_id: str) -> str:
    with app.state.database.session() as session:
        row = session.get(GameRow, game_id)
        assert row is not None, game_id
        return row.player_id


def sit_down(client: Any, app: Any) -> str:
    """Give the client a player of its own by starting one game; returns the player's id."""
    created = client.post("/api/games", json={"level": "random", "seed": 1})
    assert created.status_code == 201, created.text
    player_id = player_of(app, created.json()["id"])
    assert games_of(app, player_id) == 1
    return player_id


def api_error(response: Any) -> ApiError:
    """The body, read strictly as the declared ``ApiError`` (no other field)."""
    body = response.json()
    assert set(body) <= set(ApiError.model_fields), body
    return ApiError.model_validate(body)


BAD_GAME_BODIES = [
    pytest.param(b'{"level": NaN}', "level", id="level-NaN"),
    pytest.param(b'{"level": Infinity}', "level", id="level-Infinity"),
    pytest.param(b'{"level": 1e999999}', "level", id="level-1e999999"),
    pytest.param(b'{"seed": NaN}', "seed", id="seed-NaN"),
    pytest.param(b'{"seed": -Infinity}', "seed", id="seed-minus-Infinity"),
    pytest.param(b'{"seed": 1e999999}', "seed", id="seed-1e999999"),
    pytest.param(b'{"seed": false}', "seed", id="seed-false"),
    pytest.param(b'{"seed": true}', "seed", id="seed-true"),
    pytest.param(b'{"seed": "7"}', "seed", id="seed-text"),
    pytest.param(b'{"seed": 7.5}', "seed", id="seed-fraction"),
    pytest.param(b'{"seed": -1}', "seed", id="seed-negative"),
    pytest.param(b'{"seed": 9007199254740992}', "seed", id="seed-past-2**53"),
    pytest.param(b'{"level": 2}', "level", id="level-number"),
    pytest.param(b'{"level": null}', "level", id="level-null"),
    pytest.param(b'{"level": "random", "colour": "red"}', "colour", id="unknown-field"),
    pytest.param(b"[]", "body", id="not-an-object"),
]


@pytest.mark.parametrize(("body", "field"), BAD_GAME_BODIES)
@pytest.mark.parametrize("headers", [EN, ZH], ids=["en", "zh"])
def test_a_bad_new_game_is_a_422_that_names_the_field_and_creates_nothing(
    client: Any, app: Any, body: bytes, field: str, headers: dict[str, str]
) -> None:
    def post() -> ApiError:
        response = client.post(
            "/api/games", content=body, headers={**headers, "Content-Type": "application/json"}
        )
        assert response.status_code == 422
        assert PLAYER_COOKIE not in response.cookies
        return api_error(response)

    post()  # a stranger gets no identity
    player_id = sit_down(client, app)
    error = post()  # and a player no new game
    assert games_of(app, player_id) == 1
    assert error.code == "invalid_request"
    assert any(field in problem.loc for problem in error.problems), error
    assert field in error.detail or field == "body"
    assert bool(HAN.search(error.detail)) == (headers is ZH), error.detail
    assert all(bool(HAN.search(problem.msg)) == (headers is ZH) for problem in error.problems)


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"\xff\xfe\x00level", "text/plain"),
        (b'{"level": "\xff"}', "application/json"),
        (b'{"level": "random"', "application/json"),
        (b"level=random", "application/x-www-form-urlencoded"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "application/json"),  # past int()'s 4,300 digits
    ],
    ids=["text-not-utf8", "json-not-utf8", "json-cut-short", "form", "seed-5000-digits"],
)
def test_a_body_that_is_not_json_is_a_4xx_in_chinese(
    client: Any, app: Any, body: bytes, content_type: str
) -> None:
    player_id = sit_down(client, app)
    response = client.post("/api/games", content=body, headers={**ZH, "Content-Type": content_type})
    assert response.status_code in (400, 422)
    error = api_error(response)
    assert HAN.search(error.detail), error.detail
    assert games_of(app, player_id) == 1


def test_a_seed_sent_as_a_json_number_with_a_point_zero_is_the_same_seed(client: Any) -> None:
    whole = client.post("/api/games", json={"level": "random", "seed": 11}).json()
    point = client.post(
        "/api/games",
        content=b'{"level": "random", "seed": 11.0}',
        headers={"Content-Type": "application/json"},
    ).json()
    assert point["view"]["hand"] == whole["view"]["hand"]


@pytest.mark.parametrize(
    "version", [True, "0", 0.5, -1, None], ids=["true", "text", "fraction", "negative", "null"]
)
def test_a_move_with_a_version_that_is_no_whole_number_changes_nothing(
    client: Any, version: Any
) -> None:
    created = client.post("/api/games", json={"level": "random", "seed": 3}).json()
    view = created["view"]
    action = view["legal_actions"][0]
    response = client.post(
        f"/api/games/{created['id']}/actions",
        json={"action": action, "version": version},
        headers=ZH,
    )
    assert response.status_code == 422
    error = api_error(response)
    assert error.code == "invalid_request" and HAN.search(error.detail)
    assert [problem.loc for problem in error.problems] == [["body", "version"]]
    assert client.get(f"/api/games/{created['id']}").json() == view


def test_a_move_without_its_fields_names_both(client: Any) -> None:
    created = client.post("/api/games", json={"level": "random", "seed": 3}).json()
    response = client.post(f"/api/games/{created['id']}/actions", json={})
    assert response.status_code == 422
    error = api_error(response)
    assert {tuple(problem.loc) for problem in error.problems} == {
        ("body", "action"),
        ("body", "version"),
    }
    assert "required" in error.detail


def test_a_stale_move_answers_the_declared_409_shape(client: Any) -> None:
    created = client.post("/api/games", json={"level": "random", "seed": 3}).json()
    action = created["view"]["legal_actions"][0]
    response = client.post(
        f"/api/games/{created['id']}/actions", json={"action": action, "version": 5}
    )
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "stale_version" and body["view"] == created["view"]
    assert ApiError.model_validate({k: v for k, v in body.items() if k != "view"})


@pytest.mark.parametrize(
    "game_id", ["nope", "x" * 200, "a%00b", "..%2F..%2Fetc", "é"], ids=str.__len__
)
def test_unknown_game_ids_are_a_json_404_under_the_api(client: Any, game_id: str) -> None:
    client.post("/api/games", json={"level": "random", "seed": 3})  # a player with a game
    for path in (f"/api/games/{game_id}", f"/api/games/{game_id}/hint"):
        response = client.get(path, headers=ZH)
        assert response.status_code == 404, path
        assert response.headers["content-type"].startswith("application/json")
        error = api_error(response)
        assert error.code in {"game_not_found", "not_found"} and HAN.search(error.detail)


# ------------------------------------------------------------------ the form


@pytest.mark.parametrize(
    "seed",
    ["²", "٣", "9" * 5000, "-1", "1e3", "7.0", "0x10", str(2**53)],
    ids=[
        "superscript",
        "arabic-digit",
        "5000-digits",
        "negative",
        "exponent",
        "point",
        "hex",
        "2**53",
    ],
)
@pytest.mark.parametrize("headers", [EN, ZH], ids=["en", "zh"])
def test_a_bad_seed_in_the_form_is_a_page_that_says_why_and_creates_nothing(
    client: Any, app: Any, seed: str, headers: dict[str, str]
) -> None:
    def post() -> str:
        response = client.post(
            "/table/new",
            data={"level": "random", "seed": seed},
            headers=headers,
            follow_redirects=False,
        )
        assert response.status_code == 422
        assert response.headers["content-type"].startswith("text/html")
        assert PLAYER_COOKIE not in response.cookies
        page: str = response.text
        return page

    post()  # a stranger gets no identity
    player_id = sit_down(client, app)
    page = post()  # and a player no new game
    assert games_of(app, player_id) == 1
    assert 'id="error-message"' in page
    if headers is ZH:
        assert "种子必须是 0 到 9007199254740991 之间的整数" in page
        assert 'lang="zh-Hans"' in page
    else:
        assert "a seed is a whole number from 0 to 9007199254740991" in page


def test_an_unknown_level_in_the_form_is_a_page_that_says_why(client: Any, app: Any) -> None:
    player_id = sit_down(client, app)
    response = client.post("/table/new", data={"level": "godlike"}, headers=ZH)
    assert response.status_code == 422
    assert "godlike" in response.text and HAN.search(response.text)
    assert games_of(app, player_id) == 1


def test_a_good_seed_in_the_form_still_starts_the_game(client: Any, app: Any) -> None:
    response = client.post(
        "/table/new", data={"level": "random", "seed": " 42 "}, follow_redirects=False
    )
    assert response.status_code == 303 and response.headers["location"].startswith("/games/")
    assert PLAYER_COOKIE in response.cookies
    player_id = player_of(app, response.headers["location"].removeprefix("/games/"))
    assert games_of(app, player_id) == 1  # the new player's one game, stored once


# ------------------------------------------------------------------ pages


@pytest.mark.parametrize(
    ("headers", "cookies", "message"),
    [
        (EN, {}, "there is no such game at this table"),
        (ZH, {}, "这张牌桌上没有这局游戏"),
        (EN, {"cribkit_lang": "zh"}, "这张牌桌上没有这局游戏"),
        (ZH, {"cribkit_lang": "en"}, "there is no such game at this table"),
    ],
)
def test_an_unknown_game_page_is_a_404_page_in_the_readers_language(
    client: Any, headers: dict[str, str], cookies: dict[str, str], message: str
) -> None:
    client.cookies.update(cookies)
    response = client.get("/games/no-such-game", headers=headers)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert message in response.text
    assert 'id="error-title"' in response.text and 'href="/"' in response.text
    assert "table.js" not in response.text  # the error page, not an empty table


def test_a_page_query_that_cannot_be_read_is_a_422_page_not_json(client: Any) -> None:
    response = client.get("/games/nope/replay?step=abc", headers=ZH)
    assert response.status_code == 422
    assert response.headers["content-type"].startswith("text/html")
    assert "请求无效" in response.text


# ------------------------------------------------------------------ a real server


def exchange(
    connection: http.client.HTTPConnection, method: str, path: str, body: bytes, kind: str
) -> tuple[int, dict[str, Any], str | None]:
    connection.request(method, path, body=body, headers={"Content-Type": kind, **ZH})
    response = connection.getresponse()
    data = json.loads(response.read())
    return response.status, data, response.getheader("connection")


@pytest.mark.server
def test_bad_bodies_keep_the_connection_alive_on_a_real_server(tmp_path: Path) -> None:
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'table.sqlite3'}", tmp_path / "serve.log"
    ).start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        requests = [
            ("POST", "/api/score", b"\xff\xfe\xfd not utf-8", "text/plain", 422),
            ("POST", "/api/games", b'{"level": NaN}', "application/json", 422),
            ("POST", "/api/games", b'{"level": "\xff"}', "application/json", 400),
            ("POST", "/api/games", b'{"seed": false}', "application/json", 422),
            ("POST", "/api/score", b'{"hand": "5H 5D 5C JS 5S"}', "application/json", 200),
        ]
        first_socket = None
        for method, path, body, kind, expected in requests:
            status, data, closing = exchange(connection, method, path, body, kind)
            assert status == expected, (path, body, data)
            assert closing != "close"
            if expected != 200:
                assert HAN.search(ApiError.model_validate(data).detail)
            first_socket = first_socket or connection.sock
            assert connection.sock is first_socket  # the same TCP connection throughout
        assert data["total"] == 29
        connection.close()
        log = (tmp_path / "serve.log").read_text()
        assert "Traceback" not in log and " 500 " not in log
    finally:
        server.stop()


@pytest.mark.postgres_too
def test_a_name_with_control_characters_is_kept_without_them(client: Any) -> None:
    """A NUL byte would make PostgreSQL refuse the row (a 500); it becomes a space."""
    response = client.post("/stats/name", data={"name": "Bo\x00b\x07 \u200bthe\tdealer"})
    assert response.status_code == 200  # followed the redirect back to /stats
    assert 'value="Bo b the dealer"' in response.text


@pytest.mark.parametrize("version", ["²", "٣", "１", "0²", "🄁"])
def test_a_unicode_digit_version_in_the_plain_form_is_refused(
    client: Any, app: Any, version: str
) -> None:
    """``"²".isdigit()`` is true but ``int("²")`` fails: the form's version is ASCII or absent."""
    created = client.post("/api/games", json={"level": "random", "seed": 1})
    game_id = created.json()["id"]
    before = client.get(f"/api/games/{game_id}").json()["version"]
    form = {"type": "cut", "position": "5", "version": version}
    response = client.post(f"/games/{game_id}/move", data=form, headers=EN)
    assert response.status_code == 422, response.status_code
    assert "version" in response.text
    assert client.get(f"/api/games/{game_id}").json()["version"] == before
