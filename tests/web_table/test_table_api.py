"""The table's JSON API on a temporary database: create, view, move, errors, versions."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from table_support import (
    HUMAN,
    body_without_cut,
    hidden_cards,
    leaked,
    make_app,
    play_out,
    stored_record,
    stored_state,
)

from cribkit.actions import Cut, Deal, TurnStarter
from cribkit.cards import parse_card
from cribkit.web.site.players_identity import PLAYER_COOKIE


def new_game(
    client: Any, level: str = "greedy", seed: int = 7, *, cut: bool = True
) -> dict[str, Any]:
    """A new game; with ``cut``, the person has cut for the deal (the first position)
    until a hand is dealt, and ``view`` is the view after that."""
    response = client.post("/api/games", json={"level": level, "seed": seed})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    while cut and data["view"]["phase"] == "cut_for_deal":
        view = data["view"]
        reply = move(client, data["id"], view["legal_actions"][0], view["version"])
        assert reply.status_code == 200, reply.text
        data["view"] = reply.json()
    return data


def move(client: Any, game_id: str, action: Any, version: Any) -> Any:
    return client.post(f"/api/games/{game_id}/actions", json={"action": action, "version": version})


@pytest.mark.postgres_too
def test_a_new_game_starts_with_the_persons_cut_and_sets_the_player_cookie(
    client: Any,
) -> None:
    response = client.post("/api/games", json={"level": "random", "seed": 3})
    assert response.status_code == 201
    assert PLAYER_COOKIE in response.cookies
    view = response.json()["view"]
    assert view["phase"] == "cut_for_deal" and view["version"] == 0
    assert view["cut_positions"] == [None, None], "the person draws first"
    assert view["legal_actions"] == [
        {"type": "cut", "player": HUMAN, "position": k} for k in range(52)
    ]
    assert view["hand"] == [] and view["cut_for_deal"] == []


def test_the_cut_for_deal_by_position(client: Any, app: Any) -> None:
    """The person picks a position; the computer draws another; both cards are shown."""
    data = new_game(client, level="random", seed=3, cut=False)
    game_id = data["id"]
    taken = move(client, game_id, {"type": "cut", "player": 0, "position": 52}, 0)
    assert taken.status_code == 422 and "0 to 51" in taken.json()["detail"]
    reply = move(client, game_id, {"type": "cut", "player": 0, "position": 17}, 0)
    assert reply.status_code == 200, reply.text
    view = reply.json()
    assert view["cut_for_deal_positions"][0][HUMAN] == 17
    computer_at = view["cut_for_deal_positions"][0][1]
    assert computer_at != 17 and len(view["cut_for_deal"][0]) == 2
    record = stored_record(app, game_id)
    assert record.actions[:2] == (Cut(0, 17), Cut(1, computer_at))


def test_a_new_game_deals_six_cards(client: Any) -> None:
    data = new_game(client, level="random", seed=3)
    view = data["view"]
    assert view["id"] == data["id"]
    assert view["phase"] == "discard"
    assert len(view["hand"]) == 6
    assert len(view["legal_actions"]) == 15
    assert all(a["type"] == "discard" and a["player"] == HUMAN for a in view["legal_actions"])
    assert view["opponent_has_discarded"] is True  # the computer discards at once
    assert view["scores"] == [0, 0] and view["starter"] is None


def test_the_view_is_the_same_when_read_back(client: Any) -> None:
    data = new_game(client)
    again = client.get(f"/api/games/{data['id']}")
    assert again.status_code == 200
    assert again.json() == data["view"]


@pytest.mark.parametrize(
    ("level", "seed", "rng_seed"),
    [("random", 7_340_318_207_511, 1), ("greedy", 5_129_044_861_377, 2)],
)
def test_whole_games_never_show_the_computers_cards_crib_or_starter(
    client: Any, app: Any, level: str, seed: int, rng_seed: int
) -> None:
    game_id, seen = play_out(client, app, level=level, seed=seed, rng_seed=rng_seed)
    assert seen.views[-1]["outcome"] is not None
    assert max(seen.views[-1]["scores"]) >= 121
    for view, hidden in zip(seen.views, seen.hidden, strict=True):
        assert not leaked(view, hidden), (view["phase"], view["hand_number"])
    # The starter of each hand is unknown while the discards are being chosen.
    record = stored_record(app, game_id)
    starters: dict[int, str] = {}
    hand = 0
    for action in record.actions:
        if isinstance(action, Deal):
            hand += 1
        elif isinstance(action, TurnStarter):
            starters[hand] = str(action.card)
    for view in seen.views:
        if view["phase"] == "discard":
            assert f'"{starters[view["hand_number"]]}"' not in body_without_cut(view)
    # Neither the seed nor the record ever leaves the server while the game is on.
    for view in seen.views:
        text = body_without_cut(view)
        assert str(record.seed) not in text and "record" not in text


def test_a_leak_would_be_caught(client: Any, app: Any) -> None:
    """The leak check itself: the computer's dealt cards do show up in its own view."""
    data = new_game(client, seed=99)
    state = stored_state(app, data["id"])
    hidden = hidden_cards(state)
    assert len(hidden) == 6
    from cribkit.view import view_of

    computer_view = view_of(state, 1).to_dict()
    assert leaked(computer_view, hidden)


