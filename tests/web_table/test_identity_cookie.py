"""A signed identity cookie holding anything but an id this app issues is no identity:
the request is served as a newcomer's (a fresh id where one is needed), never a 500 —
whatever the payload (too long for the database, a NUL byte, a number, a list, bytes that
are not JSON), on SQLite and on PostgreSQL, where such a value would break the query."""

from __future__ import annotations

import base64
import warnings
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from itsdangerous import URLSafeSerializer
from table_support import SECRET

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from cribkit.web.site.players_identity import PLAYER_COOKIE, PLAYER_ID

SIGNER = URLSafeSerializer(SECRET, salt="cribkit.player")
"""Signs as the app does (the first test proves it: a signed id gets its game back)."""

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=6,
)
SIGNED_JSON = JSON_VALUES.map(SIGNER.dumps)
"""Any JSON value, signed with the app's key: the cookie of an old version, a bug, a leak."""
SIGNED_BYTES = st.binary(max_size=80).map(
    lambda raw: SIGNER.make_signer().sign(base64.urlsafe_b64encode(raw).rstrip(b"=")).decode()
)
"""Correctly signed bytes that are not JSON (the serializer's payload error)."""
BAD_IDS = st.one_of(
    st.text(min_size=41, max_size=200),  # longer than the players' id column
    st.text(max_size=40).map(lambda text: text[:20] + "\x00" + text[20:]),  # a NUL byte
    st.text(max_size=40).filter(lambda text: not PLAYER_ID.fullmatch(text)),
).map(SIGNER.dumps)
COOKIES = st.one_of(SIGNED_JSON, SIGNED_BYTES, BAD_IDS)

PAGES = ["/", "/stats", "/practice", "/practice/count", "/api/games/0123456789abcdef"]
POSTS: list[tuple[str, dict[str, Any]]] = [
    ("/stats/name", {"data": {"name": "Ann"}}),
    ("/table/new", {"data": {"level": "random", "seed": "1"}}),
    ("/table/friend", {"data": {"name": "Ann"}}),
]

PROPERTY = settings(
    max_examples=25,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def fresh_id(response: Any) -> str:
    """The id of the cookie the answer set (a newcomer's), checked to be one the app issues."""
    token = response.cookies.get(PLAYER_COOKIE)
    assert token, f"no fresh identity from {response.request.url}"
    player_id: str = SIGNER.loads(token)
    assert PLAYER_ID.fullmatch(player_id)
    return player_id


def test_the_test_signs_as_the_app_does(app: Any) -> None:
    with TestClient(app) as owner:
        created = owner.post("/api/games", json={"level": "random", "seed": 1})
        assert created.status_code == 201, created.text
        game = created.json()["id"]
        player_id = fresh_id(created)
    with TestClient(app, cookies={PLAYER_COOKIE: SIGNER.dumps(player_id)}) as again:
        assert again.get(f"/api/games/{game}").status_code == 200


@PROPERTY
@given(cookie=COOKIES)
def test_a_bad_signed_identity_is_a_newcomer_on_every_page(app: Any, cookie: str) -> None:
    with TestClient(app, cookies={PLAYER_COOKIE: cookie}) as client:
        for page in PAGES:
            response = client.get(page)
            assert response.status_code < 500, (page, response.status_code)
        response = client.get("/api/games/0123456789abcdef")
        assert response.status_code == 404


@PROPERTY
@given(cookie=COOKIES)
def test_a_bad_signed_identity_gets_a_fresh_one_when_it_acts(app: Any, cookie: str) -> None:
    with TestClient(app, cookies={PLAYER_COOKIE: cookie}) as client:
        created = client.post("/api/games", json={"level": "random", "seed": 2})
        assert created.status_code == 201, created.text
        assert fresh_id(created) != cookie
        for path, body in POSTS:
            client.cookies.clear()  # drop the fresh one the last answer set
            client.cookies.set(PLAYER_COOKIE, cookie)
            response = client.post(path, follow_redirects=False, **body)
            assert response.status_code == 303, (path, response.status_code, response.text)
            fresh_id(response)
