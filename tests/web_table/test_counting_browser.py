"""Counting your own hand with muggins in headless Chromium: a seeded game against the
computer where the person misses a nob (the computer takes it as muggins), counts two
short and over-claims (pegged at the true count), each checked on the pegboard and in
the table talk; the claim step on a phone, in Chinese, and without JavaScript.

Screenshots only when asked (``CRIBKIT_SCREENSHOTS=dir``).
"""

from __future__ import annotations

from typing import Any

import pytest
from counting_policy import Claims, next_move
from servers import ServerProcess
from table_browser import (
    DESKTOP,
    PHONE,
    api_view,
    check_pegs,
    choose_level,
    play_fast,
    watch_errors,
)

from screenshots import Snap

pytestmark = pytest.mark.browser

SEED = 100
"""A seed whose game gives the person a hand with his nobs (found by ``search_seed``)."""


def browser_move(page: Any, action: dict[str, Any]) -> None:
    """Make ``action`` the way a person does: a click, or a key."""
    kind = action["type"]
    if kind == "cut":
        page.locator(f'#spread button[data-position="{action["position"]}"]').dispatch_event(
            "click"
        )
    elif kind == "discard":
        for key in ("1", "2", "Enter"):
            page.keyboard.press(key)
    elif kind == "play":
        page.click(f'#hand button[data-card="{action["card"]}"]')
    elif kind == "go":
        page.keyboard.press("g")
    else:
        page.keyboard.press("n")  # the next count, or the next deal


def wait_moved(page: Any, version: str | None) -> None:
    page.wait_for_selector(f'#table:not([data-version="{version}"])', timeout=10_000)


def talk(page: Any) -> list[str]:
    lines: list[str] = page.locator("#talk li").all_inner_texts()
    return lines


def test_a_seeded_game_with_a_missed_nob_a_short_count_and_an_over_claim(
    chromium: Any,
    server: ServerProcess,
    snap: Snap,
) -> None:
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    play_fast(page, server.url)
    page.goto(f"{server.url}/?seed={SEED}")
    choose_level(page, "greedy")
    page.check("#count-own")
    page.check("#muggins")
    snap(page, "counting-desktop-new-game.png", full_page=True)
    page.focus("#start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table[data-version]")
    game_id = page.url.rsplit("/", 1)[-1]
    claims = Claims()
    for _ in range(400):
        if claims.all_made:
            break
        view = api_view(page, server.url, game_id)
        version = page.get_attribute("#table", "data-version")
        assert version == str(view["version"])
        if not any(a["type"] == "claim" for a in view["legal_actions"]):
            action = next_move(view)
            assert action is not None, view["phase"]
            browser_move(page, action)
            wait_moved(page, version)
            continue
        page.wait_for_selector("#claim-box")
        assert page.evaluate("document.activeElement.id") == "claim-points"  # keyboard first
        shown_before = page.locator("#show-panel .show").count()
        assert shown_before == len(view["shows"])  # the hand to count has no table yet
        points = claims.claim(view)
        what, _, total = claims.made[-1]
        if what != "right":
            snap(page, f"counting-desktop-ask-{what}.png", full_page=True)
        page.fill("#claim-points", str(points))
        page.keyboard.press("Enter")
        wait_moved(page, version)
        after = api_view(page, server.url, game_id)
        check_pegs(page, after)
        said = talk(page)
        mine, theirs = after["pegs"][0], after["pegs"][1]
        if what == "missed_nob":
            assert f"You counted {points}: 1 missed." in said
            assert "Muggins: 1 for Computer." in said
            assert theirs["front"] - theirs["back"] == 1  # the computer's peg leaps the nob
            page.reload()  # the talk is told again from the record, each line once
            page.wait_for_selector(f'#table[data-version="{after["version"]}"]')
            page.wait_for_selector("#sheet-panel[data-version]", state="attached")
            said = talk(page)
            assert said.count(f"You counted {points}: 1 missed.") == 1
            assert said.count("Muggins: 1 for Computer.") == 1
            check_pegs(page, after)
        elif what == "short":
            assert f"You counted {points}: 2 missed." in said
            assert "Muggins: 2 for Computer." in said
            assert theirs["front"] - theirs["back"] == 2
        elif what == "over":
            line = f"You claimed {points}: over-claimed by 3, so only {total} is pegged."
            assert line in said
            assert mine["front"] - mine["back"] == total  # the true count, never the claim
            claimed = [s for s in after["shows"] if s["claim"] == points]
            assert claimed and claimed[-1]["muggins"] == 0  # nothing to take from an over-claim
        else:
            assert f"You counted {points}: exactly right." in said
        result = page.locator("#show-panel .show .claim-result").first.inner_text()
        assert f"{points}" in result
        if what != "right":
            snap(page, f"counting-desktop-{what}.png", full_page=True)
    assert claims.all_made, claims.made
    assert errors == []
    context.close()


