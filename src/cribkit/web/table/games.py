"""The game service: create, load and apply moves to stored games, one request at a time.

A game is stored as its record; loading rebuilds it by replaying the record, so a game
survives a closed tab or a restarted server exactly. Each move is checked, applied with
the computer's replies, and written back with ``UPDATE ... WHERE version = n``: of two
requests carrying the same version (a double click, two tabs, two app processes) exactly
one is applied and the other gets ``StaleVersionError``.

Beside the record each game keeps its *show step* (see ``pacing``): how many counts of
the show are on the table. Laying down the next count is a versioned move like any other.
"""

from __future__ import annotations

import copy
import hashlib
import re
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select, update

from cribkit.actions import PlayerAction, action_from_dict
from cribkit.errors import CribkitError, IllegalActionError
from cribkit.game import Game
from cribkit.players import LEVELS, strategy_for_level
from cribkit.record import GameRecord
from cribkit.state import Phase
from cribkit.web.site.db import Database
from cribkit.web.site.models import GameRow, PlayerRow, utcnow
from cribkit.web.table.pacing import NEXT_COUNT, clamp_step, counts_in_show, paced_view
from cribkit.web.table.summary import summarize

__all__ = [
    "COMPUTER",
    "HUMAN",
    "GameNotFoundError",
    "GameService",
    "LoadedGame",
    "StaleVersionError",
    "level_available",
]

