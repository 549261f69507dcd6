"""The core never imports the web or command-line stack: importing the engine, the
players and the numeric core in a fresh interpreter loads none of them."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import cribkit

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


WEB = Path(cribkit.__file__).parent / "web"
ROOMS = ("table", "tools")


def _web_imports(module: Path) -> set[str]:
    """The ``cribkit.web.*`` modules a file imports (absolute imports are the house style)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found.update(name for name in names if name.startswith("cribkit.web"))
    return found


def _room_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if len(parts) > 2 else None


def test_web_rooms_import_downwards_only() -> None:
    """``site`` imports no room; a room imports ``site`` and the engine, never another room."""
    problems = []
    for room in ("site", *ROOMS):
        for module in sorted((WEB / room).rglob("*.py")):
            for name in _web_imports(module):
                target = _room_of(name)
                if target not in (None, "site", room):
                    problems.append(f"{module.relative_to(WEB)} imports {name}")
                if room == "site" and target in ROOMS:
                    problems.append(f"{module.relative_to(WEB)} imports {name}")
    assert not problems, problems


def test_every_web_module_lives_in_a_room() -> None:
    """Only the package marker and the app factory that seats the rooms stay at the top."""
    top = sorted(path.name for path in WEB.glob("*.py"))
    assert top == ["__init__.py", "app.py"]
    folders = {path.name for path in WEB.iterdir() if path.is_dir()} - {"__pycache__"}
    assert folders == {"site", *ROOMS}
