"""Table chat: who may write and read, the length cap, the mute's privacy (socket and HTTP),
escaping on both pages, persistence, the rate limit, and no chat in the game's record."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from friends_support import join, open_table
from table_support import SECRET, clear_of_the_turn_of_a_minute

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from cribkit.web.app import create_app
from cribkit.web.site.models import ChatRow, GameRow
from cribkit.web.site.settings import RATE_DEFAULTS, Settings
from cribkit.web.table.friends.chat import CHAT_LENGTH, ChatRefusedError, clean_message

EN = {"Accept-Language": "en"}
ZH = {"Accept-Language": "zh-CN"}
RLO, ZWSP, ZWJ, LRI = "\u202e", "\u200b", "\u200d", "\u2066"
NASTY = f"<script>alert(1)</script>{RLO}gnp.exe{ZWSP}&amp;"


@pytest.fixture
def third_client(app: Any) -> Iterator[TestClient]:
    """A spectator: neither seat's cookie."""
    with TestClient(app) as test_client:
        yield test_client


def seated(client: Any, other_client: Any, host: str = "Ann", friend: str = "Bo") -> dict[str, Any]:
    table = open_table(client, host)
    assert join(other_client, table["code"], friend).status_code == 200
    return table


def say(client: Any, code: str, **body: Any) -> Any:
    return client.post(f"/api/tables/{code}/chat", json=body, headers=EN)


def texts(chat: dict[str, Any]) -> list[str]:
    return [message["text"] for message in chat["messages"]]


def stored_lines(app: Any) -> int:
    with app.state.database.session() as session:
        return len(session.query(ChatRow).all())


# ---------------------------------------------------------------- writing and reading


def test_both_seats_write_and_everyone_with_the_code_reads(
    client: Any, other_client: Any, third_client: Any
) -> None:
    table = seated(client, other_client)
    code = table["code"]
    first = say(client, code, phrase="good_luck")
    assert first.status_code == 201, first.text
    assert texts(first.json()) == ["Good luck"] and first.json()["can_write"] is True
    assert say(other_client, code, text="  You  too!\n ").status_code == 201
    for reader in (client, other_client, third_client):
        chat = reader.get(f"/api/tables/{code}/chat", headers=EN).json()
        assert texts(chat) == ["Good luck", "You too!"]
        assert [(m["seat"], m["name"], m["phrase"]) for m in chat["messages"]] == [
            (0, "Ann", "good_luck"),
            (1, "Bo", None),
        ]
    spectator = third_client.get(f"/api/tables/{code}/chat").json()
    assert spectator["can_write"] is False and spectator["muted"] is None
    zh = third_client.get(f"/api/tables/{code}/chat", headers=ZH).json()
    assert texts(zh)[0] == "祝你好运", "a quick phrase is said in each reader's language"


def test_the_chat_rides_in_every_view_of_the_table(
    client: Any, other_client: Any, third_client: Any
) -> None:
    table = seated(client, other_client)
    say(client, table["code"], text="hello")
    own = client.get(f"/api/games/{table['game_id']}").json()
    public = third_client.get(f"/api/tables/{table['code']}").json()
    assert texts(own["table"]["chat"]) == texts(public["table"]["chat"]) == ["hello"]
    assert own["table"]["chat"]["muted"] is False and public["table"]["chat"]["muted"] is None


def test_the_host_may_write_before_the_friend_sits_down(client: Any, other_client: Any) -> None:
    table = open_table(client)
    assert say(client, table["code"], text="I'll wait").status_code == 201
    join(other_client, table["code"], "Bo")
    assert texts(other_client.get(f"/api/tables/{table['code']}/chat").json()) == ["I'll wait"]


@pytest.mark.postgres_too
def test_a_line_is_capped_after_cleaning_and_an_empty_one_is_refused(
    app: Any, client: Any, other_client: Any
) -> None:
    code = seated(client, other_client)["code"]
    exact = "é" * CHAT_LENGTH
    decomposed = "e\u0301" * CHAT_LENGTH  # 400 code points, 200 once NFC composes them
    assert say(client, code, text=decomposed).status_code == 201
    assert say(client, code, text=exact + ZWSP * 50).status_code == 201, "invisible ones go"
    too_long = say(client, code, text=exact + "x")
    assert too_long.status_code == 422
    assert too_long.json()["code"] == "chat_too_long" and "200" in too_long.json()["detail"]
    for empty in ("", "   ", "\n\t", ZWSP + ZWJ + RLO):
        answer = say(client, code, text=empty)
        assert answer.status_code == 422 and answer.json()["code"] == "chat_empty", empty
    for body in ({}, {"text": "a", "phrase": "thanks"}, {"phrase": "rude"}, {"text": 5}):
        assert say(client, code, **body).status_code == 422, body
    assert say(client, code, text="x" * 2001).status_code == 422
    assert stored_lines(app) == 2


