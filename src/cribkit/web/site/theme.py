"""The colour theme: the system's choice (``auto``, honouring ``prefers-color-scheme``), or
light or dark chosen with the switch in the header and kept in the ``cribkit_theme`` cookie.

The page gets ``data-theme`` on ``<html>`` from the server, so a chosen theme shows from the
first paint, with or without JavaScript. ``theme_of`` is the one place that reads the
choice: without the cookie, the theme the player saved in their preferences
(``app.state.remembered_theme``), else ``auto``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from starlette.requests import Request

__all__ = ["THEMES", "THEME_COOKIE", "next_theme", "theme_by_code", "theme_of"]

RememberedTheme = Callable[[Request], str | None]

THEME_COOKIE: Final = "cribkit_theme"
THEMES: Final = ("auto", "light", "dark")
"""In the order the header's switch steps through them."""


def theme_by_code(code: str | None) -> str | None:
    """The theme named ``code``, or None for anything else."""
    return code if code in THEMES else None


def theme_of(request: Request) -> str:
    """The request's theme: the cookie's when it names one, else the player's saved one,
    else ``auto``."""
    chosen = theme_by_code(request.cookies.get(THEME_COOKIE))
    if chosen is not None:
        return chosen
    remembered: RememberedTheme | None = getattr(request.app.state, "remembered_theme", None)
    return theme_by_code(None if remembered is None else remembered(request)) or "auto"


def next_theme(theme: str) -> str:
    """The theme the switch moves to from ``theme``: auto, light, dark, auto again."""
    return THEMES[(THEMES.index(theme) + 1) % len(THEMES)]
