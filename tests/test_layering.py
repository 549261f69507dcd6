"""The core never imports the web or command-line stack: importing the engine, the
players and the numeric core in a fresh interpreter loads none of them."""

from __future__ import annotations

import json
import subprocess
import sys

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


def test_core_imports_no_web_or_cli_stack() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    loaded = set(json.loads(result.stdout))
    assert "cribkit" in loaded and "numpy" in loaded
    assert loaded.isdisjoint(FORBIDDEN), sorted(loaded & set(FORBIDDEN))