def test_spectators_and_players_of_another_table_cannot_write(
    app: Any, client: Any, other_client: Any, third_client: Any
) -> None:
    table = seated(client, other_client)
    elsewhere = open_table(third_client, "Cy")  # a player, of another table
    for writer in (third_client,):
        answer = say(writer, table["code"], text="let me in")
        assert answer.status_code == 403
        assert answer.json()["code"] == "chat_spectator" and answer.json()["detail"]
        mute = writer.put(f"/api/tables/{table['code']}/chat/mute", json={"muted": True})
        assert mute.status_code == 403 and mute.json()["code"] == "chat_spectator"
    assert say(client, elsewhere["code"], text="wrong table").status_code == 403
    assert say(client, "ABCDE-FGHJK", text="no table").status_code == 404
    assert stored_lines(app) == 0
    assert texts(client.get(f"/api/tables/{table['code']}/chat").json()) == []


def test_no_chat_where_the_computer_took_the_seat(app: Any, client: Any) -> None:
    table = open_table(client, computer_fills_in=True)
    assert client.post(f"/api/tables/{table['code']}/computer").status_code == 200
    answer = say(client, table["code"], text="hi computer")
    assert answer.status_code == 409 and answer.json()["code"] == "chat_no_friend"
    assert stored_lines(app) == 0


# ---------------------------------------------------------------- the mute


@pytest.mark.postgres_too
def test_a_muted_player_never_reaches_the_muter_over_http(
    client: Any, other_client: Any, third_client: Any
) -> None:
    table = seated(client, other_client)
    code, game_id = table["code"], table["game_id"]
    say(other_client, code, text="before")
    muted = client.put(f"/api/tables/{code}/chat/mute", json={"muted": True})
    assert muted.status_code == 200 and muted.json()["muted"] is True
    say(other_client, code, text="while muted SECRET")
    say(client, code, text="mine")
    for answer in (
        client.get(f"/api/tables/{code}/chat"),
        client.get(f"/api/games/{game_id}"),
        client.get(f"/api/tables/{code}"),  # the public view, asked for by the muter
        say(client, code, text="mine again"),
        client.put(f"/api/tables/{code}/chat/mute", json={"muted": True}),
    ):
        assert "SECRET" not in answer.text and "before" not in answer.text
    assert "muted" in client.get(f"/games/{game_id}").text  # the page says so
    assert "SECRET" not in client.get(f"/games/{game_id}").text
    # the muted one and the rail still read everything; the muted one is not told
    assert "SECRET" in other_client.get(f"/api/tables/{code}/chat").text
    assert other_client.get(f"/api/tables/{code}/chat").json()["muted"] is False
    assert "SECRET" in third_client.get(f"/api/tables/{code}").text
    unmuted = client.put(f"/api/tables/{code}/chat/mute", json={"muted": False})
    say(other_client, code, text="after")
    chat = client.get(f"/api/tables/{code}/chat").json()
    assert unmuted.json()["muted"] is False
    assert texts(chat) == ["before", "mine", "mine again", "after"], (
        "unmuting shows what was said before the mute and after it, never during it"
    )


def test_the_mute_is_kept_per_seat_and_follows_the_rematch(client: Any, other_client: Any) -> None:
    table = seated(client, other_client)
    code, game_id = table["code"], table["game_id"]
    client.put(f"/api/tables/{code}/chat/mute", json={"muted": True})
    assert other_client.get(f"/api/tables/{code}/chat").json()["muted"] is False
    assert client.post(f"/api/games/{game_id}/resign").status_code == 200
    fresh = client.post(f"/api/games/{game_id}/rematch").json()["game_id"]
    view = client.get(f"/api/games/{fresh}").json()
    assert view["table"]["chat"]["muted"] is True
    other_client.post(f"/api/tables/{view['table']['code']}/chat", json={"text": "rematch SECRET"})
    assert "SECRET" not in client.get(f"/api/games/{fresh}").text


def _chat_of(message: dict[str, Any]) -> list[str]:
    return texts(message["view"]["table"]["chat"])


@pytest.mark.postgres_too
def test_a_muted_player_never_reaches_the_muter_over_the_socket(
    client: Any, other_client: Any
) -> None:
    table = seated(client, other_client)
    code, game_id = table["code"], table["game_id"]
    client.put(f"/api/tables/{code}/chat/mute", json={"muted": True})
    with (
        client.websocket_connect(f"/ws/games/{game_id}") as muter,
        other_client.websocket_connect(f"/ws/games/{game_id}") as muted,
    ):
        received: list[str] = [muter.receive_text()]
        muted.receive_text()
        say(other_client, code, text="SECRET one")
        say(client, code, text="marker")  # the muter's own line: the next thing it hears
        while True:
            received.append(muter.receive_text())
            if "marker" in received[-1]:
                break
        assert not any("SECRET" in text for text in received)
        seen = ""
        while "SECRET one" not in seen or "marker" not in seen:
            seen = muted.receive_text()  # the muted one hears both lines
        client.put(f"/api/tables/{code}/chat/mute", json={"muted": False})
        say(other_client, code, text="after unmute")
        while "after unmute" not in received[-1]:
            received.append(muter.receive_text())
        assert "SECRET" not in received[-1]


