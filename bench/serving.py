"""Real ``cribkit serve`` processes for the web benchmarks: N app processes on one database,
on a throwaway SQLite file or a scratch PostgreSQL database, and the percentiles they print.

PostgreSQL comes from ``CRIBKIT_BENCH_POSTGRES_URL`` or ``CRIBKIT_TEST_POSTGRES_URL``: a
scratch database is created on that server and dropped after; with neither set, or no
server answering, the PostgreSQL rounds are skipped with a line that says why.
"""

from __future__ import annotations

import os
import secrets
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bench import Report, percentile

__all__ = [
    "Served",
    "app_processes",
    "app_servers",
    "free_port",
    "report_latencies",
    "scratch_postgres",
    "sqlite_file",
]

_CLI = [sys.executable, "-c", "from cribkit.cli import main; main()"]
_POSTGRES_ENV = ("CRIBKIT_BENCH_POSTGRES_URL", "CRIBKIT_TEST_POSTGRES_URL")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def sqlite_file(folder: Path, name: str = "bench") -> str:
    """The URL of a fresh SQLite file in ``folder`` (migrated by the first server)."""
    return f"sqlite:///{folder / f'{name}.sqlite3'}"


@dataclass(frozen=True, slots=True)
class Served:
    """One ``cribkit serve`` process: its base URL and process id (its workers are children)."""

    url: str
    pid: int


@contextmanager
def app_servers(
    database_url: str, count: int, folder: Path, *, env: Mapping[str, str] | None = None
) -> Iterator[list[str]]:
    """``count`` ``cribkit serve`` processes on one database; yields their base URLs.

    They share one cookie key, so a player's cookie works on each of them; ``env`` adds
    settings (a Redis URL, a channel prefix) to this process's environment.
    """
    with app_processes(database_url, count, folder, env=env) as served:
        yield [one.url for one in served]


@contextmanager
def app_processes(
    database_url: str,
    count: int,
    folder: Path,
    *,
    env: Mapping[str, str] | None = None,
    workers: int = 1,
) -> Iterator[list[Served]]:
    """Like ``app_servers``, yielding each process's URL and pid; ``workers`` is passed to
    ``cribkit serve --workers`` (uvicorn's worker processes, children of that pid)."""
    environment = {k: v for k, v in os.environ.items() if k != "CRIBKIT_TESTING"}
    environment["CRIBKIT_SECRET_KEY"] = secrets.token_urlsafe(16)
    environment.update(env or {})
    processes: list[subprocess.Popen[bytes]] = []
    served: list[Served] = []
    try:
        for index in range(count):
            port = free_port()
            command = [*_CLI, "serve", "--port", str(port), "--database-url", database_url]
            command += ["--workers", str(workers)]
            with (folder / f"serve-{index}.log").open("wb") as log:
                processes.append(subprocess.Popen(command, env=environment, stdout=log, stderr=log))
            served.append(Served(f"http://127.0.0.1:{port}", processes[-1].pid))
            _wait(served[-1].url, processes[-1])
        yield served
    finally:
        for process in processes:
            process.terminate()
        for process in processes:  # a loaded machine may take longer: then no waiting
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def _wait(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("cribkit serve exited early")
        try:
            with urllib.request.urlopen(f"{url}/openapi.json", timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer")


@contextmanager
def scratch_postgres() -> Iterator[str | None]:
    """A scratch PostgreSQL database's URL, dropped afterwards; or None, having printed why
    the PostgreSQL rounds are skipped (no server named, or none answering)."""
    server = next((os.environ[name] for name in _POSTGRES_ENV if os.environ.get(name)), None)
    if server is None:
        print(f"  PostgreSQL skipped: set {' or '.join(_POSTGRES_ENV)}")
        yield None
        return
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"cribkit_bench_{secrets.token_hex(5)}"
    admin = create_engine(make_url(server).set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:  # no server answering is a skip, not a failure
        admin.dispose()
        print(f"  PostgreSQL skipped: {exc.__class__.__name__}: {exc}")
        yield None
        return
    try:
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def report_latencies(
    report: Report, name: str, samples: Sequence[float], *, note: str = ""
) -> None:
    """The p50 (with ``note``) and p95 rows of one set of latencies."""
    report.timing(f"{name} p50", statistics.median(samples), note=note)
    report.timing(f"{name} p95", percentile(samples, 0.95))
