"""The show between two people is paced like a game against the computer: either friend
lays the next count down (from their own seat), and the rail sees no more than they do."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from friends_support import join, open_table

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from cribkit.web.table.games.pacing import NEXT_COUNT


@pytest.fixture
def third_client(app: Any) -> Iterator[TestClient]:
    """A spectator's browser."""
    with TestClient(app) as test_client:
        yield test_client


def _move(client: Any, game_id: str, action: dict[str, Any], version: int) -> Any:
    return client.post(f"/api/games/{game_id}/actions", json={"action": action, "version": version})


def _to_a_counting_show(seats: dict[int, Any], game_id: str, rng: random.Random) -> None:
    """Random legal moves from both seats until a show with a count still to lay down."""
    for _ in range(400):
        view = seats[0].get(f"/api/games/{game_id}").json()
        if view["phase"] == "show" and any(a["type"] == NEXT_COUNT for a in view["legal_actions"]):
            return
        assert view["phase"] != "game_over"
        movers = [
            s for s in (0, 1) if seats[s].get(f"/api/games/{game_id}").json()["legal_actions"]
        ]
        seat = rng.choice(movers)
        mine = seats[seat].get(f"/api/games/{game_id}").json()
        answer = _move(seats[seat], game_id, rng.choice(mine["legal_actions"]), mine["version"])
        assert answer.status_code == 200, answer.text
    raise AssertionError("no show reached")


def test_either_friend_lays_the_next_count_and_the_rail_sees_only_what_is_laid(
    client: Any, other_client: Any, third_client: Any
) -> None:
    table = open_table(client, seed=31)
    join(other_client, table["code"])
    game_id = table["game_id"]
    seats = {0: client, 1: other_client}
    _to_a_counting_show(seats, game_id, random.Random(5))

    host = client.get(f"/api/games/{game_id}").json()
    friend = other_client.get(f"/api/games/{game_id}").json()
    rail = third_client.get(f"/api/tables/{table['code']}").json()
    assert host["show_step"] == 1 and len(host["shows"]) == 1
    assert friend["legal_actions"] == [{"type": NEXT_COUNT, "player": 1}]
    assert rail["shows"] == host["shows"] == friend["shows"]
    assert rail["scores"] == host["scores"] and rail["outcome"] is None
    assert rail["event_count"] == host["event_count"]

    # The friend may not lay it down in the host's name, and nothing changes.
    refused = _move(other_client, game_id, {"type": NEXT_COUNT, "player": 0}, friend["version"])
    assert refused.status_code == 422 and refused.json()["code"] == "not_your_seat_friend"
    assert other_client.get(f"/api/games/{game_id}").json() == friend

    laid = _move(other_client, game_id, {"type": NEXT_COUNT, "player": 1}, friend["version"])
    assert laid.status_code == 200, laid.text
    after = client.get(f"/api/games/{game_id}").json()
    assert after["version"] == host["version"] + 1 and after["show_step"] == 2
    assert len(after["shows"]) == 2
    rail = third_client.get(f"/api/tables/{table['code']}").json()
    assert rail["shows"] == after["shows"] and rail["scores"] == after["scores"]


def test_the_talk_read_back_after_a_reload_is_said_from_the_readers_seat(
    client: Any, other_client: Any
) -> None:
    table = open_table(client, seed=31)
    join(other_client, table["code"])
    game_id = table["game_id"]
    _to_a_counting_show({0: client, 1: other_client}, game_id, random.Random(5))
    host = client.get(f"/api/games/{game_id}/history").json()["talk"]
    friend = other_client.get(f"/api/games/{game_id}/history").json()["talk"]
    assert len(host) == len(friend)
    plays = [i for i, line in enumerate(host) if line["kind"] == "play"]
    assert plays
    for i in plays:
        seat = host[i]["player"]
        assert friend[i]["player"] == seat
        # The same card played: "You" for its player, the other name for the other seat.
        said = {0: host[i]["text"], 1: friend[i]["text"]}
        assert said[seat].startswith("You"), said
        assert not said[1 - seat].startswith("You"), said