# ---------------------------------------------------------------- escaping


def test_invisible_and_reordering_characters_are_taken_out() -> None:
    assert clean_message(f"a{ZWSP}b{RLO}c{LRI}d\ufeff") == "abcd"
    assert clean_message("one\ntwo\u2028three\x00four") == "one two three four"
    assert clean_message("e\u0301") == "\u00e9"
    with pytest.raises(ChatRefusedError):
        clean_message(RLO)


@pytest.mark.parametrize("page", ["seat", "rail"])
def test_names_and_lines_are_escaped_and_isolated_on_the_plain_page(
    client: Any, other_client: Any, third_client: Any, page: str
) -> None:
    table = seated(client, other_client, host=f"<b>Ann</b>{RLO}", friend=f"Bo{ZWSP}<i>")
    assert say(other_client, table["code"], text=NASTY).status_code == 201
    html = (
        client.get(f"/games/{table['game_id']}").text
        if page == "seat"
        else third_client.get(f"/t/{table['code']}").text
    )
    panel = html[html.index('id="chat-panel"') :]
    panel = panel[: panel.index("</section>")]
    assert "<script>" not in panel and "<i>" not in panel and "<b>" not in panel
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in panel
    assert "&amp;amp;" in panel, "an entity typed is shown as typed"
    assert RLO not in html and ZWSP not in html and LRI not in html
    line = re.search(r'<li class="chat-line[^>]*>(.*?)</li>', panel)
    assert line is not None
    assert re.fullmatch(
        r'<bdi class="chat-who">[^<]*</bdi>: <bdi class="chat-text">[^<]*</bdi>', line[1]
    )


def test_the_api_gives_the_cleaned_line_for_the_script_to_set_as_text(
    client: Any, other_client: Any
) -> None:
    table = seated(client, other_client)
    answer = say(client, table["code"], text=NASTY)
    assert texts(answer.json()) == ["<script>alert(1)</script>gnp.exe&amp;"]


# ---------------------------------------------------------------- pages, persistence, records


def test_the_plain_forms_say_a_line_mute_and_come_back(
    client: Any, other_client: Any, third_client: Any
) -> None:
    table = seated(client, other_client)
    game_id = table["game_id"]
    page = client.get(f"/games/{game_id}", headers=EN).text
    assert 'aria-live="polite"' in page and '<label for="chat-text">' in page
    assert page.count('name="phrase"') == 5
    said = client.post(
        f"/games/{game_id}/chat", data={"phrase": "nice_hand"}, follow_redirects=False
    )
    assert said.status_code == 303 and said.headers["location"].endswith("#chat-panel")
    client.post(f"/games/{game_id}/chat", data={"text": "plain words"})
    empty = client.post(f"/games/{game_id}/chat", data={"text": "  "}, follow_redirects=False)
    assert "chat=chat_empty" in empty.headers["location"]
    shown = client.get(empty.headers["location"], headers=EN).text
    assert "empty line is not sent" in shown
    zh = client.get(f"/games/{game_id}?chat=chat_too_long", headers=ZH).text
    assert "200" in zh[zh.index('id="chat-problem"') :][:200]
    assert client.get(f"/games/{game_id}?chat=<b>x</b>").text.count("&lt;b&gt;x") == 0
    friend_page = other_client.get(f"/games/{game_id}", headers=EN).text
    assert "Nice hand" in friend_page and "plain words" in friend_page
    other_client.post(f"/games/{game_id}/chat/mute", data={"muted": "1"})
    client.post(f"/games/{game_id}/chat", data={"text": "hidden SECRET"})
    muted_page = other_client.get(f"/games/{game_id}", headers=EN).text
    assert "hidden SECRET" not in muted_page and "Unmute Ann" in muted_page
    refused = third_client.post(f"/games/{game_id}/chat", data={"text": "rail"})
    assert refused.status_code == 403 and "only the two players write" in refused.text
    assert "rail" not in client.get(f"/api/tables/{table['code']}/chat").text


def test_the_rail_page_shows_the_chat_with_no_form(
    client: Any, other_client: Any, third_client: Any
) -> None:
    table = seated(client, other_client)
    say(client, table["code"], text="hello rail")
    html = third_client.get(f"/t/{table['code']}").text
    assert "hello rail" in html and 'id="chat-form"' not in html and 'id="chat-mute"' not in html


