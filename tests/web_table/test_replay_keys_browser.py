"""The replay in one page (headless Chromium): ←/→, Home/End and autoplay swap the moments
in place (no page load: a mark set on the window survives), the address follows the step,
the no-script step links still work, and an uploaded record steps the same way.

Screenshots go to ``$CRIBKIT_SCREENSHOTS`` (default ``/tmp/shots``) to be looked at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from servers import ServerProcess
from table_browser import play_by_api, start_game, watch_errors

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1366, "height": 768}


def step(page: Any) -> int:
    return int(page.get_attribute("#replay-moment", "data-step"))


def wait_step(page: Any, n: int) -> None:
    page.wait_for_selector(f'#replay-moment[data-step="{n}"]')


def same_page(page: Any) -> bool:
    """True while the document is the one the mark was set on (no reload happened)."""
    return bool(page.evaluate("window.replayMark === 1"))


def finished_game(page: Any, base: str) -> str:
    game_id = start_game(page, base, seed=8)
    play_by_api(page, base, game_id, until=lambda view: False)
    return game_id


def check_keys(page: Any) -> int:
    """Arrows, Home and End step in place; returns the number of moments."""
    page.evaluate("window.replayMark = 1")
    total = int(page.get_attribute("#replay-moment", "data-count"))
    assert total > 100
    assert page.locator("#replay-keys").is_visible()
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    said = page.inner_text("#step")  # "Step 2 of N", or the same in Chinese
    assert "2" in said.replace(str(total), "") and str(total) in said
    page.keyboard.press("ArrowRight")
    wait_step(page, 2)
    page.keyboard.press("ArrowLeft")
    wait_step(page, 1)
    page.keyboard.press("End")
    wait_step(page, total - 1)
    assert page.locator("#next").count() == 0  # the last moment has no Next
    page.keyboard.press("ArrowRight")  # past the end stays at the end
    page.keyboard.press("Home")
    wait_step(page, 0)
    assert page.locator("#prev").count() == 0
    page.click("#next")  # the no-script link, taken in place by the script
    wait_step(page, 1)
    assert same_page(page)
    return total


def test_keys_and_autoplay_step_a_stored_game_in_one_page(
    browser: Any, server: ServerProcess, shots: Path
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    game_id = finished_game(page, server.url)
    page.goto(f"{server.url}/games/{game_id}/replay")
    check_keys(page)
    assert page.url.endswith(f"/games/{game_id}/replay?step=1")
    said = page.inner_text("#said")
    assert page.inner_text("#replay-live") == said.strip()
    page.click("#replay-autoplay")
    assert page.get_attribute("#replay-autoplay", "aria-pressed") == "true"
    wait_step(page, 3)  # two moments on by themselves
    page.click("#replay-autoplay")
    assert page.get_attribute("#replay-autoplay", "aria-pressed") == "false"
    paused = step(page)
    page.keyboard.press("ArrowRight")
    wait_step(page, paused + 1)
    page.screenshot(path=str(shots / "replay-keys-desktop.png"), full_page=True)
    assert same_page(page)
    page.reload()  # the address kept the step
    wait_step(page, paused + 1)
    assert errors == []
    context.close()


def test_autoplay_stops_at_the_end(browser: Any, server: ServerProcess) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    game_id = finished_game(page, server.url)
    page.goto(f"{server.url}/games/{game_id}/replay?step=100000")
    total = int(page.get_attribute("#replay-moment", "data-count"))
    page.goto(f"{server.url}/games/{game_id}/replay?step={total - 3}")
    page.click("#replay-autoplay")
    wait_step(page, total - 1)
    page.wait_for_selector('#replay-autoplay[aria-pressed="false"]')
    assert step(page) == total - 1
    assert errors == []
    context.close()


def test_an_uploaded_record_steps_in_one_page_too(
    browser: Any, server: ServerProcess, tmp_path: Path, shots: Path
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="zh-CN")
    page = context.new_page()
    errors = watch_errors(page)
    game_id = finished_game(page, server.url)
    record = page.request.get(f"{server.url}/api/games/{game_id}/record").text()
    upload = tmp_path / "game.txt"
    upload.write_text(record)
    page.goto(f"{server.url}/replay")
    page.set_input_files("#record", str(upload))
    page.click("#replay-submit")
    page.wait_for_selector("#replay-moment")
    check_keys(page)
    assert page.url.endswith("/replay")
    page.screenshot(path=str(shots / "replay-keys-upload-zh.png"), full_page=True)
    assert errors == []
    context.close()
