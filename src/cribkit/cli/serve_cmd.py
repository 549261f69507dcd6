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

SIGTERM stops gracefully: the listening socket closes at once (so a proxy's next connect is
refused and goes to another host, rather than waiting in a backlog nobody accepts), requests
in flight finish (for up to ``GRACE_SECONDS``), and every WebSocket is closed with 1012
"service restart", which the table's script takes as "reconnect now" (see ``live.js``).
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from cribkit.cli.app import command, fail

__all__ = ["GRACE_SECONDS", "RESTART_CLOSE_CODE", "WS_MAX_BYTES", "serve", "workers_problem"]

WS_MAX_BYTES = 16 * 1024
"""The largest WebSocket message the server reads: the table's pings need 16 bytes and
its own check refuses anything past 1 KB; this bound holds even before the app reads."""

GRACE_SECONDS = 20
"""How long a SIGTERM waits for requests in flight before cancelling them."""

RESTART_CLOSE_CODE = 1012
"""The close code every WebSocket gets on SIGTERM (RFC 6455 "service restart"; uvicorn
sends it): the page reconnects at once, through the proxy, to another host."""


def workers_problem(workers: int, url: str, redis_url: str) -> str | None:
    """Why ``workers`` processes cannot share this setup, or None.

    Each process has its own memory: an in-memory SQLite database would be one database a
    process, and the in-process live channel would tell a socket only about moves made in
    its own process (PostgreSQL's LISTEN/NOTIFY or Redis carry them across).
    """
    from sqlalchemy.engine import make_url

    if workers == 1:
        return None
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:"):
        return f"--workers {workers} needs a database the processes share, not an in-memory one"
    if parsed.get_backend_name() == "sqlite" and not redis_url:
        return (
            f"--workers {workers} on SQLite needs a live channel between the processes: "
            "set CRIBKIT_REDIS_URL (or use PostgreSQL, whose LISTEN/NOTIFY carries it)"
        )
    return None


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
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from cribkit.web.site.db import Database
    from cribkit.web.site.settings import DEFAULT_DATABASE_URL

    url = database_url or os.environ.get("CRIBKIT_DATABASE_URL") or DEFAULT_DATABASE_URL
    problem = workers_problem(workers, url, os.environ.get("CRIBKIT_REDIS_URL", "").strip())
    if problem is not None:  # before the migrations: a refused start changes nothing
        raise fail(problem, code="workers")
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
    _run(host, port, workers, forwarded_allow_ips)


def _run(host: str, port: int, workers: int, forwarded_allow_ips: str | None) -> None:
    """uvicorn's own ``run``, but with a supervisor that closes the listening socket first."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    class _Supervisor(Multiprocess):
        """On SIGTERM uvicorn's supervisor keeps the shared listening socket open until its
        workers exit: new connections would queue where no one accepts them. Closed first,
        they are refused at once and a proxy sends them to another host."""

        def terminate_all(self) -> None:
            for sock in self.sockets:
                sock.close()
            super().terminate_all()

    config = uvicorn.Config(
        "cribkit.web.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        ws_per_message_deflate=False,
        ws_max_size=WS_MAX_BYTES,
        forwarded_allow_ips=forwarded_allow_ips,
        timeout_graceful_shutdown=GRACE_SECONDS,
    )
    if workers > 1:
        _Supervisor(config, sockets=[config.bind_socket()]).run()
        return
    server = uvicorn.Server(config)
    server.run()
    if not server.started:  # the port is taken, the app failed to build: as uvicorn.run does
        raise SystemExit(3)
