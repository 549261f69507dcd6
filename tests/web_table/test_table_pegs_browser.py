"""The pegboard in Chromium: one leap of the back peg per score, so after every score the
gap between a player's pegs is that score; no animation when the reader asks for less
motion."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from servers import ServerProcess
from table_browser import DESKTOP, api_view, check_pegs, start_game, take_turn

pytestmark = [pytest.mark.browser, pytest.mark.slow]

MARK = """() => { for (const p of [0, 1]) for (const w of ["front", "back"])
  document.getElementById(`peg-${p}-${w}`).dataset.was = w; }"""


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


def test_after_every_score_the_gap_between_the_pegs_is_that_score(
    chromium: Any, server: ServerProcess, shots: Path
) -> None:
    context = chromium.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = context.new_page()
    game_id = start_game(page, server.url, seed=1)
    scores_seen = 0
    for _ in range(500):
        before = api_view(page, server.url, game_id)
        if before["phase"] == "game_over":
            break
        page.evaluate(MARK)
        take_turn(page)
        view = api_view(page, server.url, game_id)
        check_pegs(page, view)
        assert page.evaluate("document.getAnimations().length") == 0  # reduced motion
        for player, items in last_moves(view).items():
            front = int(page.get_attribute(f"#peg-{player}-front", "data-score"))
            back = int(page.get_attribute(f"#peg-{player}-back", "data-score"))
            points = sum(item["points"] for item in items)
            assert front == items[-1]["score"]
            assert front - back == min(points, 121 - items[0]["from_score"])
            scores_seen += 1
        for player in (0, 1):
            leaps = moves_since(view, before["event_count"] - 1, player)
            if view["hand_number"] == before["hand_number"] and leaps:
                # the back peg leapt over the front one (an odd number of times)
                was = page.get_attribute(f"#peg-{player}-front", "data-was")
                assert was == ("back" if leaps % 2 else "front"), (player, leaps)
    assert api_view(page, server.url, game_id)["phase"] == "game_over"
    assert scores_seen > 50
    page.screenshot(path=str(shots / "table-pegs-end.png"))
    context.close()
