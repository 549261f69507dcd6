"""Leaving a game: resign it (JSON or forms), start another, and the home page that resumes.

A resignation is the player's own, at any moment until the game is over; someone else's
game is "not found"; a finished game refuses it. The record ends with ``pN resign``, the
game is a finished loss in /stats, and at a friend table the other player wins and hears it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from friends_support import join, open_table
from table_support import stored_record
from test_table_api import move, new_game

from cribkit.web.table.games.loaded import FINISHED


def resign(client: Any, game_id: str) -> Any:
    return client.post(f"/api/games/{game_id}/resign")


def test_resigning_your_game_ends_it_as_a_loss(client: Any, app: Any) -> None:
    data = new_game(client, seed=5)
    answer = resign(client, data["id"])
    assert answer.status_code == 200, answer.text
    view = answer.json()
    assert view["phase"] == "game_over" and view["status"] == FINISHED
    assert view["outcome"]["winner"] == 1 and view["outcome"]["resigned"] is True
    assert view["outcome"]["skunk"] == "none" and view["legal_actions"] == []
    assert stored_record(app, data["id"]).to_text().splitlines()[-1] == "p0 resign"
    talk = client.get(f"/api/games/{data['id']}/history").json()["talk"]
    assert talk[-1]["text"] == "You resign; Computer wins."
    stats = client.get("/stats").text
    assert 'data-stat="losses">1<' in stats and 'data-stat="games">1<' in stats
    record = client.get(f"/api/games/{data['id']}/record")
    assert record.status_code == 200 and record.text.endswith("p0 resign\n")
    replay = client.get(f"/games/{data['id']}/replay?step=999").text
    assert 'data-kind="resign"' in replay and "You resign; the computer wins." in replay


def test_someone_elses_game_cannot_be_resigned(client: Any, other_client: Any) -> None:
    data = new_game(client, seed=5)
    refused = resign(other_client, data["id"])
    assert refused.status_code == 404 and refused.json()["code"] == "game_not_found"
    assert client.get(f"/api/games/{data['id']}").json()["phase"] != "game_over"


def test_a_finished_game_cannot_be_resigned_again(client: Any) -> None:
    data = new_game(client, seed=5)
    assert resign(client, data["id"]).status_code == 200
    again = resign(client, data["id"])
    assert again.status_code == 422 and again.json()["code"] == "game_over_resign"


def test_a_resignation_may_come_out_of_turn_and_the_friend_is_told(
    client: Any, other_client: Any
) -> None:
    table = open_table(client, "Ann")
    assert join(other_client, table["code"], "Bo").status_code == 200
    game_id = table["game_id"]
    host = client.get(f"/api/games/{game_id}").json()
    # the host cuts: now only Bo may cut, yet Ann may still resign, and Bo wins
    host = move(client, game_id, host["legal_actions"][0], host["version"]).json()
    assert host["legal_actions"] == []  # Bo's turn to cut
    answer = resign(client, game_id)
    assert answer.status_code == 200, answer.text
    friend = other_client.get(f"/api/games/{game_id}").json()
    assert friend["outcome"]["winner"] == 1 and friend["outcome"]["resigned"] is True
    said = other_client.get(f"/api/games/{game_id}/history").json()["talk"][-1]["text"]
    assert said == "Ann resigns; you win."
    mine = client.get(f"/api/games/{game_id}/history").json()["talk"][-1]["text"]
    assert mine == "You resign; Bo wins."
    watched = client.get(f"/api/tables/{table['code']}/history")  # the public talk
    assert watched.status_code == 200
    assert watched.json()["talk"][-1]["text"] == "Ann resigns; Bo wins."


def test_a_resignation_through_the_moves_endpoint_carries_the_version(client: Any) -> None:
    data = new_game(client, seed=8)
    view = data["view"]
    answer = move(client, data["id"], {"type": "resign", "player": 0}, view["version"])
    assert answer.status_code == 200 and answer.json()["outcome"]["resigned"] is True
    wrong_seat = new_game(client, seed=9)
    refused = move(client, wrong_seat["id"], {"type": "resign", "player": 1}, 1)
    assert refused.status_code == 422 and refused.json()["code"] == "not_your_seat"


def test_a_resignation_during_the_show_shows_every_count(client: Any) -> None:
    data = new_game(client, seed=7)
    view = data["view"]
    for _ in range(200):  # play the first card each time until the show waits for a count
        if view["legal_actions"] and view["legal_actions"][0]["type"] == "count":
            break
        view = move(client, data["id"], view["legal_actions"][0], view["version"]).json()
    else:
        pytest.fail("the show never came")
    assert view["phase"] == "show" and len(view["shows"]) == 1
    answer = resign(client, data["id"]).json()
    assert answer["outcome"]["resigned"] is True and len(answer["shows"]) == 3


def test_the_resign_form_goes_on_to_a_new_game_of_the_same_kind(client: Any) -> None:
    first = client.post("/api/games", json={"level": "random", "seed": 3}).json()["id"]
    confirm = client.get(f"/games/{first}/resign?then=new")
    assert confirm.status_code == 200 and 'name="then" value="new"' in confirm.text
    done = client.post(f"/games/{first}/resign", data={"then": "new"}, follow_redirects=False)
    assert done.status_code == 303
    fresh = done.headers["location"].removeprefix("/games/")
    assert fresh != first and client.get(f"/api/games/{fresh}").json()["level"] == "random"
    assert client.get(f"/api/games/{first}").json()["outcome"]["resigned"] is True
    # a second click on the finished game goes on, and its confirm page goes to its table
    again = client.post(f"/games/{first}/resign", data={"then": ""}, follow_redirects=False)
    assert again.status_code == 303 and again.headers["location"] == f"/games/{first}"
    assert client.get(f"/games/{first}/resign", follow_redirects=False).status_code == 303


def test_the_home_page_offers_the_unfinished_game_to_resume(client: Any) -> None:
    assert 'id="resume-card"' not in client.get("/").text
    data = new_game(client, level="club", seed=5)
    home = client.get("/").text
    assert 'id="resume-card"' in home and f'href="/games/{data["id"]}"' in home
    assert "Against the computer: Club" in home and 'id="newgame"' in home
    assert 'id="friend-forms"' in home and f'data-unfinished="{data["id"]}"' in home
    assert 'data-game=""' in home  # the home page, not the table
    assert "Hand 1 · you " in home
    resign(client, data["id"])
    assert 'id="resume-card"' not in client.get("/").text


def test_the_resume_card_of_a_game_at_the_cut_names_no_hand(client: Any) -> None:
    data = new_game(client, seed=5, cut=False)
    assert data["view"]["phase"] == "cut_for_deal" and data["view"]["hand_number"] == 0
    home = client.get("/").text
    assert "Hand 0" not in home and "At the cut for deal · you 0, them 0" in home
    zh = client.get("/", headers={"Accept-Language": "zh-CN"}).text
    assert "第 0 副" not in zh and "切牌定庄 · 你 0 分，对方 0 分" in zh


def test_a_new_game_while_one_is_unfinished_asks_resume_or_resign(client: Any) -> None:
    old = new_game(client, seed=5)["id"]
    asked = client.post("/table/new", data={"level": "random"}, follow_redirects=False)
    assert asked.status_code == 200 and f'href="/games/{old}"' in asked.text
    assert f'name="resign" value="{old}"' in asked.text
    assert client.get(f"/api/games/{old}").json()["phase"] != "game_over"  # nothing changed
    form = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', asked.text))
    started = client.post("/table/new", data=form, follow_redirects=False)
    assert started.status_code == 303 and started.headers["location"].startswith("/games/")
    assert client.get(f"/api/games/{old}").json()["outcome"]["resigned"] is True


def test_the_language_links_name_the_games_address(client: Any) -> None:
    data = new_game(client, seed=5)
    wanted = f'href="/lang/zh?next=/games/{data["id"]}"'
    assert wanted in client.get(f"/games/{data['id']}").text
    # a refused plain move is drawn under its POST address, yet the links name the game
    version = str(client.get(f"/api/games/{data['id']}").json()["version"])
    refused = client.post(f"/games/{data['id']}/move", data={"type": "go", "version": version})
    assert refused.status_code in (409, 422) and wanted in refused.text


def test_stats_keep_friend_games_apart_by_name(client: Any, other_client: Any) -> None:
    table = open_table(client, "Ann")
    assert join(other_client, table["code"], "Bo").status_code == 200
    assert resign(other_client, table["game_id"]).status_code == 200  # Ann wins
    computer = new_game(client, level="random", seed=5)
    assert resign(client, computer["id"]).status_code == 200
    page = client.get("/stats").text
    assert 'data-stat="games">1<' in page and 'data-stat="wins">0<' in page  # the computer's
    level = re.search(r'<tr data-group="random">.*?</tr>', page, re.S)
    assert level is not None and 'data-stat="losses">1<' in level.group(0)
    friend = re.search(r'<tr data-group="Bo">.*?</tr>', page, re.S)
    assert friend is not None and 'data-stat="wins">1<' in friend.group(0)
    assert ">Bo<" in friend.group(0)
