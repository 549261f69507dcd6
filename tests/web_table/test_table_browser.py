"""The table in headless Chromium: a game resumed after the server restarts, and the phone
layout (the pegs through a game by keyboard and clicks: test_table_pegs_browser.py).

Screenshots only when asked (``CRIBKIT_SCREENSHOTS=dir``). The fixtures and page helpers
live in table_browser.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from servers import ServerProcess
from table_browser import (
    DESKTOP,
    PHONE,
    api_view,
    check_pegs,
    start_game,
    take_turn,
    watch_errors,
)

from screenshots import Snap

pytestmark = pytest.mark.browser

NEAR_THE_END = 95
"""The keyboard takes over again at a deal with a player this near 121."""


def near_the_end(view: dict[str, Any]) -> bool:
    return view["phase"] == "discard" and max(view["scores"]) >= NEAR_THE_END


def test_a_game_resumes_after_the_server_restarts(
    chromium: Any, own_server: ServerProcess, snap: Snap
) -> None:
    server = own_server  # stopped and started again: not the worker's shared server
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    game_id = start_game(page, server.url, seed=77)
    for _ in range(3):
        take_turn(page)
    before = api_view(page, server.url, game_id)
    hand = page.locator("#hand button.in-hand").all_inner_texts()
    server.stop()
    server.start()
    page.goto(f"{server.url}/")  # the home page offers the latest unfinished game
    page.click("#resume-link")
    page.wait_for_selector(f'#table[data-version="{before["version"]}"]')
    assert page.locator("#hand button.in-hand").all_inner_texts() == hand
    assert api_view(page, server.url, game_id) == before
    check_pegs(page, before)
    snap(page, "table-desktop-resumed.png", full_page=True)
    take_turn(page)  # and the game goes on
    assert api_view(page, server.url, game_id)["version"] == before["version"] + 1
    context.close()


def test_the_phone_layout_fits_an_upright_phone(
    chromium: Any, server: ServerProcess, snap: Snap
) -> None:
    context = chromium.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    start_game(page, server.url, seed=5)
    snap(page, "table-phone-discard.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    cards = page.locator("#hand button.in-hand")
    assert cards.count() == 6
    for i in range(6):
        box = cards.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert box["width"] >= 44 and box["height"] >= 60  # a finger-sized target
    board = page.locator("#pegboard").bounding_box()
    assert board["width"] <= PHONE["width"] and board["width"] >= PHONE["width"] * 0.8
    for _ in range(12):
        if take_turn(page) == "show":
            break
    snap(page, "table-phone-later.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert errors == []
    context.close()
