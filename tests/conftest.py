"""Shared test settings, kept generic so every test module can rely on them."""

from __future__ import annotations

from hypothesis import settings

# Lookup tables are built lazily on first use, so the first example of a property can be
# slow; a per-example deadline would make that flaky under `pytest -n auto`.
settings.register_profile("cribkit", deadline=None)
settings.load_profile("cribkit")
