"""The cut in the person's hands, in Chromium: a face-down spread for the deal (by click
or by key), both faces shown and low deals; as pone, the pack cut for the starter. The
page only ever sends a position, and the view never holds a card before it is turned."""

from __future__ import annotations

import json
from typing import Any

import pytest
from servers import ServerProcess
from table_browser import (
    DESKTOP,
    PHONE,
    api_view,
    play_fast,
    take_turn,
)

from screenshots import Snap

pytestmark = pytest.mark.browser

RANKS = "A23456789TJQK"


def new_game(page: Any, base: str, seed: int) -> str:
    play_fast(page, base)
    page.goto(f"{base}/?seed={seed}")
    page.click("#start")
    page.wait_for_selector("#spread button.cut-card")
    return str(page.url.rsplit("/", 1)[-1])


def watch_posts(page: Any) -> list[dict[str, Any]]:
    posted: list[dict[str, Any]] = []
    page.on(
        "request",
        lambda r: (
            posted.append(json.loads(r.post_data)["action"])
            if r.method == "POST" and r.url.endswith("/actions")
            else None
        ),
    )
    return posted


def cut_for_deal(page: Any, *, by_key: bool) -> None:
    """Cut until the deal is settled (a tie cuts again)."""
    while page.get_attribute("#table", "data-phase") == "cut_for_deal":
        version = page.get_attribute("#table", "data-version")
        spread = page.locator("#spread button.cut-card:not([disabled])")
        assert spread.count() in (51, 52)  # a position taken in a tie's earlier round
        if by_key:
            for _ in range(5):
                page.keyboard.press("ArrowRight")
            assert page.evaluate("document.activeElement.dataset.position") is not None
            page.keyboard.press("Enter")
        else:
            spread.nth(30).click(position={"x": 3, "y": 12})
        page.wait_for_selector(f'#table:not([data-version="{version}"])')


@pytest.mark.parametrize("by_key", [False, True])
def test_the_cut_for_deal_by_click_or_key_shows_both_cards_and_low_deals(
    chromium: Any,
    server: ServerProcess,
    snap: Snap,
    by_key: bool,
) -> None:
    context = chromium.new_context(viewport=PHONE if by_key else DESKTOP)
    page = context.new_page()
    posted = watch_posts(page)
    game_id = new_game(page, server.url, seed=41 if by_key else 40)
    before = api_view(page, server.url, game_id)
    assert before["phase"] == "cut_for_deal" and before["hand"] == []
    assert {a["type"] for a in before["legal_actions"]} == {"cut"}
    snap(page, f"table-cut-{'phone' if by_key else 'desktop'}.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    cut_for_deal(page, by_key=by_key)
    assert posted and all(set(a) == {"type", "player", "position"} for a in posted)
    view = api_view(page, server.url, game_id)
    mine, theirs = view["cut_for_deal"][-1]
    assert RANKS.index(mine[0]) != RANKS.index(theirs[0])
    assert view["dealer"] == (0 if RANKS.index(mine[0]) < RANKS.index(theirs[0]) else 1)
    result = page.locator("#cut-result")
    assert result.is_visible()
    faces = result.locator(".card").evaluate_all("cs => cs.map((c) => c.dataset.card)")
    assert faces == [mine, theirs]
    snap(page, f"table-cut-result-{'phone' if by_key else 'desktop'}.png")
    context.close()


def test_as_pone_you_cut_the_pack_and_the_dealer_turns_the_starter(
    chromium: Any,
    server: ServerProcess,
    snap: Snap,
) -> None:
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    posted = watch_posts(page)
    game_id = new_game(page, server.url, seed=40)
    for _ in range(80):
        view = api_view(page, server.url, game_id)
        if view["phase"] == "starter":
            break
        take_turn(page)
    assert view["phase"] == "starter" and view["dealer"] == 1 and view["starter"] is None
    positions = sorted(a["position"] for a in view["legal_actions"])
    assert positions == list(range(4, 37))
    assert "pack" in (page.get_attribute("#spread", "class") or "")
    assert page.locator("#spread button.cut-card").count() == len(positions)
    snap(page, "table-cut-pack.png")
    version = page.get_attribute("#table", "data-version")
    page.keyboard.press("ArrowLeft")  # the last place, by key
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#table:not([data-version="{version}"])')
    after = api_view(page, server.url, game_id)
    assert after["starter"] is not None and after["starter_position"] == 36
    assert posted[-1] == {"type": "cut", "player": 0, "position": 36}
    assert page.locator("#starter .card").get_attribute("data-card") == after["starter"]
    context.close()
