"""Shared test settings, kept generic so every test module can rely on them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# Lookup tables are built lazily on first use, so the first example of a property can be
# slow; a per-example deadline would make that flaky under `pytest -n auto`.
settings.register_profile("cribkit", deadline=None)
settings.load_profile("cribkit")


# ---------------------------------------------------------------- headless Chromium

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium: Playwright cannot download browsers on these machines."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium per test worker, shared by every browser test.

    Playwright's sync API allows one session per process at a time, so the web pages'
    and the table's tests must share it rather than each starting their own.
    """
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield chromium
        chromium.close()
