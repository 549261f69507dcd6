"""Counting your own hand at a table between two people: each counts their own hand and
crib, muggins gives what one overlooks to the other, a rematch keeps the options, and the
computer, when it takes the empty seat, counts its own hands exactly."""

from __future__ import annotations

import random
from typing import Any

import pytest
from friends_support import join, open_table
from table_support import stored_record, stored_state

from cribkit.rules import GameRules

BOTH = GameRules(manual_count=frozenset({0, 1}), muggins=True)


def test_the_table_options_and_muggins_alone_refused(client: Any) -> None:
    refused = client.post("/api/tables", json={"name": "Ann", "muggins": True})
    assert refused.status_code == 422 and refused.json()["code"] == "muggins_needs_manual_count"
    table = open_table(client, count_own=True, muggins=True)
    view = client.get(f"/api/games/{table['game_id']}").json()
    assert view["counting"] == {"manual_count": [0, 1], "muggins": True}


@pytest.mark.heavy
def test_each_friend_counts_their_own_and_the_rematch_keeps_the_options(
    client: Any, other_client: Any, app: Any
) -> None:
    table = open_table(client, count_own=True, muggins=True)
    game_id = table["game_id"]
    assert join(other_client, table["code"]).status_code == 200
    seats = {0: client, 1: other_client}
    rng = random.Random(9)
    claimed: set[int] = set()
    while True:
        views = {seat: c.get(f"/api/games/{game_id}").json() for seat, c in seats.items()}
        if views[0]["phase"] == "game_over":
            break
        for view in views.values():  # each sees the cards laid down once read up to them;
            laid = view["to_count"]  # only their owner may claim
            if laid is not None:
                assert views[laid["player"]]["to_count"] == laid
                other = 1 - laid["player"]
                assert not [a for a in views[other]["legal_actions"] if a["type"] == "claim"]
        movers = [seat for seat in (0, 1) if views[seat]["legal_actions"]]
        seat = rng.choice(movers)
        action = rng.choice(views[seat]["legal_actions"])
        if action["type"] == "claim":
            claimed.add(seat)
        answer = seats[seat].post(
            f"/api/games/{game_id}/actions",
            json={"action": action, "version": views[seat]["version"]},
        )
        assert answer.status_code == 200, answer.text
    assert claimed == {0, 1}
    record = stored_record(app, game_id)
    assert record.rules == BOTH
    shows = [s for step in record.replay() for s in step.after.shows]
    assert all(s.claim is not None for s in shows)
    rematch = client.post(f"/api/games/{game_id}/rematch")
    assert rematch.status_code == 200, rematch.text
    fresh = rematch.json()["game_id"]
    assert stored_record(app, fresh).rules == BOTH


def test_the_computer_in_the_empty_seat_counts_its_own_hands_exactly(client: Any, app: Any) -> None:
    table = open_table(client, count_own=True, muggins=True, computer_fills_in=True)
    assert client.post(f"/api/tables/{table['code']}/computer").status_code == 200
    game_id = table["game_id"]
    rng = random.Random(2)
    view = client.get(f"/api/games/{game_id}").json()
    for _ in range(300):
        if view["phase"] == "game_over" or view["hand_number"] > 2:
            break
        action = rng.choice(view["legal_actions"])
        view = client.post(
            f"/api/games/{game_id}/actions", json={"action": action, "version": view["version"]}
        ).json()
    shows = [s for step in stored_record(app, game_id).replay() for s in step.after.shows]
    theirs = [s for s in shows if s.player == 1]
    assert theirs and all(s.claim == s.breakdown.total for s in theirs)


def _paced_walk(client: Any, app: Any, game_id: str, rng: random.Random) -> list[int]:
    """Random legal moves for three deals, checking the show's pacing after each answer:
    at most one new count per answer, a reload (GET) reads the very same view, and no view
    holds a count past its step. Returns how many counts each answer added in the show."""
    added: list[int] = []
    view = client.get(f"/api/games/{game_id}").json()
    shown = 0
    while view["phase"] != "game_over" and view["hand_number"] <= 3:
        action = rng.choice(view["legal_actions"])
        answer = client.post(
            f"/api/games/{game_id}/actions", json={"action": action, "version": view["version"]}
        )
        assert answer.status_code == 200, answer.text
        fresh = answer.json()
        assert client.get(f"/api/games/{game_id}").json() == fresh  # a reload resumes here
        if fresh["hand_number"] != view["hand_number"] or fresh["phase"] not in ("show",):
            shown = len(fresh["shows"]) if fresh["phase"] == "game_over" else 0
        else:
            state = stored_state(app, game_id)
            assert len(fresh["shows"]) == fresh["show_step"] <= len(state.shows)
            added.append(len(fresh["shows"]) - shown)
            assert len(fresh["shows"]) - shown <= 1, (action, fresh["shows"])
            shown = len(fresh["shows"])
        view = fresh
    return added


def test_the_computer_in_a_counting_seat_is_paced_like_the_engines_counts(
    client: Any, app: Any
) -> None:
    table = open_table(client, count_own=True, muggins=True, computer_fills_in=True, seed=11)
    assert client.post(f"/api/tables/{table['code']}/computer").status_code == 200
    seated = _paced_walk(client, app, table["game_id"], random.Random(3))
    against = client.post(
        "/api/games", json={"level": "greedy", "seed": 11, "count_own": True, "muggins": True}
    ).json()["view"]
    engine = _paced_walk(client, app, against["id"], random.Random(3))
    assert seated and engine
    assert set(seated) <= {0, 1} and set(engine) <= {0, 1}
