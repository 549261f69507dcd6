"""Refuse a state-changing request that another site (or another port) made the browser send.

The identity cookie is ``SameSite=Lax``, so a form another site auto-submits arrives
without it: the route would take the visitor for a newcomer and set a fresh cookie over
theirs, orphaning their games. A page on another port of the same host (same-site, so the
cookie *is* sent) could post moves into their game. Every request that changes something
(any method but GET, HEAD and OPTIONS, and the WebSocket handshake) must therefore come
from this origin. The browser says where it comes from in ``Origin``; when that is absent,
``Sec-Fetch-Site``; then ``Referer``. A request with none of them is not a browser's (a
script or a test client has no cookie to steal) and passes.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from cribkit.web.site.errors import refusal
from cribkit.web.site.i18n import N_

__all__ = ["CROSS_ORIGIN_MESSAGE", "SameOriginOnly", "from_this_origin"]

CROSS_ORIGIN_MESSAGE = N_(
    "This request came from another site or page, so it was refused and nothing was "
    "changed. Use cribkit's own pages."
)
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
_HTTP_SCHEME = {"ws": "http", "wss": "https"}
_WS_POLICY_VIOLATION = 1008


def _origin(url: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an absolute URL, or None when it is not one."""
    try:
        parts = urlsplit(url)
        host, scheme = parts.hostname, parts.scheme.lower()
        port = parts.port or _DEFAULT_PORTS.get(scheme)
    except ValueError:  # a port out of range or not a number
        return None
    if not host or port is None:
        return None
    return _HTTP_SCHEME.get(scheme, scheme), host, port


def _own_origin(scope: Scope, headers: dict[str, str]) -> tuple[str, str, int] | None:
    """This server's origin as the request names it: its scheme and ``Host`` header."""
    host = headers.get("host", "")
    return _origin(f"{scope.get('scheme', 'http')}://{host}") if host else None


def _same(claimed: str, own: tuple[str, str, int] | None) -> bool:
    """Whether ``claimed`` (an Origin or Referer) names this server.

    An ``https`` origin for an ``http`` request is the same site behind a proxy that ends
    TLS; the other way round (a plain-text page posting to the secure site) is not.
    """
    origin = _origin(claimed)
    if origin is None or own is None:
        return False
    scheme, host, port = origin
    own_scheme, own_host, own_port = own
    if (host, scheme) == (own_host, own_scheme):
        return port == own_port
    return host == own_host and (scheme, own_scheme) == ("https", "http")


def from_this_origin(scope: Scope) -> bool:
    """Whether the request was sent by a page of this origin (or not by a browser at all)."""
    headers = {
        name.decode("latin-1").lower(): value.decode("latin-1")
        for name, value in scope.get("headers", ())
    }
    own = _own_origin(scope, headers)
    if "origin" in headers:
        return _same(headers["origin"], own)  # "null" (a sandbox, a redirect) is refused
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None:
        return fetch_site in ("same-origin", "none")
    if "referer" in headers:
        return _same(headers["referer"], own)
    return True


def _changes_state(scope: Scope) -> bool:
    if scope["type"] == "websocket":
        return True
    return scope["type"] == "http" and scope.get("method", "GET") not in _SAFE_METHODS


class SameOriginOnly:
    """Pure ASGI middleware: 403 for a state-changing request from another origin.

    An HTTP request gets the project's error (the page, or the ``ApiError`` under
    ``/api``) in the reader's language; a WebSocket handshake is closed before it is
    accepted, which the server answers with 403.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not _changes_state(scope) or from_this_origin(scope):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": _WS_POLICY_VIOLATION})
            return
        response = refusal(Request(scope), 403, CROSS_ORIGIN_MESSAGE, code="cross_origin")
        await response(scope, receive, send)
