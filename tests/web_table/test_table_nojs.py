"""The table with JavaScript turned off: a game played to its end with plain form buttons
that post and come back to the table's anchor, the board and the scores drawn by the server
and the decision inside the first screen at every step (1366×768 and 390×844; the first deal
and the last deals by the forms, the deals between by the JSON API, quickly)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from servers import ServerProcess
from table_browser import MAX_MOVES, PHONE, advance_by_api, api_view

from screenshots import Snap

pytestmark = pytest.mark.browser

NEAR_THE_END = 95
"""The forms take over again at a deal with a player this near 121 (a deal or three left)."""
DESKTOP = {"width": 1366, "height": 768}
DECISION = "#plain-banner, #plain-decision form, #plain-turn, #plain-waiting"
"""What the person must see without scrolling: the move to make, the end, or whose turn."""


def decision_in_view(page: Any) -> None:
    """The decision (every form of it) lies inside the first screen as the page landed."""
    height = page.viewport_size["height"]
    found = page.locator(DECISION)
    assert found.count(), page.inner_text("#plain-table")
    for index in range(found.count()):
        box = found.nth(index).bounding_box()
        if box is None:  # a form drawn as display: contents has no box of its own
            continue
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (page.url, box)


def posted(page: Any, button: Any, **click: Any) -> None:
    """Click a form button and wait for the page it posts to, so the next look is at it.

    Without the wait a loaded machine can read the page being left behind (once, in CI,
    the start page: the loop over the cut saw no cut and the test waited on a discard).
    """
    with page.expect_navigation():
        button.click(**click)


def plain_turn(page: Any, seat: int = 0) -> str:
    """Make the person's next move with the server's forms; return what was done (the two
    seats of a friend table cut at different places of the spread)."""
    boxes = page.locator('.plain-discard input[name="cards"]')
    if boxes.count():
        boxes.nth(0).check()
        boxes.nth(1).check()
        posted(page, page.locator('.plain-discard button[data-move="discard"]'))
        return "discard"
    cut = page.locator(".plain-cut button.cut-card")
    if cut.count():
        index = cut.count() // 2 if seat == 0 else cut.count() - 1  # apart; the whole card shows
        posted(page, cut.nth(index), position={"x": 3, "y": 12})  # its showing edge
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


def play_until(page: Any, base: str, game_id: str, until: Any, snap: Snap, name: str) -> set[str]:
    """Play the person's moves by form until ``until(view)`` or the end; the decision is in
    view and the move lands on the table's anchor at every step. Returns the kinds of move."""
    done: set[str] = set()
    for _ in range(MAX_MOVES):
        view = api_view(page, base, game_id)
        if until(view) or page.locator("#plain-banner").count():
            return done
        decision_in_view(page)
        for player in (0, 1):
            assert page.inner_text(f"#score-{player}") == str(view["scores"][player])
            front = page.locator(f"#peg-{player}-front")
            assert int(front.get_attribute("data-score")) == view["pegs"][player]["front"]
        move = plain_turn(page)
        if move not in done:
            done.add(move)
            snap(page, f"{name}-{move}.png")
        assert api_view(page, base, game_id)["version"] == view["version"] + 1, move
        assert page.url.endswith(f"/games/{game_id}#play-area")  # back at the anchor
    raise AssertionError(f"the game did not end in {MAX_MOVES} moves")


def start_plain_game(
    browser: Any, base: str, viewport: dict[str, int], seed: int
) -> tuple[Any, str]:
    """A new game against the random player (a test server's) with JS off, started by
    the form's post; returns the page and the game id."""
    context = browser.new_context(viewport=viewport, java_script_enabled=False)
    page = context.new_page()
    started = page.request.post(f"{base}/table/new", form={"level": "random", "seed": str(seed)})
    page.goto(started.url)
    page.wait_for_selector("#plain-table")
    return page, page.url.rsplit("/", 1)[-1]


def second_deal(view: dict[str, Any]) -> bool:
    return int(view["hand_number"]) >= 2


def test_a_game_to_its_end_without_javascript(
    chromium: Any,
    server: ServerProcess,
    snap: Snap,
) -> None:
    page, game_id = start_plain_game(chromium, server.url, DESKTOP, 4242)
    assert not page.is_visible("#hand") and not page.is_visible("#talk")  # the script's felt
    done = play_until(page, server.url, game_id, second_deal, snap, "table-nojs")
    advance_by_api(page, server.url, game_id, until=near_the_end)  # the middle deals
    page.goto(f"{server.url}/games/{game_id}")
    done |= play_until(page, server.url, game_id, lambda view: False, snap, "table-nojs-end")
    view = api_view(page, server.url, game_id)
    assert view["phase"] == "game_over" and max(view["scores"]) == 121
    assert {"cut", "discard", "play", "count", "next"} <= done
    decision_in_view(page)  # the banner with the new game, first
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
    page.context.close()


def test_a_deal_on_a_phone_without_javascript_keeps_the_decision_in_view(
    chromium: Any,
    server: ServerProcess,
    snap: Snap,
) -> None:
    page, game_id = start_plain_game(chromium, server.url, PHONE, 4242)
    done = play_until(page, server.url, game_id, second_deal, snap, "table-nojs-phone")
    assert {"cut", "discard", "play", "count", "next"} <= done
    talk = page.locator("#plain-talk li")  # the new deal's talk, told by the server
    assert talk.count() >= 1
    assert "2" in talk.last.inner_text()  # its oldest line: hand 2 and who deals
    page.context.close()


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


