"""The crowd bench runs: two tables for a few seconds against a real ``cribkit serve``,
moves are made and reach the other player, spectators see views, nothing fails.

A smoke test of the load tool, not a timing: no figure of speed is asserted.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _crowd(*flags: str) -> tuple[dict[str, Any], str]:
    """Run the bench for 6 s at a quick pace; its JSON figures and its stderr."""
    command = [sys.executable, "-m", "bench", "crowd", "--duration", "6"]
    command += ["--think", "0.2", "0.5", *flags, "--json"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr + done.stdout
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures, done.stderr


@pytest.mark.server
def test_the_crowd_bench_plays_two_tables_with_no_errors() -> None:
    figures, _ = _crowd("--tables", "2", "--spectators", "2", "--seed", "3")
    assert figures["errors"] == 0, figures["error_kinds"]
    assert figures["moves"] >= 4 and figures["games"] >= figures["tables"]  # each table moved
    assert figures["p50_ms"] > 0 and figures["server_cpu_s"] > 0
    assert figures["spectator_views"] >= 2
    assert all(mb > 0 for mb in figures["rss_mb"].values())


def test_the_crowd_bench_refuses_sqlites_own_channel_across_processes() -> None:
    command = [sys.executable, "-m", "bench", "crowd", "--processes", "2"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "needs --channel redis" in done.stderr


@pytest.mark.server
@pytest.mark.slow  # the bench's own options; CI runs its plain crowd above
def test_the_crowd_bench_plays_the_computer_and_samples_over_time() -> None:
    figures, stderr = _crowd("--computer", "hard", "--tables", "2", "--sample", "2")
    assert figures["computer"] == "hard" and figures["errors"] == 0, figures["error_kinds"]
    assert figures["moves"] >= 4 and figures["p50_ms"] > 0 and figures["games"] >= 2
    samples = figures["samples"]
    assert len(samples) >= 2  # one every 2 s of the 6
    assert all(sum(row["fds"].values()) > 0 for row in samples)
    assert len([line for line in stderr.splitlines() if line.startswith("{")]) == len(samples)


@pytest.mark.server
@pytest.mark.slow  # the bench's own options; CI runs its plain crowd above
def test_the_crowd_bench_reads_a_given_servers_cpu_and_memory_with_pid(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Against servers already running (``--url``), ``--pid`` names the process whose CPU,
    RSS and open files the figures read (a run of hard games, then friend games, on one
    server measures its memory after both)."""
    monkeypatch.syspath_prepend(str(ROOT))  # the bench is a folder of the repository
    from bench.serving import app_processes, sqlite_file

    with app_processes(sqlite_file(tmp_path, "given"), 1, tmp_path) as served:
        url, pid = served[0].url, served[0].pid
        figures, _ = _crowd("--url", url, "--pid", str(pid), "--tables", "2", "--seed", "4")
        unnamed, _ = _crowd("--url", url, "--tables", "1", "--seed", "5")
    assert figures["errors"] == 0, figures["error_kinds"]
    assert figures["pids"] == [pid] and figures["server_cpu_s"] > 0
    assert figures["cpu_ms_per_move"] > 0 and figures["rss_mb"][str(pid)] > 0
    assert unnamed["server_cpu_s"] is None and unnamed["rss_mb"] == {}
