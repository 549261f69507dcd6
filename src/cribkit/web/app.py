"""The web application factory: everything is built when ``create_app`` runs, not on import.

Each feature is a router in its own module; adding one is one ``include_router`` line in
``_ROUTERS``'s place below.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from cribkit import __version__
from cribkit.web import (
    api_games,
    api_tools,
    routes_site,
    routes_stats,
    routes_table,
    routes_tools,
)
from cribkit.web.advice import advise, read_deal
from cribkit.web.db import Database
from cribkit.web.games import GameService
from cribkit.web.i18n import Catalogues
from cribkit.web.security import SecurityHeaders
from cribkit.web.settings import Settings
from cribkit.web.templating import STATIC_DIR, build_environment

__all__ = ["create_app"]


def _warm_up() -> None:
    """Build the engine's lookup tables once, so the first advisor request is not slow."""
    advise(read_deal("5H 5D 5C JS 4D KC"), dealer=True)


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    settings: Settings = app.state.settings
    database: Database = app.state.database
    await run_in_threadpool(database.migrate)  # idempotent; `cribkit serve` ran it already
    if not settings.testing:
        await run_in_threadpool(_warm_up)
    yield
    database.dispose()


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the app from ``settings`` (default: read from the environment now)."""
    settings = settings or Settings.from_env()
    app = FastAPI(
        title="cribkit",
        version=__version__,
        summary="Cribbage by the ACC rules: a table, a calculator, an advisor.",
        docs_url=None,  # the stock docs pages load scripts from a CDN; /openapi.json stays
        redoc_url=None,
        lifespan=_lifespan,
    )
    app.state.settings = settings
    app.state.catalogues = Catalogues()
    app.state.jinja = build_environment()
    app.state.database = Database(settings.database_url)  # connects on first use
    app.state.games = GameService(app.state.database, testing=settings.testing)
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    app.include_router(routes_site.router)
    app.include_router(routes_table.router)  # the table owns "/" (routes_home retired)
    app.include_router(routes_stats.router)
    app.include_router(api_games.router)
    app.include_router(routes_tools.router)
    app.include_router(api_tools.router)
    return app
