"""Languages: one gettext catalogue (English source, Simplified Chinese), chosen per request.

The language comes from the ``cribkit_lang`` cookie (set by the visible switch), else from
the player's saved preferences (``app.state.remembered_language``), else from the
browser's ``Accept-Language``, else English. Catalogues are loaded once per app; a
missing ``.mo`` is compiled in memory from its ``.po`` so a fresh clone works as is.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from starlette.requests import HTTPConnection

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "LANG_COOKIE",
    "LOCALE_DIR",
    "N_",
    "Catalogues",
    "Language",
    "language_by_code",
    "negotiate",
    "request_language",
    "translator",
]

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "messages"
LANG_COOKIE = "cribkit_lang"


@dataclass(frozen=True, slots=True)
class Language:
    """A language the site speaks: URL code, gettext locale, HTML ``lang`` and its own name."""

    code: str
    locale: str
    html_lang: str
    name: str


LANGUAGES: tuple[Language, ...] = (
    Language("en", "en", "en", "English"),
    Language("zh", "zh_CN", "zh-Hans", "简体中文"),
)
DEFAULT_LANGUAGE = LANGUAGES[0]
_BY_CODE = {language.code: language for language in LANGUAGES}


def N_(message: str) -> str:
    """Mark a message for the catalogue; it is translated where it is shown."""
    return message


def language_by_code(code: str | None) -> Language | None:
    """The language for a switch or cookie value (``en``, ``zh``), or None if unknown."""
    return _BY_CODE.get((code or "").strip().lower())


def _accept_language(header: str) -> list[str]:
    """Language tags of an ``Accept-Language`` header, best first (by q, then order)."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, position, tag.strip().lower()))
    return [tag for _, _, tag in sorted(ranked)]


def negotiate(
    cookie: str | None, accept_language: str | None, remembered: str | None = None
) -> Language:
    """Cookie first (the player's explicit choice), then the language the player's saved
    preferences name, then the browser's preferences."""
    chosen = language_by_code(cookie) or language_by_code(remembered)
    if chosen is not None:
        return chosen
    for tag in _accept_language(accept_language or ""):
        found = language_by_code(tag.replace("_", "-").split("-")[0])
        if found is not None:
            return found
    return DEFAULT_LANGUAGE


def request_language(request: HTTPConnection) -> Language:
    """The language of this request (computed once, then kept on ``request.state``)."""
    cached = getattr(request.state, "language", None)
    if isinstance(cached, Language):
        return cached
    cookie = request.cookies.get(LANG_COOKIE)
    remembered: Callable[[HTTPConnection], str | None] | None = getattr(
        request.app.state, "remembered_language", None
    )
    saved = (
        None if language_by_code(cookie) is not None or remembered is None else remembered(request)
    )
    language = negotiate(cookie, request.headers.get("accept-language"), saved)
    request.state.language = language
    return language


def _load(locale: str, directory: Path) -> gettext.NullTranslations:
    if locale == DEFAULT_LANGUAGE.locale:
        return gettext.NullTranslations()
    folder = directory / locale / "LC_MESSAGES"
    mo_path = folder / f"{DOMAIN}.mo"
    if mo_path.exists():
        with mo_path.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    with (folder / f"{DOMAIN}.po").open("rb") as handle:
        catalogue = read_po(handle, locale=locale)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


class Catalogues:
    """The translations of every language, loaded once when the app is built."""

    def __init__(self, directory: Path = LOCALE_DIR) -> None:
        self._by_locale = {
            language.locale: _load(language.locale, directory) for language in LANGUAGES
        }

    def get(self, language: Language) -> gettext.NullTranslations:
        return self._by_locale[language.locale]


def translator(request: HTTPConnection) -> gettext.NullTranslations:
    """The translations for this request's (or socket's) language (needs
    ``app.state.catalogues``)."""
    catalogues: Catalogues = request.app.state.catalogues
    return catalogues.get(request_language(request))
