"""The columns a loaded game is built from, and the newest such row this process knows.

Every change of those columns bumps the game's version (a move, a seat taken, a rematch,
a lapsed invite's close), so a game id and a version name one row exactly. A watcher woken
by news "game G is at version V" (from this process or, through the channel, another)
then needs no database read when the row held here is at V or later: N sockets and the
mover share the mover's write instead of each re-reading it. Anything without such news
(a socket's first view, a move, news that says only "read again") reads the database.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any, NamedTuple

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.sql import Select, Update

from cribkit.web.site.lru import Lru
from cribkit.web.site.models import GameRow

__all__ = [
    "GAMES",
    "RowCache",
    "StoredRow",
    "row_from_text",
    "row_to_text",
    "select_row",
    "store_row",
]


class StoredRow(NamedTuple):
    """What ``GameService`` rebuilds a ``LoadedGame`` from."""

    player_id: str
    opponent_id: str | None
    level: str
    version: int
    record: str
    show_step: int
    show_step_1: int
    show_waiting_since: datetime | None
    name_0: str | None
    name_1: str | None
    rematch_id: str | None


def row_to_text(row: StoredRow) -> str:
    """The row as the text a channel carries beside its news (see ``row_from_text``)."""
    since = row.show_waiting_since
    return json.dumps(
        [*row[:7], None if since is None else since.isoformat(), *row[8:]],
        separators=(",", ":"),
    )


def row_from_text(text: str) -> StoredRow | None:
    """A row read back from ``row_to_text``; None for anything that is not one (a channel
    is shared: a message from an older or foreign publisher must not break a process)."""
    try:
        values = json.loads(text)
        if not isinstance(values, list) or len(values) != len(StoredRow._fields):
            return None
        since = values[7]
        values[7] = None if since is None else datetime.fromisoformat(since)
        row = StoredRow(*values)
    except (TypeError, ValueError):
        return None
    texts = (row.player_id, row.level, row.record)
    numbers = (row.version, row.show_step, row.show_step_1)
    if not all(isinstance(value, str) for value in texts) or not all(
        isinstance(value, int) and not isinstance(value, bool) for value in numbers
    ):
        return None
    return row


GAMES: Table = GameRow.__table__  # type: ignore[assignment]  # declared, so a Table
"""The games table itself: the hot statements run on a bare connection, without the ORM
session's bookkeeping (half their cost on SQLite)."""
_COLUMNS = [GAMES.c[name] for name in StoredRow._fields]


_SELECT_ROW = select(*_COLUMNS).where(GAMES.c.id == bindparam("row_id"))
"""Built once: a statement built per call cost more to build than to run on SQLite."""


def select_row(game_id: str) -> tuple[Select[Any], dict[str, Any]]:
    """The query of one game's ``StoredRow`` columns and its parameters."""
    return _SELECT_ROW, {"row_id": game_id}


@lru_cache(maxsize=32)
def _update_of(columns: frozenset[str]) -> Update:
    """``UPDATE games SET <columns>, version = version + 1 WHERE id = ? AND version = ?``,
    one statement per set of columns (a move writes the same few every time)."""
    values: dict[str, Any] = {name: bindparam(f"new_{name}") for name in sorted(columns)}
    return (
        update(GAMES)
        .where(GAMES.c.id == bindparam("row_id"), GAMES.c.version == bindparam("row_version"))
        .values(version=GAMES.c.version + 1, **values)
    )


def store_row(
    game_id: str, version: int, values: Mapping[str, Any]
) -> tuple[Update, dict[str, Any]]:
    """The conditional write of ``values`` over version ``version`` and its parameters."""
    names: Iterable[str] = values
    parameters = {f"new_{name}": value for name, value in values.items()}
    return _update_of(frozenset(names)), {"row_id": game_id, "row_version": version, **parameters}


class RowCache:
    """The newest ``StoredRow`` per game id, at most ``size`` games (least recent go first)."""

    def __init__(self, size: int) -> None:
        self._rows: Lru[str, StoredRow] = Lru(size)

    def at_least(self, game_id: str, version: int) -> StoredRow | None:
        """The row held for the game if it is at ``version`` or later, else None."""
        row = self._rows.get(game_id)
        return row if row is not None and row.version >= version else None

    def keep(self, game_id: str, row: StoredRow) -> None:
        """Hold ``row`` unless a later version is held already (reads may finish late)."""
        self._rows.change(
            game_id, lambda held: row if held is None or held.version <= row.version else held
        )

    def stored(self, game_id: str, version: int, values: dict[str, Any]) -> None:
        """A write took the game from ``version`` to ``version + 1`` with these column
        ``values``: the held row follows it if it was the one written over, else is dropped
        (the next news then reads the database)."""
        changed = {key: value for key, value in values.items() if key in StoredRow._fields}

        def follow(held: StoredRow | None) -> StoredRow | None:
            if held is None or held.version != version:
                return None if held is None or held.version <= version else held
            return held._replace(**changed, version=version + 1)

        self._rows.change(game_id, follow)
