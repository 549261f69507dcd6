"""Shared by the cluster tests: the bench's live tables, importable from the repository's
root (their asyncio code runs apart from a browser's loop: ``async_support.run_apart``)."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # for bench.live_table


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def root_network() -> set[str]:
    """The root namespace's link names and addresses (what a browser here watches)."""
    links = subprocess.run(["ip", "-o", "link", "show"], capture_output=True, text=True).stdout
    addresses = subprocess.run(["ip", "-o", "addr"], capture_output=True, text=True).stdout
    names = {line.split(":")[1].strip().split("@")[0] for line in links.splitlines()}
    return names | {" ".join(line.split()[1:4]) for line in addresses.splitlines()}
