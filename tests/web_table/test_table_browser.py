"""The table in headless Chromium: a whole game by keyboard and clicks, the pegs where the
scores say, a game resumed after the server restarts, and the phone layout.

Screenshots go to ``$CRIBKIT_SCREENSHOTS`` (default ``/tmp/shots``) to be looked at.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import ServerProcess

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def chromium(browser: Any) -> Any:
    """The shared per-worker Chromium (see tests/conftest.py)."""
    return browser


@pytest.fixture
def shots() -> Path:
    folder = Path(os.environ.get("CRIBKIT_SCREENSHOTS", "/tmp/shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(f"sqlite:///{tmp_path / 'table.sqlite3'}", tmp_path / "serve.log")
    process.start()
    yield process
    process.stop()


def watch_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on(
        "request",
        lambda request: (
            errors.append(f"off-site request {request.url}")
            if not request.url.startswith("http://127.0.0.1")
            else None
        ),
    )
    return errors


def start_game(page: Any, base: str, seed: int, level: str = "medium", *, fast: bool = True) -> str:
    """A new seeded game; ``fast`` turns off the pause before the computer's card."""
    page.goto(f"{base}/?seed={seed}")
    page.evaluate(f"localStorage.setItem('cribkit-fast', '{1 if fast else 0}')")
    page.check(f'input[name="level"][value="{level}"]')
    page.focus("#start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hand button.in-hand, #spread button.cut-card")
    while page.locator("#spread button.cut-card:not([disabled])").count():  # cut for deal
        version = page.get_attribute("#table", "data-version")
        cards = page.locator("#spread button.cut-card:not([disabled])")
        cards.nth(20).click(position={"x": 3, "y": 12})  # the edge showing in the spread
        page.wait_for_selector(f'#table:not([data-version="{version}"])')
    page.wait_for_selector("#hand button.in-hand")
    game_id: str = page.url.rsplit("/", 1)[-1]
    return game_id


def api_view(page: Any, base: str, game_id: str) -> dict[str, Any]:
    response = page.request.get(f"{base}/api/games/{game_id}")
    assert response.status == 200
    view: dict[str, Any] = response.json()
    return view


def check_pegs(page: Any, view: dict[str, Any]) -> None:
    """Each player's front peg stands in the hole of the score, the back one at the last."""
    for player in (0, 1):
        pegs = view["pegs"][player]
        assert page.inner_text(f"#score-{player}") == str(pegs["front"])
        for which in ("front", "back"):
            peg = page.locator(f"#peg-{player}-{which}")
            assert int(peg.get_attribute("data-score")) == pegs[which]
            hole_key = peg.get_attribute("data-hole")
            expected = str(min(pegs[which], 121))
            if which == "back" and pegs["front"] == 0:
                expected = "start"
            assert hole_key == expected
            hole = page.locator(f"#hole-{player}-{hole_key}")
            assert peg.get_attribute("cx") == hole.get_attribute("cx")
            assert peg.get_attribute("cy") == hole.get_attribute("cy")


def take_turn(page: Any) -> str:
    """Make the person's next move with the keyboard (or a click); return the phase."""
    phase: str = page.get_attribute("#table", "data-phase")
    version = page.get_attribute("#table", "data-version")
    if page.locator("#spread button.cut-card:not([disabled])").count():
        page.keyboard.press("ArrowRight")  # the cut by key: a position, then Enter
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
    elif phase == "discard":
        page.keyboard.press("1")
        page.keyboard.press("2")
        page.keyboard.press("Enter")
    elif phase == "play":
        if page.is_visible("#primary"):
            page.keyboard.press("g")
        else:
            buttons = page.locator("#hand button.in-hand")
            enabled = [i for i in range(buttons.count()) if buttons.nth(i).is_enabled()]
            if len(enabled) > 1:
                buttons.nth(enabled[-1]).click()  # a click, the rest by key
            else:
                page.keyboard.press(buttons.nth(enabled[0]).get_attribute("data-key"))
    elif phase == "show":
        page.keyboard.press("n")  # the next count, or the next deal: each is a move
    page.wait_for_selector(f'#table:not([data-version="{version}"])', timeout=10_000)
    return phase


def test_a_whole_seeded_game_by_keyboard_with_the_pegs_following_the_score(
    chromium: Any, server: ServerProcess, shots: Path
) -> None:
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    game_id = start_game(page, server.url, seed=2024)
    page.keyboard.press("h")  # the advisor's hint marks the two cards to throw
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.locator("#hand button.suggested").count() == 2
    page.screenshot(path=str(shots / "table-desktop-discard.png"), full_page=True)
    taken: set[str] = set()
    for _ in range(500):
        if page.get_attribute("#table", "data-phase") == "game_over":
            break
        phase = take_turn(page)
        check_pegs(page, api_view(page, server.url, game_id))
        if phase not in taken and phase in ("play", "show"):
            taken.add(phase)
            page.screenshot(path=str(shots / f"table-desktop-{phase}.png"), full_page=True)
    view = api_view(page, server.url, game_id)
    assert view["phase"] == "game_over" and max(view["scores"]) >= 121
    check_pegs(page, view)
    assert page.is_visible("#banner")
    you, computer = view["outcome"]["scores"]
    assert str(you) in page.inner_text("#banner-text")
    assert str(computer) in page.inner_text("#banner-text")
    skunks = {"none": 0, "skunk": 1, "double_skunk": 2}[view["outcome"]["skunk"]]
    assert page.locator("#skunks img.skunk").count() == skunks
    page.screenshot(path=str(shots / "table-desktop-game-over.png"), full_page=True)
    assert "Replay" in page.goto(f"{server.url}/stats").text()
    page.screenshot(path=str(shots / "stats-desktop.png"), full_page=True)
    assert errors == []
    context.close()


def test_a_game_resumes_after_the_server_restarts(
    chromium: Any, server: ServerProcess, shots: Path
) -> None:
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    game_id = start_game(page, server.url, seed=77)
    for _ in range(3):
        take_turn(page)
    before = api_view(page, server.url, game_id)
    hand = page.locator("#hand button.in-hand").all_inner_texts()
    server.stop()
    server.start()
    page.goto(f"{server.url}/")  # the table resumes the latest unfinished game
    page.wait_for_selector(f'#table[data-version="{before["version"]}"]')
    assert page.locator("#hand button.in-hand").all_inner_texts() == hand
    assert api_view(page, server.url, game_id) == before
    check_pegs(page, before)
    page.screenshot(path=str(shots / "table-desktop-resumed.png"), full_page=True)
    take_turn(page)  # and the game goes on
    assert api_view(page, server.url, game_id)["version"] == before["version"] + 1
    context.close()


def test_the_phone_layout_fits_an_upright_phone(
    chromium: Any, server: ServerProcess, shots: Path
) -> None:
    context = chromium.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    start_game(page, server.url, seed=5)
    page.screenshot(path=str(shots / "table-phone-discard.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    cards = page.locator("#hand button.in-hand")
    assert cards.count() == 6
    for i in range(6):
        box = cards.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert box["width"] >= 44 and box["height"] >= 60  # a finger-sized target
    board = page.locator("#pegboard").bounding_box()
    assert board["width"] <= PHONE["width"] and board["width"] >= PHONE["width"] * 0.8
    for _ in range(12):
        if take_turn(page) == "show":
            break
    page.screenshot(path=str(shots / "table-phone-later.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert errors == []
    context.close()
