"""A whole game against the computer played with the keyboard alone, one decision at a
time: the tests say what to check at each decision (the Tab presses it took to reach, or
what the accessibility tree reads there)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from table_browser import api_view

MOVES = 400
"""A whole game is about a hundred of the person's decisions; this bounds the walk."""


@dataclass(frozen=True)
class Decision:
    """What the person decides next: its kind and the selector of its controls."""

    kind: str
    selector: str


def decision_of(view: dict[str, Any], chosen: int) -> Decision | None:
    """The person's next decision in ``view`` (``chosen``: discards picked so far)."""
    types = {action["type"] for action in view["legal_actions"]}
    if view["phase"] == "game_over":
        return Decision("end", "#banner .banner-actions a")
    if "cut" in types:
        return Decision("cut", "#spread button.cut-card:not([disabled])")
    if "discard" in types:
        if chosen == 2:
            return Decision("lay-away", "#primary")
        return Decision("choose", "#hand button.in-hand[aria-pressed='false']")
    if "play" in types:
        return Decision("play", "#hand button.in-hand:not([disabled])")
    if types & {"go", "count", "next"}:
        return Decision("button", "#primary")
    return None


def focused_on(page: Any, selector: str) -> bool:
    matches: bool = page.evaluate(
        "(selector) => Boolean(document.activeElement && document.activeElement.matches(selector))",
        selector,
    )
    return matches


def settled_view(page: Any, base: str, game_id: str) -> dict[str, Any]:
    """The view once the page has drawn it and is waiting for the person (or has ended)."""
    view = api_view(page, base, game_id)
    for _ in range(200):
        if view["phase"] == "game_over" or view["legal_actions"]:
            break
        page.wait_for_timeout(50)
        view = api_view(page, base, game_id)
    page.wait_for_selector(f'#table[data-version="{view["version"]}"]:not(.busy)')
    return view


def walk_a_game(
    page: Any, base: str, game_id: str, at_decision: Callable[[dict[str, Any], Decision], None]
) -> dict[str, Any]:
    """Play the game to its end by keyboard; ``at_decision`` runs before each key press
    (and it, not this, moves the focus to the decision)."""
    chosen = 0
    for _ in range(MOVES):
        view = settled_view(page, base, game_id)
        decision = decision_of(view, chosen)
        assert decision is not None, f"no decision for the person in {view['phase']}"
        at_decision(view, decision)
        if decision.kind == "end":
            return view
        version = view["version"]
        if decision.kind == "choose":
            page.keyboard.press("Space")
            chosen += 1
            page.wait_for_selector(f"#hand button.in-hand[aria-pressed='true'] >> nth={chosen - 1}")
            continue
        page.keyboard.press("Enter")
        chosen = 0
        page.wait_for_selector(f'#table:not([data-version="{version}"])')
    raise AssertionError(f"the game did not end in {MOVES} decisions")