HUMAN = 0
"""The person at the table always sits in seat 0."""
COMPUTER = 1
ACTIVE, FINISHED = "active", "finished"
_CACHE_SIZE = 512
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What an id can look like (``token_urlsafe``, within the column): anything else is unknown
without asking the database (PostgreSQL refuses a NUL byte in a query with an error)."""


class GameNotFoundError(CribkitError):
    """No game with that id belongs to this player (someone else's looks the same)."""


class StaleVersionError(CribkitError):
    """The move was made on an older position than the stored one."""

    def __init__(self, message: str, current: LoadedGame, *, code: str) -> None:
        super().__init__(message, code=code)
        self.current = current


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A stored game rebuilt in memory, with the columns the API reports."""

    id: str
    level: str
    version: int
    game: Game
    show_step: int = 1
    """How many counts of the current show are on the table."""

    @property
    def counting(self) -> bool:
        """Whether counts of the show are still to be laid down (the view hides them)."""
        return clamp_step(self.game, self.show_step) < counts_in_show(self.game)

    @property
    def status(self) -> str:
        return FINISHED if self.game.is_over and not self.counting else ACTIVE


def level_available(level: str) -> bool:
    """Whether the strategy behind ``level`` exists in this build."""
    try:
        strategy_for_level(level, seed=0)
    except CribkitError:
        return False
    return True


def _move_seed(game: Game) -> int:
    """The computer's generator for one decision: reproducible, and unrelated to the deck."""
    digest = hashlib.sha256(f"cribkit-computer/{game.seed}/{len(game.actions)}".encode())
    return int.from_bytes(digest.digest()[:8], "big")


def _computer_replies(game: Game, level: str) -> None:
    """Let the computer move until it is the person's turn (it never hurries the show).

    In the cut for deal the person draws first and the computer after them.
    """
    while not game.is_over and game.state.phase is not Phase.SHOW:
        to_move = game.state.players_to_move()
        if COMPUTER not in to_move:
            return
        if game.state.phase is Phase.CUT_FOR_DEAL and HUMAN in to_move:
            return
        strategy = strategy_for_level(level, seed=_move_seed(game))
        game.apply(strategy.choose(game.view(COMPUTER)))


def _clone(game: Game) -> Game:
    """A copy whose history lists can grow without touching the cached original."""
    twin = copy.copy(game)
    twin.actions = list(game.actions)
    twin.events = list(game.events)
    return twin


class _GameCache:
    """Rebuilt games by id, valid only while the stored record is unchanged.

    Replaying a long record costs milliseconds; the stored text is compared on every hit,
    so a move made by another process simply misses the cache.
    """

    def __init__(self, size: int = _CACHE_SIZE) -> None:
        self._size = size
        self._games: OrderedDict[str, tuple[str, Game]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, record: str) -> Game | None:
        with self._lock:
            found = self._games.get(game_id)
            if found is None or found[0] != record:
                return None
            self._games.move_to_end(game_id)
            return _clone(found[1])

    def put(self, game_id: str, record: str, game: Game) -> None:
        with self._lock:
            self._games[game_id] = (record, _clone(game))
            self._games.move_to_end(game_id)
            while len(self._games) > self._size:
                self._games.popitem(last=False)


def _summary_values(game: Game, show_step: int) -> dict[str, Any]:
    """The summary columns of a game's row (figures for /stats once it is over).

    While the show is being counted the row says only what the table shows: a game won
    on a count not yet shown is still on.
    """
    state = game.state
    shown = paced_view(game, HUMAN, show_step)
    values: dict[str, Any] = {
        "status": FINISHED if shown.outcome is not None else ACTIVE,
        "hand_number": state.hand_number,
        "score_player": shown.scores[HUMAN],
        "score_computer": shown.scores[COMPUTER],
        "show_step": show_step,
        "updated_at": utcnow(),
    }
    if shown.outcome is not None and state.outcome is not None:
        figures = summarize(GameRecord.of(game), HUMAN)
        values.update(
            winner=state.outcome.winner,
            skunk=state.outcome.skunk.value,
            finished_at=utcnow(),
            hand_points=figures.hand_points,
            hands_shown=figures.hands_shown,
            crib_points=figures.crib_points,
            cribs_shown=figures.cribs_shown,
            play_points=figures.play_points,
            deals_played=figures.deals_played,
            best_hand=figures.best_hand,
        )
    return values


def _read_action(data: object) -> PlayerAction:
    action = action_from_dict(data)
    if action.player != HUMAN:
        raise IllegalActionError(
            "you sit in seat 0; the computer makes its own moves", code="not_your_seat"
        )
    return action


def _next_count(loaded: LoadedGame, data: dict[Any, Any]) -> int:
    """The show step after the person asks for the next count (checked, like a move)."""
    if data.get("player") != HUMAN or isinstance(data.get("player"), bool):
        raise IllegalActionError(
            "you sit in seat 0; the computer makes its own moves", code="not_your_seat"
        )
    if not loaded.counting:
        raise IllegalActionError("there is no count left to show now", code="no_count_to_show")
    return clamp_step(loaded.game, loaded.show_step) + 1


class GameService:
    """Games of one database; every method is one short transaction."""

    def __init__(self, database: Database, *, testing: bool = False) -> None:
        self.database = database
        self.testing = testing
        self._cache = _GameCache()

    # ------------------------------------------------------------ games

    def create(self, player_id: str, level: str, *, seed: int | None = None) -> LoadedGame:
        """Start a game at ``level``; ``seed`` is used only on a test server."""
        if level not in LEVELS:
            raise CribkitError(
                f"unknown level {level!r}: choose easy, medium or hard",
                code="unknown_level",
                params={"level": repr(level)},
            )
        if not level_available(level):
            raise CribkitError(
                f"the {level} level is not available yet; choose another",
                code="level_unavailable",
                params={"level": level},
            )
        game = Game(seed=seed if self.testing else None)
        _computer_replies(game, level)
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
            **{key: 0 for key in _ZERO_COLUMNS},
        )
        for key, value in _summary_values(game, 1).items():
            setattr(row, key, value)
        with self.database.session() as session:
            session.add(row)
            session.commit()
        self._cache.put(game_id, record, game)
        return LoadedGame(game_id, level, 0, game)

    def load(self, player_id: str | None, game_id: str) -> LoadedGame:
        """The player's game, rebuilt from its record; anyone else's is "not found"."""
        if not _GAME_ID.fullmatch(game_id):
            raise GameNotFoundError("there is no such game at this table", code="game_not_found")
        with self.database.session() as session:
            row = session.execute(
                select(
                    GameRow.player_id,
                    GameRow.level,
                    GameRow.version,
                    GameRow.record,
                    GameRow.show_step,
                ).where(GameRow.id == game_id)
            ).one_or_none()
        if row is None or player_id is None or row.player_id != player_id:
            raise GameNotFoundError("there is no such game at this table", code="game_not_found")
        game = self._cache.get(game_id, row.record)
        if game is None:
            game = GameRecord.parse(row.record, check=False).to_game()
            self._cache.put(game_id, row.record, game)
        return LoadedGame(game_id, row.level, row.version, game, row.show_step)

    def apply(
        self, player_id: str | None, game_id: str, data: object, version: object
    ) -> LoadedGame:
        """Apply the person's move made on ``version`` and the computer's replies, once."""
        loaded = self.load(player_id, game_id)
        if not isinstance(version, int) or isinstance(version, bool):
            raise CribkitError(
                "send the game's 'version' (a whole number) with your move", code="version_missing"
            )
        if version != loaded.version:
            raise StaleVersionError(
                "that move was made on an older position (another tab or a double click); "
                "the table now shows the current one",
                loaded,
                code="stale_version",
            )
        game = loaded.game
        if isinstance(data, dict) and data.get("type") == NEXT_COUNT:
            show_step = _next_count(loaded, data)
        else:
            if loaded.counting:
                raise IllegalActionError(
                    "the show is still being counted: lay down the next count first",
                    code="show_not_counted",
                )
            game.apply(_read_action(data))  # checks first: illegal raises, changes nothing
            _computer_replies(game, loaded.level)
            show_step = 1
        record = GameRecord.of(game).to_text()
        with self.database.session() as session:
            result = session.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.version == version)
                .values(record=record, version=version + 1, **_summary_values(game, show_step))
            )
            if result.rowcount != 1:  # type: ignore[attr-defined]
                session.rollback()
                raise StaleVersionError(
                    "another move was made at the same moment; the table now shows it",
                    self.load(player_id, game_id),
                    code="stale_race",
                )
            session.commit()
        self._cache.put(game_id, record, game)
        return LoadedGame(game_id, loaded.level, version + 1, game, show_step)

    def record_text(self, player_id: str | None, game_id: str) -> str:
        """A finished game's record (the deck is no secret once the game is over)."""
        with self.database.session() as session:
            row = session.get(GameRow, game_id) if _GAME_ID.fullmatch(game_id) else None
        if row is None or row.player_id != player_id or row.status != FINISHED:
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
                .where(GameRow.player_id == player_id, GameRow.status == ACTIVE)
                .order_by(GameRow.updated_at.desc())
                .limit(1)
            )

    def finished_games(self, player_id: str | None) -> list[GameRow]:
        """The player's finished games, newest first."""
        if player_id is None:
            return []
        with self.database.session() as session:
            return list(
                session.scalars(
                    select(GameRow)
                    .where(GameRow.player_id == player_id, GameRow.status == FINISHED)
                    .order_by(GameRow.finished_at.desc())
                )
            )

    def active_count(self, player_id: str | None) -> int:
        if player_id is None:
            return 0
        with self.database.session() as session:
            count = session.scalar(
                select(func.count())
                .select_from(GameRow)
                .where(GameRow.player_id == player_id, GameRow.status == ACTIVE)
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
        printable = "".join(ch if ch.isprintable() else " " for ch in name)  # no NUL for PostgreSQL
        cleaned = " ".join(printable.split())[:40] or None
        with self.database.session() as session:
            row = session.get(PlayerRow, player_id)
            if row is None:
                session.add(PlayerRow(id=player_id, name=cleaned, created_at=utcnow()))
            else:
                row.name = cleaned
            session.commit()
        return cleaned


_ZERO_COLUMNS = (
    "hand_points",
    "hands_shown",
    "crib_points",
    "cribs_shown",
    "play_points",
    "deals_played",
    "best_hand",
)
