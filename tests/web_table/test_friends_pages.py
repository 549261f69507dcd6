"""The pages of a table between two people, as plain forms (no script needed)."""

from __future__ import annotations

import io
from typing import Any

import segno
from friends_support import join, open_table


def test_the_home_page_offers_a_friend_table_and_joining_by_code(client: Any) -> None:
    page = client.get("/").text
    assert 'id="friend-form"' in page and 'action="/table/friend"' in page
    assert 'id="join-form"' in page and 'action="/join"' in page


def test_opening_a_table_by_form_lands_at_the_table_with_its_invite(client: Any) -> None:
    answer = client.post("/table/friend", data={"name": "Ann"}, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"].startswith("/games/")
    game_id = answer.headers["location"].rsplit("/", 1)[-1]
    view = client.get(f"/api/games/{game_id}").json()
    assert view["table"]["names"] == ["Ann", None] and view["table"]["code"]
    assert client.get(answer.headers["location"]).status_code == 200


def test_a_typed_code_leads_to_its_table_in_any_case_and_spacing(client: Any) -> None:
    table = open_table(client)
    typed = table["code"].lower().replace("-", " ")
    answer = client.post("/join", data={"code": typed}, follow_redirects=False)
    assert answer.headers["location"] == f"/t/{table['code']}"


def test_the_link_seats_a_newcomer_by_form(client: Any, other_client: Any) -> None:
    table = open_table(client, "Ann")
    page = other_client.get(f"/t/{table['code']}")
    assert page.status_code == 200
    assert "Ann invites you to a game" in page.text and 'id="sit-down"' in page.text
    sat = other_client.post(f"/t/{table['code']}/join", data={"name": "Bo"}, follow_redirects=False)
    assert sat.status_code == 303 and sat.headers["location"] == f"/games/{table['game_id']}"
    assert other_client.get(f"/api/games/{table['game_id']}").json()["you"] == 1
    # Both players following the link again go back to their own seats.
    for browser in (client, other_client):
        again = browser.get(f"/t/{table['code']}", follow_redirects=False)
        assert again.headers["location"] == f"/games/{table['game_id']}"


def test_a_full_table_link_shows_the_game_to_watch(
    app: Any, client: Any, other_client: Any
) -> None:
    from fastapi.testclient import TestClient

    table = open_table(client)
    join(other_client, table["code"])
    with TestClient(app) as stranger:
        page = stranger.get(f"/t/{table['code']}")
        assert page.status_code == 200
        assert f'data-watch="{table["code"]}"' in page.text
        assert f'data-game="{table["game_id"]}"' in page.text
        taken = stranger.post(f"/t/{table['code']}/join", data={"name": "Cy"})
        assert taken.status_code == 200 and f'data-watch="{table["code"]}"' in taken.text


def test_an_unknown_code_says_so_and_offers_to_type_another(client: Any) -> None:
    page = client.get("/t/ABCDE-FGHJK")
    assert page.status_code == 404
    assert "No table with that code" in page.text and 'action="/join"' in page.text


def test_the_qr_code_is_an_svg_of_the_invite_link(client: Any) -> None:
    table = open_table(client)
    answer = client.get(f"/t/{table['code']}/qr.svg")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.text.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    expected = io.BytesIO()
    segno.make_qr(table["link"], error="m").save(
        expected, kind="svg", scale=4, border=2, xmldecl=False, dark="#1b1b1b", light="#ffffff"
    )
    assert answer.text == expected.getvalue().decode()
    assert client.get("/t/ABCDE-FGHJK/qr.svg").status_code == 404