def test_the_seed_is_ignored_unless_the_server_is_testing(database_url: str) -> None:
    from fastapi.testclient import TestClient

    hands = []
    with TestClient(make_app(database_url, testing=False), base_url="http://localhost") as live:
        for _ in range(3):
            hands.append(new_game(live, level="casual", seed=5)["view"]["hand"])
    assert len({tuple(h) for h in hands}) > 1
    with TestClient(make_app(database_url, testing=True)) as test:
        seeded = {tuple(new_game(test, seed=5)["view"]["hand"]) for _ in range(2)}
    assert len(seeded) == 1


def test_someone_elses_game_is_not_found(client: Any, other_client: Any) -> None:
    data = new_game(client)
    game_id = data["id"]
    assert other_client.get(f"/api/games/{game_id}").status_code == 404
    other_client.post("/api/games", json={"level": "random"})  # now with a cookie of its own
    assert other_client.get(f"/api/games/{game_id}").status_code == 404
    action = data["view"]["legal_actions"][0]
    assert move(other_client, game_id, action, 0).status_code == 404
    assert other_client.get(f"/api/games/{game_id}/replay").status_code == 404
    assert client.get(f"/api/games/{game_id}").status_code == 200
    assert client.get("/api/games/no-such-game").status_code == 404


def test_a_forged_cookie_owns_nothing(client: Any, app: Any) -> None:
    from fastapi.testclient import TestClient

    game_id = new_game(client)["id"]
    with TestClient(app, cookies={PLAYER_COOKIE: "someone.forged"}) as forger:
        assert forger.get(f"/api/games/{game_id}").status_code == 404


@pytest.mark.parametrize(
    ("action", "version", "words"),
    [
        ({"type": "play", "player": 0, "card": "5H"}, 0, "cannot play"),
        ({"type": "discard", "player": 1, "cards": ["5H", "5D"]}, 0, "seat 0"),
        ({"type": "discard", "player": 0, "cards": ["XX", "5D"]}, 0, "XX"),
        ({"type": "shuffle", "player": 0}, 0, "unknown action type"),
        ("play the five", 0, "JSON object"),
        (None, 0, "JSON object"),
        ({"type": "go", "player": 0}, "zero", "version"),
        ({"type": "go", "player": 0}, None, "version"),
    ],
)
def test_bad_moves_are_refused_with_a_reason_and_change_nothing(
    client: Any, action: Any, version: Any, words: str
) -> None:
    data = new_game(client)
    game_id = data["id"]
    if version == 0:
        version = data["view"]["version"]
    response = move(client, game_id, action, version)
    assert response.status_code == 422
    assert words.lower() in response.json()["detail"].lower()
    assert client.get(f"/api/games/{game_id}").json() == data["view"]


def test_a_discard_of_cards_not_held_is_refused(client: Any) -> None:
    data = new_game(client)
    hand = set(data["view"]["hand"])
    missing = [c for c in ("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S") if c not in hand][:2]
    discard = {"type": "discard", "player": 0, "cards": missing}
    response = move(client, data["id"], discard, data["view"]["version"])
    assert response.status_code == 422
    assert "not in your hand" in response.json()["detail"]


@pytest.mark.postgres_too
def test_a_double_submit_is_applied_once(client: Any, app: Any) -> None:
    data = new_game(client)
    action, version = data["view"]["legal_actions"][0], data["view"]["version"]
    first = move(client, data["id"], action, version)
    second = move(client, data["id"], action, version)
    assert first.status_code == 200 and first.json()["version"] == version + 1
    assert second.status_code == 409
    assert second.json()["view"]["version"] == version + 1
    discards = [
        a for a in stored_record(app, data["id"]).actions if a.to_text().startswith("p0 discard")
    ]
    assert len(discards) == 1


@pytest.mark.postgres_too
def test_concurrent_moves_from_two_tabs_are_applied_once(
    client: Any, app: Any, database_url: str
) -> None:
    from fastapi.testclient import TestClient

    data = new_game(client)
    action, version = data["view"]["legal_actions"][3], data["view"]["version"]
    cookies = {PLAYER_COOKIE: client.cookies[PLAYER_COOKIE]}
    statuses: list[int] = []
    barrier = threading.Barrier(6)

    def tab() -> None:
        other = TestClient(app, cookies=cookies)  # the app is already running
        barrier.wait()
        statuses.append(move(other, data["id"], action, version).status_code)

    threads = [threading.Thread(target=tab) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] + [409] * 5
    assert client.get(f"/api/games/{data['id']}").json()["version"] == version + 1
    discards = [
        a for a in stored_record(app, data["id"]).actions if a.to_text().startswith("p0 discard")
    ]
    assert len(discards) == 1


