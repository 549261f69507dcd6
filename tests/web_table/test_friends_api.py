"""Tables between two people through the API: invite, join, seats, spectators, rematch."""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, timedelta
from typing import Any

import pytest
from friends_support import join, open_table, play_both_seats
from sqlalchemy import update
from table_support import clear_of_the_turn_of_a_minute

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

from cribkit.players import DEFAULT_LEVEL
from cribkit.record import GameRecord
from cribkit.web.site.models import InviteRow, utcnow
from cribkit.web.site.players_identity import PLAYER_COOKIE
from cribkit.web.table.friends.tables import (
    CODE_ALPHABET,
    CODE_BITS,
    CODE_LENGTH,
    InviteNotFoundError,
    format_code,
    new_code,
    normalize_code,
)


@pytest.fixture
def third_client(app: Any) -> Iterator[TestClient]:
    """A third browser: neither the host nor the friend."""
    with TestClient(app) as test_client:
        yield test_client


# ---------------------------------------------------------------- codes


def test_codes_are_long_enough_that_guessing_cannot_find_a_table() -> None:
    assert CODE_BITS >= 48  # 30 symbols, 10 long: 2^49 codes
    # Even with a million live invites, one guess in 2^49 / 10^6 ≈ 5.6·10^8 finds one.
    assert 2**CODE_BITS / 1_000_000 > 5 * 10**8
    codes = [new_code() for _ in range(20_000)]
    assert len(set(codes)) == len(codes)
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    # Every symbol is about equally likely (secrets.choice): 200 000 draws, 6 667 each.
    counts = Counter("".join(codes))
    assert set(counts) == set(CODE_ALPHABET)
    assert all(5_800 < n < 7_600 for n in counts.values()), counts


def test_codes_are_read_aloud_and_typed_back_in_any_case() -> None:
    assert not set("01ILOU") & set(CODE_ALPHABET)  # nothing to mishear or misread
    code = new_code()
    shown = format_code(code)
    assert shown[5] == "-" and shown.replace("-", "") == code
    assert normalize_code(shown.lower()) == code
    assert normalize_code(" ".join(code)) == code
    assert normalize_code(code[:-1]) is None
    assert normalize_code(code[:-1] + "O") is None


def test_guessed_codes_find_nothing(client: Any) -> None:
    open_table(client)
    clear_of_the_turn_of_a_minute()
    answers = [client.get(f"/api/tables/{new_code()}").status_code for _ in range(300)]
    assert set(answers) == {404, 429}, "each guess misses, until the misses' budget runs dry"
    assert answers.index(429) == 60, "the default: 60 misses a minute for one player"


# ---------------------------------------------------------------- invite and join


def test_opening_a_table_gives_a_code_a_link_and_seat_zero(client: Any) -> None:
    answer = client.post("/api/tables", json={"name": "Ann", "computer_fills_in": False})
    assert answer.status_code == 201
    assert PLAYER_COOKIE in answer.cookies
    data = answer.json()
    assert set(data) == {"code", "link", "game_id", "seat"}
    assert data["seat"] == 0
    assert normalize_code(data["code"]) is not None
    assert data["link"].endswith(f"/t/{data['code']}")
    view = client.get(f"/api/games/{data['game_id']}").json()
    assert view["you"] == 0 and view["computer"] is None
    assert view["table"]["code"] == data["code"]
    assert view["table"]["names"] == ["Ann", None]
    assert view["table"]["seated"] == [True, False]
    assert view["legal_actions"] == []  # nobody moves, not even the cut, until the friend sits


@pytest.mark.postgres_too
def test_the_friend_joins_seat_one_and_sees_only_their_own_hand(
    client: Any, other_client: Any
) -> None:
    table = open_table(client)
    answer = join(other_client, table["code"].lower(), "Bo")
    assert answer.status_code == 200
    assert answer.json() == {"game_id": table["game_id"], "seat": 1}
    host = client.get(f"/api/games/{table['game_id']}").json()
    friend = other_client.get(f"/api/games/{table['game_id']}").json()
    assert friend["you"] == 1 and friend["player"] == 1
    assert host["table"]["seated"] == [True, True] and host["table"]["names"] == ["Ann", "Bo"]
    assert not set(host["hand"]) & set(friend["hand"])
    assert all(a["player"] == 1 for a in friend["legal_actions"])
    assert friend["version"] == host["version"] == 1  # sitting down is a change of the table


