"""At a live friend table the page sends each move over the socket it already holds (no
HTTP request around it) and both pages follow the game; when the socket is cut, moves go to
the action API instead (``test_friends_polling_browser``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from friends_browser import (
    api,
    click_a_move,
    join_by_clicking,
    open_table_by_clicking,
    version_of,
    wait_version,
)
from servers import ServerProcess

pytestmark = pytest.mark.browser

MOVES = 6


def test_moves_at_a_live_table_go_over_the_socket(browser: Any, server: ServerProcess) -> None:
    contexts = [browser.new_context(), browser.new_context()]
    try:
        host, friend = (context.new_page() for context in contexts)
        posted: list[str] = []
        frames: list[dict[str, Any]] = []
        for page in (host, friend):
            page.on(
                "request",
                lambda request: (
                    posted.append(request.url)
                    if request.method == "POST" and request.url.endswith("/actions")
                    else None
                ),
            )
            page.on(
                "websocket",
                lambda socket: socket.on("framesent", lambda text: frames.append(json.loads(text))),
            )
        game_id, code = open_table_by_clicking(host, server.url, "Ann", seed=99)
        join_by_clicking(friend, server.url, code, "Bo")
        host.wait_for_selector("#table[data-live='open']")
        seats = {0: host, 1: friend}
        first = api(host, server.url, f"/api/games/{game_id}")["version"]
        for _ in range(MOVES):  # the cut for deal, then the discard: both seats move in turn
            views = {
                seat: api(page, server.url, f"/api/games/{game_id}") for seat, page in seats.items()
            }
            seat = 0 if views[0]["legal_actions"] else 1
            page = seats[seat]
            before = views[seat]["version"]
            click_a_move(page, views[seat])
            wait_version(page, before + 1)
            for other in seats.values():
                wait_version(other, version_of(page))
        moves = [frame for frame in frames if frame.get("type") == "move"]
        assert len(moves) == MOVES and posted == []
        assert [move["version"] for move in moves] == list(range(first, first + MOVES))
        assert api(host, server.url, f"/api/games/{game_id}")["version"] == first + MOVES
        assert version_of(host) == version_of(friend) == first + MOVES
    finally:
        for context in contexts:
            context.close()
