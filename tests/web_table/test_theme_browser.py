"""Dark mode in Chromium: the system's prefers-color-scheme is honoured, the header's switch
overrides it and keeps it across pages; the two players' pegs differ in lightness (a solid
peg and a ring), so they are told apart without colour; and the screenshots to look at —
the table at 1366×768 and 390×844, light and dark, English and Chinese, and under a
simulated deuteranopia and protanopia (Chromium's vision-deficiency emulation)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from servers import ServerProcess
from table_browser import chromium, play_by_api, server, shots  # noqa: F401

pytestmark = [pytest.mark.browser]


def luminance(css_colour: str) -> float:
    """WCAG relative luminance of a computed ``rgb(...)``/``rgba(...)`` colour."""
    channels = [int(c) / 255 for c in re.findall(r"[\d.]+", css_colour)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def style(page: Any, selector: str, prop: str) -> str:
    value: str = page.locator(selector).evaluate(
        "(el, prop) => getComputedStyle(el).getPropertyValue(prop)", prop
    )
    return value


def a_game_in_play(page: Any, base: str) -> str:
    answer = page.request.post(f"{base}/api/games", data={"level": "random", "seed": 5})
    game_id: str = answer.json()["id"]
    play_by_api(page, base, game_id, until=lambda v: v["phase"] == "play" and v["hand_number"] >= 3)
    return game_id


@pytest.mark.parametrize(("scheme", "dark"), [("light", False), ("dark", True)])
def test_the_system_colour_scheme_is_honoured(
    chromium: Any,  # noqa: F811
    server: ServerProcess,  # noqa: F811
    scheme: str,
    dark: bool,
) -> None:
    context = chromium.new_context(color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{server.url}/rules")
    assert (luminance(style(page, "html", "background-color")) < 0.05) is dark
    assert (luminance(style(page, "main h1", "color")) > 0.5) is dark
    context.close()


def test_the_switch_overrides_the_system_and_is_kept(
    chromium: Any,  # noqa: F811
    server: ServerProcess,  # noqa: F811
) -> None:
    context = chromium.new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(f"{server.url}/calculator")
    assert page.get_attribute("html", "data-theme") == "auto"
    page.focus("#theme-switch")
    page.keyboard.press("Enter")  # auto -> light
    page.wait_for_selector("html[data-theme='light']")
    assert page.url.endswith("/calculator")
    assert luminance(style(page, "html", "background-color")) > 0.8  # light on a dark system
    page.goto(f"{server.url}/rules")
    assert page.get_attribute("html", "data-theme") == "light"
    page.click("#theme-switch")  # light -> dark
    page.wait_for_selector("html[data-theme='dark']")
    assert luminance(style(page, "html", "background-color")) < 0.05
    context.close()


def test_the_table_s_settings_panel_changes_the_theme_at_once_and_saves_it(
    chromium: Any,  # noqa: F811
    server: ServerProcess,  # noqa: F811
) -> None:
    context = chromium.new_context(color_scheme="light")
    page = context.new_page()
    game_id = a_game_in_play(page, server.url)
    page.goto(f"{server.url}/games/{game_id}")
    page.wait_for_selector("#table[data-version]")
    version = page.get_attribute("#table", "data-version")
    page.click("#table-settings summary")
    page.select_option("#theme-choice", "dark")
    page.wait_for_selector("html[data-theme='dark']")
    assert luminance(style(page, "html", "background-color")) < 0.05  # no reload needed
    page.wait_for_selector("#table-settings[data-saved*='dark']")
    assert page.get_attribute("#table", "data-version") == version  # the game is untouched
    saved = page.request.get(f"{server.url}/api/preferences").json()
    assert saved["theme"] == "dark"
    context.clear_cookies(name="cribkit_theme")  # another browser of the same player
    page.goto(f"{server.url}/rules")
    assert page.get_attribute("html", "data-theme") == "dark"
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_pegs_differ_without_colour(
    chromium: Any,  # noqa: F811
    server: ServerProcess,  # noqa: F811
    scheme: str,
) -> None:
    """A solid peg against a ring: their centres differ in lightness by 3:1 or more, so a
    greyscale view, or any colour vision, tells the players' pegs apart."""
    context = chromium.new_context(color_scheme=scheme)
    page = context.new_page()
    game_id = a_game_in_play(page, server.url)
    page.goto(f"{server.url}/games/{game_id}")
    page.wait_for_selector("#table[data-version]")
    for which in ("front", "back"):
        mine = style(page, f"#peg-0-{which}", "fill")
        theirs = style(page, f"#peg-1-{which}", "fill")
        assert contrast(mine, theirs) >= 3, (which, mine, theirs)
    context.close()


SIZES = [(1366, 768), (390, 844)]


@pytest.mark.slow  # pictures to look at: the widths are checked by the fit tests in CI
@pytest.mark.parametrize("locale", ["en-GB", "zh-CN"])
def test_screenshots_in_both_themes_and_under_colour_blindness(
    chromium: Any,  # noqa: F811
    server: ServerProcess,  # noqa: F811
    shots: Path,  # noqa: F811
    locale: str,
) -> None:
    """The pictures named in the report: the table in play, each size, theme and language,
    and the pegboard as a deuteranope and a protanope see it."""
    setup = chromium.new_context()
    game_id = a_game_in_play(setup.new_page(), server.url)
    state = setup.storage_state()
    setup.close()
    for scheme in ("light", "dark"):
        for width, height in SIZES:
            context = chromium.new_context(
                viewport={"width": width, "height": height},
                color_scheme=scheme,
                locale=locale,
                storage_state=state,
            )
            page = context.new_page()
            page.goto(f"{server.url}/games/{game_id}")
            page.wait_for_selector("#table[data-version]")
            name = f"a11y-table-{locale}-{scheme}-{width}x{height}"
            page.screenshot(path=str(shots / f"{name}.png"))
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            if width == SIZES[0][0]:
                cdp = context.new_cdp_session(page)
                for deficiency in ("deuteranopia", "protanopia"):
                    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": deficiency})
                    page.locator("#pegboard").screenshot(
                        path=str(shots / f"{name}-{deficiency}.png")
                    )
                cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
            context.close()
