"""Forms that another origin's page auto-submits, in a real browser: the victim's game and
identity cookie are unchanged, whether the page is on another site (``localhost``, where
the ``SameSite=Lax`` cookie is left off the post) or on another port of the same host
(same-site, where the cookie is sent and a move would land)."""

from __future__ import annotations

import html
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest
from servers import ServerProcess

from cribkit.web.site.players_identity import PLAYER_COOKIE


class _Attacker(BaseHTTPRequestHandler):
    """Serves ``pages[path]`` (an auto-submitting form) and nothing else."""

    pages: ClassVar[dict[str, str]] = {}

    def do_GET(self) -> None:
        body = self.pages.get(self.path, "").encode()
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        return None


@pytest.fixture
def attacker() -> Iterator[tuple[int, dict[str, str]]]:
    """A second origin on 127.0.0.1 (its port, and the pages to serve), stopped at the end."""
    pages: ClassVar[dict[str, str]] = {}
    handler = type("Handler", (_Attacker,), {"pages": pages})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.1})
    thread.start()
    try:
        yield httpd.server_address[1], pages
    finally:
        httpd.shutdown()
        thread.join(timeout=10)
        httpd.server_close()


def auto_submit(action: str, fields: dict[str, str]) -> str:
    inputs = "".join(
        f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">'
        for k, v in fields.items()
    )
    return (
        f'<!doctype html><form method="post" action="{html.escape(action)}">{inputs}</form>'
        "<script>document.forms[0].submit()</script>"
    )


def identity(context: Any) -> str:
    values = [c["value"] for c in context.cookies() if c["name"] == PLAYER_COOKIE]
    assert len(values) == 1, values
    value: str = values[0]
    return value


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1"], ids=["cross-site", "same-site"])
def test_forms_from_another_origin_change_nothing(
    chromium: Any, server: ServerProcess, attacker: tuple[int, dict[str, str]], host: str
) -> None:
    port, pages = attacker
    base = server.url
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(f"{base}/")
        created = page.request.post(f"{base}/api/games", data={"level": "random", "seed": 5})
        assert created.status == 201
        game_id = created.json()["id"]
        version = page.request.get(f"{base}/api/games/{game_id}").json()["version"]
        cookie = identity(context)
        forms = {
            "/new": ("/table/new", {"level": "random", "seed": "9"}),
            "/friend": ("/table/friend", {"name": "Mallory"}),
            "/name": ("/stats/name", {"name": "Mallory"}),
            "/count": ("/practice/count", {"seed": "1", "kind": "hand", "answer": "4"}),
            "/move": (
                f"/games/{game_id}/move",
                {"type": "cut", "position": "7", "version": str(version)},
            ),
        }
        for path, (action, fields) in forms.items():
            pages[path] = auto_submit(f"{base}{action}", fields)
            page.goto(f"http://{host}:{port}{path}")
            page.wait_for_url(f"{base}/**", timeout=10_000)  # wherever the post led
            page.wait_for_load_state()
            assert identity(context) == cookie, path
            view = page.request.get(f"{base}/api/games/{game_id}")
            assert view.status == 200, path
            assert view.json()["version"] == version, path
            assert page.url == f"{base}{action}", path
            assert page.inner_text(".error-status") == "403", path
        page.goto(f"{base}/stats")  # the name was not set either
        assert "Mallory" not in page.content()
    finally:
        context.close()
