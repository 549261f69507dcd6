"""The friend table's edges, as the players and the rail see them: presence words that fit a
finished game, the rail following the table to its rematch, and a page whose own server
goes away greying the other's presence (and clearing it, with the error line, once back)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from friends_browser import TIMEOUT_MS, api, join_by_clicking, open_table_by_clicking, wait_until
from servers import ServerProcess

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def table(browser: Any, server: ServerProcess) -> Iterator[tuple[list[Any], str, str]]:
    """Ann's table with Bo seated: the host's, the friend's and a spectator's pages (each in
    a browser of its own), the game's id and the code."""
    contexts = [browser.new_context() for _ in range(3)]
    pages = [context.new_page() for context in contexts]
    game_id, code = open_table_by_clicking(pages[0], server.url, "Ann", seed=2024)
    join_by_clicking(pages[1], server.url, code, "Bo")
    yield pages, game_id, code
    for context in contexts:
        context.close()


def _play_out_through_the_api(seats: dict[int, Any], base: str, game_id: str) -> None:
    """Random legal moves from whichever seat may move (each with its own cookie) to 121."""
    rng = random.Random(3)
    for _ in range(2000):
        views = {seat: api(page, base, f"/api/games/{game_id}") for seat, page in seats.items()}
        if views[0]["phase"] == "game_over" and views[1]["phase"] == "game_over":
            return
        seat = rng.choice([s for s in (0, 1) if views[s]["legal_actions"]])
        view = views[seat]
        answer = seats[seat].request.post(
            f"{base}/api/games/{game_id}/actions",
            data={"action": rng.choice(view["legal_actions"]), "version": view["version"]},
        )
        assert answer.status == 200, answer.text()
    raise AssertionError("the game did not end")


def test_after_a_rematch_the_finished_game_says_who_left_and_the_rail_follows(
    table: tuple[list[Any], str, str], server: ServerProcess
) -> None:
    (host, friend, rail), game_id, code = table
    _play_out_through_the_api({0: host, 1: friend}, server.url, game_id)
    for page in (host, friend):
        page.goto(f"{server.url}/games/{game_id}")
        page.wait_for_selector("#table[data-live='open']")
        page.wait_for_selector("#rematch:not([hidden])")
    rail.goto(f"{server.url}/t/{code}")
    rail.wait_for_selector("#table[data-live='open']")
    friend.wait_for_selector("#presence[data-connected='true']")
    assert friend.inner_text("#presence") == "Ann is at the table."

    host.click("#rematch")
    host.wait_for_url(lambda url: "/games/" in url and not url.endswith(game_id))
    fresh = host.url.rsplit("/", 1)[-1]

    # The friend, still at the finished game, is not told that it waits for Ann.
    friend.wait_for_selector("#presence[data-connected='false']", timeout=TIMEOUT_MS)
    assert friend.inner_text("#presence") == "Ann has left the table."
    assert "waits" not in friend.inner_text("#friend-panel")
    # The rail follows the table to the rematch, on its own code.
    rail.wait_for_url(lambda url: "/t/" in url and code not in url, timeout=TIMEOUT_MS)
    rail.wait_for_selector(f"#table[data-game='{fresh}'][data-live='open']")
    fresh_code = rail.url.rsplit("/", 1)[-1]
    assert api(rail, server.url, f"/api/tables/{fresh_code}")["id"] == fresh


def test_the_others_presence_goes_grey_while_the_pages_own_server_is_down_and_clears(
    table: tuple[list[Any], str, str], server: ServerProcess
) -> None:
    (host, _friend, _rail), _game_id, _code = table
    host.wait_for_selector("#presence[data-connected='true']")
    assert host.get_attribute("#presence", "data-stale") == "false"
    bright = host.eval_on_selector("#presence", "node => getComputedStyle(node).color")

    server.stop()
    host.wait_for_selector("#presence[data-stale='true']", timeout=TIMEOUT_MS)
    assert "Bo is at the table" not in host.inner_text("#presence")
    assert "not known" in host.inner_text("#presence")
    grey = host.eval_on_selector("#presence", "node => getComputedStyle(node).color")
    assert grey != bright
    # A move tried meanwhile: the server did not answer.
    host.locator("#spread button.cut-card:not([disabled])").first.click(position={"x": 3, "y": 12})
    wait_until(host, lambda: "did not answer" in host.inner_text("#message"), "the error line")

    server.start()  # the same port: the page finds its server again by itself
    host.wait_for_selector("#presence[data-stale='false']", timeout=TIMEOUT_MS)
    wait_until(host, lambda: host.inner_text("#message") == "", "the error line to clear")
    assert "not known" not in host.inner_text("#presence")
