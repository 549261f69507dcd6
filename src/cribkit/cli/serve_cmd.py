"""``cribkit serve``: apply the database migrations, then run the web app with uvicorn.

The web stack is imported only when the command runs, so the other commands start fast.
Without ``CRIBKIT_SECRET_KEY`` the cookie key is kept in the database itself, so player
identities (and their games) survive a restart and are shared by every process on it.

WebSocket messages are bounded before they cost: no per-message compression (a 15 KB
deflated frame would otherwise inflate to 15 MB before any limit applied) and at most
``WS_MAX_BYTES`` a message, refused with close code 1009. Behind a reverse proxy, give
its address with ``--forwarded-allow-ips`` (so the client's address and scheme it forwards
are believed) and set ``CRIBKIT_PUBLIC_URL`` / ``CRIBKIT_ALLOWED_HOSTS`` (see
``cribkit.web.site.settings``).
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from cribkit.cli.app import command, fail

__all__ = ["WS_MAX_BYTES", "serve"]

WS_MAX_BYTES = 16 * 1024
"""The largest WebSocket message the server reads: the table's pings need 16 bytes and
its own check refuses anything past 1 KB; this bound holds even before the app reads."""


@command(summary="Serve the web app (migrations first).")
def serve(
    host: Annotated[
        str, typer.Option(metavar="HOST", help="Interface to listen on.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="PORT", help="Port to listen on.")] = 8000,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            metavar="N",
            help="Worker processes; they share the database (and the cookie key kept in it).",
        ),
    ] = 1,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            metavar="URL",
            help="SQLAlchemy URL (default $CRIBKIT_DATABASE_URL, else a SQLite file "
            "./cribkit.sqlite3); e.g. postgresql+psycopg://postgres@127.0.0.1:5432/cribkit",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            metavar="IPS",
            help="Comma-separated addresses of reverse proxies whose X-Forwarded-For and "
            "X-Forwarded-Proto are trusted (default $FORWARDED_ALLOW_IPS, else 127.0.0.1); "
            "set CRIBKIT_PUBLIC_URL and CRIBKIT_ALLOWED_HOSTS too.",
        ),
    ] = None,
) -> None:
    """Serve the table, the tools and the stats at http://HOST:PORT (migrations first)."""
    import uvicorn
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from cribkit.web.site.db import Database
    from cribkit.web.site.settings import DEFAULT_DATABASE_URL

    url = database_url or os.environ.get("CRIBKIT_DATABASE_URL") or DEFAULT_DATABASE_URL
    database = Database(url)
    shown = make_url(url).render_as_string(hide_password=True)
    try:
        database.migrate()
        secret = os.environ.get("CRIBKIT_SECRET_KEY") or database.stored_secret("cookie")
    except SQLAlchemyError as exc:
        raise fail(
            f"cannot use the database {shown}: {exc.__class__.__name__}: {exc}", code="database"
        ) from None
    finally:
        database.dispose()
    typer.echo(f"cribkit: database {shown} is up to date")
    # The factory reads its settings from the environment (as it would in any worker).
    os.environ["CRIBKIT_DATABASE_URL"] = url
    os.environ["CRIBKIT_SECRET_KEY"] = secret
    typer.echo(f"cribkit: serving http://{host}:{port}  (Ctrl+C stops)")
    uvicorn.run(
        "cribkit.web.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        ws_per_message_deflate=False,
        ws_max_size=WS_MAX_BYTES,
        forwarded_allow_ips=forwarded_allow_ips,
    )