@pytest.mark.postgres_too
def test_a_full_table_refuses_a_third_player_who_can_still_watch(
    client: Any, other_client: Any, third_client: Any
) -> None:
    table = open_table(client)
    assert join(other_client, table["code"]).status_code == 200
    refused = join(third_client, table["code"])
    assert refused.status_code == 409 and refused.json()["code"] == "table_full"
    assert third_client.get(f"/api/games/{table['game_id']}").status_code == 404
    watching = third_client.get(f"/api/tables/{table['code']}")
    assert watching.status_code == 200
    public = watching.json()
    assert public["hand"] == [] and public["legal_actions"] == [] and public["you"] is None
    seen = [
        browser.get(f"/api/games/{table['game_id']}").json() for browser in (client, other_client)
    ]
    assert public["cards_held"] == [len(view["hand"]) for view in seen]
    # The players joining again keep their own seats.
    assert join(client, table["code"]).json()["seat"] == 0
    assert join(other_client, table["code"]).json()["seat"] == 1


def test_unknown_malformed_and_expired_codes_are_not_found(
    app: Any, client: Any, other_client: Any
) -> None:
    for code in ("ABCDE-FGHJK", "nonsense", "0000000000"):
        answer = join(other_client, code)
        assert answer.status_code == 404 and answer.json()["code"] == "invite_not_found"
        assert other_client.get(f"/api/tables/{code}").status_code == 404
    table = open_table(client)
    with app.state.database.session() as session:
        session.execute(update(InviteRow).values(expires_at=utcnow() - timedelta(seconds=1)))
        session.commit()
    assert join(other_client, table["code"]).status_code == 404
    assert other_client.get(f"/api/tables/{table['code']}").status_code == 404
    # The host's game itself is still theirs.
    assert client.get(f"/api/games/{table['game_id']}").status_code == 200


@pytest.mark.postgres_too
def test_an_unused_invite_lasts_one_day_from_its_opening(app: Any, client: Any) -> None:
    table = open_table(client)
    tables = app.state.friends
    with app.state.database.session() as session:
        row = session.get(InviteRow, normalize_code(table["code"]))
        assert row is not None
        opened = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
    assert tables.find(table["code"], now=opened + timedelta(hours=23, minutes=59)).game_id
    with pytest.raises(InviteNotFoundError):
        tables.find(table["code"], now=opened + timedelta(days=1))
    with pytest.raises(InviteNotFoundError):
        tables.find(table["code"], now=opened + timedelta(days=1, seconds=1))


@pytest.mark.postgres_too
def test_a_used_invite_stays_a_spectators_ticket_after_a_day(
    app: Any, client: Any, other_client: Any, third_client: Any
) -> None:
    table = open_table(client)
    join(other_client, table["code"])
    with app.state.database.session() as session:
        session.execute(update(InviteRow).values(expires_at=utcnow() - timedelta(days=3)))
        session.commit()
    assert third_client.get(f"/api/tables/{table['code']}").status_code == 200


def test_a_move_on_the_other_seat_is_refused_and_changes_nothing(
    client: Any, other_client: Any
) -> None:
    table = open_table(client)
    join(other_client, table["code"])
    game_id = table["game_id"]
    host = client.get(f"/api/games/{game_id}").json()
    friend = other_client.get(f"/api/games/{game_id}").json()
    theirs = friend["legal_actions"][0]
    answer = client.post(
        f"/api/games/{game_id}/actions", json={"action": theirs, "version": host["version"]}
    )
    assert answer.status_code == 422 and answer.json()["code"] == "not_your_seat_friend"
    assert client.get(f"/api/games/{game_id}").json() == host


def test_a_stranger_can_neither_read_nor_move(client: Any, third_client: Any) -> None:
    table = open_table(client)
    game_id = table["game_id"]
    view = client.get(f"/api/games/{game_id}").json()
    answer = third_client.post(
        f"/api/games/{game_id}/actions",
        json={"action": {"type": "cut", "player": 0, "position": 0}, "version": view["version"]},
    )
    assert answer.status_code == 404
    assert client.get(f"/api/games/{game_id}").json() == view


