"""Fixtures for the table's tests: an app on a fresh database (SQLite, or PostgreSQL when
``CRIBKIT_TEST_POSTGRES_URL`` is set), test clients, and for the browser tests a real
``cribkit serve`` process, the shared Chromium and the screenshot folder (table_browser.py).

Every test gets its own SQLite file; PostgreSQL tests share one scratch database per
test worker (created here, dropped at the end), kept apart by their own player cookies.
"""

from __future__ import annotations

import os
import secrets
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from table_browser import chromium, server, shots  # noqa: F401  (fixtures for every test here)
from table_support import make_app

POSTGRES_ENV = "CRIBKIT_TEST_POSTGRES_URL"


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A scratch PostgreSQL database for this worker, or a skip saying why there is none."""
    address = os.environ.get(POSTGRES_ENV)
    if not address:
        pytest.skip(f"{POSTGRES_ENV} is not set: no PostgreSQL server to test against")
    name = f"cribkit_test_{secrets.token_hex(6)}"
    admin = create_engine(make_url(address).set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:  # a server that does not answer is a skip, not a failure
        admin.dispose()
        pytest.skip(f"PostgreSQL at {POSTGRES_ENV} is not usable: {exc}")
    try:
        yield make_url(address).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each API test runs on a temporary SQLite file and again on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'table.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def app(database_url: str) -> Any:
    return make_app(database_url)


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def other_client(app: Any) -> Iterator[TestClient]:
    """A second browser on the same server: no cookie of the first player."""
    with TestClient(app) as test_client:
        yield test_client
