"""Site-wide routes: the language and theme switches (plain links that set a cookie and come
back)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import RedirectResponse, Response

from cribkit.web.site.i18n import LANG_COOKIE, language_by_code
from cribkit.web.site.theme import THEME_COOKIE, theme_by_code

__all__ = ["remember_language", "remember_theme", "router", "safe_next"]

router = APIRouter(tags=["site"], include_in_schema=False)
_YEAR = 365 * 24 * 3600


def safe_next(target: str | None) -> str:
    """Only a path on this site: never ``//other.host`` or ``https://...`` (no open redirect)."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    return target


@router.get("/lang/{code}")
def switch_language(code: str, next: str | None = None) -> RedirectResponse:
    """Remember the chosen language for a year and go back to the page it was chosen on."""
    response = RedirectResponse(safe_next(next), status_code=303)
    language = language_by_code(code)
    if language is not None:
        remember_language(response, language.code)
    return response


@router.get("/theme/{code}")
def switch_theme(code: str, next: str | None = None) -> RedirectResponse:
    """Remember the chosen colour theme (auto, light, dark) for a year and go back."""
    response = RedirectResponse(safe_next(next), status_code=303)
    theme = theme_by_code(code)
    if theme is not None:
        remember_theme(response, theme)
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
