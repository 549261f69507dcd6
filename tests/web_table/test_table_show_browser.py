"""The show in Chromium: each count moves the numbers and the pegs only when it is laid
down, and a reload (or a second tab) comes back at the same count."""

from __future__ import annotations

from typing import Any

import pytest
from servers import ServerProcess
from table_browser import DESKTOP, api_view, check_pegs, start_game, take_turn

from screenshots import Snap

pytestmark = pytest.mark.browser


def shown_counts(page: Any) -> int:
    return int(page.locator("#show-panel .show").count())


def test_each_count_of_the_show_moves_the_board_only_when_shown_across_a_reload(
    chromium: Any, server: ServerProcess, snap: Snap
) -> None:
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    game_id = start_game(page, server.url, seed=3)
    for _ in range(40):
        if page.get_attribute("#table", "data-phase") == "show":
            break
        take_turn(page)
    assert page.get_attribute("#table", "data-phase") == "show"
    other = context.new_page()  # a second tab on the same game
    for step in (1, 2, 3):
        view = api_view(page, server.url, game_id)
        assert len(view["shows"]) == step and view["show_step"] == step
        assert shown_counts(page) == step
        check_pegs(page, view)
        page.reload()
        page.wait_for_selector(f'#table[data-version="{view["version"]}"]')
        assert shown_counts(page) == step  # the reload resumes at the same count
        check_pegs(page, view)
        other.goto(f"{server.url}/games/{game_id}")
        other.wait_for_selector(f'#table[data-version="{view["version"]}"]')
        assert shown_counts(other) == step
        assert other.inner_text("#score-0") == page.inner_text("#score-0")
        assert other.inner_text("#score-1") == page.inner_text("#score-1")
        if step == 2:
            snap(page, "table-show-step-2.png")
        if step < 3:
            assert page.inner_text("#primary") == page.evaluate(
                "JSON.parse(document.getElementById('table-strings').textContent).next_count"
            )
            take_turn(page)
    context.close()
