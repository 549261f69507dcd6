"""Who is playing: an anonymous identity in a signed cookie, with an optional chosen name.

The cookie holds a random player id signed with the app's secret key (itsdangerous), so
nobody can claim another player's games by editing it. A game belongs to the id that
created it; the id is the only thing the cookie carries. Only an id of the form this module
issues counts: anything else that is correctly signed (an old key's leftovers, another
field's value, a value too long for the database or holding a NUL) is no identity at all.
"""

from __future__ import annotations

import re
import secrets
from functools import lru_cache

from itsdangerous import BadData, URLSafeSerializer
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from cribkit.web.site.settings import Settings

__all__ = [
    "PLAYER_COOKIE",
    "PLAYER_ID",
    "issue_player",
    "player_id_of",
    "remember_player",
]

PLAYER_COOKIE = "cribkit_player"
_SALT = "cribkit.player"
_TEN_YEARS = 10 * 365 * 24 * 3600
PLAYER_ID = re.compile(r"[0-9a-f]{32}")
"""What ``issue_player`` makes (``secrets.token_hex(16)``); the only id a cookie may hold."""


def _serializer(request: HTTPConnection) -> URLSafeSerializer:
    settings: Settings = request.app.state.settings
    return _serializer_for(settings.secret_key)


@lru_cache(maxsize=8)
def _serializer_for(secret_key: str) -> URLSafeSerializer:
    """One serializer per key (it holds no state per use): building one per request showed
    in a friend move's profile."""
    return URLSafeSerializer(secret_key, salt=_SALT)


_READ_IN_SCOPE = "cribkit.player_id"
"""Where a request's scope keeps its cookie's verdict (the rate limits read it first)."""


def player_id_of(request: HTTPConnection) -> str | None:
    """The player id in the request's (or socket's) cookie, or None when absent, forged
    or not an id this app issues (a bad payload is no identity, never a 500).

    Checked once per request: the middleware and the route share the scope's verdict.
    """
    token = request.cookies.get(PLAYER_COOKIE)
    if not token:
        return None
    read: tuple[str, str | None] | None = request.scope.get(_READ_IN_SCOPE)
    if read is not None and read[0] == token:
        return read[1]
    try:
        value = _serializer(request).loads(token)
    except BadData:  # a bad signature, or a signed payload that is not JSON
        value = None
    player = value if isinstance(value, str) and PLAYER_ID.fullmatch(value) else None
    request.scope[_READ_IN_SCOPE] = (token, player)
    return player


def issue_player(request: Request) -> tuple[str, bool]:
    """The request's player id, or a fresh one; the flag says whether it is new."""
    known = player_id_of(request)
    if known is not None:
        return known, False
    return secrets.token_hex(16), True


def remember_player(request: Request, response: Response, player_id: str) -> None:
    """Set the signed identity cookie on ``response`` (HTTP only, same-site)."""
    token = _serializer(request).dumps(player_id)
    response.set_cookie(
        PLAYER_COOKIE,
        token,
        max_age=_TEN_YEARS,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
