"""The show where the eyes are: each count (its cards, its items, its total and the Next
button) inside the first screen at three laptop sizes and a phone, with the pegboard
still in view on the laptops; screenshots in English and Chinese to be looked at.
"""

from __future__ import annotations

from typing import Any

import pytest
from counting_policy import next_move
from servers import ServerProcess
from table_browser import watch_errors

from screenshots import Snap

pytestmark = [pytest.mark.browser]

SIZES = {
    "1366x768": {"width": 1366, "height": 768},
    "1280x800": {"width": 1280, "height": 800},
    "1440x900": {"width": 1440, "height": 900},
    "390x844": {"width": 390, "height": 844},
}
LAPTOPS = ("1366x768", "1280x800", "1440x900")
COUNT_PARTS = {
    "cards": "#show-panel .show.latest .show-cards",
    "items": "#show-panel .show.latest .breakdown tbody",
    "total": "#show-panel .show.latest .breakdown tfoot",
    "next": "#primary",
}


def to_the_show(page: Any, base: str, seed: int) -> dict[str, Any]:
    """A seeded game moved through the API to its first show with a scoring count."""
    view: dict[str, Any] = page.request.post(f"{base}/api/games", data={"seed": seed}).json()[
        "view"
    ]
    for _ in range(200):
        shows = view["shows"]
        if view["phase"] == "show" and shows and shows[-1]["items"] and len(shows) < 3:
            return view
        action = next_move(view)
        assert action is not None
        body = {"action": action, "version": view["version"]}
        view = page.request.post(f"{base}/api/games/{view['id']}/actions", data=body).json()
    raise AssertionError("no show with a scoring count")


def inside(page: Any, selector: str, height: int) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


# CI fits the English show (its lines are the longer); the slow tier the Chinese too.
@pytest.mark.parametrize("locale", ["en", pytest.param("zh-CN", marks=pytest.mark.slow)])
def test_each_count_of_the_show_opens_inside_the_first_screen(
    browser: Any, server: ServerProcess, snap: Snap, locale: str
) -> None:
    for name, size in SIZES.items():
        context = browser.new_context(viewport=size, locale=locale)
        page = context.new_page()
        errors = watch_errors(page)
        view = to_the_show(page, server.url, seed=5)
        page.goto(f"{server.url}/games/{view['id']}")
        page.wait_for_selector("#show-panel .show.latest")
        for count in (1, 2):  # this count, then the next one laid down by the Next button
            assert page.evaluate("window.scrollY") == 0
            for part, selector in COUNT_PARTS.items():
                assert inside(page, selector, size["height"]), (name, part)
            if name in LAPTOPS:
                assert inside(page, ".pegboard", size["height"]), name
            snap(page, f"show-fit-{name}-{locale}-{count}.png")
            version = page.get_attribute("#table", "data-version")
            page.click("#primary")
            page.wait_for_selector(f'#table:not([data-version="{version}"])')
        assert errors == []
        context.close()
