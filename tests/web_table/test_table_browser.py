"""The table in headless Chromium: a game to its end by keyboard and clicks (the first
deal and the last ones; the deals between through the API), the pegs where the scores say,
a game resumed after the server restarts, and the phone layout.

Screenshots only when asked (``CRIBKIT_SCREENSHOTS=dir``). The fixtures and page helpers
live in table_browser.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from servers import ServerProcess
from table_browser import (
    DESKTOP,
    MAX_MOVES,
    PHONE,
    advance_by_api,
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


def test_a_whole_seeded_game_by_keyboard_with_the_pegs_following_the_score(
    chromium: Any, server: ServerProcess, snap: Snap
) -> None:
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    game_id = start_game(page, server.url, seed=2024)
    page.keyboard.press("h")  # the advisor's hint marks the two cards to throw
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.locator("#hand button.suggested").count() == 2
    snap(page, "table-desktop-discard.png", full_page=True)
    taken: set[str] = set()
    skipped = False
    for _ in range(MAX_MOVES):
        if page.get_attribute("#table", "data-phase") == "game_over":
            break
        if "show" in taken and not skipped:  # the first deal by keyboard, then the last ones
            page.goto("about:blank")
            advance_by_api(page, server.url, game_id, until=near_the_end)
            page.goto(f"{server.url}/games/{game_id}")
            page.wait_for_selector("#table[data-version]")
            skipped = True
            continue
        phase = take_turn(page)
        check_pegs(page, api_view(page, server.url, game_id))
        if phase not in taken and phase in ("play", "show"):
            taken.add(phase)
            snap(page, f"table-desktop-{phase}.png", full_page=True)
    view = api_view(page, server.url, game_id)
    assert view["phase"] == "game_over" and max(view["scores"]) >= 121
    check_pegs(page, view)
    assert page.is_visible("#banner")
    you, computer = view["outcome"]["scores"]
    assert str(you) in page.inner_text("#banner-text")
    assert str(computer) in page.inner_text("#banner-text")
    skunks = {"none": 0, "skunk": 1, "double_skunk": 2}[view["outcome"]["skunk"]]
    assert page.locator("#skunks img.skunk").count() == skunks
    snap(page, "table-desktop-game-over.png", full_page=True)
    assert "Replay" in page.goto(f"{server.url}/stats").text()
    snap(page, "stats-desktop.png", full_page=True)
    assert errors == []
    context.close()


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
    page.goto(f"{server.url}/")  # the table resumes the latest unfinished game
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
