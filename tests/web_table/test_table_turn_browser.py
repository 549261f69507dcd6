"""Your turn, when the tab is hidden: the title and the favicon say it (and stop once the
tab is seen again), the optional tone sounds once, and the table's settings panel saves
the pace and the signals as the player's preferences.

Playwright cannot hide a tab, so the page is told it is hidden the way a browser tells
it: ``document.visibilityState`` and a ``visibilitychange`` event.
"""

from __future__ import annotations

from typing import Any

import pytest
from servers import ServerProcess
from table_browser import DESKTOP, play_fast, start_game, watch_errors

pytestmark = [pytest.mark.browser]

SEEN_AS = """(state) => {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  Object.defineProperty(document, "hidden", { value: state === "hidden", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def discard(page: Any, *, hidden: bool) -> None:
    """Lay away two cards (with the tab hidden, if asked, before the turn comes back)."""
    version = page.get_attribute("#table", "data-version")
    page.keyboard.press("1")
    page.keyboard.press("2")
    if hidden:
        page.evaluate(SEEN_AS, "hidden")
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#table:not([data-version="{version}"]):not(.busy)')


def test_the_title_and_favicon_say_your_turn_while_the_tab_is_hidden(
    browser: Any, server: ServerProcess
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.request.put(f"{server.url}/api/preferences", data={"sound": True})
    start_game(page, server.url, seed=3)  # the computer deals: the person leads the play
    plain = page.title()
    assert page.get_attribute("#table", "data-turn-signal") is None
    discard(page, hidden=True)
    page.wait_for_selector('#table[data-turn-signal="on"]', state="attached")
    assert page.title() == f"Your turn · {plain}"
    assert "favicon-turn.svg" in page.get_attribute('link[rel="icon"]', "href")
    assert page.get_attribute("#table", "data-chimed") == "1"
    page.evaluate(SEEN_AS, "visible")
    assert page.title() == plain
    assert "/favicon.svg" in page.get_attribute('link[rel="icon"]', "href")
    assert errors == []
    context.close()


def test_a_visible_tab_keeps_its_title_and_the_sound_is_off_by_default(
    browser: Any, server: ServerProcess
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    start_game(page, server.url, seed=3)
    plain = page.title()
    discard(page, hidden=False)
    assert page.title() == plain
    discard_next_hand = page.get_attribute("#table", "data-chimed")
    assert discard_next_hand is None  # no tone unless the player turned it on
    context.close()


def test_the_settings_panel_saves_the_pace_and_the_signals(
    browser: Any, server: ServerProcess
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="zh-CN")
    page = context.new_page()
    errors = watch_errors(page)
    play_fast(page, server.url, fast=False)
    start_game(page, server.url, seed=3, fast=False)
    page.click("#table-settings summary")
    assert page.input_value("#speed") == "normal"
    assert page.is_checked("#auto-go") and not page.is_checked("#auto-last")
    page.select_option("#speed", "relaxed")
    page.wait_for_selector('#table-settings[data-saved=\'{"speed":"relaxed"}\']', state="attached")
    page.uncheck("#auto-go")
    page.wait_for_selector("#table-settings[data-saved='{\"auto_go\":false}']", state="attached")
    page.check("#auto-last")
    page.wait_for_selector("#table-settings[data-saved='{\"auto_last\":true}']", state="attached")
    saved = page.request.get(f"{server.url}/api/preferences").json()
    assert (saved["speed"], saved["auto_go"], saved["auto_last"]) == ("relaxed", False, True)
    page.reload()
    page.wait_for_selector("#table[data-version]")
    assert page.input_value("#speed") == "relaxed"
    assert "设置" in page.inner_text("#table-settings summary")
    assert errors == []
    context.close()


FAKE_NOTIFICATIONS = """
window.asked = 0;
window.shown = [];
window.Notification = class {
  static permission = "default";
  static async requestPermission() {
    window.asked += 1;
    window.Notification.permission = "granted";
    return "granted";
  }
  constructor(title, options) { window.shown.push(title); }
};
"""
"""The browser's Notification API, recording when the page asks and what it shows."""


def test_notifications_are_asked_for_only_when_turned_on_and_only_for_friend_games(
    browser: Any, server: ServerProcess
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(FAKE_NOTIFICATIONS)
    page = context.new_page()
    start_game(page, server.url, seed=3)
    assert page.evaluate("window.asked") == 0  # nothing asked before the player wants it
    page.click("#table-settings summary")
    page.check("#turn-notify")
    page.wait_for_selector("#table-settings[data-saved='{\"notify\":true}']", state="attached")
    assert page.evaluate("window.asked") == 1
    discard(page, hidden=True)
    page.wait_for_selector('#table[data-turn-signal="on"]', state="attached")
    assert page.evaluate("window.shown") == []  # the computer's game: the title says it
    context.close()
