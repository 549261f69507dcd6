"""Invites lapse and abandoned tables close: an unused invite past its day closes the
host's game (the sweep runs at start-up and every few minutes), and a used code stops
opening its table an hour after its game ended (time for the rematch)."""

from __future__ import annotations

import warnings
from datetime import timedelta
from typing import Any

import pytest
from friends_support import join, open_table
from sqlalchemy import update

from cribkit.web.site.models import GameRow, InviteRow, utcnow
from cribkit.web.table.friends.tables import (
    CLOSED,
    INVITE_LIFETIME,
    REMATCH_GRACE,
    FriendTables,
    InviteNotFoundError,
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient


def _status(app: Any, game_id: str) -> str:
    with app.state.database.session() as session:
        row = session.get(GameRow, game_id)
        assert row is not None
        return row.status


def test_the_sweep_closes_a_hosts_game_whose_invite_lapsed_unused(
    client: Any, other_client: Any, app: Any
) -> None:
    friends: FriendTables = app.state.friends
    waiting = open_table(client)
    seated = open_table(client)
    join(other_client, seated["code"])
    assert friends.sweep() == 0
    later = utcnow() + INVITE_LIFETIME + timedelta(minutes=1)
    assert friends.sweep(now=later) == 1
    assert _status(app, waiting["game_id"]) == CLOSED
    assert _status(app, seated["game_id"]) != CLOSED  # a friend sat down: it is theirs


def test_the_sweep_runs_when_the_app_starts(client: Any, app: Any) -> None:
    table = open_table(client)
    with app.state.database.session() as session:
        session.execute(update(InviteRow).values(expires_at=utcnow() - timedelta(seconds=1)))
        session.commit()
    with TestClient(app):  # a second start of the same app (its lifespan runs again)
        pass
    assert _status(app, table["game_id"]) == CLOSED
    assert client.get(f"/t/{table['code']}").status_code == 404


def test_a_used_code_lapses_an_hour_after_its_game_ended(
    client: Any, other_client: Any, app: Any
) -> None:
    friends: FriendTables = app.state.friends
    table = open_table(client)
    join(other_client, table["code"])
    ended = utcnow()
    assert friends.find(table["code"], now=ended + timedelta(days=3)).joined  # still playing
    with app.state.database.session() as session:
        session.execute(
            update(GameRow).where(GameRow.id == table["game_id"]).values(finished_at=ended)
        )
        session.commit()
    assert friends.find(table["code"], now=ended + REMATCH_GRACE / 2).game_id == table["game_id"]
    with pytest.raises(InviteNotFoundError):
        friends.find(table["code"], now=ended + REMATCH_GRACE)
