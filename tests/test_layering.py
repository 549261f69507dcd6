"""The layers hold: the import-linter contracts in ``pyproject.toml`` pass (engine below
analysis below players below the web and the command line, web rooms apart, the table's game
service below its features), and importing the core in a fresh interpreter loads no web or
command-line stack (what actually loads, which a static import graph cannot see)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CORE = [
    "cribkit",
    "cribkit.cards",
    "cribkit.scoring",
    "cribkit.rules",
    "cribkit.actions",
    "cribkit.events",
    "cribkit.state",
    "cribkit.dealing",
    "cribkit.view",
    "cribkit.game",
    "cribkit.record",
    "cribkit.players",
    "cribkit.bulk",
    "cribkit.distribution",
    "cribkit.analysis",
]
FORBIDDEN = ["fastapi", "starlette", "sqlalchemy", "jinja2", "typer", "rich", "uvicorn", "click"]

PROBE = f"""
import importlib, json, sys
for name in {CORE!r}:
    importlib.import_module(name)
print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))
"""

LINT = "from importlinter.cli import lint_imports_command; lint_imports_command()"


def test_core_imports_no_web_or_cli_stack() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    loaded = set(json.loads(result.stdout))
    assert "cribkit" in loaded and "numpy" in loaded
    assert loaded.isdisjoint(FORBIDDEN), sorted(loaded & set(FORBIDDEN))


def test_import_contracts_are_kept() -> None:
    """``lint-imports`` (also run by ``make lint``) keeps every contract."""
    config = str(ROOT / "pyproject.toml")
    command = [sys.executable, "-c", LINT, "--config", config, "--no-cache", "--no-logo"]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout, result.stdout
