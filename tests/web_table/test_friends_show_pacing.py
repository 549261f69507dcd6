"""The show between two people is paced per seat: each friend lays down the counts for
themselves at their own speed, the deal moves on when both have read it (or the one
waiting moves on after the timeout), and the rail sees no more than was laid."""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from friends_support import join, open_table, play_both_seats

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from cribkit.web.site.models import GameRow
from cribkit.web.table.games.pacing import NEXT_COUNT
from cribkit.web.table.games.seat_pacing import MOVE_ON


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


@pytest.fixture
def counting_show(client: Any, other_client: Any) -> tuple[str, str]:
    """Ann's table with Bo seated, played by both to a show with a count still to lay down:
    the game's id and the table's code."""
    table = open_table(client, seed=31)
    join(other_client, table["code"])
    _to_a_counting_show({0: client, 1: other_client}, table["game_id"], random.Random(5))
    return table["game_id"], table["code"]


def _show_actions(view: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [a for a in view["legal_actions"] if a["type"] == kind]


def test_each_friend_reads_the_show_at_their_own_pace_and_the_rail_sees_only_what_is_laid(
    client: Any, other_client: Any, third_client: Any, counting_show: tuple[str, str]
) -> None:
    game_id, code = counting_show

    host = client.get(f"/api/games/{game_id}").json()
    friend = other_client.get(f"/api/games/{game_id}").json()
    rail = third_client.get(f"/api/tables/{code}").json()
    hand = host["hand_number"]
    assert host["show_step"] == 1 and len(host["shows"]) == 1
    assert friend["legal_actions"] == [{"type": NEXT_COUNT, "player": 1, "hand": hand, "step": 1}]
    assert rail["shows"] == host["shows"] == friend["shows"]
    assert rail["scores"] == host["scores"] and rail["outcome"] is None
    assert rail["event_count"] == host["event_count"]

    # The friend may not lay it down in the host's name, and nothing changes.
    mine = {"type": NEXT_COUNT, "player": 0, "hand": hand, "step": 1}
    refused = _move(other_client, game_id, mine, friend["version"])
    assert refused.status_code == 422 and refused.json()["code"] == "not_your_seat_friend"
    assert other_client.get(f"/api/games/{game_id}").json() == friend

    laid = _move(other_client, game_id, friend["legal_actions"][0], friend["version"])
    assert laid.status_code == 200, laid.text
    assert laid.json()["show_step"] == 2 and len(laid.json()["shows"]) == 2
    # The host still reads the first count: only the version moved.
    after = client.get(f"/api/games/{game_id}").json()
    assert after["version"] == host["version"] + 1
    assert after["show_step"] == 1 and after["shows"] == host["shows"]
    assert after["scores"] == host["scores"] and after["event_count"] == host["event_count"]
    # The rail follows the farther reader, and sees no more than was laid.
    rail = third_client.get(f"/api/tables/{code}").json()
    assert rail["shows"] == laid.json()["shows"] and rail["scores"] == laid.json()["scores"]

    # The host's press, made on the version before the friend's, still lays the host's count.
    pressed = _move(client, game_id, host["legal_actions"][0], host["version"])
    assert pressed.status_code == 200, pressed.text
    assert pressed.json()["show_step"] == 2
    # The same press again (a second tab) is stale, said without "another tab".
    again = _move(client, game_id, host["legal_actions"][0], host["version"])
    assert again.status_code == 409 and again.json()["code"] == "stale_friend"
    assert "another tab" not in again.json()["detail"]
    assert again.json()["view"]["show_step"] == 2


def _read_to_the_end(client: Any, game_id: str) -> dict[str, Any]:
    """Lay down this seat's counts until only "Next deal" is left."""
    for _ in range(5):
        view: dict[str, Any] = client.get(f"/api/games/{game_id}").json()
        counts = _show_actions(view, NEXT_COUNT)
        if not counts:
            return view
        assert _move(client, game_id, counts[0], view["version"]).status_code == 200
    raise AssertionError("the show never ended")


def _finished_reading(client: Any, game_id: str) -> dict[str, Any]:
    view = _read_to_the_end(client, game_id)
    (on,) = _show_actions(view, "next")
    answer = _move(client, game_id, on, view["version"])
    assert answer.status_code == 200, answer.text
    waiting: dict[str, Any] = answer.json()
    return waiting


def test_the_deal_moves_on_only_when_both_friends_have_read_the_show(
    client: Any, other_client: Any, counting_show: tuple[str, str]
) -> None:
    game_id, _code = counting_show
    hand = client.get(f"/api/games/{game_id}").json()["hand_number"]

    waiting = _finished_reading(client, game_id)
    assert waiting["phase"] == "show" and waiting["hand_number"] == hand
    assert waiting["legal_actions"] == []  # nothing to do but wait (or move on, later)
    assert waiting["show_wait"] == {"for": 1, "move_on_in": 60}
    friend = other_client.get(f"/api/games/{game_id}").json()
    assert friend["show_step"] == 1 and friend["show_wait"] is None
    assert _show_actions(friend, NEXT_COUNT)  # the friend is not skipped past a count

    done = _finished_reading(other_client, game_id)
    assert done["hand_number"] == hand + 1 and done["phase"] != "show"
    assert client.get(f"/api/games/{game_id}").json()["hand_number"] == hand + 1


def test_the_one_waiting_may_move_on_after_the_timeout_and_not_before(
    client: Any, other_client: Any, app: Any, counting_show: tuple[str, str]
) -> None:
    game_id, _code = counting_show
    waiting = _finished_reading(client, game_id)
    hand = waiting["hand_number"]
    early = {"type": MOVE_ON, "player": 0, "hand": hand, "step": 4}
    refused = _move(client, game_id, early, waiting["version"])
    assert refused.status_code == 422 and refused.json()["code"] == "show_wait"
    unchanged = client.get(f"/api/games/{game_id}").json()
    assert unchanged["version"] == waiting["version"] and unchanged["legal_actions"] == []

    with app.state.database.session() as session:  # the wait began a minute and more ago
        row = session.get(GameRow, game_id)
        assert row is not None and row.show_waiting_since is not None
        row.show_waiting_since = row.show_waiting_since - timedelta(seconds=61)
        session.commit()
    due = client.get(f"/api/games/{game_id}").json()
    assert due["show_wait"]["move_on_in"] == 0
    (move_on,) = _show_actions(due, MOVE_ON)
    # The friend, still reading, has nothing to move on from.
    reading = other_client.get(f"/api/games/{game_id}").json()
    theirs = {**move_on, "player": 1, "step": reading["show_step"]}
    refused = _move(other_client, game_id, theirs, reading["version"])
    assert refused.status_code == 422 and refused.json()["code"] == "show_not_read"
    moved = _move(client, game_id, move_on, due["version"])
    assert moved.status_code == 200, moved.text
    assert moved.json()["hand_number"] == hand + 1
    assert other_client.get(f"/api/games/{game_id}").json()["hand_number"] == hand + 1


def test_a_move_made_on_an_older_table_between_two_people_names_no_tab(
    client: Any, other_client: Any
) -> None:
    table = open_table(client, seed=31)
    join(other_client, table["code"])
    game_id = table["game_id"]
    host = client.get(f"/api/games/{game_id}").json()
    friend = other_client.get(f"/api/games/{game_id}").json()
    assert _move(client, game_id, host["legal_actions"][0], host["version"]).status_code == 200
    late = _move(other_client, game_id, friend["legal_actions"][0], friend["version"])
    assert late.status_code == 409 and late.json()["code"] == "stale_friend"
    assert "another tab" not in late.json()["detail"]


@pytest.mark.heavy  # random whole games: make test; the property tests guard the rule in make check
def test_random_play_with_per_seat_show_steps_never_shows_a_hidden_card(
    app: Any, client: Any, other_client: Any, third_client: Any
) -> None:
    table = open_table(client, seed=4)
    join(other_client, table["code"])
    final = play_both_seats(
        app,
        table["game_id"],
        {0: client, 1: other_client},
        rng_seed=8,
        spectator=(third_client, table["code"]),
    )
    assert max(final["scores"]) == 121


def test_the_talk_read_back_after_a_reload_is_said_from_the_readers_seat(
    client: Any, other_client: Any, counting_show: tuple[str, str]
) -> None:
    game_id, _code = counting_show
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


def _form_buttons(page: str) -> set[str]:
    """The kinds of move the scriptless page offers as form buttons."""
    return set(re.findall(r'data-move="([a-z_]+)"', page))


def test_without_the_script_each_friend_reads_the_show_at_their_own_pace(
    client: Any, other_client: Any, app: Any, counting_show: tuple[str, str]
) -> None:
    """The scriptless pages: a count laid from a page the other friend's count has made
    older still stands (it names its hand and step); the friend who has read it all is
    offered no "Next deal" that would be refused, waits (the page reloads itself), and
    after the timeout is offered moving on, which deals on."""
    game_id, _code = counting_show
    host_page = client.get(f"/games/{game_id}").text  # Ann's page, drawn now
    other = other_client.get(f"/api/games/{game_id}").json()
    (bo_count,) = _show_actions(other, NEXT_COUNT)
    assert _move(other_client, game_id, bo_count, other["version"]).status_code == 200
    fields = dict(re.findall(r'name="(version|hand|step)" value="(\d+)"', host_page))
    assert set(fields) == {"version", "hand", "step"}  # the count form names hand and step
    laid = client.post(
        f"/games/{game_id}/move", data={"type": "count", **fields}, follow_redirects=False
    )
    assert laid.status_code == 303 and "problem" not in laid.headers["location"]
    assert client.get(f"/api/games/{game_id}").json()["show_step"] == 2

    waiting = _finished_reading(client, game_id)
    page = client.get(f"/games/{game_id}").text
    assert "next" not in _form_buttons(page) and "move_on" not in _form_buttons(page)
    assert '<meta http-equiv="refresh"' in page and "Your turn." not in page
    with app.state.database.session() as session:  # the wait began a minute and more ago
        row = session.get(GameRow, game_id)
        assert row is not None and row.show_waiting_since is not None
        row.show_waiting_since = row.show_waiting_since - timedelta(seconds=61)
        session.commit()
    page = client.get(f"/games/{game_id}").text
    assert "move_on" in _form_buttons(page)
    fields = dict(re.findall(r'name="(version|hand|step)" value="(\d+)"', page))
    moved = client.post(
        f"/games/{game_id}/move", data={"type": "move_on", **fields}, follow_redirects=False
    )
    assert moved.status_code == 303 and "problem" not in moved.headers["location"]
    assert client.get(f"/api/games/{game_id}").json()["hand_number"] == waiting["hand_number"] + 1
