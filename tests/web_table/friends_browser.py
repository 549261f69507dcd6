"""Two people playing by clicking in two browser contexts, and a spectator watching."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

TIMEOUT_MS = 20_000


def wait_until(page: Any, check: Callable[[], bool], what: str) -> None:
    """Poll ``check`` from Python (the site's CSP forbids evaluating strings in the page)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        page.wait_for_timeout(40)


def api(page: Any, base: str, path: str) -> dict[str, Any]:
    answer = page.request.get(f"{base}{path}")
    assert answer.status == 200, answer.text()
    data: dict[str, Any] = answer.json()
    return data


def open_table_by_clicking(page: Any, base: str, name: str, seed: int) -> tuple[str, str]:
    """The host opens a table from the home page; returns (game id, code)."""
    page.goto(f"{base}/?seed={seed}")
    page.fill("#host-name", name)
    page.click("#open-table")
    page.wait_for_selector("#invite:not([hidden]) #invite-code", timeout=TIMEOUT_MS)
    wait_until(page, lambda: len(page.inner_text("#invite-code")) == 11, "the invite code")
    code: str = page.inner_text("#invite-code")
    game_id: str = page.url.rsplit("/", 1)[-1]
    return game_id, code


def join_by_clicking(page: Any, base: str, code: str, name: str) -> None:
    page.goto(f"{base}/t/{code}")
    page.fill("#join-name", name)
    page.click("#sit-down")
    page.wait_for_selector("#table[data-live='open']", timeout=TIMEOUT_MS)


def version_of(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version") or -1)


def wait_version(page: Any, version: int) -> None:
    wait_until(page, lambda: version_of(page) >= version, f"version {version}")


def click_a_move(page: Any, view: dict[str, Any]) -> None:
    """Make one move the way a person would: cards, then the button."""
    types = {action["type"] for action in view["legal_actions"]}
    if "cut" in types:
        # A face-down spread (or the pack): click one position, on its visible edge.
        spread = page.locator("#spread button.cut-card:not([disabled])")
        spread.nth(spread.count() // 2).click(position={"x": 3, "y": 12})
    elif "discard" in types:
        buttons = page.locator("#hand button.in-hand:not([disabled])")
        buttons.nth(0).click()
        buttons.nth(1).click()
        page.click("#primary")
    elif "play" in types:
        page.locator("#hand button.in-hand:not([disabled])").first.click()
    elif "go" in types:
        page.click("#primary")
    elif "count" in types or "next" in types:
        page.click("#primary")  # "Next count" lays the next count down, then "Next deal"
    else:
        raise AssertionError(f"nothing to click for {types}")


def hidden_from_rail(views: list[dict[str, Any]]) -> set[str]:
    """Cards no spectator may see now: in a hand or laid away, not yet played or shown.

    The cut for deal is face up for everyone (the pack is shuffled again before the deal,
    so a cut card may be in a hand and still be shown beside the cut)."""
    secret: set[str] = set()
    shown: set[str] = set()
    for view in views:
        secret |= set(view["hand"]) | set(view["kept"]) | set(view["discarded"])
        shown |= {card for cut in view["cut_for_deal"] for card in cut}
        shown |= {entry["card"] for entry in view["play_log"] if entry.get("card")}
        for show in view["shows"]:
            shown |= set(show["cards"])
    return secret - shown


def cards_on_page(page: Any) -> set[str]:
    found: list[str] = page.eval_on_selector_all(
        "[data-card]", "nodes => nodes.map(n => n.dataset.card)"
    )
    return set(found)


def play_to_the_end(
    seats: dict[int, tuple[Any, str]],
    game_id: str,
    *,
    spectator: tuple[Any, str] | None = None,
    between_moves: Callable[[int], None] | None = None,
    max_moves: int = 600,
    stop_after: int | None = None,
) -> dict[str, Any]:
    """Both players click until each has seen the game end (or ``stop_after`` moves); after
    each move the other player's page (and the spectator's) shows the new version by itself,
    through the live socket."""
    for moves in range(max_moves):
        views = {
            seat: api(page, base, f"/api/games/{game_id}") for seat, (page, base) in seats.items()
        }
        if spectator is not None:
            rail_page, _ = spectator
            leaked = cards_on_page(rail_page) & hidden_from_rail(list(views.values()))
            assert not leaked, leaked
        if all(view["phase"] == "game_over" for view in views.values()) or moves == stop_after:
            return views[0]  # each has read the show to the winning count at their own pace
        seat = 0 if views[0]["legal_actions"] else 1
        page, _ = seats[seat]
        before = views[seat]["version"]
        click_a_move(page, views[seat])
        wait_version(page, before + 1)
        reached = version_of(page)
        for other, (other_page, _) in seats.items():
            if other != seat:
                wait_version(other_page, reached)
        if spectator is not None:
            wait_version(spectator[0], reached)
        if between_moves is not None:
            between_moves(moves)
    raise AssertionError("the game did not end")
