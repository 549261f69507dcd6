"""A cluster of the tests' own (scripts/cluster.py): two hosts in network namespaces behind
HAProxy, on PostgreSQL and Redis; skipped, saying why, where it cannot run (not root, no
``ip netns``, no HAProxy or socat, PostgreSQL or Redis not answering)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cluster_support import free_port

from script_support import load_script

clusters = load_script("cluster")


def _free_subnet() -> int:
    """A 10.S.0.0/24 no interface here uses (a `make cluster` may be running beside)."""
    used = subprocess.run(["ip", "-o", "addr"], capture_output=True, text=True).stdout
    return next(s for s in range(200, 250) if f" 10.{s}." not in used)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Two hosts (two workers each) behind HAProxy; everything removed afterwards."""
    problem = clusters.missing_tools()
    if problem is not None:
        pytest.skip(f"no cluster here: {problem}")
    state: Path = tmp_path_factory.mktemp("cluster")
    layout = clusters.Layout(
        name=f"ckt{_free_subnet()}",
        subnet=_free_subnet(),
        hosts=2,
        workers=2,
        port=free_port(),
        state=str(state),
        testing=True,
    )
    running = clusters.Cluster(layout)
    running.up()  # takes everything down again itself if a step fails
    try:
        yield running
    finally:
        running.down()
