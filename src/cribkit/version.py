"""The installed version, read from the package metadata that ``pyproject.toml`` writes.

``pyproject.toml`` is the one place the version is written; everything else (``cribkit
--version``, ``cribkit.__version__``, the web API's OpenAPI document) reads it from here.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

__all__ = ["UNKNOWN_VERSION", "package_version"]

UNKNOWN_VERSION = "0+unknown"
"""What a source tree that was never installed reports: no metadata to read."""


def package_version() -> str:
    """The installed cribkit distribution's version (``0+unknown`` when not installed)."""
    try:
        return version("cribkit")
    except PackageNotFoundError:
        return UNKNOWN_VERSION
