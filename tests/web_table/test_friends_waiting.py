"""A table between two people starts only once both seats are taken: before the friend
sits down (or the computer does, where the host allowed it) the host may not cut for the
deal nor make any move, through the API or the plain forms, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest
from friends_support import join, open_table
from table_support import stored_record, stored_state

_ZH = {"Accept-Language": "zh-CN"}


def _cut(view: dict[str, Any]) -> dict[str, Any]:
    """A cut for deal from seat 0 at the first position of the spread."""
    return {"type": "cut", "player": 0, "position": 0}


def test_the_host_cannot_cut_before_the_friend_sits_down(
    client: Any, other_client: Any, app: Any
) -> None:
    table = open_table(client)
    game_id = table["game_id"]
    view = client.get(f"/api/games/{game_id}").json()
    assert view["phase"] == "cut_for_deal" and view["table"]["seated"] == [True, False]
    assert view["legal_actions"] == []  # nothing offered, so the page draws no cut
    record_before = stored_record(app, game_id).to_text()
    for headers, said in (({}, "your friend has not sat down yet"), (_ZH, "你的朋友还没入座")):
        refused = client.post(
            f"/api/games/{game_id}/actions",
            json={"action": _cut(view), "version": view["version"]},
            headers=headers,
        )
        assert refused.status_code == 409, refused.text
        answer = refused.json()
        assert answer["code"] == "friend_not_seated" and said in answer["detail"]
        assert answer["view"]["version"] == view["version"]
    hint = client.get(f"/api/games/{game_id}/hint")
    assert hint.status_code == 422 and hint.json()["code"] == "friend_not_seated"
    after = client.get(f"/api/games/{game_id}").json()
    assert after == view
    assert stored_record(app, game_id).to_text() == record_before

    assert join(other_client, table["code"]).status_code == 200
    seated = client.get(f"/api/games/{game_id}").json()
    assert seated["table"]["seated"] == [True, True]
    assert {"type": "cut", "player": 0, "position": 0} in seated["legal_actions"]
    moved = client.post(
        f"/api/games/{game_id}/actions",
        json={"action": _cut(seated), "version": seated["version"]},
    )
    assert moved.status_code == 200, moved.text


@pytest.mark.postgres_too
def test_the_computer_taking_the_seat_starts_the_game(client: Any) -> None:
    table = open_table(client, computer_fills_in=True)
    game_id = table["game_id"]
    assert client.get(f"/api/games/{game_id}").json()["legal_actions"] == []
    assert client.post(f"/api/tables/{table['code']}/computer").status_code == 200
    view = client.get(f"/api/games/{game_id}").json()
    assert any(a["type"] == "cut" for a in view["legal_actions"])
    moved = client.post(
        f"/api/games/{game_id}/actions", json={"action": _cut(view), "version": view["version"]}
    )
    assert moved.status_code == 200, moved.text


def test_the_plain_table_says_it_waits_and_offers_no_cut(
    client: Any, other_client: Any, app: Any
) -> None:
    table = open_table(client)
    game_id = table["game_id"]
    page = client.get(f"/games/{game_id}").text
    assert 'id="plain-waiting"' in page and "Waiting for your friend" in page
    assert table["code"] in page and 'class="plain-move plain-cut"' not in page
    version = client.get(f"/api/games/{game_id}").json()["version"]
    form = {"type": "cut", "version": str(version), "position": "0"}
    refused = client.post(f"/games/{game_id}/move", data=form)
    assert refused.status_code == 409 and "your friend has not sat down yet" in refused.text
    zh = client.post(f"/games/{game_id}/move", data=form, headers=_ZH)
    assert zh.status_code == 409 and "你的朋友还没入座" in zh.text
    assert "等朋友入座" in client.get(f"/games/{game_id}", headers=_ZH).text
    assert client.get(f"/api/games/{game_id}").json()["version"] == version
    assert stored_state(app, game_id).cuts == ()

    assert join(other_client, table["code"]).status_code == 200
    seated = client.get(f"/games/{game_id}").text
    assert 'id="plain-waiting"' not in seated and 'class="plain-move plain-cut"' in seated
