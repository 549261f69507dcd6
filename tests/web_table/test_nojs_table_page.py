"""The scriptless table as the server draws it: moves come back to the table's anchor, the
talk of the current deal is told, and a friend table says whose turn it is, reloads itself
only while the other seat moves, and shows its invite as a full link."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from friends_support import join, open_table

from cribkit.web.app import create_app
from cribkit.web.site.settings import Settings

PUBLIC = "https://crib.example"
_REFRESH = re.compile(r'<noscript><meta http-equiv="refresh" content="(\d+); url=([^"]*)">')
_TALK = re.compile(r'<ol class="talk-log plain-talk"[^>]*>(.*?)</ol>', re.S)
_LINE = re.compile(r"<li[^>]*>(.*?)</li>", re.S)


def refresh_of(page: str) -> tuple[int, str] | None:
    """The page's self-refresh (seconds, url), or None when it has none."""
    found = _REFRESH.search(page)
    return None if found is None else (int(found[1]), html.unescape(found[2]))


def talk_of(page: str) -> list[str]:
    """The lines of the scriptless table's talk, as drawn (newest first)."""
    found = _TALK.search(page)
    if found is None:
        return []
    return [" ".join(html.unescape(line).split()) for line in _LINE.findall(found[1])]


def form_move(client: Any, game_id: str, view: dict[str, Any]) -> Any:
    """The first legal move of ``view`` as the plain form posts it."""
    action = view["legal_actions"][0]
    data: dict[str, Any] = {"type": action["type"], "version": str(view["version"])}
    if action["type"] == "cut":
        data["position"] = str(action["position"])
    elif action["type"] == "discard":
        data["cards"] = action["cards"]
    elif action["type"] == "play":
        data["card"] = action["card"]
    return client.post(f"/games/{game_id}/move", data=data, follow_redirects=False)


def new_game(client: Any, seed: int = 4242) -> str:
    answer = client.post(
        "/table/new", data={"level": "random", "seed": str(seed)}, follow_redirects=False
    )
    assert answer.status_code == 303
    game_id: str = answer.headers["location"].rsplit("/", 1)[-1]
    return game_id


def test_every_form_move_comes_back_to_the_tables_anchor(client: Any) -> None:
    game_id = new_game(client)
    for _ in range(12):  # the cut for deal, the discard, the first cards of the play
        view = client.get(f"/api/games/{game_id}").json()
        answer = form_move(client, game_id, view)
        assert answer.status_code == 303, answer.text
        assert answer.headers["location"] == f"/games/{game_id}#play-area"
        page = client.get(f"/games/{game_id}").text
        assert 'id="play-area"' in page and refresh_of(page) is None  # nobody to wait for


def test_the_talk_told_is_the_current_deals_newest_first(client: Any) -> None:
    game_id = new_game(client, seed=77)
    view = client.get(f"/api/games/{game_id}").json()
    for _ in range(400):  # into the second deal's play, with a card on the table
        if view["hand_number"] == 2 and view["phase"] == "play" and view["count"]:
            break
        assert form_move(client, game_id, view).status_code == 303
        view = client.get(f"/api/games/{game_id}").json()
    else:
        raise AssertionError("the second deal's play was not reached")
    history = client.get(f"/api/games/{game_id}/history").json()["talk"]
    this_deal = [line["text"] for line in history if line["hand_number"] == 2]
    earlier = [line["text"] for line in history if line["hand_number"] == 1]
    drawn = talk_of(client.get(f"/games/{game_id}").text)
    assert drawn == [" ".join(text.split()) for text in reversed(this_deal)]
    assert any(line["kind"] == "play" and line["player"] == 1 for line in history[-4:])
    assert not set(drawn) & {" ".join(text.split()) for text in earlier[2:]}


def test_the_nav_marks_the_table_as_the_page_on_a_games_own_page(client: Any) -> None:
    """Without JavaScript a game is played on its own page: the nav still says the
    player is at the table (and only there)."""
    game_id = new_game(client)
    for path, current in ((f"/games/{game_id}", "/"), ("/", "/"), ("/rules", "/rules")):
        page = client.get(path).text
        assert re.findall(r'<a href="([^"]*)" aria-current="page"', page) == [current]


def test_a_game_with_nothing_said_yet_says_so(client: Any) -> None:
    game_id = new_game(client)
    page = client.get(f"/games/{game_id}").text
    assert talk_of(page) == [] and 'class="plain-talk-empty"' in page


@pytest.fixture
def public(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        secret_key="nojs-secret",
        testing=True,
        public_url=PUBLIC,
    )
    with TestClient(create_app(settings)) as host:
        yield host


def test_a_waiting_host_sees_the_full_invite_link_and_the_page_refreshes(
    public: TestClient,
) -> None:
    table = open_table(public)
    page = public.get(f"/games/{table['game_id']}").text
    link = f"{PUBLIC}/t/{table['code']}"
    assert f'<a class="invite-link" id="plain-invite-link" href="{link}">{link}</a>' in page
    # testing mode: every second, back to the table's anchor under a query that toggles
    # (a refresh to the page's own address with a fragment would not reload it)
    assert refresh_of(page) == (1, f"/games/{table['game_id']}?tick=1#play-area")
    again = public.get(f"/games/{table['game_id']}?tick=1").text
    assert refresh_of(again) == (1, f"/games/{table['game_id']}?tick=2#play-area")


