"""Shared test settings, kept generic so every test module can rely on them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from profiles import register
from screenshots import Snap, screenshots_folder
from tier_marks import mark_by_fixtures

register()  # the Hypothesis profiles of the tiers (profiles.py)


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by the markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_by_fixtures(items)  # tier_marks.py: e.g. a test taking ``browser`` is ``browser``


# ---------------------------------------------------------------- web databases


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One SQLite file per test worker, migrated once (see db_templates.py)."""
    from db_templates import migrated_sqlite

    return migrated_sqlite(tmp_path_factory.mktemp("template"))


@pytest.fixture
def sqlite_url(sqlite_template: Path, tmp_path: Path) -> str:
    """A migrated SQLite database of the test's own: a copy of the worker's template."""
    from db_templates import copy_sqlite

    return copy_sqlite(sqlite_template, tmp_path)


# ---------------------------------------------------------------- headless Chromium


@pytest.fixture
def snap() -> Snap:
    """``snap(page, "name.png")``: a screenshot into ``$CRIBKIT_SCREENSHOTS``, else nothing."""
    return Snap(screenshots_folder())


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
