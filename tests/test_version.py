"""The version is written once, in pyproject.toml; the package reads it from its metadata."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import cribkit
from cribkit import version as version_module

ROOT = Path(__file__).resolve().parents[1]


def _declared_version() -> str:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project.get("dynamic", [])
    declared = project["version"]
    assert isinstance(declared, str)
    return declared


def test_package_version_is_the_metadata_of_pyproject() -> None:
    assert cribkit.__version__ == metadata.version("cribkit") == _declared_version()


def test_no_source_file_writes_the_version_again() -> None:
    literal = _declared_version()
    quoted = (f'"{literal}"', f"'{literal}'")
    copies = [
        path.relative_to(ROOT)
        for path in sorted((ROOT / "src" / "cribkit").rglob("*.py"))
        if any(text in path.read_text(encoding="utf-8") for text in quoted)
    ]
    assert copies == []


def test_an_uninstalled_tree_says_its_version_is_unknown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(version_module, "version", missing)
    assert version_module.package_version() == version_module.UNKNOWN_VERSION
