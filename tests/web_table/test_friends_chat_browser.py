"""Table chat in two browsers, in English and in Chinese: a quick phrase and a typed line
reach the other seat live, names and lines with markup, a right-to-left override and a
zero-width space show as plain text, the host mutes the friend (nothing the friend then
writes reaches the host's page or socket, even after a reload) and unmutes. Screenshots of
the chat on a phone and on a laptop when asked (``CRIBKIT_SCREENSHOTS=dir``).
"""

from __future__ import annotations

from typing import Any

import pytest
from friends_browser import join_by_clicking, open_table_by_clicking, wait_until
from servers import ServerProcess
from table_browser import watch_errors

from cribkit.web.site.i18n import Catalogues, language_by_code
from screenshots import Snap

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
HEADERS = {"en": {"Accept-Language": "en"}, "zh": {"Accept-Language": "zh-CN,zh;q=0.9"}}
LOCALES = {"en": "en-GB", "zh": "zh-CN"}
RLO, ZWSP = "\u202e", "\u200b"


def _tr(language: str) -> Any:
    found = language_by_code(language)
    assert found is not None
    return Catalogues().get(found)


def _page(browser: Any, language: str, made: list[Any]) -> Any:
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        locale=LOCALES[language],
        extra_http_headers=HEADERS[language],
    )
    made.append(context)
    return context.new_page()


def _lines(page: Any) -> list[str]:
    return [str(text) for text in page.locator("#chat-log li").all_inner_texts()]


def _frames(page: Any) -> list[str]:
    """Every text frame the page's sockets receive, as it comes."""
    frames: list[str] = []
    page.on(
        "websocket",
        lambda socket: socket.on(
            "framereceived", lambda frame: frames.append(frame if isinstance(frame, str) else "")
        ),
    )
    return frames


# The Chinese chat in the slow tier (tests/web/test_zh_lint.py reads the page's Chinese).
@pytest.mark.parametrize("language", ["en", pytest.param("zh", marks=pytest.mark.slow)])
def test_two_players_chat_and_one_mutes_the_other(
    browser: Any, server: ServerProcess, snap: Snap, language: str
) -> None:
    tr = _tr(language)
    made: list[Any] = []
    try:
        host, friend = _page(browser, language, made), _page(browser, language, made)
        errors = {"host": watch_errors(host), "friend": watch_errors(friend)}
        host_frames = _frames(host)
        game_id, code = open_table_by_clicking(host, server.url, "Ann", seed=31)
        join_by_clicking(friend, server.url, code, f"<b>Bo</b>{RLO}{ZWSP}")
        host.wait_for_selector("#table[data-live='open']")

        # a quick phrase is a button, and reaches the other seat at once, in its language
        host.get_by_role("button", name=tr.gettext("Good luck")).click()
        wait_until(friend, lambda: len(_lines(friend)) == 1, "the phrase at the friend's")
        colon = tr.gettext(": ")  # full-width in Chinese
        assert _lines(friend) == [f"Ann{colon}{tr.gettext('Good luck')}"]

        # typed with the keyboard: the label names the box, Enter sends
        friend.get_by_label(tr.gettext("Message")).fill(f"<script>x()</script>{RLO}gnp{ZWSP}.exe")
        friend.keyboard.press("Enter")
        wait_until(host, lambda: len(_lines(host)) == 2, "the friend's line at the host's")
        said = _lines(host)[1]
        assert said == f"<b>Bo</b>{colon}<script>x()</script>gnp.exe", said
        # the box empties when the friend's own post is answered (the host may hear first)
        wait_until(friend, lambda: friend.input_value("#chat-text") == "", "the box emptied")
        for page in (host, friend):
            assert page.locator("#chat-log b, #chat-log script").count() == 0
            assert page.get_attribute("#chat-log", "aria-live") == "polite"
            assert page.locator("#chat-log bdi").count() == 4

        snap(host, f"chat-{language}-phone.png", full_page=True)
        host.set_viewport_size(LAPTOP)
        host.locator("#chat-panel").scroll_into_view_if_needed()
        snap(host, f"chat-{language}-laptop.png")
        host.set_viewport_size(PHONE)

        # the host mutes the friend: nothing the friend writes reaches the host any more
        host.click("#chat-mute")
        wait_until(host, lambda: host.get_attribute("#chat-mute", "aria-pressed") == "true", "mute")
        assert _lines(host) == [f"{tr.gettext('You')}{colon}{tr.gettext('Good luck')}"]
        snap(host.locator("#chat-panel"), f"chat-{language}-phone-muted.png")
        friend.fill("#chat-text", "SECRET while muted")
        friend.click("#chat-send")
        wait_until(friend, lambda: len(_lines(friend)) == 3, "the friend's own line")
        host.fill("#chat-text", "marker")
        host.keyboard.press("Enter")
        wait_until(host, lambda: len(_lines(host)) == 2, "the host's own line")
        host.reload()
        host.wait_for_selector("#table[data-live='open']")
        assert host.get_attribute("#chat-mute", "aria-pressed") == "true"
        assert not any("SECRET" in line for line in _lines(host))
        assert "SECRET" not in host.content()
        assert host_frames and not any("SECRET" in frame for frame in host_frames)

        # unmuted: what comes next shows, what was said meanwhile never does
        host.click("#chat-mute")
        wait_until(host, lambda: host.get_attribute("#chat-mute", "aria-pressed") == "false", "")
        friend.fill("#chat-text", "after")
        friend.keyboard.press("Enter")
        wait_until(host, lambda: any(line.endswith("after") for line in _lines(host)), "after")
        assert not any("SECRET" in line for line in _lines(host))
        assert not any("SECRET" in frame for frame in host_frames)
        assert host.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert errors == {"host": [], "friend": []}, errors  # no console error, CSP included
        assert game_id
    finally:
        for context in made:
            context.close()
