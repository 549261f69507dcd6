"""Helpers shared by the table's tests: playing through the API and finding leaks."""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from cribkit.actions import Action
from cribkit.cards import Card
from cribkit.record import GameRecord
from cribkit.state import GameState, Phase
from cribkit.web.app import create_app
from cribkit.web.site.models import GameRow
from cribkit.web.site.settings import Settings

HUMAN, COMPUTER = 0, 1
SECRET = "table-test-secret"


def make_app(database_url: str, *, testing: bool = True) -> Any:
    """The whole app on ``database_url``, with a fixed cookie key (so restarts keep it)."""
    return create_app(Settings(database_url=database_url, secret_key=SECRET, testing=testing))


def stored_record(app: Any, game_id: str) -> GameRecord:
    """The record as the server stored it (what the player must never see mid-game)."""
    with app.state.database.session() as session:
        row = session.get(GameRow, game_id)
        assert row is not None
        return GameRecord.parse(row.record)


_followed: dict[tuple[int, str], tuple[tuple[Action, ...], GameState]] = {}


def stored_state(app: Any, game_id: str) -> GameState:
    """The stored game's state now, as ``stored_record(...).final_state()`` but applying
    only the actions stored since the last look at this game: the tests that look after
    every move of a whole game were quadratic (two whole replays a move)."""
    with app.state.database.session() as session:
        row = session.get(GameRow, game_id)
        assert row is not None
        record = GameRecord.parse(row.record, check=False)
    key = (id(app), game_id)
    actions, state = _followed.get(key, ((), GameState(rules=record.rules)))
    if record.actions[: len(actions)] != actions or state.rules != record.rules:
        actions, state = (), GameState(rules=record.rules)  # not the same game: start again
    for action in record.actions[len(actions) :]:
        state, _events = state.apply(action)
    _followed[key] = (record.actions, state)
    return state


def hidden_cards(state: GameState) -> set[Card]:
    """Cards the person may not know in ``state``: the computer's unshown cards and crib."""
    shown = {(show.player, show.context.value) for show in state.shows}
    hidden: set[Card] = set()
    if state.phase is Phase.DISCARD:
        return set(state.dealt[COMPUTER])
    if (COMPUTER, "hand") not in shown:
        hidden |= set(state.held[COMPUTER]) if state.phase is Phase.PLAY else set()
        if state.phase is not Phase.PLAY:
            played = {e.card for e in state.play_log if e.card is not None}
            hidden |= set(state.kept(COMPUTER)) - played
    if (state.dealer, "crib") not in shown:
        hidden |= set(state.discards[COMPUTER])
    return hidden


def body_without_cut(body: dict[str, Any]) -> str:
    """The JSON text minus the cut for deal (those cards go back into the pack)."""
    trimmed = {k: v for k, v in body.items() if k != "cut_for_deal"}
    return json.dumps(trimmed)


def leaked(body: dict[str, Any], cards: set[Card]) -> list[str]:
    text = body_without_cut(body)
    return sorted(str(card) for card in cards if f'"{card}"' in text)


@dataclass
class Observed:
    """Every view a game produced, with what the player must not have seen in each."""

    views: list[dict[str, Any]] = field(default_factory=list)
    hidden: list[set[Card]] = field(default_factory=list)


def play_out(
    client: Any, app: Any, *, level: str, seed: int, rng_seed: int, check: bool = True
) -> tuple[str, Observed]:
    """Play a whole game by random legal moves; record each view and its hidden cards."""
    rng = random.Random(rng_seed)
    response = client.post("/api/games", json={"level": level, "seed": seed})
    assert response.status_code == 201, response.text
    game_id = response.json()["id"]
    view = response.json()["view"]
    seen = Observed()
    while True:
        seen.views.append(view)
        if check:
            seen.hidden.append(hidden_cards(stored_state(app, game_id)))
        if view["phase"] == "game_over":
            return game_id, seen
        action = rng.choice(view["legal_actions"])
        response = client.post(
            f"/api/games/{game_id}/actions", json={"action": action, "version": view["version"]}
        )
        assert response.status_code == 200, response.text
        view = response.json()


CLEAR_OF_THE_TURN_S = 12.0
"""How long before the turn of a minute a budget test may start (each takes a few seconds)."""


def clear_of_the_turn_of_a_minute() -> None:
    """Wait, if need be, until well inside a minute. The rate budgets are counted by a sliding
    window counter whose windows turn with the clock's minutes: across a turn it weighs the
    last window's spending by the part of it still inside the window, so a test of a budget of
    a few a minute may see one more let through than it expects (CI failed so once, session
    23)."""
    left = 60.0 - time.time() % 60.0
    if left < CLEAR_OF_THE_TURN_S:
        time.sleep(left + 0.05)
