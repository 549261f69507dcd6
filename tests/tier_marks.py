"""Markers given by the fixtures a test takes: a test that takes ``browser`` needs Chromium
whether or not its module says so, and `make check` (``-m "not ..."``) must leave it out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["FIXTURE_MARKS", "mark_by_fixtures"]

FIXTURE_MARKS = {
    "browser": "browser",
    "server": "server",
    "own_server": "server",
    "postgres_server": "postgres",
    "redis_url": "redis",
}


def mark_by_fixtures(items: Sequence[Any]) -> None:
    """Add each missing marker that a fixture in an item's closure calls for."""
    for item in items:
        names = getattr(item, "fixturenames", ())
        for fixture, marker in FIXTURE_MARKS.items():
            if fixture in names and item.get_closest_marker(marker) is None:
                item.add_marker(marker)
