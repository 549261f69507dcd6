"""In headless Chromium: the host of a friend table sees "waiting for your friend" and no
spread to cut until the friend sits down (in English and in Chinese); then the cut is
offered. Screenshots only when asked (``CRIBKIT_SCREENSHOTS=dir``)."""

from __future__ import annotations

from typing import Any

import pytest
from friends_browser import TIMEOUT_MS, join_by_clicking, open_table_by_clicking
from servers import ServerProcess

from screenshots import Snap

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 768}


@pytest.mark.parametrize(
    ("locale", "waiting"),
    [
        ("en-GB", "Waiting for your friend"),
        pytest.param("zh-CN", "等朋友入座", marks=pytest.mark.slow),  # Chinese: slow tier
    ],
)
def test_the_host_waits_for_the_friend_before_the_cut(
    chromium: Any, server: ServerProcess, snap: Snap, locale: str, waiting: str
) -> None:
    host_context = chromium.new_context(viewport=DESKTOP, locale=locale)
    friend_context = chromium.new_context(viewport=DESKTOP, locale=locale)
    host, friend = host_context.new_page(), friend_context.new_page()
    errors: list[str] = []
    host.on("pageerror", lambda error: errors.append(str(error)))
    _game_id, code = open_table_by_clicking(host, server.url, "Ann", seed=77)
    assert waiting in host.inner_text("#status")
    assert waiting in host.inner_text("#waiting")
    assert host.locator("#spread button").count() == 0
    assert host.is_hidden("#spread")
    snap(host, f"friends-waiting-{locale}.png", full_page=True)

    join_by_clicking(friend, server.url, code, "Bo")
    host.wait_for_selector("#spread button.cut-card:not([disabled])", timeout=TIMEOUT_MS)
    assert waiting not in host.inner_text("#status")
    snap(host, f"friends-seated-{locale}.png", full_page=True)
    assert errors == []
    host_context.close()
    friend_context.close()
