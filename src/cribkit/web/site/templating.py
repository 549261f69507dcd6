"""Jinja2 pages: one environment per app, translated per request, with shared helpers.

Templates call ``_()`` / ``{% trans %}``; the gettext functions installed here read the
request's translations from the template context, so one environment serves every
language at once without any global state.
"""

from __future__ import annotations

import gettext
import hashlib
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context, select_autoescape
from jinja2.runtime import Context
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse

from cribkit.cards import Card
from cribkit.scoring import Breakdown, ScoreItem
from cribkit.web.site.i18n import LANGUAGES, request_language, translator
from cribkit.web.site.labels import kind_label
from cribkit.web.site.spoken import spoken_count, spoken_item, spoken_items
from cribkit.web.site.theme import next_theme, theme_of

__all__ = ["STATIC_DIR", "TEMPLATE_DIR", "StaticFolders", "build_environment", "render"]

TEMPLATE_DIR = Path(__file__).parent / "templates"
STATIC_DIR = Path(__file__).parent / "static"


def _translations(context: Context) -> gettext.NullTranslations:
    found = context.get("_translations")
    return found if isinstance(found, gettext.NullTranslations) else gettext.NullTranslations()


@pass_context
def _gettext(context: Context, message: str) -> str:
    return _translations(context).gettext(message)


@pass_context
def _ngettext(context: Context, singular: str, plural: str, n: int) -> str:
    return _translations(context).ngettext(singular, plural, n)


@pass_context
def _spoken_count(context: Context, breakdown: Breakdown) -> str:
    return spoken_count(breakdown, _translations(context))


@pass_context
def _spoken_items(context: Context, breakdown: Breakdown) -> list[str]:
    return spoken_items(breakdown, _translations(context))


@pass_context
def _spoken_item(context: Context, item: ScoreItem) -> str:
    return spoken_item(item, _translations(context))


class StaticFolders:
    """The site's ``static/`` folder and each room's, all served under ``/static``.

    A file is looked up in the folders in order (the site's first), as the app's
    ``StaticFiles`` mount does, so a template names ``js/table.js`` wherever it lives.
    """

    def __init__(self, folders: Sequence[Path]) -> None:
        self.folders = tuple(folders)

    def find(self, path: str) -> Path:
        for folder in self.folders:
            candidate = folder / path
            if candidate.is_file():
                return candidate
        raise FileNotFoundError(f"no static file {path!r} in {self.folders}")

    def url(self, path: str) -> str:
        """Address of a static file, always on this host, with its content version."""
        return f"/static/{path}?v={_content_version(self.find(path))}"


@cache
def _content_version(file: Path) -> str:
    """A short content hash, so browsers refetch a stylesheet or script when it changes."""
    return hashlib.sha256(file.read_bytes()).hexdigest()[:10]


def card_html(card: Card) -> Markup:
    """A card as people read it, coloured by suit: ``10♥`` in red."""
    colour = "red" if card.suit.is_red else "black"
    return Markup(
        '<span class="card {}" data-card="{}">{}<span class="suit">{}</span></span>'
    ).format(colour, str(card), card.rank.display, card.suit.symbol)


def build_environment(rooms: Sequence[Path] = ()) -> Environment:
    """The Jinja2 environment with the i18n extension and the site's helpers.

    ``rooms`` are the folders of the web's rooms (``web/table``, ``web/tools``): each
    brings its own ``templates/`` and ``static/``, beside the site's shared ones.
    """
    statics = StaticFolders([STATIC_DIR, *(room / "static" for room in rooms)])
    env = Environment(
        loader=FileSystemLoader([TEMPLATE_DIR, *(room / "templates" for room in rooms)]),
        autoescape=select_autoescape(["html", "xml"]),
        extensions=["jinja2.ext.i18n"],
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        _gettext, _ngettext, newstyle=True
    )
    env.globals.update(
        static_url=statics.url, kind_label=kind_label, languages=LANGUAGES, next_theme=next_theme
    )
    # a count said aloud in the page's language (Chinese first, the English call beside)
    env.globals.update(
        spoken_count=_spoken_count, spoken_items=_spoken_items, spoken_item=_spoken_item
    )
    env.filters["card"] = card_html
    return env


def render(
    request: Request,
    template: str,
    context: Mapping[str, Any] | None = None,
    *,
    status_code: int = 200,
) -> HTMLResponse:
    """Render a page in the request's language (the app must hold ``state.jinja``)."""
    env: Environment = request.app.state.jinja
    language = request_language(request)
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    values: dict[str, Any] = {
        "request": request,
        "language": language,
        "here": here,
        "theme": theme_of(request),
        "_translations": translator(request),
        **(context or {}),
    }
    html = env.get_template(template).render(values)
    return HTMLResponse(
        html,
        status_code=status_code,
        headers={"Content-Language": language.html_lang, "Vary": "Accept-Language, Cookie"},
    )
