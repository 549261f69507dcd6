"""``GET /health``: whether this process can store games, and the live channel's state.

A proxy's health check takes the process out of rotation only when the database is
unreachable (503). A channel that is down is reported but is no reason to: moves are
still stored and answered, and the pages' sockets poll until it is back.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text
from starlette.concurrency import run_in_threadpool

from cribkit.web.site.db import Database
from cribkit.web.table.live.announce import Announcer

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


def _database_answers(database: Database) -> bool:
    try:
        with database.session() as session:
            session.execute(text("SELECT 1"))
    except Exception:
        return False
    return True


@router.get("/health")
async def health(request: Request) -> JSONResponse:
    """``status`` is ``ok``, ``degraded`` (the channel is down) or ``down`` (no database)."""
    database: Database = request.app.state.database
    announcer: Announcer = request.app.state.announcer
    stored = await run_in_threadpool(_database_answers, database)
    channel = announcer.state()
    status = "down" if not stored else "ok" if channel.healthy else "degraded"
    body: dict[str, Any] = {
        "status": status,
        "database": {"backend": database.backend, "up": stored},
        "channel": {
            "kind": channel.kind,
            "up": channel.up,
            "listening": channel.listening,
            "polling": not channel.healthy,
            "error": channel.error,
            "dropped": channel.dropped,
        },
    }
    return JSONResponse(body, status_code=200 if stored else 503)
