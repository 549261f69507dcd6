"""Helpers for tables between two people: open, join, play both seats, find leaks."""

from __future__ import annotations

import random
from typing import Any

from table_support import leaked, stored_state

from cribkit.cards import DECK, Card
from cribkit.state import GameState, Phase


def open_table(client: Any, name: str = "Ann", *, seed: int = 7, **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"name": name, "seed": seed, **extra})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def join(client: Any, code: str, name: str = "Bo") -> Any:
    return client.post(f"/api/tables/{code}/join", json={"name": name})


def hidden_from(state: GameState, viewer: int | None) -> set[Card]:
    """Cards ``viewer`` (a seat, or None for a spectator) may not know in ``state``."""
    shown = {(show.player, show.context.value) for show in state.shows}
    played = {entry.card for entry in state.play_log if entry.card is not None}
    dealt = set(state.dealt[0]) | set(state.dealt[1])
    visible_deck = {state.starter} if state.starter is not None else set()
    hidden = set(DECK) - dealt - visible_deck  # the rest of the pack never shows
    for seat in (0, 1):
        if seat == viewer:
            continue
        if state.phase is Phase.DISCARD:
            hidden |= set(state.dealt[seat])
            continue
        if (seat, "hand") not in shown:
            hidden |= set(state.kept(seat)) - played
        if state.dealer is not None and (state.dealer, "crib") not in shown:
            hidden |= set(state.discards[seat])
    return hidden


def check_views(app: Any, game_id: str, views: dict[int | None, dict[str, Any]]) -> None:
    """No view shows a card its reader may not know in the stored state."""
    state = stored_state(app, game_id)
    for viewer, view in views.items():
        assert leaked(view, hidden_from(state, viewer)) == [], (viewer, view["phase"])


def play_both_seats(
    app: Any,
    game_id: str,
    seats: dict[int, Any],
    *,
    rng_seed: int,
    spectator: tuple[Any, str] | None = None,
    on_move: Any = None,
) -> dict[str, Any]:
    """Play a whole game by random legal moves from whichever seat may move; every view
    of both seats (and of the spectator) is checked for hidden cards after each move."""
    rng = random.Random(rng_seed)
    while True:
        views: dict[int | None, dict[str, Any]] = {
            seat: client.get(f"/api/games/{game_id}").json() for seat, client in seats.items()
        }
        if spectator is not None:
            watcher, code = spectator
            views[None] = watcher.get(f"/api/tables/{code}").json()
        check_views(app, game_id, views)
        movers = [seat for seat in (0, 1) if views[seat]["legal_actions"]]
        if views[0]["phase"] == "game_over" and not movers:  # both have read the last count
            return views[0]
        seat = rng.choice(movers)
        view = views[seat]
        action = rng.choice(view["legal_actions"])
        answer = seats[seat].post(
            f"/api/games/{game_id}/actions", json={"action": action, "version": view["version"]}
        )
        assert answer.status_code == 200, answer.text
        if on_move is not None:
            on_move(answer.json())
