"""The installable app: the web app manifest, the service worker and the offline page.

A phone can install the site from the manifest; the worker keeps the calculator, the
rules and the score sheet (and the files they need) so they open without a connection.
The game against the computer is dealt and played by the server, so offline any other
page answers with ``/offline``, which says so and links to what still works.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from cribkit.web.site.i18n import N_, translator
from cribkit.web.site.templating import STATIC_DIR, render

__all__ = ["OFFLINE_PAGES", "SHELL_FILES", "router", "shell"]

router = APIRouter(tags=["site"], include_in_schema=False)

OFFLINE_PAGES = ("/calculator", "/rules", "/reference")
"""The pages that work offline: they need nothing but themselves and their files."""
OFFLINE = "/offline"
SHELL_FILES = (
    "css/site.css",
    "favicon.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "icons/icon-maskable-512.png",
    "js/pwa.js",
    "js/tools.js",
)
"""Static files the offline pages use (each kept under its content-versioned address)."""
THEME = "#1f5135"
PAPER = "#fbfaf6"
_DESCRIPTION = N_("Cribbage by the ACC rules: play the computer or a friend, count hands.")
_WORKER = (STATIC_DIR / "js" / "sw.js").read_text
_NO_CACHE = {"Cache-Control": "no-cache"}


def shell(request: Request) -> dict[str, Any]:
    """What the worker keeps: the offline pages, the offline page and their files, with
    a version that changes whenever one of the files does (so the worker updates)."""
    static_url = request.app.state.jinja.globals["static_url"]
    files = [static_url(path) for path in SHELL_FILES]
    version = hashlib.sha256("\n".join(files).encode()).hexdigest()[:10]
    return {"version": version, "pages": list(OFFLINE_PAGES), "files": files, "offline": OFFLINE}


@router.get("/sw.js")
def service_worker(request: Request) -> Response:
    """The worker at the site's root, so its scope is every page."""
    text = f"const SHELL = {json.dumps(shell(request))};\n{_WORKER()}"
    return Response(text, media_type="text/javascript", headers=_NO_CACHE)


@router.get("/manifest.webmanifest")
def manifest(request: Request) -> JSONResponse:
    """The web app manifest: name, start page, standalone display and the icons."""
    static_url = request.app.state.jinja.globals["static_url"]
    icons = [
        {"src": static_url("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static_url("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static_url("icons/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": static_url("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    body = {
        "name": "cribkit",
        "short_name": "cribkit",
        "description": translator(request).gettext(_DESCRIPTION),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": PAPER,
        "icons": icons,
    }
    return JSONResponse(body, media_type="application/manifest+json", headers=_NO_CACHE)


@router.get(OFFLINE, response_class=HTMLResponse)
def offline(request: Request) -> HTMLResponse:
    """What the worker shows offline for a page that needs the server."""
    return render(request, "offline.html")
