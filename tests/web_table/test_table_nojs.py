"""The table with JavaScript turned off: a game played to its end with plain form buttons
that post and come back, the board and the scores drawn by the server at every step (the
first deal and the last deals by the forms; the deals between by the JSON API, quickly)."""

from __future__ import annotations

from typing import Any

import pytest
from servers import ServerProcess
from table_browser import MAX_MOVES, advance_by_api, api_view

from screenshots import Snap

pytestmark = pytest.mark.browser

NEAR_THE_END = 95
"""The forms take over again at a deal with a player this near 121 (a deal or three left)."""


def posted(page: Any, button: Any, **click: Any) -> None:
    """Click a form button and wait for the page it posts to, so the next look is at it.

    Without the wait a loaded machine can read the page being left behind (once, in CI,
    the start page: the loop over the cut saw no cut and the test waited on a discard).
    """
    with page.expect_navigation():
        button.click(**click)


def plain_turn(page: Any) -> str:
    """Make the person's next move with the server's forms; return what was done."""
    boxes = page.locator('.plain-discard input[name="cards"]')
    if boxes.count():
        boxes.nth(0).check()
        boxes.nth(1).check()
        posted(page, page.locator('.plain-discard button[data-move="discard"]'))
        return "discard"
    cut = page.locator(".plain-cut button.cut-card")
    if cut.count():
        posted(page, cut.nth(cut.count() // 2), position={"x": 3, "y": 12})  # its showing edge
        return "cut"
    cards = page.locator(".plain-play button.plain-card:not([disabled])")
    if cards.count():
        posted(page, cards.nth(0))
        return "play"
    for move in ("go", "count", "next"):
        button = page.locator(f'.plain-table button[data-move="{move}"]')
        if button.count():
            posted(page, button)
            return move
    raise AssertionError(f"no move offered:\n{page.inner_text('#plain-table')}")


def near_the_end(view: dict[str, Any]) -> bool:
    return view["phase"] == "discard" and max(view["scores"]) >= NEAR_THE_END


def test_a_game_to_its_end_without_javascript(
    chromium: Any,
    server: ServerProcess,
    snap: Snap,
) -> None:
    context = chromium.new_context(
        viewport={"width": 1366, "height": 768}, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(f"{server.url}/?seed=4242")
    page.check('input[name="level"][value="easy"]')
    posted(page, page.locator("#start"))
    page.wait_for_selector("#plain-table")
    game_id = page.url.rsplit("/", 1)[-1]
    assert not page.is_visible("#hand") and not page.is_visible("#talk")  # the script's felt
    skipped = False
    done: set[str] = set()
    for _ in range(MAX_MOVES):
        if page.locator("#plain-banner").count():
            break
        if "next" in done and not skipped:  # the first deal is done: on to the last ones
            advance_by_api(page, server.url, game_id, until=near_the_end)
            page.goto(f"{server.url}/games/{game_id}")
            skipped = True
            continue
        view = api_view(page, server.url, game_id)
        for player in (0, 1):
            assert page.inner_text(f"#score-{player}") == str(view["scores"][player])
            front = page.locator(f"#peg-{player}-front")
            assert int(front.get_attribute("data-score")) == view["pegs"][player]["front"]
        version = view["version"]
        move = plain_turn(page)
        if move not in done:
            done.add(move)
            snap(page, f"table-nojs-{move}.png", full_page=True)
        assert api_view(page, server.url, game_id)["version"] == version + 1, move
        assert page.url.endswith(f"/games/{game_id}")  # redirected back to the table
    view = api_view(page, server.url, game_id)
    assert view["phase"] == "game_over" and max(view["scores"]) == 121
    assert {"cut", "discard", "play", "count", "next"} <= done
    banner = page.inner_text("#plain-banner")
    assert str(view["outcome"]["scores"][0]) in banner
    rows = page.locator("#plain-score-sheet tbody tr")  # the score sheet, drawn by the server
    assert rows.count() == view["hand_number"]
    last = rows.nth(rows.count() - 1)
    totals = [last.locator(f"td.total.lane-{player}").inner_text() for player in (0, 1)]
    assert totals == [str(score) for score in view["outcome"]["scores"]]
    record = page.locator("#plain-banner a[download]").get_attribute("href")
    assert record == f"/api/games/{game_id}/record"
    assert page.request.get(f"{server.url}{record}").text().startswith("# cribkit game record")
    snap(page, "table-nojs-game-over.png", full_page=True)
    context.close()


def test_a_refused_form_move_says_why_and_changes_nothing(
    chromium: Any,
    server: ServerProcess,
) -> None:
    context = chromium.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{server.url}/?seed=99")
    posted(page, page.locator("#start"))
    while page.locator(".plain-cut").count():  # the cut for deal first, by a position
        assert plain_turn(page) == "cut"
    page.wait_for_selector(".plain-discard")
    game_id = page.url.rsplit("/", 1)[-1]
    version = api_view(page, server.url, game_id)["version"]
    page.locator('.plain-discard input[name="cards"]').nth(0).check()
    posted(page, page.locator('.plain-discard button[data-move="discard"]'))  # one card only
    assert page.locator(".plain-problem").count() == 1
    assert api_view(page, server.url, game_id)["version"] == version
    assert page.locator(".plain-discard").count() == 1  # still the discard, nothing lost
    context.close()
