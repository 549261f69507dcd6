"""Two real browsers play a seeded game to 121 against each other by clicking, with a
spectator watching, on one SQLite process; and fifty moves on two processes sharing
PostgreSQL, one of them killed after thirty. Screenshots only when asked
(``CRIBKIT_SCREENSHOTS=dir``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from friends_browser import (
    api,
    join_by_clicking,
    open_table_by_clicking,
    play_to_the_end,
    version_of,
)
from servers import ServerProcess

from screenshots import Snap

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 768}


def watch_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


@pytest.fixture
def contexts(browser: Any) -> Iterator[list[Any]]:
    made = [browser.new_context(viewport=DESKTOP) for _ in range(3)]
    yield made
    for context in made:
        context.close()


@pytest.mark.slow
def test_two_browsers_play_a_whole_game_on_one_process_with_a_reload_and_a_spectator(
    contexts: list[Any], tmp_path: Path, snap: Snap
) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'table.sqlite3'}", tmp_path / "serve.log")
    server.start()
    try:
        host, friend, rail = (context.new_page() for context in contexts)
        errors = [watch_errors(page) for page in (host, friend, rail)]
        game_id, code = open_table_by_clicking(host, server.url, "Ann", seed=12345)
        assert host.is_visible("#invite-qr")
        assert host.inner_text("#presence") == ""
        snap(host, "friends-invite.png", full_page=True)
        join_by_clicking(friend, server.url, code, "Bo")
        host.wait_for_selector("#invite", state="hidden")
        host.wait_for_selector("#presence[data-connected='true']")
        assert "Bo" in host.inner_text("#presence")
        rail.goto(f"{server.url}/t/{code}")
        rail.wait_for_selector("#table[data-live='open']")
        assert rail.locator("#hand button").count() == 0

        def reload_once(moves: int) -> None:
            if moves == 40:
                version = version_of(friend)
                friend.reload()
                friend.wait_for_selector("#table[data-live='open']")
                assert version_of(friend) == version
                snap(friend, "friends-resumed.png", full_page=True)

        final = play_to_the_end(
            {0: (host, server.url), 1: (friend, server.url)},
            game_id,
            spectator=(rail, server.url),
            between_moves=reload_once,
        )
        assert max(final["scores"]) == 121
        for page in (host, friend):
            page.wait_for_selector("#banner:not([hidden])")
            page.wait_for_selector("#rematch:not([hidden])")
        snap(host, "friends-over.png", full_page=True)
        assert errors == [[], [], []]
        host.click("#rematch")
        host.wait_for_url(lambda url: "/games/" in url and not url.endswith(game_id))
        fresh = host.url.rsplit("/", 1)[-1]
        assert fresh != game_id
        friend.wait_for_selector("#rematch:not([hidden])")
        friend.click("#rematch")
        friend.wait_for_url(f"{server.url}/games/{fresh}")
        assert api(friend, server.url, f"/api/games/{fresh}")["you"] == 1
    finally:
        server.stop()


@pytest.mark.postgres
@pytest.mark.slow  # CI: test_table_postgres, the cluster's kill test and the polling pages
def test_two_processes_on_postgres_share_the_game_and_survive_one_being_killed(
    contexts: list[Any], postgres_url: str, tmp_path: Path
) -> None:
    env = {"CRIBKIT_LIVE_PREFIX": "friends_browser"}
    first = ServerProcess(postgres_url, tmp_path / "serve-1.log", env=env).start()
    second = ServerProcess(postgres_url, tmp_path / "serve-2.log", env=env).start()
    try:
        host, friend, rail = (context.new_page() for context in contexts)
        game_id, code = open_table_by_clicking(host, first.url, "Ann", seed=777)
        join_by_clicking(friend, second.url, code, "Bo")
        rail.goto(f"{second.url}/t/{code}")
        rail.wait_for_selector("#table[data-live='open']")
        seats = {0: (host, first.url), 1: (friend, second.url)}

        def kill_the_first(moves: int) -> None:
            if moves == 30:
                first.stop()  # the host's process dies mid-game
                host.wait_for_selector("#table[data-live='down']")
                host.goto(f"{second.url}/games/{game_id}")  # the balancer sends it elsewhere
                host.wait_for_selector("#table[data-live='open']")
                seats[0] = (host, second.url)

        before = api(friend, second.url, f"/api/games/{game_id}")["version"]
        last = play_to_the_end(
            seats,
            game_id,
            spectator=(rail, second.url),
            between_moves=kill_the_first,
            stop_after=50,
        )
        # 50 moves on, the second process, both pages and the spectator agree on the game:
        # the moves made on the dead process were kept, and each click moved it once.
        survivor = api(host, second.url, f"/api/games/{game_id}")
        assert survivor["version"] == last["version"] >= before + 50
        assert version_of(host) == version_of(friend) == version_of(rail) == last["version"]
    finally:
        first.stop()
        second.stop()
