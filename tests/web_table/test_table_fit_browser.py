"""The table fits the screen: at common laptop sizes and an upright phone the main action
and the hint's explanation are in view without scrolling, and no page scrolls sideways
on a phone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from servers import ServerProcess
from table_browser import (
    start_game,
    take_turn,
)

from screenshots import Snap

pytestmark = pytest.mark.browser

SIZES = [(1366, 768), (1280, 800), (1440, 900), (390, 844)]
PAGES = [
    "/",
    "/calculator",
    "/advisor",
    "/rules",
    "/reference",
    "/stats",
    "/replay",
    "/practice",
    "/practice/count?kind=hard&seed=21",
    "/practice/discard?seed=11",
    "/practice/pegging?seed=5",
]


def in_view(page: Any, selector: str) -> bool:
    """Whether the element is wholly inside the viewport as the page stands (no scroll)."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None, selector
    return bool(
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_main_action_and_the_hint_are_in_view(
    chromium: Any,
    server: ServerProcess,
    snap: Snap,
    width: int,
    height: int,
) -> None:
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    start_game(page, server.url, seed=8)
    page.keyboard.press("1")
    page.keyboard.press("h")
    page.wait_for_selector("#hint-box:not([hidden])")
    snap(page, f"table-fit-{width}x{height}-discard.png")
    assert page.evaluate("window.scrollY") == 0
    assert in_view(page, "#primary"), "lay away"
    assert in_view(page, "#hint-box"), "the hint's explanation"
    for i in range(6):
        assert in_view(page, f"#hand button.in-hand >> nth={i}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.keyboard.press("1")  # choosing cards keeps the hint's marks until the discard
    assert page.locator("#hand button.suggested").count() == 2
    seen: set[str] = set()
    for _ in range(40):
        phase = page.get_attribute("#table", "data-phase")
        if phase == "play" and page.locator("#hand button.in-hand:not([disabled])").count():
            page.evaluate("window.scrollTo(0, 0)")
            assert in_view(page, "#hand button.in-hand:not([disabled])"), "a card to play"
            seen.add("play")
        if phase == "show":
            page.evaluate("window.scrollTo(0, 0)")
            assert in_view(page, "#primary"), "next count"
            if "show" not in seen:
                snap(page, f"table-fit-{width}x{height}-show.png")
            seen.add("show")
        if seen == {"play", "show"} or phase == "game_over":
            break
        take_turn(page)
    assert seen == {"play", "show"}
    context.close()


def phone_pages(browser: Any, base: str, path: str, width: int) -> Iterator[tuple[Any, str]]:
    """``path`` on a phone ``width`` px wide, in English and then in Chinese."""
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    for language in ("en", "zh"):
        page.goto(f"{base}/lang/{language}?next={quote(path, safe='/')}")
        yield page, language
    context.close()


def shot_name(path: str) -> str:
    return re.sub(r"\W+", "-", path.strip("/")) or "table"


@pytest.mark.parametrize("path", PAGES)
def test_no_page_scrolls_sideways_on_a_phone(
    chromium: Any,
    server: ServerProcess,
    snap: Snap,
    path: str,
) -> None:
    for page, language in phone_pages(chromium, server.url, path, 390):
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, (path, language)
        assert header_overflow(page) == [], (path, language)
        snap(page, f"phone-{shot_name(path)}-{language}.png", full_page=True)


HEADER_OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll("header.site, header.site *")) {
    const box = el.getBoundingClientRect();
    if (box.width && (box.left < 0 || box.right > width + 0.5)) out.push(el.outerHTML.slice(0, 80));
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") {
      out.push("scrolls: " + el.outerHTML.slice(0, 80));
    }
  }
  return out;
}"""
"""Every part of the site's header that runs past the right edge, or hides part of itself
in a sideways scroll (a menu whose last links slide out of sight): none may."""


def header_overflow(page: Any) -> list[str]:
    found: list[str] = page.evaluate(HEADER_OVERFLOW)
    return found


@pytest.mark.parametrize("path", ["/", "/stats", "/practice"])
def test_the_site_menu_fits_the_narrowest_phone(
    chromium: Any,
    server: ServerProcess,
    snap: Snap,
    path: str,
) -> None:
    for page, language in phone_pages(chromium, server.url, path, 320):
        assert header_overflow(page) == [], (path, language)
        links = page.locator(".main-nav a")
        assert links.count() == 8  # Table … Stats, Settings
        for index in range(links.count()):  # every link of the menu is on the screen
            box = links.nth(index).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320
        snap(page, f"phone320-header-{shot_name(path)}-{language}.png")
