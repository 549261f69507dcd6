"""The web application factory: everything is built when ``create_app`` runs, not on import.

The web is three rooms and this file seats them. ``site`` is the foundation (settings,
languages, templating, security headers, the database and its migrations); ``table`` (games
against the computer and between two people, reviews, replays, stats) and ``tools``
(calculator, advisor, rules, score sheet) build on it and on the engine, never on each other
(the import contracts in ``pyproject.toml`` check it). Only this module imports them all.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.middleware.trustedhost import TrustedHostMiddleware

from cribkit import __version__
from cribkit.web import table, tools
from cribkit.web.site import app_shell, routes_preferences, routes_site
from cribkit.web.site.advice import advise
from cribkit.web.site.capped_work import CappedWork
from cribkit.web.site.collector import full_collections_every
from cribkit.web.site.db import Database
from cribkit.web.site.errors import install_error_handlers
from cribkit.web.site.i18n import Catalogues
from cribkit.web.site.malloc_arenas import limit_arenas
from cribkit.web.site.preferences import PreferenceBook
from cribkit.web.site.rate_limits import RateLimited, RateLimits
from cribkit.web.site.same_origin import SameOriginOnly
from cribkit.web.site.security import SecurityHeaders
from cribkit.web.site.settings import Settings
from cribkit.web.site.templating import STATIC_DIR, build_environment
from cribkit.web.table.friends import api as friends_api
from cribkit.web.table.friends import chat_api, chat_forms
from cribkit.web.table.friends import routes as friends_routes
from cribkit.web.table.games import api as games_api
from cribkit.web.table.games import api_history as games_history
from cribkit.web.table.games import page as table_page
from cribkit.web.table.games import resign_routes
from cribkit.web.table.games.service import GameService
from cribkit.web.table.live import health as live_health
from cribkit.web.table.live import runtime as live_runtime
from cribkit.web.table.live import socket as live_socket
from cribkit.web.table.rate_rules import RULES as TABLE_RATE_RULES
from cribkit.web.table.rating import api as rating_api
from cribkit.web.table.rating.book import RatingBook
from cribkit.web.table.replay import routes as replay_routes
from cribkit.web.table.review import api as review_api
from cribkit.web.table.review import routes as review_routes
from cribkit.web.table.review.reviews import ReviewBook
from cribkit.web.table.stats import routes as stats_routes
from cribkit.web.tools import api_tools, routes_practice, routes_tools
from cribkit.web.tools.tools import read_deal

__all__ = ["ROOMS", "create_app"]

ROOMS = (table, tools)
"""The feature rooms, each a package with its own ``templates/`` and ``static/``."""
ROOM_DIRS = tuple(Path(room.__file__).parent for room in ROOMS if room.__file__)


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
    collecting = 0 if settings.testing else settings.gc_full_seconds  # after the warm-up
    async with full_collections_every(collecting), live_runtime.running(app.state):
        yield
    database.dispose()


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the app from ``settings`` (default: read from the environment now)."""
    settings = settings or Settings.from_env()
    limit_arenas(settings.malloc_arenas)  # before the worker threads allocate
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
    app.state.jinja = build_environment(ROOM_DIRS)
    app.state.database = Database(settings.database_url, pool=settings.db_pool)  # lazily
    app.state.preferences = PreferenceBook(app.state.database, held=2 * settings.game_cache)
    app.state.remembered_language = routes_preferences.remembered_language
    app.state.remembered_theme = routes_preferences.remembered_theme
    app.state.games = GameService(
        app.state.database,
        testing=settings.testing,
        cache_size=settings.game_cache,
        show_timeout=settings.show_timeout,
        preferences=app.state.preferences,
    )
    app.state.reviews = ReviewBook(app.state.database, app.state.games)
    app.state.ratings = RatingBook(app.state.database)
    app.state.games.on_finish = app.state.ratings.on_finish  # a finished game is rated
    app.state.record_work = CappedWork(settings.record_workers)
    live_runtime.install(app.state, settings, app.state.database, app.state.games)
    app.state.rate_limits = RateLimits(settings)
    # innermost: a refused cross-origin request spends no budget; a 429 gets the headers
    app.add_middleware(RateLimited, limits=app.state.rate_limits, rules=TABLE_RATE_RULES)
    app.add_middleware(SameOriginOnly)  # inside SecurityHeaders: its 403s get the headers too
    app.add_middleware(SecurityHeaders)
    # outermost: a Host outside the allowed list is refused before anything reads it
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(settings.hosts))
    install_error_handlers(app)  # one error shape: ApiError under /api, error.html elsewhere
    room_statics: list[str | tuple[str, str]] = [(room.__name__, "static") for room in ROOMS]
    app.mount("/static", StaticFiles(directory=STATIC_DIR, packages=room_statics), name="static")
    app.include_router(routes_site.router)
    app.include_router(app_shell.router)
    app.include_router(routes_preferences.router)
    app.include_router(table_page.router)  # the table owns "/" (routes_home retired)
    app.include_router(stats_routes.router)
    app.include_router(replay_routes.router)
    app.include_router(review_routes.router)
    app.include_router(games_api.router)
    app.include_router(resign_routes.api_router)
    app.include_router(resign_routes.page_router)
    app.include_router(games_history.router)
    app.include_router(review_api.router)
    app.include_router(rating_api.router)
    app.include_router(friends_api.router)
    app.include_router(friends_routes.router)
    app.include_router(chat_api.router)
    app.include_router(chat_forms.router)
    app.include_router(live_socket.router)
    app.include_router(live_health.router)
    app.include_router(routes_tools.router)
    app.include_router(routes_practice.router)
    app.include_router(api_tools.router)
    return app
