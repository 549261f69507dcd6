"""Fixtures for the table's tests: an app on a database of the test's own, test clients,
and for the browser tests a real ``cribkit serve`` per worker, the shared Chromium and the
screenshots (table_browser.py).

Every test gets a copy of a database migrated once per worker (db_templates.py): a SQLite
file, and for the tests marked ``postgres_too`` (where PostgreSQL's semantics matter: the
versioned ``UPDATE`` race, NUL bytes, LISTEN/NOTIFY, presence, timestamps, the stored
secret) a PostgreSQL database too, copied from a template when ``CRIBKIT_TEST_POSTGRES_URL``
is set.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from table_browser import chromium, own_server, server, shots  # noqa: F401  (fixtures)
from table_support import make_app

from db_templates import PostgresServer, database_params

POSTGRES_ENV = "CRIBKIT_TEST_POSTGRES_URL"
REDIS_ENV = "CRIBKIT_TEST_REDIS_URL"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    database_params(metafunc)  # the postgres_too tests run on both (db_templates.py)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The PostgreSQL server to make scratch databases on, or a skip saying why there is none."""
    address = os.environ.get(POSTGRES_ENV)
    if not address:
        pytest.skip(f"{POSTGRES_ENV} is not set: no PostgreSQL server to test against")
    scratch = PostgresServer(address)
    try:
        with scratch.admin.connect():
            pass
    except Exception as exc:  # a server that does not answer is a skip, not a failure
        scratch.dispose()
        pytest.skip(f"PostgreSQL at {POSTGRES_ENV} is not usable: {exc}")
    yield scratch
    scratch.dispose()


@pytest.fixture(scope="session")
def postgres_template(postgres_server: PostgresServer) -> Iterator[str]:
    """A database migrated once per worker, copied by each test (running the migrations on
    PostgreSQL is itself checked here and by test_the_migrations_build_exactly_the_models)."""
    name = postgres_server.migrated_template()
    yield name
    postgres_server.drop(name)


@pytest.fixture
def postgres_url(postgres_server: PostgresServer, postgres_template: str) -> Iterator[str]:
    """A migrated PostgreSQL database of the test's own, dropped at the end."""
    name = postgres_server.create(template=postgres_template)
    yield postgres_server.url(name)
    postgres_server.drop(name)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def blank_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database, not migrated (for the migrations' own tests), on each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'blank.sqlite3'}"
        return
    scratch: PostgresServer = request.getfixturevalue("postgres_server")
    name = scratch.create()
    yield scratch.url(name)
    scratch.drop(name)


@pytest.fixture
def database_url(request: pytest.FixtureRequest, sqlite_url: str) -> str:
    """The test's own migrated database: SQLite, or PostgreSQL for a ``postgres_too`` variant."""
    if getattr(request, "param", "sqlite") == "sqlite":
        return sqlite_url
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


@pytest.fixture
def redis_url() -> str:
    """The Redis server of ``CRIBKIT_TEST_REDIS_URL``, or a skip saying why there is none."""
    url = os.environ.get(REDIS_ENV)
    if not url:
        pytest.skip(f"{REDIS_ENV} is not set: no Redis server to test against")
    import redis

    try:
        redis.Redis.from_url(url).ping()
    except redis.RedisError as exc:
        pytest.skip(f"Redis at {REDIS_ENV} is not usable: {exc}")
    return url
