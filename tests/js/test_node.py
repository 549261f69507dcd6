"""The table script's pure parts under ``node --test`` (tests/js/*.test.mjs): the peg
arithmetic and the computer's pause over whole games recorded through the JSON API
(tests/js/fixtures, written by record_views.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed: no JavaScript tests")


@needs_node
def test_node_tests_pass_over_the_recorded_games() -> None:
    assert NODE is not None
    run = subprocess.run(
        [NODE, "--test", str(HERE)], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout


@pytest.mark.slow
def test_the_recorded_games_are_what_the_api_answers_today() -> None:
    """The fixtures go stale when the view or the computer's play changes: record again."""
    run = subprocess.run(
        [sys.executable, str(HERE / "record_views.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
