"""Settings, the app factory, security headers and the OpenAPI document."""

from __future__ import annotations

import logging
import subprocess
import sys
from typing import Any

import pytest

from cribkit.web.site.settings import DEFAULT_DATABASE_URL, Settings


def test_settings_from_environment() -> None:
    settings = Settings.from_env(
        {
            "CRIBKIT_DATABASE_URL": "postgresql+psycopg://u@h/db",
            "CRIBKIT_SECRET_KEY": "s3cret",
            "CRIBKIT_TESTING": "yes",
        }
    )
    assert settings == Settings("postgresql+psycopg://u@h/db", "s3cret", testing=True)
    assert "s3cret" not in repr(settings)


def test_settings_defaults_and_flag_values() -> None:
    settings = Settings.from_env({"CRIBKIT_SECRET_KEY": "k"})
    assert settings.database_url == DEFAULT_DATABASE_URL == "sqlite:///./cribkit.sqlite3"
    assert settings.testing is False
    for value, expected in [("1", True), ("on", True), ("TRUE", True), ("0", False), ("", False)]:
        env = {"CRIBKIT_SECRET_KEY": "k", "CRIBKIT_TESTING": value}
        assert Settings.from_env(env).testing is expected


def test_missing_secret_key_is_generated_once_per_process_with_a_warning() -> None:
    code = (
        "import logging; logging.basicConfig(level=logging.WARNING)\n"
        "from cribkit.web.site.settings import Settings\n"
        "a = Settings.from_env({}); b = Settings.from_env({})\n"
        "assert a.secret_key == b.secret_key and len(a.secret_key) >= 32\n"
        "print(a.secret_key)\n"
    )
    runs = [
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        for _ in range(2)
    ]
    assert all("CRIBKIT_SECRET_KEY is not set" in run.stderr for run in runs)
    assert runs[0].stderr.count("CRIBKIT_SECRET_KEY") == 1
    assert runs[0].stdout != runs[1].stdout  # a new key in every process


def test_given_secret_key_logs_nothing(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        Settings(secret_key="given")
    assert not caplog.records


@pytest.mark.heavy
def test_importing_the_web_package_builds_nothing() -> None:
    code = (
        "import cribkit.web.app as m, fastapi\n"
        "assert not [v for v in vars(m).values() if isinstance(v, fastapi.FastAPI)]\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_each_call_builds_a_new_app(settings: Settings) -> None:
    from cribkit.web.app import create_app

    first, second = create_app(settings), create_app(settings)
    assert first is not second
    assert first.state.settings is settings


def test_security_headers_keep_pages_on_this_host(client: Any) -> None:
    response = client.get("/calculator")
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "text/html" in response.headers["content-type"]


def test_no_docs_page_that_would_load_a_cdn(client: Any) -> None:
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404


def test_openapi_lists_the_tool_endpoints_with_their_models(client: Any) -> None:
    document = client.get("/openapi.json").json()
    for path in ("/api/score", "/api/peg", "/api/advise"):
        assert {"get", "post"} <= set(document["paths"][path])
    schemas = document["components"]["schemas"]
    assert {
        "ScoreRequest",
        "ScoreResponse",
        "PegResponse",
        "AdviseResponse",
        "ApiError",
    } <= set(schemas)
    assert set(schemas["ScoreResponse"]["properties"]) == {
        "hand",
        "starter",
        "crib",
        "total",
        "items",
        "call",
    }
    post = document["paths"]["/api/score"]["post"]
    assert post["responses"]["422"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "ApiError"
    )


def test_static_files_are_served_with_a_version(client: Any) -> None:
    html = client.get("/rules").text
    assert "/static/css/site.css?v=" in html
    css = client.get("/static/css/site.css")
    assert css.status_code == 200 and "@media print" in css.text and "@page" in css.text
