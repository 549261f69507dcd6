"""Web test fixtures: an app, a test client, a live uvicorn server and headless Chromium.

``serve(app)`` runs any ASGI app on a free port in a background thread, so the table's
tests can serve their own app (with its own database) the same way; ``browser`` is one
Chromium per test worker, skipped with a reason when Debian's Chromium is not installed.
"""

from __future__ import annotations

import os
import socket
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's notice about httpx versions
    from fastapi.testclient import TestClient

from cribkit.web.app import create_app
from cribkit.web.site.settings import Settings


@pytest.fixture
def settings(sqlite_url: str) -> Settings:
    """Testing settings with a database of the test's own: a copy of a migrated file."""
    return Settings(database_url=sqlite_url, secret_key="test-secret-key", testing=True)


@pytest.fixture
def app(settings: Settings) -> Any:
    return create_app(settings)


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


@contextmanager
def serve(app: Any) -> Iterator[str]:
    """Serve ``app`` with uvicorn on a free port in a thread; yield its base URL."""
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture
def serve_app() -> Callable[[Any], AbstractContextManager[str]]:
    """``with serve_app(app) as base_url: ...`` for tests that build their own app."""
    return serve


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The whole app on a live server (its own database file), shared by a worker's tests."""
    database = tmp_path_factory.mktemp("live") / "cribkit.sqlite3"
    settings = Settings(
        database_url=f"sqlite:///{database}", secret_key="test-secret-key", testing=True
    )
    with serve(create_app(settings)) as base_url:
        yield base_url


@pytest.fixture
def shots_dir(tmp_path: Path) -> Path:
    """Where screenshots go: ``$CRIBKIT_SCREENSHOTS`` to keep and look at them, else tmp."""
    chosen = os.environ.get("CRIBKIT_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
