"""Games on a Dask cluster: an executor that plays ``cribkit.tournament``'s tasks there.

A match's games are independent and cheap to describe (names and seeds), so any pool of
workers that runs ``tournament.play_pair`` plays the same games: the tournament takes a
``concurrent.futures.Executor``, and this module opens one on a Dask distributed cluster,
a scheduler reached at its address or a ``LocalCluster`` of this machine's cores.

Dask distributed rather than Ray (docs/ladders.md): it is pure Python and small (a
scheduler and workers that are plain processes), its client hands out a standard
``concurrent.futures`` executor, so the tournament keeps one code path for its own
processes and for a cluster, and its ``dask scheduler`` / ``dask worker`` commands are
all a cluster of a few machines needs. Ray's compiled core, object store and autoscaling
are more than independent batches of games call for.

The same seeds give the same games only where the workers run the same cribkit, so a
cluster whose workers' engine differs from this one's (``engine_fingerprint``) is refused
before any game is sent, and every task checks it again on its worker.
"""

from __future__ import annotations

import hashlib
import logging
import os
import socket
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from cribkit.errors import CribkitError
from cribkit.version import package_version

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "CONNECT_TIMEOUT",
    "LOCAL",
    "Cluster",
    "check_engine",
    "engine_fingerprint",
    "installed_engine",
    "open_cluster",
]

LOCAL = "local"
"""The address that starts a cluster of this machine's cores instead of reaching one."""

CONNECT_TIMEOUT = 10.0
"""Seconds to reach a scheduler, and then to see its first worker."""

_PACKAGE = Path(__file__).parent

_NOT_ENGINE = ("web", "cli")
"""Subpackages that play no part in a game: left out of the engine's fingerprint."""
_NOT_ENGINE_FILES = ("data/level_ratings.json",)
"""Files no strategy reads: the ratings a ladder writes must not make its own interim file
another engine's."""


@dataclass(frozen=True, slots=True)
class Cluster:
    """An open cluster: where to submit tasks, and how many run at once (sizing chunks)."""

    address: str
    executor: Executor
    workers: int


def engine_fingerprint(root: Path = _PACKAGE) -> str:
    """``VERSION+HASH``: the installed version and a digest of every file of the package
    (at ``root``) but the web and command-line ones, so two machines with the same figure
    play the same games from the same seeds (a version alone says nothing between
    releases)."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if (
            not path.is_file()
            or relative.parts[0] in _NOT_ENGINE
            or relative.as_posix() in _NOT_ENGINE_FILES
            or "__pycache__" in relative.parts
        ):
            continue
        digest.update(relative.as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return f"{package_version()}+{digest.hexdigest()[:12]}"


@cache
def installed_engine() -> str:
    """This process's ``engine_fingerprint()``, read once."""
    return engine_fingerprint()


def check_engine(expected: str) -> None:
    """Refuse to play games sent by a cribkit whose engine is not this process's: checked
    by every task on a worker, since a worker may join a cluster after ``open_cluster``
    looked at the others."""
    here = installed_engine()
    if here != expected:
        raise CribkitError(
            f"a worker on {socket.gethostname()} runs another cribkit ({here}) than the one "
            f"that sent the games ({expected}), so the same seeds would not give the same games",
            code="cluster_mismatch",
        )


@contextmanager
def open_cluster(
    address: str, *, jobs: int | None = None, timeout: float | None = None
) -> Iterator[Cluster]:
    """Reach the Dask scheduler at ``address`` (``tcp://HOST:8786``), or start a local cluster
    of ``jobs`` worker processes (default one per core) for ``local``; closed on leaving.

    Refused with a ``CribkitError`` (and nothing played) without the ``cluster`` extra,
    when the scheduler cannot be reached or shows no worker within ``timeout`` seconds
    (default ``CONNECT_TIMEOUT``), when ``jobs`` is given with a remote address (its
    workers are started where they run), and when a worker's engine differs from this one.
    """
    try:
        from distributed import Client, LocalCluster
    except ImportError as error:
        raise CribkitError(
            f"--cluster needs Dask distributed, which is not installed ({error}): "
            "pip install 'cribkit[cluster]'",
            code="cluster_not_installed",
        ) from None
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    with ExitStack() as stack:
        if address == LOCAL:
            local = LocalCluster(  # type: ignore[no-untyped-call]  # untyped in distributed
                n_workers=jobs or os.cpu_count() or 1,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            stack.enter_context(local)
            client = stack.enter_context(Client(local))  # type: ignore[no-untyped-call]
        else:
            if jobs is not None:
                raise CribkitError(
                    "--jobs sets this machine's worker processes; a cluster's workers are "
                    "set where they start (dask worker ADDRESS --nworkers N)",
                    code="jobs_with_cluster",
                )
            client = stack.enter_context(_connect(Client, address, timeout))
        _check_workers(client, address, timeout)
        workers = sum(client.nthreads().values())
        yield Cluster(client.scheduler.address, client.get_executor(pure=False), workers)


def _connect(client_class: type[Client], address: str, timeout: float) -> Client:
    try:
        _probe(address, timeout)
        return client_class(address, timeout=timeout)
    except (OSError, ValueError, TimeoutError) as error:
        raise CribkitError(
            f"cannot reach a Dask scheduler at {address} ({error}): start one there with "
            "`dask scheduler`, or give --cluster local",
            code="cluster_unreachable",
        ) from None


def _probe(address: str, timeout: float) -> None:
    """Refuse an address nothing listens on before a Client is built: a Client whose
    connection failed keeps its event-loop thread, and closing it later from the garbage
    collector can deadlock the next Client or LocalCluster in the same process."""
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, location = parse_address(address)
    if scheme not in ("tcp", "tls"):
        return  # in-process and other transports: the Client itself says
    host, port = parse_host_port(location)
    with socket.create_connection((host, port), timeout=timeout):
        pass


def _check_workers(client: Client, address: str, timeout: float) -> None:
    """At least one worker, and every worker playing this machine's engine."""
    try:
        client.wait_for_workers(1, timeout=timeout)
    except TimeoutError:
        raise CribkitError(
            f"the Dask scheduler at {address} has no worker after {timeout:g} s: start some "
            f"with `dask worker {address}`",
            code="cluster_no_workers",
        ) from None
    here = installed_engine()
    try:
        theirs: dict[str, str] = client.run(installed_engine)
    except Exception as error:  # a worker that cannot unpickle cribkit's function
        raise CribkitError(
            f"the workers at {address} cannot run cribkit ({type(error).__name__}: {error}): "
            f"install cribkit {package_version()} on every worker machine",
            code="cluster_mismatch",
        ) from None
    others = sorted(worker for worker, found in theirs.items() if found != here)
    if others:
        raise CribkitError(
            f"{len(others)} worker(s) at {address} run another cribkit than this one "
            f"({here}), so the same seeds would not give the same games: "
            f"{', '.join(f'{w} has {theirs[w]}' for w in others)}",
            code="cluster_mismatch",
        )
