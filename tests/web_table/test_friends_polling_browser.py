"""When the live socket cannot get through (dropped at once, or open but silent, as behind a
proxy that holds it), a friend's page keeps working by reading the JSON API every few
seconds: it sees the other player's moves and its own go through the versioned action API."""

from __future__ import annotations

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


def _dropped(socket: Any) -> None:
    socket.close()


def _silent(socket: Any) -> None:
    """Open to the server, but nothing the server says reaches the page."""
    server = socket.connect_to_server()
    server.on_message(lambda _message: None)


# CI cuts the socket silently (the harder case: no close event); the slow tier drops it too.
@pytest.mark.parametrize(
    "cut", [pytest.param(_dropped, marks=pytest.mark.slow), _silent], ids=["dropped", "silent"]
)
def test_a_page_whose_socket_is_cut_follows_the_game_by_polling(
    browser: Any, server: ServerProcess, cut: Any
) -> None:
    host_context, friend_context = browser.new_context(), browser.new_context()
    try:
        host, friend = host_context.new_page(), friend_context.new_page()
        game_id, code = open_table_by_clicking(host, server.url, "Ann", seed=99)
        join_by_clicking(friend, server.url, code, "Bo")
        # From now on no socket the friend's page opens ever delivers a view.
        friend_context.route_web_socket("**/ws/**", cut)
        friend.reload()
        friend.wait_for_selector("#table[data-version]")
        seats = {0: host, 1: friend}
        for _ in range(6):  # the cut for deal, then the discard: both seats move in turn
            views = {
                seat: api(page, server.url, f"/api/games/{game_id}") for seat, page in seats.items()
            }
            seat = 0 if views[0]["legal_actions"] else 1
            page = seats[seat]
            before = views[seat]["version"]
            click_a_move(page, views[seat])
            wait_version(page, before + 1)
            for other in seats.values():
                wait_version(other, version_of(page))  # the friend's by polling alone
        assert friend.get_attribute("#table", "data-live") != "open"
        assert api(friend, server.url, f"/api/games/{game_id}")["version"] >= 6
    finally:
        host_context.close()
        friend_context.close()
