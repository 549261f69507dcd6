"""The game service: create, load and apply moves to stored games, one request at a time.

A game is stored as its record; loading rebuilds it by replaying the record, so a game
survives a closed tab or a restarted server exactly. Each move is checked, applied with
the computer's replies, and written back with ``UPDATE ... WHERE version = n``: of two
requests carrying the same version (a double click, two tabs, two app processes) exactly
one is applied and the other gets ``StaleVersionError``.

Beside the record each game keeps its *show step* (see ``pacing``): how many counts of
the show are on the table. Laying down the next count is a versioned move like any other.

A game between two people (level ``friend``) has an owner per seat: each player's cookie
loads and moves only their own seat, and nobody moves for the computer; each of them may
lay down the next count for themselves (``seat_pacing``: each reads the show at their own
speed). Every stored move is announced through ``on_change(game_id,
version)`` (the live fan-out subscribes to it); nothing about the cards goes with it.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from cribkit.actions import ClaimCount
from cribkit.errors import CribkitError, IllegalActionError
from cribkit.game import Game
from cribkit.players import LEVELS
from cribkit.record import GameRecord
from cribkit.rules import STANDARD, GameRules
from cribkit.web.site.db import Database
from cribkit.web.site.models import GameRow, PlayerRow, utcnow
from cribkit.web.site.preferences import PreferenceBook, Preferences
from cribkit.web.table.games.auto_moves import make_auto_moves
from cribkit.web.table.games.cache import CACHE_SIZE, GameCache
from cribkit.web.table.games.computer import computer_replies, shown_level, table_level
from cribkit.web.table.games.loaded import (
    ACTIVE,
    FINISHED,
    FRIEND,
    HUMAN,
    GameNotFoundError,
    LoadedGame,
    StaleVersionError,
    check_seated,
)
from cribkit.web.table.games.moves import next_count, read_action
from cribkit.web.table.games.names import clean_name
from cribkit.web.table.games.pacing import NEXT_COUNT, counts_in_show
from cribkit.web.table.games.resigning import RESIGN, resign_game
from cribkit.web.table.games.rows import (
    FIGURE_COLUMNS,
    from_seat_one,
    owned_by,
    seat_in,
    summary_values,
)
from cribkit.web.table.games.seat_pacing import SHOW_MOVES, ShowMove, made_on_this_step, show_move
from cribkit.web.table.games.stored_rows import (
    RowCache,
    StoredRow,
    row_from_text,
    row_to_text,
    select_row,
    store_row,
)

__all__ = ["ChangeHook", "FinishHook", "GameService", "table_rules"]

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What an id can look like (``token_urlsafe``, within the column): anything else is unknown
without asking the database (PostgreSQL refuses a NUL byte in a query with an error)."""


def table_rules(seats: frozenset[int], *, muggins: bool) -> GameRules:
    """Standard rules with the counting options a new game was asked for (checked:
    muggins without anybody counting their own hand is refused)."""
    return GameRules(manual_count=seats, muggins=muggins)


ChangeHook = Callable[[str, int], None]
"""Called with (game id, new version) after every stored change."""
FinishHook = Callable[[str], None]
"""Called with the game id after every stored change that leaves the game finished (the
same game may be reported more than once: a friend still reading the last show)."""


def _no_hook(_game_id: str, _version: int) -> None:
    return None


def _no_finish(_game_id: str) -> None:
    return None


