"""Site-wide routes: the language and theme switches (plain links that set a cookie and come
back, and save the choice in the preferences of a player who already has some, so it follows
them to another browser as the settings page's choice does)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from cribkit.web.site.i18n import LANG_COOKIE, language_by_code
from cribkit.web.site.players_identity import player_id_of
from cribkit.web.site.preferences import book_of
from cribkit.web.site.theme import THEME_COOKIE, theme_by_code

__all__ = ["remember_language", "remember_theme", "router", "safe_next"]

router = APIRouter(tags=["site"], include_in_schema=False)
_YEAR = 365 * 24 * 3600


def safe_next(target: str | None) -> str:
    """Only a path on this site: never ``//other.host`` or ``https://...`` (no open redirect)."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    return target


def _save_for_known_player(request: Request, changes: dict[str, Any]) -> None:
    """Save ``changes`` for a player who has an identity already. A link never issues one
    (a GET makes nobody a player), and it changes no more than the cookie it sets."""
    player_id = player_id_of(request)
    if player_id is not None:
        book_of(request).change(player_id, changes)


@router.get("/lang/{code}")
def switch_language(request: Request, code: str, next: str | None = None) -> RedirectResponse:
    """Remember the chosen language for a year and go back to the page it was chosen on."""
    response = RedirectResponse(safe_next(next), status_code=303)
    language = language_by_code(code)
    if language is not None:
        remember_language(response, language.code)
        _save_for_known_player(request, {"language": language.code})
    return response


@router.get("/theme/{code}")
def switch_theme(request: Request, code: str, next: str | None = None) -> RedirectResponse:
    """Remember the chosen colour theme (auto, light, dark) for a year and go back."""
    response = RedirectResponse(safe_next(next), status_code=303)
    theme = theme_by_code(code)
    if theme is not None:
        remember_theme(response, theme)
        _save_for_known_player(request, {"theme": theme})
    return response


def remember_language(response: Response, code: str | None) -> None:
    """The player's explicit language choice on ``response`` for a year (None forgets it)."""
    if code is None:
        response.delete_cookie(LANG_COOKIE)
    else:
        response.set_cookie(LANG_COOKIE, code, max_age=_YEAR, samesite="lax", httponly=True)


def remember_theme(response: Response, theme: str) -> None:
    """The player's explicit colour theme on ``response`` for a year."""
    response.set_cookie(THEME_COOKIE, theme, max_age=_YEAR, samesite="lax", httponly=True)