def seated_table(host: Any, guest: Any) -> str:
    """A friend table with Ann and Bo seated; returns its game id."""
    table = open_table(host, "Ann")
    assert join(guest, table["code"], "Bo").status_code == 200
    game_id: str = table["game_id"]
    return game_id


def test_a_friend_table_says_whose_turn_and_refreshes_only_while_waiting(
    client: Any, other_client: Any
) -> None:
    game_id = seated_table(client, other_client)
    seats = {0: client, 1: other_client}
    waits = turns = 0
    for _ in range(40):  # the cut, both discards, the play of the first deal
        views = {seat: c.get(f"/api/games/{game_id}").json() for seat, c in seats.items()}
        for seat, seat_client in seats.items():
            page = seat_client.get(f"/games/{game_id}").text
            turn = re.search(r'<p class="plain-turn[^"]*" id="plain-turn">(.*?)</p>', page, re.S)
            assert turn is not None
            if views[seat]["legal_actions"]:  # its own move (a count too): no reload
                assert refresh_of(page) is None and "Your turn." in turn[1]
                turns += 1
            else:
                other = "Bo" if seat == 0 else "Ann"
                assert refresh_of(page) == (1, f"/games/{game_id}?tick=1#play-area")
                assert f"Waiting for {other}" in turn[1]
                waits += 1
        mover = next(seat for seat in (0, 1) if views[seat]["legal_actions"])
        answer = form_move(seats[mover], game_id, views[mover])
        assert answer.status_code == 303, answer.text
    assert waits > 10 and turns > 10


def test_a_stale_form_move_comes_back_to_the_anchor_saying_why(
    client: Any, other_client: Any
) -> None:
    game_id = seated_table(client, other_client)
    seats = (client, other_client)
    for _ in range(40):  # to a position where one seat moves and the other waits
        views = [seat.get(f"/api/games/{game_id}").json() for seat in seats]
        movers = [seat for seat in (0, 1) if views[seat]["legal_actions"]]
        if len(movers) == 1:
            break
        assert form_move(seats[movers[0]], game_id, views[movers[0]]).status_code == 303
    else:
        raise AssertionError("no position with one seat to move")
    waiter = seats[1 - movers[0]]
    stale = {"type": "go", "version": str(views[0]["version"] - 1)}
    refused = waiter.post(f"/games/{game_id}/move", data=stale, follow_redirects=False)
    assert refused.status_code == 303
    # between two people the stale move is the friend's having come first
    assert refused.headers["location"] == f"/games/{game_id}?problem=stale_friend#play-area"
    page = waiter.get(refused.headers["location"]).text
    assert "your friend moved first" in page
    assert waiter.get(f"/api/games/{game_id}").json()["version"] == views[0]["version"]
    forged = waiter.get(f"/games/{game_id}?problem=<b>hello</b>").text
    assert 'class="plain-problem"' not in forged  # no text from the address is shown


def test_a_refused_post_while_waiting_refreshes_to_the_table_not_the_post(
    public: TestClient,
) -> None:
    table = open_table(public)
    game_id = table["game_id"]
    form = {"type": "cut", "version": "1", "position": "0"}
    refused = public.post(f"/games/{game_id}/move", data=form)
    assert refused.status_code == 409  # the friend has not sat down yet
    # reloading the answer would post again: the page goes back to the table instead
    assert refresh_of(refused.text) == (1, f"/games/{game_id}?tick=1#play-area")


def _form_play(client: Any, game_id: str, hands: int) -> list[str]:
    """Play ``hands`` deals by the plain forms (first legal moves); the pages drawn."""
    pages = []
    for _ in range(400):
        view = client.get(f"/api/games/{game_id}").json()
        if view["hand_number"] > hands or view["phase"] == "game_over":
            return pages
        answer = form_move(client, game_id, view)
        assert answer.status_code == 303, answer.text
        pages.append(client.get(f"/games/{game_id}").text)
    raise AssertionError("the deals did not end in 400 moves")


_GO_BUTTON = 'data-move="go"'


def test_the_pace_moves_are_made_for_a_scriptless_player_too(client: Any) -> None:
    client.put("/api/preferences", json={"auto_go": False})
    first = new_game(client, seed=7)
    offered = _form_play(client, first, hands=3)
    assert any(_GO_BUTTON in page for page in offered)  # they said go themselves
    assert client.post(f"/api/games/{first}/resign").status_code == 200
    client.put("/api/preferences", json={"auto_go": True, "auto_last": True})
    game_id = new_game(client, seed=7)
    pages = _form_play(client, game_id, hands=3)
    assert pages and not any(_GO_BUTTON in page for page in pages)
    record = client.get(f"/api/games/{game_id}/history").json()["talk"]
    said = [line["text"] for line in record if line["kind"] == "go" and line["player"] == 0]
    assert said  # the server said the player's go, in the record, as their move
