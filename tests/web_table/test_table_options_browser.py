"""The new-game forms and the Hint in headless Chromium: muggins can only be ticked under
"count my own hand" (and goes with it), and no Hint is offered during a cut.
"""

from __future__ import annotations

from typing import Any

import pytest
from servers import ServerProcess
from table_browser import DESKTOP, choose_level, watch_errors

pytestmark = [pytest.mark.browser]


def open_home(chromium: Any, server: ServerProcess, query: str) -> tuple[Any, list[str]]:
    """The home page's new-game form in a fresh desktop tab, with its errors watched."""
    page = chromium.new_context(viewport=DESKTOP).new_page()
    errors = watch_errors(page)
    page.goto(f"{server.url}/?{query}")
    return page, errors


def test_muggins_waits_for_counting_your_own_hand(chromium: Any, server: ServerProcess) -> None:
    page, errors = open_home(chromium, server, "new=1")
    page.wait_for_selector("html.scripted, #table.scripted")
    for parent, child in (("#count-own", "#muggins"), ("#friend-count-own", "#friend-muggins")):
        assert page.locator(child).is_disabled(), child
        page.check(parent)
        assert page.locator(child).is_enabled()
        page.check(child)
        page.uncheck(parent)  # muggins goes with it: never left ticked alone
        assert page.locator(child).is_disabled() and not page.locator(child).is_checked()
    page.check("#count-own")
    page.check("#muggins")
    page.click("#start")
    page.wait_for_selector("#spread button.cut-card")
    game_id = page.url.rsplit("/", 1)[-1]
    view = page.request.get(f"{server.url}/api/games/{game_id}").json()
    assert view["counting"] == {"manual_count": [0], "muggins": True}
    assert errors == []


def test_no_hint_button_during_the_cut(chromium: Any, server: ServerProcess) -> None:
    page, errors = open_home(chromium, server, "seed=5")
    choose_level(page, "random")
    page.click("#start")
    page.wait_for_selector("#spread button.cut-card:not([disabled])")
    assert page.locator("#hint-button").is_hidden()
    page.keyboard.press("h")  # the key asks nothing either
    assert page.locator("#hint-box").is_hidden()
    page.locator("#spread button.cut-card:not([disabled])").nth(20).click(
        position={"x": 3, "y": 12}
    )
    page.wait_for_selector("#hand button.in-hand")
    assert page.locator("#hint-button").is_visible()
    for key in ("1", "2", "Enter"):  # the throw; then, as pone, the cut of the pack
        page.keyboard.press(key)
    page.wait_for_selector('#table[data-phase="starter"] #spread button.cut-card:not([disabled])')
    assert page.locator("#hint-button").is_hidden()
    page.keyboard.press("h")
    assert page.locator("#hint-box").is_hidden()
    assert errors == []
