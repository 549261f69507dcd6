"""One talk: what the live table says equals the talk rebuilt from the record.

Seeded games are played through the page, whole in the slow tier and the first four deals
of one in CI (fast play on and off, both seats dealing, his heels, counting your own hand
with muggins); after every move the live talk is compared line for line with
``GET /api/games/{id}/history``, and so is the score sheet the page draws (it asks for the
history only when the sheet can have moved). The computer's pause is kept (its interim
view is what once lost "two for his heels"), only its timer is cut short so a game takes
seconds.
"""

from __future__ import annotations

from typing import Any

import pytest
from counting_policy import Claims, next_move
from servers import ServerProcess
from table_browser import DESKTOP, api_view, drawn_sheet, told_sheet, watch_errors
from test_counting_browser import browser_move

pytestmark = [pytest.mark.browser]

SHORT_TIMERS = """
(() => {
  const later = window.setTimeout.bind(window);
  window.setTimeout = (run, ms, ...rest) => later(run, ms >= 300 ? 1 : ms, ...rest);
})();
"""
"""The computer's pause (and the page's other long timers) over in a millisecond."""

QUICK_GAMES = [(11, "normal", True)]
"""(seed, speed, muggins): seed 11 has heels for both seats."""
QUICK_HANDS = 4
"""CI plays seed 11's first four deals (each seat deals twice, his heels in the first and
the fourth: 40% of the game's moves); the slow tier plays every game to its end."""
ALL_GAMES = [
    (35, "normal", False),  # the person deals a jack starter in the first hand
    (36, "fast", True),  # and in the second
    *((seed, ("normal", "fast")[seed % 2], seed % 3 == 0) for seed in range(40, 60)),
]


def live_talk(page: Any) -> list[str]:
    """Each line exactly as written (innerText would fold the double space before a call)."""
    lines: list[str] = page.eval_on_selector_all(
        "#talk li", "items => items.map((i) => i.textContent)"
    )
    return lines


def record_talk(page: Any, base: str, game_id: str) -> list[str]:
    """The talk rebuilt from the record, newest first as the page lists it."""
    answer = page.request.get(f"{base}/api/games/{game_id}/history")
    assert answer.status == 200
    return [line["text"] for line in reversed(answer.json()["talk"])]


def settled(page: Any, before: str) -> str:
    """Wait until the move made on version ``before`` is drawn and its history read."""
    page.wait_for_selector(f'#table:not([data-version="{before}"]):not(.busy)', timeout=10_000)
    version: str = page.get_attribute("#table", "data-version")
    page.wait_for_selector(f'#sheet-panel[data-version="{version}"]', state="attached")
    return version


def start(page: Any, base: str, seed: int, speed: str, *, muggins: bool) -> str:
    """A seeded game from the new-game form, filled in from the saved preferences."""
    choice = {"speed": speed, "count_own": muggins, "muggins": muggins}
    answer = page.request.put(f"{base}/api/preferences", data=choice)
    assert answer.status == 200, answer.text()
    page.goto(f"{base}/?new=1&seed={seed}")
    assert page.is_checked("#count-own") is muggins
    assert page.is_checked("#muggins") is muggins
    page.click("#start")
    page.wait_for_selector("#table[data-version]:not(.busy)")
    game_id: str = page.url.rsplit("/", 1)[-1]
    return game_id


def compare(page: Any, base: str, game_id: str) -> list[str]:
    """The live talk against the record's (the page keeps its newest 60 lines)."""
    heard, told = live_talk(page), record_talk(page, base, game_id)
    assert heard == told[: len(heard)], "\n".join(
        f"{a!r:70} {b!r}" for a, b in zip(heard[:14], told, strict=False)
    )
    assert len(heard) == min(len(told), 60)
    return told


def play_and_compare(page: Any, base: str, game_id: str, hands: int | None = None) -> list[str]:
    """Play the game to its end (or its first ``hands`` deals) through the page, comparing
    the talk at every count of the show (a deal's talk is under 60 lines) and at the end;
    return the whole talk."""
    claims = Claims()
    for _ in range(400):  # a whole game is about a hundred of the person's moves
        view = api_view(page, base, game_id)
        past_the_last_hand = hands is not None and view["hand_number"] > hands
        if view["status"] == "finished" or past_the_last_hand:
            return compare(page, base, game_id)
        version = page.get_attribute("#table", "data-version")
        assert version == str(view["version"])
        claim = [a for a in view["legal_actions"] if a["type"] == "claim"]
        if claim:
            page.wait_for_selector("#claim-box")
            page.fill("#claim-points", str(claims.claim(view)))
            page.keyboard.press("Enter")
        else:
            action = next_move(view)
            assert action is not None, view["phase"]
            if action["type"] in ("count", "next"):
                compare(page, base, game_id)
            browser_move(page, action)
        settled(page, version)
        # the sheet is asked for only when it can have moved: it still matches the record
        assert drawn_sheet(page) == told_sheet(page, base, game_id)
    raise AssertionError("the game did not end in 400 moves")


def check_games(
    browser: Any,
    server: ServerProcess,
    games: list[tuple[int, str, bool]],
    hands: int | None = None,
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(SHORT_TIMERS)
    page = context.new_page()
    errors = watch_errors(page)
    said: list[str] = []
    for seed, speed, muggins in games:
        game_id = start(page, server.url, seed, speed, muggins=muggins)
        try:
            said += play_and_compare(page, server.url, game_id, hands)
        except AssertionError as exc:
            raise AssertionError(f"seed {seed}, {speed}, muggins {muggins}: {exc}") from exc
    assert any("his heels" in line for line in said)
    assert errors == []
    context.close()


def test_the_live_talk_is_the_record_s_talk_in_a_seeded_game(
    browser: Any, server: ServerProcess
) -> None:
    check_games(browser, server, QUICK_GAMES, QUICK_HANDS)


@pytest.mark.slow
def test_the_live_talk_is_the_record_s_talk_in_twenty_two_seeded_games(
    browser: Any, server: ServerProcess
) -> None:
    check_games(browser, server, ALL_GAMES)
