"""Where the games of `cribkit match` and `cribkit ladder` are played: the options both
commands take (declared once here) and the pool they open from them."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated

import typer
from rich.console import Console

from cribkit.cluster import open_cluster

__all__ = ["ClusterOption", "GamePool", "JobsOption", "game_pool"]

JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        metavar="N",
        help="Worker processes (default: one per core); with a local cluster, its workers.",
    ),
]

ClusterOption = Annotated[
    str | None,
    typer.Option(
        "--cluster",
        metavar="ADDRESS",
        help=(
            "Play on a Dask cluster: its scheduler's address (tcp://HOST:8786), or local "
            "for a cluster of this machine's cores. Needs cribkit[cluster]."
        ),
        show_default=False,
    ),
]


@dataclass(frozen=True, slots=True)
class GamePool:
    """``run_match``'s ``jobs`` and ``executor``: worker processes of its own, or a cluster."""

    jobs: int | None
    executor: Executor | None = None


@contextmanager
def game_pool(cluster: str | None, jobs: int | None, *, console: Console) -> Iterator[GamePool]:
    """The plain worker processes without ``cluster``, else the open cluster (closed on
    leaving), announced on ``console`` with its worker count."""
    if cluster is None:
        yield GamePool(jobs)
        return
    with open_cluster(cluster, jobs=jobs) as opened:
        console.print(f"Dask cluster {opened.address}: {opened.workers} workers", highlight=False)
        yield GamePool(opened.workers, opened.executor)
