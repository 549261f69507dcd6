"""A cluster of the tests' own (scripts/cluster.py): two hosts in network namespaces behind
HAProxy, on PostgreSQL and Redis; skipped, saying why, where it cannot run (not root, no
``ip netns``, no HAProxy with namespaces, PostgreSQL or Redis not answering)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cluster_support import free_port, root_network

from script_support import load_script

clusters = load_script("cluster")


def _free_subnet() -> int:
    """A subnet whose cluster name (``cktS``) no namespace here uses yet (a `make cluster`
    or another test worker's cluster may be running beside); the search starts at an offset
    of this process's own, so two test workers keep apart."""
    used = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    start = os.getpid() % 50
    return next(
        200 + (start + step) % 50
        for step in range(50)
        if f"ckt{200 + (start + step) % 50}-" not in used
    )


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Two hosts (two workers each) behind HAProxy; everything removed afterwards."""
    problem = clusters.missing_tools()
    if problem is not None:
        pytest.skip(f"no cluster here: {problem}")
    state: Path = tmp_path_factory.mktemp("cluster")
    subnet = _free_subnet()
    layout = clusters.Layout(
        name=f"ckt{subnet}",
        subnet=subnet,
        hosts=2,
        workers=2,
        port=free_port(),
        state=str(state),
        testing=True,
    )
    running = clusters.Cluster(layout)
    running.root_network_before = root_network()  # type: ignore[attr-defined]
    running.up()  # takes everything down again itself if a step fails
    try:
        yield running
    finally:
        running.down()