def open_friend_table(browser: Any, base: str, seed: int) -> tuple[Any, Any, str]:
    """Ann opens a table on a desktop, Bo sits down from the invite's full link on a phone,
    both without the script; returns (Ann's page, Bo's page, the game id)."""
    host = browser.new_context(viewport=DESKTOP, java_script_enabled=False).new_page()
    host.goto(f"{base}/?seed={seed}")
    host.fill("#host-name", "Ann")
    posted(host, host.locator("#open-table"))
    host.wait_for_selector("#plain-waiting")
    decision_in_view(host)
    link = host.get_attribute("#plain-invite-link", "href")
    assert link is not None and link.startswith(f"{base}/t/")  # a full link to copy
    assert host.locator('meta[http-equiv="refresh"]').count() == 1  # waiting: it refreshes
    guest = browser.new_context(viewport=PHONE, java_script_enabled=False).new_page()
    guest.goto(link)
    guest.fill("#join-name", "Bo")
    posted(guest, guest.locator("#sit-down"))
    game_id = guest.url.rsplit("/", 1)[-1]
    host.wait_for_selector("#plain-turn", timeout=15_000)  # Ann's page saw Bo sit down
    return host, guest, game_id


def friend_moves(pages: tuple[Any, Any], base: str, game_id: str, until: Any, snap: Snap) -> int:
    """Play by form from whichever seat may move until ``until(view)``; neither page is
    reloaded by the test: a waiting page reloads itself. Returns the moves made.

    During the show each friend lays down the counts at their own pace; a click the page's
    own reload overtook is made again from the page it comes back to, a few times a game
    at most."""
    again = 0
    for moves in range(900):
        views = [api_view(page, base, game_id) for page in pages]
        read = not any(view["legal_actions"] for view in views)  # the last show read by both
        if (views[0]["phase"] == "game_over" and read) or until(views[0]):
            return moves
        movers = [seat for seat in (0, 1) if views[seat]["legal_actions"]] or [0]
        page = pages[movers[0]]
        version = views[movers[0]]["version"]
        # the page shows this move by itself: the mover's page was refreshing, or it
        # offers a cut or discard both seats make at once (the other's first leaves it)
        # (a show move names its hand and step: the other friend's count leaves it standing)
        kinds = {action["type"] for action in views[movers[0]]["legal_actions"]}
        own_pace = {"cut", "discard", "count", "next", "move_on"} & kinds
        shown = "#plain-decision form" if own_pace else f'#plain-decision input[value="{version}"]'
        try:
            page.wait_for_selector(shown, state="attached", timeout=15_000)
        except Exception as exc:  # say what the page showed instead
            seen = (views[movers[0]]["phase"], views[movers[0]]["legal_actions"][:2])
            raise AssertionError(f"{seen}: {page.inner_text('#plain-table')[:400]}") from exc
        decision_in_view(page)
        assert "Your turn" in page.inner_text("#plain-turn")
        idle = views[1 - movers[0]]
        if len(movers) == 1 and idle["legal_actions"] == [] and idle["phase"] != "game_over":
            other = pages[1 - movers[0]]
            # the other page says whose turn it is and reloads itself meanwhile
            other.wait_for_selector("#plain-turn:not(.mine)", timeout=15_000)
            other.wait_for_selector('meta[http-equiv="refresh"]', state="attached")
        move = plain_turn(page, movers[0])
        if moves == 0 or move == "next":
            snap(page, f"table-nojs-friend-{movers[0]}-{move}.png")
        problem = page.locator(".plain-problem")
        said = problem.inner_text() if problem.count() else ""
        if api_view(page, base, game_id)["version"] == version and move in ("count", "next"):
            again += 1
            assert again <= 12, (move, said)
            continue
        assert api_view(page, base, game_id)["version"] == version + 1, (move, said)
    raise AssertionError("the friend game did not end in 900 moves")


def friend_advance_by_api(
    pages: tuple[Any, Any], base: str, game_id: str, until: Any, seed: int = 0
) -> None:
    """Seeded random legal moves through the JSON API, each from the seat that may move
    (with its page's cookie), until ``until(view)``: the quick way over the middle deals."""
    chooser = random.Random(seed)
    for _ in range(MAX_MOVES * 2):
        views = [api_view(page, base, game_id) for page in pages]
        if views[0]["phase"] == "game_over" or until(views[0]):
            return
        seat = next(seat for seat in (0, 1) if views[seat]["legal_actions"])
        body = {
            "action": chooser.choice(views[seat]["legal_actions"]),
            "version": views[seat]["version"],
        }
        answer = pages[seat].request.post(f"{base}/api/games/{game_id}/actions", data=body)
        assert answer.status == 200, answer.text()
    raise AssertionError("no position wanted")


# 80 s in CI: slow; the scriptless friend table's forms and refresh are in test_nojs_table_page
@pytest.mark.slow
def test_a_friend_game_to_its_end_without_javascript_needs_no_reload(
    chromium: Any,
    server: ServerProcess,
    snap: Snap,
) -> None:
    """The first deal and the last deals by the forms of two scriptless pages that reload
    themselves while they wait; the deals between by the JSON API (then each page is
    opened again once, as a player coming back would)."""
    host, guest, game_id = open_friend_table(chromium, server.url, 32)
    assert friend_moves((host, guest), server.url, game_id, second_deal, snap) > 10
    friend_advance_by_api((host, guest), server.url, game_id, near_the_end)
    for page in (host, guest):
        page.goto(f"{server.url}/games/{game_id}")
    friend_moves((host, guest), server.url, game_id, lambda view: False, snap)
    view = api_view(host, server.url, game_id)
    assert view["phase"] == "game_over" and max(view["scores"]) == 121
    for page in (host, guest):
        page.wait_for_selector("#plain-banner", timeout=15_000)  # both see the end unasked
        decision_in_view(page)
        page.context.close()
