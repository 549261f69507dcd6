"""The table in headless Chromium, shared by its browser tests: screenshots when asked, one
real ``cribkit serve`` per test worker, and the moves and checks a person makes.

conftest.py registers the fixtures for every test here; test_table_browser.py re-exports
all of this under the names older tests import from it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import ServerProcess

from db_templates import copy_sqlite
from screenshots import screenshots_folder

__all__ = [
    "DESKTOP",
    "PHONE",
    "advance_by_api",
    "api_view",
    "check_pegs",
    "chromium",
    "own_server",
    "play_by_api",
    "play_fast",
    "server",
    "shots",
    "start_game",
    "take_turn",
    "watch_errors",
]

DESKTOP = {"width": 1280, "height": 900}
MAX_MOVES = 600
"""More moves than any game to 121 takes."""
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def chromium(browser: Any) -> Any:
    """The shared per-worker Chromium (see tests/conftest.py)."""
    return browser


@pytest.fixture(scope="session")
def server(
    tmp_path_factory: pytest.TempPathFactory, sqlite_template: Path
) -> Iterator[ServerProcess]:
    """One real ``cribkit serve`` per test worker, shared by its browser tests.

    Each test opens its own browser context, so it is a new player with games of its own;
    a test that stops its server or needs other settings takes ``own_server``."""
    folder = tmp_path_factory.mktemp("serve")
    process = ServerProcess(copy_sqlite(sqlite_template, folder), folder / "serve.log")
    process.start()
    yield process
    process.stop()


@pytest.fixture
def own_server(tmp_path: Path, sqlite_template: Path) -> Iterator[ServerProcess]:
    """A real ``cribkit serve`` of the test's own (to stop and restart), stopped at the end."""
    process = ServerProcess(copy_sqlite(sqlite_template, tmp_path), tmp_path / "serve.log")
    process.start()
    yield process
    process.stop()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """A folder for a test that writes its own screenshots: ``$CRIBKIT_SCREENSHOTS``, else
    the test's tmp folder (prefer ``snap``, which writes nothing unless asked)."""
    folder = screenshots_folder() or tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def watch_errors(page: Any) -> list[str]:
    """The page's script errors, console errors and off-site requests, as they happen."""
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


def play_fast(page: Any, base: str, *, fast: bool = True) -> None:
    """Save the player's speed: ``fast`` turns off the pause before the computer's card."""
    speed = "fast" if fast else "normal"
    answer = page.request.put(f"{base}/api/preferences", data={"speed": speed})
    assert answer.status == 200, answer.text()


def choose_level(page: Any, level: str) -> None:
    """Pick ``level`` in the new-game form. A test server's random or greedy (seeded tests
    were written against them; never offered to people) rides on the first radio, whose
    value the test rewrites in the page."""
    radio = page.locator(f'input[name="level"][value="{level}"]')
    if radio.count():
        radio.check()
        return
    page.eval_on_selector(
        'input[name="level"]',
        "(radio, level) => { radio.value = level; radio.checked = true; }",
        level,
    )


def start_game(page: Any, base: str, seed: int, level: str = "greedy", *, fast: bool = True) -> str:
    """A new seeded game; ``fast`` turns off the pause before the computer's card."""
    play_fast(page, base, fast=fast)
    page.goto(f"{base}/?seed={seed}")
    choose_level(page, level)
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
    """The player's view as the JSON API gives it, with the page's cookie."""
    response = page.request.get(f"{base}/api/games/{game_id}")
    assert response.status == 200
    view: dict[str, Any] = response.json()
    return view


def _move_by_api(
    page: Any,
    base: str,
    game_id: str,
    until: Callable[[dict[str, Any]], bool],
    choose: Callable[[list[dict[str, Any]]], dict[str, Any]],
    max_moves: int = MAX_MOVES,
) -> dict[str, Any]:
    """Send ``choose(legal_actions)`` of each view to the JSON API with the page's cookie
    until ``until(view)`` or the game is over; the page is not told (reload it to see)."""
    view = api_view(page, base, game_id)
    for _ in range(max_moves):
        if until(view) or view["phase"] == "game_over":
            return view
        body = {"action": choose(view["legal_actions"]), "version": view["version"]}
        answer = page.request.post(f"{base}/api/games/{game_id}/actions", data=body)
        assert answer.status == 200, answer.text()
        view = answer.json()
    raise AssertionError(f"no position wanted in {max_moves} moves")


def play_by_api(
    page: Any, base: str, game_id: str, until: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """The first legal move of each view, through the API, until ``until(view)``."""
    return _move_by_api(page, base, game_id, until, lambda legal: legal[0], max_moves=1000)


def advance_by_api(
    page: Any, base: str, game_id: str, *, until: Callable[[dict[str, Any]], bool], seed: int = 0
) -> dict[str, Any]:
    """Random legal moves (seeded) through the API until ``until(view)``: the quick way to
    a late position, drawing no page on the way."""
    return _move_by_api(page, base, game_id, until, random.Random(seed).choice)


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


def drawn_sheet(page: Any) -> list[list[str]]:
    """The score sheet's cells as the page holds them (text, not layout), row by row."""
    rows: list[list[str]] = page.eval_on_selector_all(
        "#score-sheet tbody tr",
        "rows => rows.map((r) => [...r.cells].filter((c) => c.tagName === 'TD')"
        ".map((c) => c.textContent))",
    )
    return rows


def told_sheet(page: Any, base: str, game_id: str) -> list[list[str]]:
    """The score sheet of ``GET /api/games/{id}/history`` as the page draws it: a count
    not made yet is a dot, a muggins taken follows the pegging, the crib is the dealer's."""

    def cell(value: int | None) -> str:
        return "\u00b7" if value is None else str(value)

    answer = page.request.get(f"{base}/api/games/{game_id}/history")
    assert answer.status == 200
    rows = []
    for hand in answer.json()["sheet"]:
        row = []
        for p in (0, 1):
            taken = (hand.get("muggins") or [0, 0])[p]
            row += [
                cell(hand["pegging"][p]) + (f" +{taken}" if taken else ""),
                cell(hand["hand"][p]),
                cell(hand["crib"]) if hand["dealer"] == p else "",
                str(hand["totals"][p]),
            ]
        rows.append(row)
    return rows
