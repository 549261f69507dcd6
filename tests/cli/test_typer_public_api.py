"""The CLI uses Typer's public API only.

Since Typer 0.26 Click lives inside Typer as the private ``typer._click``, which Typer says
applications must not import, and ``click`` itself is not one of cribkit's dependencies.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cribkit

PACKAGE = Path(cribkit.__file__).resolve().parent


def _is_private_cli_import(module: str) -> bool:
    parts = module.split(".")
    return parts[0] == "click" or (parts[0] == "typer" and parts[1:2] != [] and parts[1][0] == "_")


def _imported_modules(tree: ast.AST) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
            names.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_private_module_check_tells_public_from_private() -> None:
    assert _is_private_cli_import("typer._click.utils")
    assert _is_private_cli_import("click.testing")
    assert not _is_private_cli_import("typer.core")
    assert not _is_private_cli_import("typer")


def test_no_module_imports_click_or_typer_internals() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name in _imported_modules(ast.parse(path.read_text(encoding="utf-8")))
        if _is_private_cli_import(name)
    ]
    assert offenders == []
