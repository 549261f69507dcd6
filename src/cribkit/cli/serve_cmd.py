"""``cribkit serve``: apply the database migrations, then run the web app with uvicorn.

The web stack is imported only when the command runs, so the other commands start fast.
Without ``CRIBKIT_SECRET_KEY`` the cookie key is kept in the database itself, so player
identities (and their games) survive a restart and are shared by every process on it.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from cribkit.cli.app import command, fail

__all__ = ["serve"]


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
    )
