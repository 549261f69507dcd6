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
    return URLSafeSerializer(settings.secret_key, salt=_SALT)


def player_id_of(request: HTTPConnection) -> str | None:
    """The player id in the request's (or socket's) cookie, or None when absent, forged
    or not an id this app issues (a bad payload is no identity, never a 500)."""
    token = request.cookies.get(PLAYER_COOKIE)
    if not token:
        return None
    try:
        value = _serializer(request).loads(token)
    except BadData:  # a bad signature, or a signed payload that is not JSON
        return None
    return value if isinstance(value, str) and PLAYER_ID.fullmatch(value) else None


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
