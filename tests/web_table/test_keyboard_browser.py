"""Everyone at the table: a whole game by keyboard alone, where after every move the focus
is on the next decision or one Tab away (never back at the top of the page), and a whole
game read through Chromium's accessibility tree — each decision's options and each score
as a screen reader gets them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from keyboard_walk import Decision, focused_on, walk_a_game
from servers import ServerProcess
from table_browser import DESKTOP, chromium, play_by_api, server, watch_errors  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_name(code: str) -> re.Pattern[str]:
    """A card's name as the tree gives it: rank and suit ("10 ♥"; the space may go)."""
    rank = "10" if code[0] == "T" else code[0]
    return re.compile(rf'button "{rank} ?{SUITS[code[1]]}"')


def deal_me_in(page: Any, base: str, seed: int) -> str:
    """From the top of the home page, Tab to "Deal me in" and press Enter; the game's id."""
    page.goto(f"{base}/?seed={seed}")
    page.evaluate("localStorage.setItem('cribkit-fast', '1')")  # no pause before each card
    for _ in range(40):
        if focused_on(page, "#start"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_url("**/games/*")
    game_id: str = page.url.rsplit("/", 1)[-1]
    return game_id


def describe_focus(page: Any) -> str:
    html: str = page.evaluate("() => (document.activeElement || document.body).outerHTML")
    return html[:200]


def test_a_whole_game_by_keyboard_needs_at_most_one_tab_per_decision(
    chromium: Any,  # noqa: F811
    server: ServerProcess,  # noqa: F811
) -> None:
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    game_id = deal_me_in(page, server.url, seed=12)
    tabs: dict[str, int] = {}

    def reach(view: dict[str, Any], decision: Decision) -> None:
        if not focused_on(page, decision.selector):
            page.keyboard.press("Tab")
            tabs[decision.kind] = tabs.get(decision.kind, 0) + 1
        assert focused_on(page, decision.selector), (
            f"{decision.kind} in {view['phase']} (version {view['version']}) is more than "
            f"one Tab away; the focus is on {describe_focus(page)}"
        )

    final = walk_a_game(page, server.url, game_id, reach)
    assert final["phase"] == "game_over"
    assert set(tabs) <= {"choose"}, tabs  # only the second card of the discard takes a Tab
    assert errors == []
    context.close()


def scores_read(snapshot: str, view: dict[str, Any]) -> None:
    """Each player's score and pegs are in the tree as words."""
    for pegs in view["pegs"]:
        front, back = pegs["front"], pegs["back"]
        said = (
            f"pegs {front} and {back}, last score {front - back}" if front else "pegs at the start"
        )
        assert said in snapshot, (said, view["pegs"])


PRIMARY = {"lay-away": ("Lay away to the crib",), "button": ("Go", "Next count", "Next deal")}


def options_read(page: Any, snapshot: str, view: dict[str, Any], decision: Decision) -> None:
    """Each option of the decision is a control the tree names (and says whether it can
    be used, or is chosen)."""
    actions = view["legal_actions"]
    if decision.kind == "cut":
        for action in actions:
            assert f'button "Cut at card {action["position"] + 1}"' in snapshot
    elif decision.kind in ("choose", "play"):
        playable = {a["card"] for a in actions if a["type"] == "play"}
        rows = snapshot.splitlines()
        for code in view["hand"]:
            line = next((row for row in rows if card_name(code).search(row)), None)
            assert line is not None, (code, snapshot)
            if decision.kind == "play":
                assert ("[disabled]" in line) is (code not in playable), line
        if decision.kind == "choose":  # the card already chosen says so
            chosen = int(page.locator("#hand button[aria-pressed='true']").count())
            assert snapshot.count("[pressed]") == chosen, snapshot
    elif decision.kind in PRIMARY:
        primary: str = page.locator("#primary").aria_snapshot()
        assert "[disabled]" not in primary, primary
        assert any(f'button "{name}"' in primary for name in PRIMARY[decision.kind]), primary


def talk_read(snapshot: str, view: dict[str, Any], said: set[int]) -> None:
    """Every score of the play and every count of the show is a line of the talk."""
    for event in view["events"]:
        if event["seq"] in said or event["context"] not in ("play", "heels"):
            continue
        assert f"+{event['points']}" in snapshot and event["call"] in snapshot, event
        said.add(event["seq"])
    for show in view["shows"]:
        assert f"“{show['call']}” = {show['total']}" in snapshot, show


def test_a_whole_game_through_the_accessibility_tree(
    chromium: Any,  # noqa: F811
    server: ServerProcess,  # noqa: F811
) -> None:
    context = chromium.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    game_id = deal_me_in(page, server.url, seed=33)
    said: set[int] = set()
    read = {"decisions": 0}

    def listen(view: dict[str, Any], decision: Decision) -> None:
        snapshot: str = page.locator("#play-area").aria_snapshot()
        scores_read(snapshot, view)
        if decision.kind == "end":
            you, computer = view["outcome"]["scores"]
            assert str(you) in snapshot and str(computer) in snapshot
            return
        options_read(page, snapshot, view, decision)
        talk_read(snapshot, view, said)
        read["decisions"] += 1
        if not focused_on(page, decision.selector):
            page.keyboard.press("Tab")

    final = walk_a_game(page, server.url, game_id, listen)
    assert final["phase"] == "game_over" and read["decisions"] > 50
    # The talk says each score; the show panel, redrawn at every count, is no live region.
    assert page.get_attribute("#talk", "aria-live") == "polite"
    assert page.locator("#play-area [aria-live]:not([aria-live='off'])").count() == 1
    context.close()


def test_the_count_picker_keeps_the_focus_on_an_enabled_control(
    chromium: Any,  # noqa: F811
    server: ServerProcess,  # noqa: F811
) -> None:
    """Picking a combination disables the kind just pressed, and removing a pick removes
    its button: the focus moves on to a control that can be used, never to <body>."""
    context = chromium.new_context(viewport=DESKTOP)
    page = context.new_page()
    answer = page.request.post(
        f"{server.url}/api/games", data={"level": "random", "seed": 7, "count_own": True}
    )
    game_id = answer.json()["id"]
    play_by_api(
        page,
        server.url,
        game_id,
        until=lambda v: any(a["type"] == "claim" for a in v["legal_actions"]),
    )
    page.goto(f"{server.url}/games/{game_id}")
    page.wait_for_selector("#claim-points")
    page.locator("#claim-box .claim-card").first.focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # two cards chosen: "fifteen +2" can be pressed
    page.locator("#claim-box .claim-kind[data-kind='fifteen']").focus()
    page.keyboard.press("Enter")
    assert page.input_value("#claim-points") == "2"
    assert focused_on(page, "#claim-box .claim-card:not([disabled])"), describe_focus(page)
    page.locator("#claim-box .claim-remove").first.focus()
    page.keyboard.press("Enter")
    assert page.input_value("#claim-points") == "0"
    assert focused_on(page, "#claim-points"), describe_focus(page)
    context.close()
