"""Trusted hosts: a request naming a Host the app was not told to serve is refused, and
an invite link (and its QR code) is built on ``CRIBKIT_PUBLIC_URL``, never on the Host."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cribkit.errors import CribkitError
from cribkit.web.app import create_app
from cribkit.web.site.settings import Settings
from cribkit.web.table.friends.routes import qr_svg

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

PUBLIC = "https://crib.example"
CRAFTED = "evil.example"


def _client(tmp_path: Path, **settings: Any) -> TestClient:
    app = create_app(
        Settings(
            database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
            secret_key="hosts-secret",
            testing=True,
            **settings,
        )
    )
    return TestClient(app)


@pytest.fixture
def public(tmp_path: Path) -> Iterator[TestClient]:
    with _client(tmp_path, public_url=PUBLIC + "/") as client:
        yield client


def test_a_crafted_host_is_refused_before_any_page(public: TestClient) -> None:
    for path in ("/", "/api/tables"):
        answer = public.post(path, json={}, headers={"Host": CRAFTED})
        assert answer.status_code == 400
        assert CRAFTED not in answer.text
    assert public.get("/", headers={"Host": "crib.example"}).status_code == 200
    assert public.get("/", headers={"Host": "localhost:8000"}).status_code == 200


def test_the_invite_link_and_its_qr_code_are_on_the_public_url(public: TestClient) -> None:
    table = public.post("/api/tables", json={"name": "Ann"}, headers={"Host": "localhost"})
    assert table.status_code == 201
    assert table.json()["link"] == f"{PUBLIC}/t/{table.json()['code']}"
    qr = public.get(f"/t/{table.json()['code']}/qr.svg", headers={"Host": "localhost"})
    assert qr.text == qr_svg(f"{PUBLIC}/t/{table.json()['code']}")


def test_without_a_public_url_the_link_is_on_an_allowed_host(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        table = client.post("/api/tables", json={}, headers={"Host": "127.0.0.1:8123"})
        assert table.json()["link"].startswith("http://127.0.0.1:8123/t/")
        assert client.post("/api/tables", json={}, headers={"Host": CRAFTED}).status_code == 400


def test_host_settings_from_the_environment() -> None:
    env = {"CRIBKIT_SECRET_KEY": "k", "CRIBKIT_PUBLIC_URL": "https://crib.example:8443/"}
    settings = Settings.from_env(env)
    assert settings.public_url == "https://crib.example:8443"
    assert settings.hosts == ("localhost", "127.0.0.1", "crib.example")
    listed = Settings.from_env({**env, "CRIBKIT_ALLOWED_HOSTS": " a.example, *.b.example "})
    assert listed.hosts == ("a.example", "*.b.example")
    for bad in ("crib.example", "ftp://crib.example", "https://"):
        with pytest.raises(CribkitError, match="CRIBKIT_PUBLIC_URL"):
            Settings.from_env({**env, "CRIBKIT_PUBLIC_URL": bad})
