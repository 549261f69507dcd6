"""A game's history in headless Chromium: the talk and score sheet after a reload and in a
second tab, the record downloaded from the end banner and the stats page and uploaded to
the replay page, and the replay page drawn in colour (desktop, phone, Chinese).

Screenshots only when asked (``CRIBKIT_SCREENSHOTS=dir``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from servers import ServerProcess
from table_browser import PHONE, api_view, play_by_api, start_game, take_turn, watch_errors

from cribkit.record import GameRecord
from screenshots import Snap

DESKTOP = {"width": 1366, "height": 768}
YOU, COMPUTER = "rgb(31, 95, 191)", "rgb(179, 38, 30)"

pytestmark = pytest.mark.browser


def talk_lines(page: Any) -> list[str]:
    lines: list[str] = page.locator("#talk li").all_inner_texts()
    return lines


def sheet_rows(page: Any) -> list[list[str]]:
    rows = page.locator("#score-sheet tbody tr")
    return [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())]


def wait_for_history(page: Any, version: int) -> None:
    page.wait_for_selector(f'#sheet-panel[data-version="{version}"]')


def finish_by_api(page: Any, base: str, game_id: str) -> dict[str, Any]:
    """Play the rest of the game with the first legal move of each view."""
    return play_by_api(page, base, game_id, until=lambda view: False)


@pytest.mark.parametrize(
    ("locale", "cut", "welcome"),
    [
        ("en", "Cut for deal", "Welcome back"),
        pytest.param("zh-CN", "切牌定庄", "欢迎回来", marks=pytest.mark.slow),  # Chinese: slow tier
    ],
)
def test_talk_and_score_sheet_come_back_after_a_reload_and_in_a_second_tab(
    browser: Any, server: ServerProcess, snap: Snap, locale: str, cut: str, welcome: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    page = context.new_page()
    errors = watch_errors(page)
    game_id = start_game(page, server.url, seed=2024)
    for _ in range(80):  # through the first show and into the play of the second deal
        view = api_view(page, server.url, game_id)
        if view["hand_number"] == 2 and view["phase"] == "play" and view["play_log"]:
            break
        take_turn(page)
    view = api_view(page, server.url, game_id)
    wait_for_history(page, view["version"])
    heard = talk_lines(page)
    assert any(line.startswith(cut) for line in heard)
    rows = sheet_rows(page)
    assert len(rows) == 2
    assert [rows[-1][3], rows[-1][7]] == [str(s) for s in view["scores"]]
    snap(page, f"history-table-{locale}.png", full_page=True)

    page.reload()
    wait_for_history(page, view["version"])
    again = talk_lines(page)
    assert again[0].startswith(welcome)
    assert again[1:] == heard[: len(again) - 1]
    assert sheet_rows(page) == rows

    second = context.new_page()
    second.goto(f"{server.url}/games/{game_id}")
    wait_for_history(second, view["version"])
    assert talk_lines(second) == again
    assert sheet_rows(second) == rows
    snap(second, f"history-table-second-tab-{locale}.png", full_page=True)
    assert errors == []
    context.close()


def test_a_tab_left_behind_hears_the_whole_talk_when_it_catches_up(
    browser: Any, server: ServerProcess
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    ahead = context.new_page()
    errors = watch_errors(ahead)
    game_id = start_game(ahead, server.url, seed=606)
    behind = context.new_page()
    behind.goto(f"{server.url}/games/{game_id}")
    wait_for_history(behind, api_view(ahead, server.url, game_id)["version"])
    assert behind.get_attribute("#table", "data-phase") == "discard"
    for _ in range(60):  # the first tab plays on into the second deal
        view = api_view(ahead, server.url, game_id)
        if view["hand_number"] == 2 and view["phase"] == "play":
            break
        take_turn(ahead)
    wait_for_history(ahead, view["version"])
    behind.keyboard.press("1")  # a move on the old position: 409, and the current view
    behind.keyboard.press("2")
    behind.keyboard.press("Enter")
    wait_for_history(behind, view["version"])
    heard = [line for line in talk_lines(ahead) if not line.startswith("Welcome back")]
    caught_up = talk_lines(behind)
    assert len(caught_up) > 20
    assert caught_up == heard[: len(caught_up)]
    assert sheet_rows(behind) == sheet_rows(ahead)
    assert errors == []
    context.close()


def test_the_record_goes_out_from_the_banner_and_stats_and_back_in_to_the_replay(
    browser: Any, server: ServerProcess, snap: Snap, tmp_path: Path
) -> None:
    context = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    page = context.new_page()
    errors = watch_errors(page)
    game_id = start_game(page, server.url, seed=31)
    assert page.locator("#record-download").is_hidden()  # a game in progress offers none
    final = finish_by_api(page, server.url, game_id)
    page.reload()
    page.wait_for_selector("#banner:not([hidden])")
    wait_for_history(page, final["version"])
    assert page.locator("#record-download").is_visible()
    with page.expect_download() as banner_download:
        page.click("#record-download")
    banner_file = tmp_path / "banner.txt"
    banner_download.value.save_as(banner_file)
    record = GameRecord.load(banner_file)
    assert record.final_state().scores == tuple(final["scores"])
    rows = sheet_rows(page)
    assert [rows[-1][3], rows[-1][7]] == [str(s) for s in final["scores"]]
    snap(page, "history-table-game-over.png", full_page=True)

    page.goto(f"{server.url}/stats")
    snap(page, "history-stats.png", full_page=True)
    with page.expect_download() as stats_download:
        page.click(f'tr[data-game="{game_id}"] a.record-download')
    stats_file = tmp_path / "stats.txt"
    stats_download.value.save_as(stats_file)
    assert stats_file.read_text() == banner_file.read_text()

    page.goto(f"{server.url}/replay")
    page.set_input_files("#record", str(stats_file))
    page.click("#replay-submit")
    page.wait_for_selector("#step")
    assert page.inner_text("#step").startswith("Step 1 of ")
    page.click("#next")
    page.wait_for_selector("#prev")
    assert page.inner_text("#step").startswith("Step 2 of ")
    assert check_buttons_legible(page) >= 10  # the steps, the hands, both seats' reviews
    page.click('button[data-seat="0"]')
    page.wait_for_selector("#review-figures")
    assert check_buttons_legible(page) >= 2

    lines = banner_file.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("p0 play "))
    held = {line.split()[-1] for line in lines if line.startswith("p0 play ")}
    lines[at] = "p0 play " + next(c for c in ("AS", "2S", "3S", "4S", "5S") if c not in held)
    assert errors == []
    tampered = tmp_path / "tampered.txt"
    tampered.write_text("\n".join(lines) + "\n")
    page.goto(f"{server.url}/replay")
    page.set_input_files("#record", str(tampered))
    page.click("#replay-submit")
    page.wait_for_selector("#record-error")
    assert page.inner_text("#record-error").startswith(f"Line {at + 1} of the record")
    snap(page, "history-upload-refused.png", full_page=True)
    assert [e for e in errors if "status of 422" not in e] == []  # the refusal is a 422 page
    context.close()


def check_buttons_legible(page: Any) -> int:
    """Every visible button's words differ in colour from its face (a secondary submit
    button once had white words on white); returns how many were looked at."""
    colours = page.eval_on_selector_all(
        "button, .button",
        """els => els.filter(el => el.offsetParent !== null).map(el => {
            const style = getComputedStyle(el);
            return [el.textContent.trim(), style.color, style.backgroundColor];
        })""",
    )
    for text, colour, face in colours:
        assert colour != face, f"button {text!r} is {colour} on {face}"
    return len(colours)


def check_replay_colours(page: Any) -> None:
    """The board is wood and the pegs wear the seats' colours (not black, not unset): the
    first seat's solid, the second's a ring of its colour (told apart without colour too)."""
    fill = "el => getComputedStyle(el).fill"
    assert page.eval_on_selector(".board-wood", fill) == "rgb(201, 151, 91)"
    assert page.eval_on_selector("#peg-0-front", fill) == YOU
    assert page.eval_on_selector("#peg-1-front", "el => getComputedStyle(el).stroke") == COMPUTER
    for icon in page.locator(".replay-nav svg.icon").all():
        box = icon.bounding_box()
        assert box is not None and box["width"] > 5 and box["height"] > 5


LOOKS = [(DESKTOP, "en", "desktop"), (PHONE, "en", "phone"), (DESKTOP, "zh-CN", "zh")]
"""(viewport, language, name): the replay of one game looked at three ways."""


def test_the_replay_page_looks_right(browser: Any, server: ServerProcess, snap: Snap) -> None:
    maker = browser.new_context(viewport=DESKTOP)
    game_id = start_game(maker.new_page(), server.url, seed=8)
    finish_by_api(maker.pages[0], server.url, game_id)
    state = maker.storage_state()
    maker.close()
    for viewport, language, name in LOOKS:
        context = browser.new_context(viewport=viewport, locale=language, storage_state=state)
        page = context.new_page()
        errors = watch_errors(page)
        page.goto(f"{server.url}/games/{game_id}/replay?step=40")
        check_replay_colours(page)
        said = page.inner_text("#said")
        assert "plays" not in said.replace("The computer plays", ""), name
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], name
        snap(page, f"history-replay-{name}.png", full_page=True)
        page.goto(f"{server.url}/games/{game_id}/replay?step=100000")
        check_replay_colours(page)
        snap(page, f"history-replay-{name}-end.png", full_page=True)
        assert errors == [], name
        context.close()
