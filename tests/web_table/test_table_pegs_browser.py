"""The pegboard in Chromium, checked against the view for a few deals: the first deal by
keyboard and clicks from the hint to the next deal, then (the middle of the game played
through the API) the last deal near the game hole until the banner and its skunks.

After every move the pegs stand in the holes the view names, the gap between a player's
pegs is their last score, the back peg has leapt over the front one, and nothing animates
when the reader asks for less motion. The arithmetic itself is checked over whole
recorded games by node (tests/js/pegs.test.mjs); this walk checks the page draws it.
"""

from __future__ import annotations

from typing import Any

import pytest
from servers import ServerProcess
from table_browser import (
    DESKTOP,
    api_view,
    check_pegs,
    play_by_api,
    start_game,
    take_turn,
    watch_errors,
)

from screenshots import Snap

pytestmark = [pytest.mark.browser]

MARK = """() => { for (const p of [0, 1]) for (const w of ["front", "back"])
  document.getElementById(`peg-${p}-${w}`).dataset.was = w; }"""
NEAR_THE_END = 100  # the last deal starts with a player this close to 121


def last_moves(view: dict[str, Any]) -> dict[int, list[dict[str, Any]]]:
    """Each player's last score of this hand: its items (events sharing ``from_score``)."""
    moves: dict[int, list[dict[str, Any]]] = {}
    for event in view["events"]:
        items = moves.get(event["player"])
        if items and items[-1]["from_score"] == event["from_score"]:
            items.append(event)
        else:
            moves[event["player"]] = [event]
    return moves


def moves_since(view: dict[str, Any], seq: int, player: int) -> int:
    starts = {e["from_score"] for e in view["events"] if e["seq"] > seq and e["player"] == player}
    return len(starts)


def turn_and_check(page: Any, base: str, game_id: str) -> tuple[str, dict[str, Any]]:
    """One move on the page, then the board against the view; the phase played and the view."""
    before = api_view(page, base, game_id)
    page.evaluate(MARK)
    phase = take_turn(page)
    view = api_view(page, base, game_id)
    check_pegs(page, view)
    assert page.evaluate("document.getAnimations().length") == 0  # reduced motion
    for player, items in last_moves(view).items():
        front = int(page.get_attribute(f"#peg-{player}-front", "data-score"))
        back = int(page.get_attribute(f"#peg-{player}-back", "data-score"))
        points = sum(item["points"] for item in items)
        assert front == items[-1]["score"]
        assert front - back == min(points, 121 - items[0]["from_score"])
        gain = page.inner_text(f"#gain-{player}")
        assert gain == f"(+{front - back})"
    for player in (0, 1):
        leaps = moves_since(view, before["event_count"] - 1, player)
        if view["hand_number"] == before["hand_number"] and leaps:
            # the back peg leapt over the front one (an odd number of times)
            was = page.get_attribute(f"#peg-{player}-front", "data-was")
            assert was == ("back" if leaps % 2 else "front"), (player, leaps)
    return phase, view


def test_the_board_follows_the_view_through_the_first_deal_and_the_last(
    chromium: Any, server: ServerProcess, snap: Snap
) -> None:
    context = chromium.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = context.new_page()
    errors = watch_errors(page)
    game_id = start_game(page, server.url, seed=2024)
    page.keyboard.press("h")  # the advisor's hint marks the two cards to throw
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.locator("#hand button.suggested").count() == 2
    snap(page, "table-desktop-discard.png", full_page=True)
    taken: set[str] = set()
    view = api_view(page, server.url, game_id)
    for _ in range(100):  # the first deal: discard, play, the three counts, the next deal
        if view["hand_number"] > 1:
            break
        phase, view = turn_and_check(page, server.url, game_id)
        if phase not in taken and phase in ("play", "show"):
            taken.add(phase)
            snap(page, f"table-desktop-{phase}.png", full_page=True)
    assert view["hand_number"] == 2 and taken == {"play", "show"}

    near = play_by_api(
        page,
        server.url,
        game_id,
        until=lambda v: v["phase"] == "discard" and max(v["scores"]) >= NEAR_THE_END,
    )
    assert near["phase"] == "discard", "the game ended before the last deal"
    page.reload()
    page.wait_for_selector(f'#table[data-version="{near["version"]}"]')
    check_pegs(page, near)
    for _ in range(200):  # the last deal (or two), to the end
        if view["phase"] == "game_over":
            break
        _, view = turn_and_check(page, server.url, game_id)
    assert view["phase"] == "game_over" and max(view["scores"]) == 121
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
