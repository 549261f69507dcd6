"""Touch and small screens, measured in Chromium: every position of the cut spread shows a
tap target of at least 24×24 CSS px (WCAG 2.2 target size) on a phone and a laptop; the
pegboard's numbers are readable on a phone; the header is one row at 768 px; the level
choices keep full-size radios on a phone."""

from __future__ import annotations

from typing import Any

import pytest
from servers import ServerProcess
from table_browser import chromium, server  # noqa: F401

pytestmark = [pytest.mark.browser]

TARGET = 24  # CSS px, WCAG 2.2 "target size (minimum)"

# Each enabled cut card: the strip of it that no later card covers, and what is hit at
# that strip's centre (the card itself, or the tap would go elsewhere).
STRIPS = """() => {
  const cards = [...document.querySelectorAll('#spread button.cut-card:not([disabled])')];
  return cards.map((card) => {
    const box = card.getBoundingClientRect();
    const next = card.nextElementSibling;
    const nextBox = next ? next.getBoundingClientRect() : null;
    const sameRow = nextBox && Math.abs(nextBox.top - box.top) < 1;
    const width = sameRow ? Math.min(box.width, nextBox.left - box.left) : box.width;
    const hit = document.elementFromPoint(box.left + width / 2, box.top + box.height / 2);
    return { width, height: box.height, hit: hit === card || card.contains(hit) };
  });
}"""


def a_new_game(browser: Any, base: str, width: int, height: int) -> tuple[Any, Any]:
    """A touch screen of that size showing a new game at the cut for deal."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    page = context.new_page()
    game = page.request.post(f"{base}/api/games", data={"level": "random", "seed": 3}).json()
    page.goto(f"{base}/games/{game['id']}")
    page.wait_for_selector("#spread button.cut-card")
    return context, page


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 768)])
def test_every_cut_position_is_a_full_size_tap_target(
    chromium: Any,  # noqa: F811
    server: ServerProcess,  # noqa: F811
    width: int,
    height: int,
) -> None:
    context, page = a_new_game(chromium, server.url, width, height)
    page.mouse.move(0, 0)  # nothing hovered (a hovered card rises)
    strips = page.evaluate(STRIPS)
    assert len(strips) == 52
    for position, strip in enumerate(strips, start=1):
        assert strip["width"] >= TARGET and strip["height"] >= TARGET, (position, strip)
        assert strip["hit"], f"a tap on position {position} lands elsewhere"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator("#spread button.cut-card").nth(40).tap()  # a tap on a strip cuts there
    page.wait_for_selector("#table:not([data-phase='cut_for_deal']), #cut-result:not([hidden])")
    context.close()


def test_the_pegboard_numbers_are_readable_on_a_phone(
    chromium: Any,  # noqa: F811
    server: ServerProcess,  # noqa: F811
) -> None:
    context, page = a_new_game(chromium, server.url, 390, 844)
    numbers = page.locator("#pegboard text.board-number")
    assert numbers.count() == 12
    for i in range(numbers.count()):
        box = numbers.nth(i).bounding_box()
        assert box is not None and box["height"] >= 10, (i, box)  # was about 7 px
    context.close()


@pytest.mark.parametrize("locale", ["en-GB", "zh-CN"])
def test_the_header_is_one_row_at_768_px(
    chromium: Any,  # noqa: F811
    server: ServerProcess,  # noqa: F811
    locale: str,
) -> None:
    context = chromium.new_context(viewport={"width": 768, "height": 1024}, locale=locale)
    page = context.new_page()
    page.goto(f"{server.url}/rules")
    header = page.locator("header.site").bounding_box()
    assert header is not None and header["height"] <= 60, header  # one row (was 127 px)
    assert page.evaluate("document.documentElement.scrollWidth") <= 768
    links = page.locator("header.site a, header.site .current")
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 768, box
        assert box["height"] >= TARGET and box["width"] >= TARGET, (links.nth(i).inner_text(), box)
    context.close()


def test_the_level_choices_fit_on_a_phone(
    chromium: Any,  # noqa: F811
    server: ServerProcess,  # noqa: F811
) -> None:
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{server.url}/?new=1")
    radios = page.locator(".level input[type=radio]")
    assert radios.count() >= 3
    for i in range(radios.count()):
        box = radios.nth(i).bounding_box()
        assert box is not None and box["width"] >= TARGET and box["height"] >= TARGET, box
        label = page.locator(".level").nth(i).bounding_box()
        assert label is not None and label["x"] + label["width"] <= 390, label
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
