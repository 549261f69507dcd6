"""Playing at the table in Chromium: the computer's card lands after a visible pause (none
for fast players), and the 1-6 keys keep their cards while the others are played."""

from __future__ import annotations

from typing import Any

import pytest
from servers import ServerProcess
from table_browser import DESKTOP, start_game

pytestmark = pytest.mark.browser

WATCH = """() => {
  window.pauses = [];
  const table = document.getElementById("table");
  new MutationObserver(() => {
    if (table.classList.contains("waiting")) {
      const pile = [...document.querySelectorAll("#pile .card")].map((c) => c.dataset.card);
      window.pauses.push({ pile, version: table.dataset.version });
    }
  }).observe(table, { attributes: true, attributeFilter: ["class"] });
}"""


def keys_of(page: Any) -> dict[str, str]:
    buttons = page.locator("#hand button.in-hand")
    return {
        buttons.nth(i).get_attribute("data-card"): buttons.nth(i).get_attribute("data-key")
        for i in range(buttons.count())
    }


def wait_for_my_card(page: Any) -> None:
    page.wait_for_selector('#table[data-phase="play"] #hand button.in-hand:not([disabled])')


def play_by_key(page: Any) -> str:
    """Play the first card the rules allow, by its number key; return the card."""
    version = page.get_attribute("#table", "data-version")
    button = page.locator("#hand button.in-hand:not([disabled])").first
    card: str = button.get_attribute("data-card")
    page.keyboard.press(button.get_attribute("data-key"))
    page.wait_for_selector(f'#table:not([data-version="{version}"])')
    return card


def test_the_computers_card_comes_after_a_pause_unless_you_play_fast(
    chromium: Any,
    server: ServerProcess,
) -> None:
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    start_game(page, server.url, seed=12, fast=False)
    page.keyboard.press("1")
    page.keyboard.press("2")
    page.keyboard.press("Enter")
    wait_for_my_card(page)
    keys = keys_of(page)
    assert sorted(keys.values()) == ["1", "2", "3", "4"]
    page.evaluate(WATCH)
    before = page.get_attribute("#table", "data-version")
    mine = play_by_key(page)
    pauses = page.evaluate("window.pauses")
    assert pauses, "the computer's card waited a moment"
    assert pauses[0]["pile"][-1] == mine and pauses[0]["version"] == before
    pile = page.locator("#pile .card").evaluate_all("cs => cs.map((c) => c.dataset.card)")
    assert pile.index(mine) < len(pile) - 1  # and then the computer's card came
    # the remaining cards kept their numbers
    assert all(keys[card] == key for card, key in keys_of(page).items())
    # A fast player gets the computer's card at once (saved as their preference).
    page.click("#table-settings summary")
    page.select_option("#speed", "fast")
    page.wait_for_selector('#table-settings[data-saved=\'{"speed":"fast"}\']', state="attached")
    assert page.request.get(f"{server.url}/api/preferences").json()["speed"] == "fast"
    wait_for_my_card(page)
    page.evaluate(WATCH)
    play_by_key(page)
    assert page.evaluate("window.pauses") == []
    assert all(keys[card] == key for card, key in keys_of(page).items())
    context.close()