@pytest.mark.postgres_too
def test_a_game_resumes_exactly_after_a_restart(database_url: str) -> None:
    from fastapi.testclient import TestClient

    with TestClient(make_app(database_url)) as first:
        data = new_game(first, seed=21)
        view = data["view"]
        view = move(first, data["id"], view["legal_actions"][5], view["version"]).json()
        while view["phase"] == "play" and view["legal_actions"]:
            view = move(first, data["id"], view["legal_actions"][0], view["version"]).json()
        cookies = {PLAYER_COOKIE: first.cookies[PLAYER_COOKIE]}
    with TestClient(make_app(database_url), cookies=cookies) as second:
        assert second.get(f"/api/games/{data['id']}").json() == view
        assert second.get(f"/games/{data['id']}").text.count(f'data-game="{data["id"]}"') == 1
        assert f'id="resume-link" href="/games/{data["id"]}"' in second.get("/").text


@pytest.mark.parametrize(
    ("sent", "stored"), [("hard", "expert"), ("easy", "beginner"), ("medium", "casual")]
)
def test_an_old_level_name_is_read_as_its_level(client: Any, sent: str, stored: str) -> None:
    response = client.post("/api/games", json={"level": sent, "seed": 4})
    assert response.status_code == 201 and response.json()["view"]["level"] == stored
    view = response.json()["view"]
    reply = move(client, response.json()["id"], view["legal_actions"][0], 0)
    assert reply.status_code == 200


@pytest.mark.parametrize("level", ["grandmaster", "expert-2026"])
def test_an_unknown_level_is_refused(client: Any, level: str) -> None:
    response = client.post("/api/games", json={"level": level})
    assert response.status_code == 422
    assert "beginner, novice, casual, club, strong or expert" in response.json()["detail"]


def test_random_and_greedy_sit_only_at_a_test_server(database_url: str) -> None:
    from fastapi.testclient import TestClient

    with TestClient(make_app(database_url, testing=False), base_url="http://localhost") as live:
        for level in ("random", "greedy"):
            response = live.post("/api/games", json={"level": level})
            assert response.status_code == 422, level
            assert "beginner, novice" in response.json()["detail"]


def test_the_api_is_in_the_openapi_document(client: Any) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions"} <= set(paths)


def test_a_hint_names_one_of_your_legal_moves(client: Any) -> None:
    data = new_game(client, seed=13)
    response = client.get(f"/api/games/{data['id']}/hint")
    assert response.status_code == 200
    advice = response.json()
    assert advice["action"] in data["view"]["legal_actions"]
    assert advice["explanation"]
    assert client.get("/api/games/nope/hint").status_code == 404


def test_no_hint_is_given_for_a_cut_and_asking_changes_nothing(client: Any) -> None:
    """Neither the cut for deal nor the cut of the pack has anything to advise: the hint is
    refused with a reason (in the reader's language) and the game stays where it was."""
    data = new_game(client, level="random", seed=5, cut=False)
    game_id, view = data["id"], data["view"]
    cuts = {"cut_for_deal": False, "starter": False}
    while not all(cuts.values()):
        assert view["phase"] != "game_over"
        if view["legal_actions"] and view["legal_actions"][0]["type"] == "cut":
            refused = client.get(f"/api/games/{game_id}/hint")
            assert refused.status_code == 422 and refused.json()["code"] == "hint_cut"
            assert "every place is as good" in refused.json()["detail"]
            zh = client.get(f"/api/games/{game_id}/hint", headers={"Accept-Language": "zh-CN"})
            assert zh.json()["code"] == "hint_cut" and "提示" in zh.json()["detail"]
            assert client.get(f"/api/games/{game_id}").json()["version"] == view["version"]
            cuts[view["phase"]] = True
        view = move(client, game_id, view["legal_actions"][0], view["version"]).json()
    assert client.get(f"/api/games/{game_id}/hint").status_code in (200, 422)


def test_the_person_cuts_the_pack_for_the_starter_when_pone(client: Any, app: Any) -> None:
    """As pone the person chooses where to cut (4 to 36 cards); the dealer turns the card
    there, which no view shows before the cut."""
    data = new_game(client, level="random", seed=5)
    game_id, view = data["id"], data["view"]
    while not (view["phase"] == "starter" and view["legal_actions"]):
        assert view["phase"] != "game_over"
        view = move(client, game_id, view["legal_actions"][0], view["version"]).json()
    assert view["dealer"] == 1 and view["starter"] is None
    assert [a["position"] for a in view["legal_actions"]] == list(range(4, 37))
    shallow = move(client, game_id, {"type": "cut", "player": 0, "position": 3}, view["version"])
    assert shallow.status_code == 422 and "at least 4" in shallow.json()["detail"]
    after = move(client, game_id, {"type": "cut", "player": 0, "position": 20}, view["version"])
    assert after.status_code == 200, after.text
    turned = after.json()
    assert turned["starter_position"] == 20 and turned["starter"] is not None
    starter = stored_record(app, game_id).actions[-1 - len(turned["play_log"])]
    assert starter == TurnStarter(parse_card(turned["starter"]), 20)
    assert f'"{turned["starter"]}"' not in body_without_cut(view)