@pytest.mark.postgres_too
def test_a_double_move_is_applied_once(client: Any, other_client: Any) -> None:
    table = open_table(client)
    join(other_client, table["code"])
    game_id = table["game_id"]
    view = other_client.get(f"/api/games/{game_id}").json()
    move = {"action": view["legal_actions"][0], "version": view["version"]}
    first = other_client.post(f"/api/games/{game_id}/actions", json=move)
    second = other_client.post(f"/api/games/{game_id}/actions", json=move)
    assert first.status_code == 200 and second.status_code == 409
    assert second.json()["view"]["version"] == first.json()["version"]


# ---------------------------------------------------------------- whole games


@pytest.mark.heavy
# A second random game in the slow tier.
@pytest.mark.parametrize("rng_seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_a_whole_game_never_shows_a_hidden_card_to_either_seat_or_a_spectator(
    app: Any, client: Any, other_client: Any, third_client: Any, rng_seed: int
) -> None:
    table = open_table(client, seed=1000 + rng_seed)
    join(other_client, table["code"])
    final = play_both_seats(
        app,
        table["game_id"],
        {0: client, 1: other_client},
        rng_seed=rng_seed,
        spectator=(third_client, table["code"]),
    )
    assert final["outcome"] is not None and max(final["scores"]) == 121


@pytest.mark.heavy
def test_both_players_count_the_game_and_may_replay_and_download_it(
    app: Any, client: Any, other_client: Any
) -> None:
    table = open_table(client, "Ann", seed=31)
    join(other_client, table["code"], "Bo")
    final = play_both_seats(app, table["game_id"], {0: client, 1: other_client}, rng_seed=5)
    winner = final["outcome"]["winner"]
    for seat, browser, opponent in ((0, client, "Bo"), (1, other_client, "Ann")):
        page = browser.get("/stats").text
        assert f'<tr data-game="{table["game_id"]}"' in page
        assert opponent in page
        expected = "Won" if winner == seat else "Lost"
        row = page.split(f'<tr data-game="{table["game_id"]}"')[1].split("</tr>")[0]
        assert expected in row
        assert browser.get(f"/games/{table['game_id']}/replay").status_code == 200
        record = browser.get(f"/api/games/{table['game_id']}/record")
        assert record.status_code == 200, record.text
        outcome = GameRecord.parse(record.text).final_state().outcome
        assert outcome is not None and outcome.winner == winner


@pytest.mark.heavy
@pytest.mark.postgres_too
def test_a_rematch_is_one_new_game_for_the_same_two_players(
    app: Any, client: Any, other_client: Any, third_client: Any
) -> None:
    table = open_table(client, seed=44)
    join(other_client, table["code"])
    game_id = table["game_id"]
    early = client.post(f"/api/games/{game_id}/rematch")
    assert early.status_code == 409 and early.json()["code"] == "no_rematch"
    play_both_seats(app, game_id, {0: client, 1: other_client}, rng_seed=9)
    assert third_client.post(f"/api/games/{game_id}/rematch").status_code == 404
    first = client.post(f"/api/games/{game_id}/rematch").json()["game_id"]
    second = other_client.post(f"/api/games/{game_id}/rematch").json()["game_id"]
    assert first == second != game_id
    assert client.get(f"/api/games/{game_id}").json()["table"]["rematch_id"] == first
    host = client.get(f"/api/games/{first}").json()
    friend = other_client.get(f"/api/games/{first}").json()
    assert (host["you"], friend["you"]) == (0, 1)
    assert host["phase"] == "cut_for_deal" and host["version"] == 0
    assert host["table"]["seated"] == [True, True]
    # The new game has its own spectator code.
    assert third_client.get(f"/api/tables/{host['table']['code']}").status_code == 200


def test_the_computer_takes_the_empty_seat_only_when_the_host_allowed_it(
    client: Any, other_client: Any
) -> None:
    closed = open_table(client)
    refused = client.post(f"/api/tables/{closed['code']}/computer")
    assert refused.status_code == 409 and refused.json()["code"] == "computer_not_invited"
    table = open_table(client, computer_fills_in=True)
    assert other_client.post(f"/api/tables/{table['code']}/computer").status_code == 404
    answer = client.post(f"/api/tables/{table['code']}/computer")
    assert answer.status_code == 200 and answer.json()["seat"] == 0
    view = client.get(f"/api/games/{table['game_id']}").json()
    assert view["level"] == DEFAULT_LEVEL and view["computer"] == 1 and "table" not in view
    assert join(other_client, table["code"]).status_code == 409