class GameService:
    """Games of one database; every method is one short transaction."""

    def __init__(
        self,
        database: Database,
        *,
        testing: bool = False,
        cache_size: int = CACHE_SIZE,
        show_timeout: int = 60,
        preferences: PreferenceBook | None = None,
    ) -> None:
        self.database = database
        self.testing = testing
        self.preferences = preferences
        self.show_timeout = timedelta(seconds=show_timeout)  # CRIBKIT_SHOW_TIMEOUT
        self._cache = GameCache(cache_size)  # CRIBKIT_GAME_CACHE
        self._rows = RowCache(cache_size)
        self.on_change: ChangeHook = _no_hook
        self.on_finish: FinishHook = _no_finish

    # ------------------------------------------------------------ games

    def create(
        self,
        player_id: str,
        level: str,
        *,
        seed: int | None = None,
        count_own: bool = False,
        muggins: bool = False,
    ) -> LoadedGame:
        """Start a game at ``level``; ``seed`` is used only on a test server.

        ``count_own``: the person counts their own hand and crib (the computer's are
        counted by the engine); ``muggins``: the computer claims what they overlook.
        """
        rules = table_rules(frozenset({HUMAN}) if count_own else frozenset(), muggins=muggins)
        loaded = self.create_game(player_id, level, seed=seed, rules=rules)
        if self.preferences is not None:  # the next game starts with the same choices
            chosen: dict[str, object] = {"count_own": count_own, "muggins": muggins}
            if loaded.level in LEVELS:  # a test server's random or greedy is no choice
                chosen["level"] = loaded.level
            loaded = replace(loaded, pace=self.preferences.change(player_id, chosen))
        return loaded

    def create_game(
        self,
        player_id: str,
        level: str,
        *,
        seed: int | None = None,
        rules: GameRules = STANDARD,
        **columns: Any,
    ) -> LoadedGame:
        """Start a game at ``level`` (or ``FRIEND``) under ``rules`` with extra row
        ``columns`` (names)."""
        level = table_level(level, testing=self.testing)
        game = Game(seed=seed if self.testing else None, rules=rules)
        computer_replies(game, level)
        record = GameRecord.of(game).to_text()
        game_id = secrets.token_urlsafe(12)
        now = utcnow()
        row = GameRow(
            id=game_id,
            player_id=player_id,
            level=level,
            record=record,
            version=0,
            winner=None,
            skunk="none",
            created_at=now,
            finished_at=None,
            **{key: 0 for key in FIGURE_COLUMNS},
            **columns,
        )
        for key, value in summary_values(game, 1).items():
            setattr(row, key, value)
        with self.database.session() as session:
            session.add(row)
            session.commit()
        self._cache.put(game_id, record, game)
        names = (columns.get("name_0"), columns.get("name_1"))
        return LoadedGame(
            game_id,
            level,
            0,
            game,
            1,
            names=names,
            seated=(True, level != FRIEND),
            owners=(player_id, columns.get("opponent_id")),
            pace=self.pace_of(player_id),
        )

    def load(self, player_id: str | None, game_id: str, *, seen: int | None = None) -> LoadedGame:
        """The player's game, rebuilt from its record; anyone else's is "not found".

        ``seen``: a version news said the game reached; a row held at it (or later) is
        used without reading the database (see ``stored_rows``).
        """
        row = self._row(game_id, seen)
        seat = None if row is None or player_id is None else seat_in(row, player_id)
        if row is None or seat is None:
            raise GameNotFoundError("there is no such game at this table", code="game_not_found")
        return replace(self._rebuild(game_id, row, seat), pace=self.pace_of(player_id))

    def holds(self, player_id: str | None, game_id: str, seen: int | None) -> bool:
        """Whether ``load(player_id, game_id, seen=seen)`` would need no database: the row
        at ``seen`` and the game rebuilt from it are held, and so is the player's pace."""
        if seen is None or seen < 0:
            return False
        row = self._rows.at_least(game_id, seen)
        return (
            row is not None
            and self._cache.holds(game_id, row.record)
            and (self.preferences is None or self.preferences.holds(player_id))
        )

    def row_news(self, game_id: str, version: int) -> str:
        """The row at exactly ``version`` as text to carry with the news of it ("" when
        this process does not hold it), so other processes need not read it back."""
        row = self._rows.at_least(game_id, version)
        return "" if row is None or row.version != version else row_to_text(row)

    def receive_row(self, game_id: str, version: int, text: str) -> None:
        """Another process's news carried its row: hold it, and bring a held game forward
        to its record, so this process's watchers read the move without the database."""
        if not _GAME_ID.fullmatch(game_id) or self._rows.at_least(game_id, version) is not None:
            return  # this process wrote it, or has read it already
        row = row_from_text(text)
        if row is None or row.version != version:
            return
        self._rows.keep(game_id, row)
        self._cache.catch_up(game_id, row.record)

    def pace_of(self, player_id: str | None) -> Preferences:
        """The pace (and the rest of the preferences) ``player_id`` plays at."""
        return Preferences() if self.preferences is None else self.preferences.of(player_id)

    def seat_of(self, game_id: str, player_id: str | None) -> int | None:
        """The seat ``player_id`` owns in the game, or None."""
        row = None if player_id is None else self._row(game_id)
        return None if row is None or player_id is None else seat_in(row, player_id)

    def load_any(self, game_id: str, *, seen: int | None = None) -> LoadedGame | None:
        """Any game by id, seen from no seat (for the public view); ``seen`` as in ``load``."""
        row = self._row(game_id, seen)
        return None if row is None else self._rebuild(game_id, row, None)

    def _row(self, game_id: str, seen: int | None = None) -> StoredRow | None:
        if not _GAME_ID.fullmatch(game_id):
            return None
        if seen is not None and seen >= 0:
            held = self._rows.at_least(game_id, seen)
            if held is not None:
                return held
        with self.database.engine.connect() as connection:
            found = connection.execute(*select_row(game_id)).one_or_none()
        if found is None:
            return None
        row = StoredRow(*found)
        self._rows.keep(game_id, row)
        return row

    def _rebuild(self, game_id: str, row: StoredRow, seat: int | None) -> LoadedGame:
        game = self._cache.get(game_id, row.record)
        if game is None:
            game = GameRecord.parse(row.record, check=False).to_game()
            self._cache.put(game_id, row.record, game)
        seated = (True, row.level != FRIEND or row.opponent_id is not None)
        names = (row.name_0, row.name_1)
        steps = (row.show_step, row.show_step_1)
        step = row.show_step
        if row.level == FRIEND:  # each seat reads its own; the rail follows the farther
            step = max(steps) if seat is None else steps[seat]
        since = row.show_waiting_since
        if since is not None and since.tzinfo is None:  # SQLite keeps no zone; stored in UTC
            since = since.replace(tzinfo=UTC)
        return LoadedGame(
            game_id,
            shown_level(row.level),
            row.version,
            game,
            step,
            seat,
            names,
            seated,
            row.rematch_id,
            steps,
            since,
            None if since is None else since + self.show_timeout,
            owners=(row.player_id, row.opponent_id),
        )

    def apply(
        self, player_id: str | None, game_id: str, data: object, version: object
    ) -> LoadedGame:
        """Apply the person's move made on ``version`` and the computer's replies, once.

        The move is first tried on the row this process holds when it is at ``version``
        (no read: usually this process wrote it). That row may be behind the database
        (another process moved): then the store finds the version gone, or the move looks
        illegal, and the move is decided again on a fresh read, so the answer is the one a
        fresh read alone would give.
        """
        held = None if not isinstance(version, int) else self._rows.at_least(game_id, version)
        if held is not None and held.version == version:
            seat = None if player_id is None else seat_in(held, player_id)
            if seat is not None:
                loaded = replace(self._rebuild(game_id, held, seat), pace=self.pace_of(player_id))
                try:
                    return self._apply(player_id, loaded, data, version)
                except CribkitError:
                    pass
        return self._apply(player_id, self.load(player_id, game_id), data, version)

    def _apply(
        self, player_id: str | None, loaded: LoadedGame, data: object, version: object
    ) -> LoadedGame:
        check_seated(loaded)
        if not isinstance(version, int) or isinstance(version, bool):
            raise CribkitError(
                "send the game's 'version' (a whole number) with your move", code="version_missing"
            )
        assert loaded.seat is not None
        if made_on_this_step(loaded, loaded.seat, data):
            version = loaded.version  # the other friend's press moved the version, not this
        elif version != loaded.version or "step" in _keys(data):
            raise _stale(loaded)
        if loaded.between_people and isinstance(data, dict) and data.get("type") in SHOW_MOVES:
            return self._show_move(player_id, loaded, data)
        game = loaded.game
        claimed = False
        if isinstance(data, dict) and data.get("type") == NEXT_COUNT:
            show_step = next_count(loaded, loaded.seat, data)
        elif isinstance(data, dict) and data.get("type") == RESIGN:
            show_step = resign_game(loaded, read_action(data, loaded.seat, loaded.level))
        else:
            if loaded.counting:
                raise IllegalActionError(
                    "the show is still being counted: lay down the next count first",
                    code="show_not_counted",
                )
            action = read_action(data, loaded.seat, loaded.level)
            counted = counts_in_show(game)
            game.apply(action)  # checks first: an illegal move raises and changes nothing
            computer_replies(game, loaded.level)
            paces = {seat: self.pace_of(owner) for seat, owner in enumerate(loaded.owners)}
            if not loaded.between_people:  # nobody asks the table to move for the computer
                paces = {HUMAN: loaded.pace}
            make_auto_moves(game, paces, lambda moved: computer_replies(moved, loaded.level))
            # a claimed count is laid down at once; the engine's counts after it wait
            claimed = isinstance(action, ClaimCount)
            show_step = counted + 1 if claimed else 1
        steps = (show_step, show_step)
        if loaded.between_people and claimed:
            # a claim is laid down for its claimant at once; the other friend reads on
            steps = _with_step(loaded.steps, loaded.seat, show_step)
        self._store_or_stale(player_id, loaded, game, steps, None)
        return replace(loaded, version=version + 1, game=game, show_step=show_step, steps=steps)

    def resign(self, player_id: str | None, game_id: str) -> LoadedGame:
        """Concede the player's game on whatever version is stored: a resignation may come
        at any moment, so a move stored meanwhile is read and the resignation made on it."""
        for attempt in range(3):
            loaded = self.load(player_id, game_id)
            move = {"type": RESIGN, "player": loaded.seat}
            try:
                return self.apply(player_id, game_id, move, loaded.version)
            except StaleVersionError:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _show_move(
        self, player_id: str | None, loaded: LoadedGame, data: dict[Any, Any]
    ) -> LoadedGame:
        """A friend's own step through the show (see ``seat_pacing``), stored like a move."""
        assert loaded.seat is not None
        moved: ShowMove = show_move(loaded, loaded.seat, data, now=utcnow())
        game = loaded.game
        if moved.next_hand is not None:
            game.apply(moved.next_hand)
        self._store_or_stale(player_id, loaded, game, moved.steps, moved.waiting_since)
        return self.load(player_id, loaded.id, seen=loaded.version + 1)

    def _store_or_stale(
        self,
        player_id: str | None,
        loaded: LoadedGame,
        game: Game,
        steps: tuple[int, int],
        waiting_since: datetime | None,
    ) -> None:
        """Store the move on the loaded version, or tell the mover the table moved first."""
        stored = self.store(
            loaded.id,
            game,
            loaded.version,
            steps[0],
            seat_one_step=steps[1],
            show_waiting_since=waiting_since,
        )
        if not stored:
            raise _stale(self.load(player_id, loaded.id), race=True)

    def store(
        self,
        game_id: str,
        game: Game,
        version: int,
        show_step: int,
        *,
        seat_one_step: int | None = None,
        **columns: Any,
    ) -> bool:
        """Write ``game`` at ``show_step`` (seat 1 at ``seat_one_step``, if it reads at its
        own pace) as version ``version + 1`` if the stored one is still ``version``.

        Returns False (and changes nothing) when another move got there first; on success
        the change is announced to ``on_change`` (and a finished game to ``on_finish``).
        """
        record = GameRecord.of(game).to_text()
        values = {"record": record, **summary_values(game, show_step, seat_one_step), **columns}
        with self.database.engine.begin() as connection:  # no ORM session: nothing holds the row
            result = connection.execute(*store_row(game_id, version, values))
        if result.rowcount != 1:  # nothing was written: another move got there first
            return False
        self._cache.put(game_id, record, game)
        self._rows.stored(game_id, version, values)  # before the news: watchers find it
        if values["status"] == FINISHED:
            self.on_finish(game_id)
        self.on_change(game_id, version + 1)
        return True

    def record_text(self, player_id: str | None, game_id: str) -> str:
        """A finished game's record (the deck is no secret once the game is over)."""
        with self.database.session() as session:
            row = session.get(GameRow, game_id) if _GAME_ID.fullmatch(game_id) else None
        seated = row is not None and player_id in (row.player_id, row.opponent_id)
        if row is None or player_id is None or not seated or row.status != FINISHED:
            raise GameNotFoundError(
                "there is no such finished game", code="finished_game_not_found"
            )
        return row.record

    # ------------------------------------------------------------ listings

    def latest_active(self, player_id: str | None) -> str | None:
        """The player's most recently touched unfinished game, to resume at the table."""
        if player_id is None:
            return None
        with self.database.session() as session:
            return session.scalar(
                select(GameRow.id)
                .where(owned_by(player_id), GameRow.status == ACTIVE)
                .order_by(GameRow.updated_at.desc())
                .limit(1)
            )

    def finished_games(self, player_id: str | None) -> list[GameRow]:
        """The player's finished games, newest first, each seen from the player's seat."""
        if player_id is None:
            return []
        with self.database.session() as session:
            rows = list(
                session.scalars(
                    select(GameRow)
                    .where(owned_by(player_id), GameRow.status == FINISHED)
                    .order_by(GameRow.finished_at.desc())
                )
            )
        return [row if row.player_id == player_id else from_seat_one(row) for row in rows]

    def active_count(self, player_id: str | None) -> int:
        if player_id is None:
            return 0
        with self.database.session() as session:
            count = session.scalar(
                select(func.count())
                .select_from(GameRow)
                .where(owned_by(player_id), GameRow.status == ACTIVE)
            )
        return int(count or 0)

    # ------------------------------------------------------------ names

    def player_name(self, player_id: str | None) -> str | None:
        if player_id is None:
            return None
        with self.database.session() as session:
            row = session.get(PlayerRow, player_id)
            return None if row is None else row.name

    def set_player_name(self, player_id: str, name: str) -> str | None:
        """Remember a display name (blank clears it); at most 40 characters."""
        cleaned = clean_name(name)
        with self.database.session() as session:
            row = session.get(PlayerRow, player_id)
            if row is None:
                session.add(PlayerRow(id=player_id, name=cleaned, created_at=utcnow()))
            else:
                row.name = cleaned
            session.commit()
        return cleaned


def _keys(data: object) -> tuple[Any, ...]:
    return tuple(data) if isinstance(data, dict) else ()


def _with_step(steps: tuple[int, int], seat: int | None, step: int) -> tuple[int, int]:
    """``steps`` with ``seat``'s replaced by ``step``."""
    return (step, steps[1]) if seat == HUMAN else (steps[0], step)


def _stale(current: LoadedGame, *, race: bool = False) -> StaleVersionError:
    """The refusal of a move made on an older table; between two people it names no tab."""
    if current.between_people:
        return StaleVersionError(
            "your friend moved first; the table now shows their move",
            current,
            code="stale_friend",
        )
    if race:
        return StaleVersionError(
            "another move was made at the same moment; the table now shows it",
            current,
            code="stale_race",
        )
    return StaleVersionError(
        "that move was made on an older position (another tab or a double click); "
        "the table now shows the current one",
        current,
        code="stale_version",
    )