def _to_the_claim(page: Any, base: str, *, zh: bool = False) -> dict[str, Any]:
    """A seeded game with both options, moved through the API to the person's first claim."""
    headers = {"Accept-Language": "zh-CN"} if zh else {}
    view: dict[str, Any] = page.request.post(
        f"{base}/api/games",
        data={"level": "greedy", "seed": SEED, "count_own": True, "muggins": True},
        headers=headers,
    ).json()["view"]
    while not any(a["type"] == "claim" for a in view["legal_actions"]):
        action = next_move(view)
        assert action is not None
        view = page.request.post(
            f"{base}/api/games/{view['id']}/actions",
            data={"action": action, "version": view["version"]},
        ).json()
    return view


def test_the_claim_step_on_a_phone_in_chinese_and_without_javascript(
    chromium: Any,
    server: ServerProcess,
    snap: Snap,
) -> None:
    phone = chromium.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
    page = phone.new_page()
    view = _to_the_claim(page, server.url)
    page.goto(f"{server.url}/games/{view['id']}")
    page.wait_for_selector("#claim-box")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    snap(page, "counting-phone-ask.png", full_page=True)
    # counting by picking: two cards, "pair", and the count field says 2; removed, 0
    assert page.locator('.claim-kind[data-kind="pair"]').is_disabled()
    page.locator(".claim-card").nth(0).click()
    page.locator(".claim-card").nth(1).click()
    page.click('.claim-kind[data-kind="pair"]')
    assert page.input_value("#claim-points") == "2"
    assert page.locator("#claim-picked li").count() == 1
    assert page.locator(".claim-card.chosen").count() == 0
    snap(page, "counting-phone-picked.png", full_page=True)
    page.click("#claim-picked .claim-remove")
    assert page.input_value("#claim-points") == "0"
    page.fill("#claim-points", "30")
    page.click("#claim-button")
    assert "a whole number from 0 to 29" in page.inner_text("#message")  # refused on the page
    phone.close()

    chinese = chromium.new_context(viewport=DESKTOP, locale="zh-CN")
    page = chinese.new_page()
    view = _to_the_claim(page, server.url, zh=True)
    page.goto(f"{server.url}/games/{view['id']}")
    page.wait_for_selector("#claim-box")
    assert "数一数你的" in page.inner_text("#claim-box")
    snap(page, "counting-zh-ask.png", full_page=True)
    version = page.get_attribute("#table", "data-version")
    page.fill("#claim-points", "0")
    page.keyboard.press("Enter")
    wait_moved(page, version)
    assert any("报了 0 分" in line for line in talk(page))
    snap(page, "counting-zh-claimed.png", full_page=True)
    chinese.close()

    plain = chromium.new_context(viewport=DESKTOP, java_script_enabled=False)
    page = plain.new_page()
    view = _to_the_claim(page, server.url)
    page.goto(f"{server.url}/games/{view['id']}")
    assert page.is_visible(".plain-claim")
    snap(page, "counting-nojs-ask.png", full_page=True)
    page.fill("#plain-claim-points", "29")
    page.click('.plain-claim button[data-move="claim"]')
    page.wait_for_selector(".plain-show .claim-result")
    assert "over-claimed by" in page.inner_text(".plain-show .claim-result") or (
        "exactly right" in page.inner_text(".plain-show .claim-result")
    )
    snap(page, "counting-nojs-claimed.png", full_page=True)
    plain.close()
