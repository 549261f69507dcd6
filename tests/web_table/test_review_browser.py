"""The game review in headless Chromium: from the end banner (with and without the
script) to the review and on to the replay at a decision; the review page and the /stats
chart at desktop and phone widths, in English and Chinese, and on paper.

Screenshots only when asked (``CRIBKIT_SCREENSHOTS=dir``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from servers import ServerProcess
from table_browser import api_view, start_game, watch_errors
from test_history_browser import finish_by_api

from screenshots import Snap

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
LOOKS = (
    (DESKTOP, "en", "desktop-en"),
    (PHONE, "en", "phone-en"),
    (DESKTOP, "zh-CN", "desktop-zh"),
    (PHONE, "zh-CN", "phone-zh"),
)
"""Each (viewport, locale, screenshot suffix) a review page is looked at in."""
COUNTING_TITLE = {"en": "Your counting", "zh-CN": "你的算分"}

pytestmark = pytest.mark.browser


def each_look(browser: Any, state: Any) -> Iterator[tuple[Any, dict[str, int], str, str, Any]]:
    """A fresh page of the player whose cookies ``state`` holds, in each of ``LOOKS``:
    (page, viewport, locale, screenshot suffix, the page's errors); its context closed after."""
    for viewport, locale, name in LOOKS:
        context = browser.new_context(viewport=viewport, locale=locale, storage_state=state)
        page = context.new_page()
        yield page, viewport, locale, name, watch_errors(page)
        context.close()


def test_the_end_banner_leads_to_the_review_and_the_review_to_the_replay(
    browser: Any,
    server: ServerProcess,
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    game_id = start_game(page, server.url, seed=77, level="random")
    assert page.locator("#review-link").is_hidden()  # a game in progress has no review
    final = finish_by_api(page, server.url, game_id)
    page.reload()
    page.wait_for_selector("#banner:not([hidden])")
    page.wait_for_selector("#review-link:not([hidden])")
    page.click("#review-link")
    page.wait_for_selector("#review-figures")
    assert page.url == f"{server.url}/games/{game_id}/review"
    review = page.request.get(f"{server.url}/api/games/{game_id}/review").json()
    shown = page.inner_text('[data-figure="accuracy"]')
    assert shown == f"{review['accuracy']:.2f}"
    mine, theirs = final["outcome"]["scores"]
    assert f"{mine}–{theirs}" in page.inner_text("#review-lead")
    first = page.locator("#mistakes li.mistake").first
    step = int(first.get_attribute("data-step") or "")
    first.locator("a.replay-moment").click()
    page.wait_for_selector("#from-review")
    assert page.url.endswith(f"/games/{game_id}/replay?action={step}")
    assert page.get_attribute("#said", "data-kind") == first_kind(review, step)
    page.click("#from-review a")
    page.wait_for_selector("#review-figures")
    assert errors == []
    context.close()


def first_kind(review: dict[str, Any], step: int) -> str:
    kind: str = next(d["kind"] for d in review["decisions"] if d["step"] == step)
    return kind


def test_the_table_without_a_script_leads_to_the_review(
    browser: Any,
    server: ServerProcess,
) -> None:
    context = browser.new_context(viewport=DESKTOP, java_script_enabled=False)
    page = context.new_page()
    answer = page.request.post(f"{server.url}/api/games", data={"level": "random", "seed": 78})
    game_id = answer.json()["id"]
    finish_by_api(page, server.url, game_id)
    page.goto(f"{server.url}/games/{game_id}")
    page.click("#plain-review-link")
    page.wait_for_selector("#review-figures")
    assert page.url == f"{server.url}/games/{game_id}/review"
    assert page.locator("#mistakes li.mistake, #no-mistakes").count() >= 1
    page.goto(f"{server.url}/stats")
    page.click(f'tr[data-game="{game_id}"] a.review-link')
    page.wait_for_selector("#review-figures")
    page.goto(f"{server.url}/games/{game_id}/replay")
    page.click("#replay-review")
    page.wait_for_selector("#review-figures")
    context.close()


def test_the_review_and_the_chart_look_right(
    browser: Any,
    server: ServerProcess,
    snap: Snap,
) -> None:
    maker = browser.new_context(viewport=DESKTOP)
    page = maker.new_page()
    games = []
    # The first game (whose review page is looked at) against the hard computer; the other
    # three, only points on the chart, against the random one, whose replies cost nothing.
    for seed, level in ((81, "expert"), (82, "random"), (83, "random"), (84, "random")):
        answer = page.request.post(f"{server.url}/api/games", data={"level": level, "seed": seed})
        games.append(answer.json()["id"])
        finish_by_api(page, server.url, games[-1])
        assert api_view(page, server.url, games[-1])["status"] == "finished"
    state = maker.storage_state()
    maker.close()
    for page, viewport, _locale, name, errors in each_look(browser, state):
        page.goto(f"{server.url}/games/{games[0]}/review")
        page.wait_for_selector("#review-figures")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        snap(page, f"review-{name}.png", full_page=True)
        page.goto(f"{server.url}/stats")
        page.goto(f"{server.url}/stats")  # the older games are reviewed a few per visit
        assert page.locator("#accuracy-chart circle.point").count() == len(games)
        box = page.locator("#accuracy-chart").bounding_box()
        assert box is not None and box["width"] <= viewport["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.locator("#accuracy-chart").scroll_into_view_if_needed()
        snap(page, f"review-stats-{name}.png", full_page=True)
        assert errors == []
    context = browser.new_context(viewport=DESKTOP, storage_state=state)
    page = context.new_page()
    page.goto(f"{server.url}/games/{games[0]}/review")
    page.emulate_media(media="print")
    assert page.locator(".review-actions").is_hidden()
    assert page.locator("a.replay-moment").first.is_hidden()
    snap(page, "review-print.png", full_page=True)
    context.close()


def test_the_counting_section_reads_right_at_both_widths_and_in_both_languages(
    browser: Any,
    server: ServerProcess,
    snap: Snap,
) -> None:
    """A game counted by its player (every count said as 0, under muggins): the review's
    counting section shows each count, none horizontal scrolling, in English and Chinese."""
    maker = browser.new_context(viewport=DESKTOP)
    page = maker.new_page()
    settings = {"level": "random", "seed": 85, "count_own": True, "muggins": True}
    game_id = page.request.post(f"{server.url}/api/games", data=settings).json()["id"]
    finish_by_api(page, server.url, game_id)  # the first legal claim is always 0
    state = maker.storage_state()
    maker.close()
    for page, viewport, locale, name, errors in each_look(browser, state):
        page.goto(f"{server.url}/games/{game_id}/review")
        section = page.locator("#review-counting")
        section.wait_for()
        assert page.locator("#counting-title").inner_text() == COUNTING_TITLE[locale]
        shows = page.locator("#counts li.counted-show")
        assert shows.count() >= 3
        results = {shows.nth(i).get_attribute("data-result") for i in range(shows.count())}
        assert results <= {"short", "right"} and "short" in results
        missed = int(page.locator('[data-figure="counting_missed"]').inner_text())
        assert missed > 0
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        section.scroll_into_view_if_needed()
        snap(page, f"review-counting-{name}.png", full_page=True)
        assert errors == []