def test_the_chat_survives_a_restart(database_url: str) -> None:
    settings = Settings(database_url=database_url, secret_key=SECRET, testing=True)
    with TestClient(create_app(settings)) as host, TestClient(create_app(settings)) as friend:
        table = seated(host, friend)
        say(host, table["code"], text="still here")
        host.put(f"/api/tables/{table['code']}/chat/mute", json={"muted": True})
        cookies = dict(host.cookies)
    with TestClient(create_app(settings), cookies=cookies) as again:
        chat = again.get(f"/api/games/{table['game_id']}").json()["table"]["chat"]
        assert texts(chat) == ["still here"] and chat["muted"] is True
        assert "still here" in again.get(f"/games/{table['game_id']}").text


def test_the_record_holds_no_chat(app: Any, client: Any, other_client: Any) -> None:
    table = seated(client, other_client)
    say(client, table["code"], text="CHATMARK one")
    say(other_client, table["code"], phrase="good_game")
    with app.state.database.session() as session:
        row = session.get(GameRow, table["game_id"])
        assert row is not None and "CHATMARK" not in row.record
    client.post(f"/api/games/{table['game_id']}/resign")
    record = client.get(f"/api/games/{table['game_id']}/record")
    assert record.status_code == 200
    assert "CHATMARK" not in record.text and "good_game" not in record.text


# ---------------------------------------------------------------- the site's guards


def test_a_chat_post_from_another_site_is_refused(app: Any, client: Any, other_client: Any) -> None:
    table = seated(client, other_client)
    for headers in ({"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
        answer = client.post(
            f"/api/tables/{table['code']}/chat", json={"text": "forged"}, headers=headers
        )
        assert answer.status_code == 403 and answer.json()["code"] == "cross_origin"
        form = client.post(
            f"/games/{table['game_id']}/chat", data={"text": "forged"}, headers=headers
        )
        assert form.status_code == 403
    assert stored_lines(app) == 0


def test_chat_past_the_budget_answers_429_and_stores_nothing(database_url: str) -> None:
    rates = tuple(
        (key, "3/minute" if key == "chat.player" else spec) for key, spec in RATE_DEFAULTS
    )
    settings = Settings(
        database_url=database_url, secret_key=SECRET, testing=True, rate_limits=rates
    )
    app = create_app(settings)
    with TestClient(app) as host, TestClient(app) as friend:
        table = seated(host, friend)
        clear_of_the_turn_of_a_minute()
        answers = [say(host, table["code"], text=f"line {n}") for n in range(5)]
        assert [a.status_code for a in answers] == [201, 201, 201, 429, 429]
        assert int(answers[3].headers["Retry-After"]) >= 1
        assert answers[3].json()["code"] == "rate_limited"
        form = host.post(f"/games/{table['game_id']}/chat", data={"text": "form"})
        assert form.status_code == 429 and form.headers["Retry-After"]
        assert say(friend, table["code"], text="my own budget").status_code == 201
        assert stored_lines(app) == 4


# ---------------------------------------------------------------- across processes


def _two_processes(settings: Settings) -> None:
    """A line said on one app reaches a socket of another app on the same database at
    once, through the channel the settings choose; a muter's socket there never hears it."""
    one, two = create_app(settings), create_app(settings)
    with TestClient(one) as host, TestClient(two) as friend:
        table = seated(host, friend)
        code, game_id = table["code"], table["game_id"]
        with friend.websocket_connect(f"/ws/games/{game_id}") as socket:
            socket.receive_json()
            say(host, code, text="across processes")
            for _ in range(20):  # presence news may come first; bounded
                message = socket.receive_json()
                if "across processes" in str(message):
                    break
            else:
                raise AssertionError("the line never crossed")
        friend.put(f"/api/tables/{code}/chat/mute", json={"muted": True})
        with friend.websocket_connect(f"/ws/games/{game_id}") as socket:
            socket.receive_json()
            say(host, code, text="SECRET across")
            say(friend, code, text="marker")
            for _ in range(20):
                text = socket.receive_text()
                assert "SECRET" not in text
                if "marker" in text:
                    break
            else:
                raise AssertionError("the muter's own line never came")


@pytest.mark.redis
def test_a_line_crosses_processes_over_redis(database_url: str, redis_url: str) -> None:
    _two_processes(
        Settings(database_url=database_url, secret_key=SECRET, testing=True, redis_url=redis_url)
    )


@pytest.mark.postgres
def test_a_line_crosses_processes_over_postgres(postgres_url: str) -> None:
    _two_processes(Settings(database_url=postgres_url, secret_key=SECRET, testing=True))
