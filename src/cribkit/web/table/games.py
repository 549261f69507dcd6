"""The game service: create, load and apply moves to stored games, one request at a time.

A game is stored as its record; loading rebuilds it by replaying the record, so a game
survives a closed tab or a restarted server exactly. Each move is checked, applied with
the computer's replies, and written back with ``UPDATE ... WHERE version = n``: of two
requests carrying the same version (a double click, two tabs, two app processes) exactly
one is applied and the other gets ``StaleVersionError``.

Beside the record each game keeps its *show step* (see ``pacing``): how many counts of
the show are on the table. Laying down the next count is a versioned move like any other.

A game between two people (level ``friend``) has an owner per seat: each player's cookie
loads and moves only their own seat, and nobody moves for the computer; either of them may
lay down the next count. Every stored move is announced through ``on_change(game_id,
version)`` (the live fan-out subscribes to it); nothing about the cards goes with it.
"""

from __future__ import annotations

import copy
import hashlib
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import func, or_, select, update

from cribkit.actions import ClaimCount, PlayerAction, action_from_dict
from cribkit.errors import CribkitError, IllegalActionError
from cribkit.game import Game
from cribkit.players import LEVELS, strategy_for_level
from cribkit.players.base import true_claim
from cribkit.record import GameRecord
from cribkit.rules import STANDARD, GameRules
from cribkit.state import Phase
from cribkit.web.site.db import Database
from cribkit.web.site.models import GameRow, PlayerRow, utcnow
from cribkit.web.table.pacing import NEXT_COUNT, clamp_step, counts_in_show, paced_view
from cribkit.web.table.summary import GameSummary, summarize

__all__ = [
    "COMPUTER",
    "FRIEND",
    "HUMAN",
    "FriendNotSeatedError",
    "GameNotFoundError",
    "GameService",
    "LoadedGame",
    "StaleVersionError",
    "check_seated",
    "clean_name",
    "computer_replies",
    "level_available",
    "table_rules",
]

HUMAN = 0
"""The person at the table always sits in seat 0."""
COMPUTER = 1
FRIEND = "friend"
"""The level of a game between two people: both seats belong to players' cookies."""
ACTIVE, FINISHED = "active", "finished"
_CACHE_SIZE = 256
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What an id can look like (``token_urlsafe``, within the column): anything else is unknown
without asking the database (PostgreSQL refuses a NUL byte in a query with an error)."""


class GameNotFoundError(CribkitError):
    """No game with that id belongs to this player (someone else's looks the same)."""


class FriendNotSeatedError(CribkitError):
    """A move at a table between two people before the second seat is taken."""


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
    seat: int | None = HUMAN
    """The seat of whoever loaded it (None: a spectator)."""
    names: tuple[str | None, str | None] = (None, None)
    seated: tuple[bool, bool] = (True, True)
    """Whether each seat has its player (seat 1 waits for an invited friend)."""
    rematch_id: str | None = None

    @property
    def counting(self) -> bool:
        """Whether counts of the show are still to be laid down (the view hides them)."""
        return clamp_step(self.game, self.show_step) < counts_in_show(self.game)

    @property
    def status(self) -> str:
        return FINISHED if self.game.is_over and not self.counting else ACTIVE

    @property
    def between_people(self) -> bool:
        return self.level == FRIEND

    @property
    def waiting_for_friend(self) -> bool:
        """A table between two people whose second seat is still empty: nobody moves yet
        (not even the cut for deal), since the game is between the two who sit there."""
        return self.between_people and not self.seated[COMPUTER]


def check_seated(loaded: LoadedGame) -> None:
    """Refuse any move (or hint) at a table whose second seat is still empty."""
    if loaded.waiting_for_friend:
        raise FriendNotSeatedError(
            "your friend has not sat down yet: the game starts when they take their seat",
            code="friend_not_seated",
        )


def table_rules(seats: frozenset[int], *, muggins: bool) -> GameRules:
    """Standard rules with the counting options a new game was asked for (checked:
    muggins without anybody counting their own hand is refused)."""
    return GameRules(manual_count=seats, muggins=muggins)


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


def computer_replies(game: Game, level: str) -> None:
    """Let the computer move until it is the person's turn (it never hurries the show, but
    counts its own hand at once where it sits in a seat that counts its own).

    In the cut for deal the person draws first and the computer after them. Between two
    people (``FRIEND``) nobody moves for anyone.
    """
    if level == FRIEND:
        return
    while not game.is_over:
        pending = game.state.to_count
        if pending is not None and pending.player == COMPUTER:
            game.apply(true_claim(game.view(COMPUTER)))  # a seat it took counts its own
            continue
        if game.state.phase is Phase.SHOW:
            return
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
            **_counting_columns(figures),
        )
    return values


def _counting_columns(figures: GameSummary) -> dict[str, int]:
    """The counting-accuracy columns of a row, from one seat's summary."""
    return {name: getattr(figures, name) for name in _COUNTING_COLUMNS}


def _read_action(data: object, seat: int, level: str) -> PlayerAction:
    action = action_from_dict(data)
    _check_seat(action.player, seat, level)
    return action


def _check_seat(player: object, seat: int, level: str) -> None:
    """Refuse a move for a seat the mover does not own (a bool is no seat number)."""
    if player == seat and not isinstance(player, bool):
        return
    if level == FRIEND:
        raise IllegalActionError(
            "that seat is not yours; your friend makes their own moves",
            code="not_your_seat_friend",
        )
    raise IllegalActionError(
        "you sit in seat 0; the computer makes its own moves", code="not_your_seat"
    )


ChangeHook = Callable[[str, int], None]
"""Called with (game id, new version) after every stored change."""


def _no_hook(_game_id: str, _version: int) -> None:
    return None


def _next_count(loaded: LoadedGame, seat: int, data: dict[Any, Any]) -> int:
    """The show step after the mover asks for the next count (checked, like a move).

    Either player at a friend table may lay it down, each naming their own seat.
    """
    _check_seat(data.get("player"), seat, loaded.level)
    if not loaded.counting:
        raise IllegalActionError("there is no count left to show now", code="no_count_to_show")
    return clamp_step(loaded.game, loaded.show_step) + 1


class GameService:
    """Games of one database; every method is one short transaction."""

    def __init__(
        self, database: Database, *, testing: bool = False, cache_size: int = _CACHE_SIZE
    ) -> None:
        self.database = database
        self.testing = testing
        self._cache = _GameCache(cache_size)  # CRIBKIT_GAME_CACHE
        self.on_change: ChangeHook = _no_hook

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
        return self.create_game(player_id, level, seed=seed, rules=rules)

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
        if level != FRIEND and level not in LEVELS:
            raise CribkitError(
                f"unknown level {level!r}: choose easy, medium or hard",
                code="unknown_level",
                params={"level": repr(level)},
            )
        if level != FRIEND and not level_available(level):
            raise CribkitError(
                f"the {level} level is not available yet; choose another",
                code="level_unavailable",
                params={"level": level},
            )
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
            **{key: 0 for key in _ZERO_COLUMNS},
            **columns,
        )
        for key, value in _summary_values(game, 1).items():
            setattr(row, key, value)
        with self.database.session() as session:
            session.add(row)
            session.commit()
        self._cache.put(game_id, record, game)
        names = (columns.get("name_0"), columns.get("name_1"))
        return LoadedGame(game_id, level, 0, game, 1, names=names, seated=(True, level != FRIEND))

    def load(self, player_id: str | None, game_id: str) -> LoadedGame:
        """The player's game, rebuilt from its record; anyone else's is "not found"."""
        row = self._row(game_id)
        seat = None if row is None or player_id is None else _seat_in(row, player_id)
        if row is None or seat is None:
            raise GameNotFoundError("there is no such game at this table", code="game_not_found")
        return self._rebuild(game_id, row, seat)

    def seat_of(self, game_id: str, player_id: str | None) -> int | None:
        """The seat ``player_id`` owns in the game, or None."""
        row = None if player_id is None else self._row(game_id)
        return None if row is None or player_id is None else _seat_in(row, player_id)

    def load_any(self, game_id: str) -> LoadedGame | None:
        """Any game by id, seen from no seat (for the public view)."""
        row = self._row(game_id)
        return None if row is None else self._rebuild(game_id, row, None)

    def _row(self, game_id: str) -> Any:
        if not _GAME_ID.fullmatch(game_id):
            return None
        with self.database.session() as session:
            return session.execute(
                select(
                    GameRow.player_id,
                    GameRow.opponent_id,
                    GameRow.level,
                    GameRow.version,
                    GameRow.record,
                    GameRow.show_step,
                    GameRow.name_0,
                    GameRow.name_1,
                    GameRow.rematch_id,
                ).where(GameRow.id == game_id)
            ).one_or_none()

    def _rebuild(self, game_id: str, row: Any, seat: int | None) -> LoadedGame:
        game = self._cache.get(game_id, row.record)
        if game is None:
            game = GameRecord.parse(row.record, check=False).to_game()
            self._cache.put(game_id, row.record, game)
        seated = (True, row.level != FRIEND or row.opponent_id is not None)
        names = (row.name_0, row.name_1)
        return LoadedGame(
            game_id,
            row.level,
            row.version,
            game,
            row.show_step,
            seat,
            names,
            seated,
            row.rematch_id,
        )

    def apply(
        self, player_id: str | None, game_id: str, data: object, version: object
    ) -> LoadedGame:
        """Apply the person's move made on ``version`` and the computer's replies, once."""
        loaded = self.load(player_id, game_id)
        check_seated(loaded)
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
        assert loaded.seat is not None
        game = loaded.game
        if isinstance(data, dict) and data.get("type") == NEXT_COUNT:
            show_step = _next_count(loaded, loaded.seat, data)
        else:
            if loaded.counting:
                raise IllegalActionError(
                    "the show is still being counted: lay down the next count first",
                    code="show_not_counted",
                )
            action = _read_action(data, loaded.seat, loaded.level)
            counted = counts_in_show(game)
            game.apply(action)  # checks first: an illegal move raises and changes nothing
            computer_replies(game, loaded.level)
            # a claimed count is laid down at once; the engine's counts after it wait
            show_step = counted + 1 if isinstance(action, ClaimCount) else 1
        if not self.store(game_id, game, version, show_step):
            raise StaleVersionError(
                "another move was made at the same moment; the table now shows it",
                self.load(player_id, game_id),
                code="stale_race",
            )
        return replace(loaded, version=version + 1, game=game, show_step=show_step)

    def store(self, game_id: str, game: Game, version: int, show_step: int, **columns: Any) -> bool:
        """Write ``game`` at ``show_step`` as version ``version + 1`` if the stored one is
        still ``version``.

        Returns False (and changes nothing) when another move got there first; on success
        the change is announced to ``on_change``.
        """
        record = GameRecord.of(game).to_text()
        with self.database.session() as session:
            result = session.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.version == version)
                .values(
                    record=record,
                    version=version + 1,
                    **_summary_values(game, show_step),
                    **columns,
                )
            )
            if result.rowcount != 1:  # type: ignore[attr-defined]
                session.rollback()
                return False
            session.commit()
        self._cache.put(game_id, record, game)
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
                .where(_owned_by(player_id), GameRow.status == ACTIVE)
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
                    .where(_owned_by(player_id), GameRow.status == FINISHED)
                    .order_by(GameRow.finished_at.desc())
                )
            )
        return [row if row.player_id == player_id else _from_seat_one(row) for row in rows]

    def active_count(self, player_id: str | None) -> int:
        if player_id is None:
            return 0
        with self.database.session() as session:
            count = session.scalar(
                select(func.count())
                .select_from(GameRow)
                .where(_owned_by(player_id), GameRow.status == ACTIVE)
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


NAME_LENGTH = 40


def clean_name(name: object) -> str | None:
    """A display name: printable (no NUL for PostgreSQL), single spaces, at most 40
    characters, blank is None.

    Braces go too: the table's sentences fill ``{places}``, and a name is filled in first.
    """
    if not isinstance(name, str):
        return None
    printable = "".join(ch if ch.isprintable() and ch not in "{}" else " " for ch in name)
    return " ".join(printable.split())[:NAME_LENGTH] or None


def _owned_by(player_id: str) -> Any:
    """Games where ``player_id`` holds a seat (seat 1 only between two people)."""
    return or_(
        GameRow.player_id == player_id,
        (GameRow.opponent_id == player_id) & (GameRow.level == FRIEND),
    )


def _from_seat_one(row: GameRow) -> GameRow:
    """A finished row as seat 1 sees it: its own figures and scores first, names swapped.

    The stored summary columns are seat 0's; seat 1's are taken from the record (a
    detached copy, never written back).
    """
    assert row.winner is not None
    figures = summarize(GameRecord.parse(row.record, check=False), COMPUTER)
    columns = {column.key: getattr(row, column.key) for column in GameRow.__table__.columns}
    columns.update(
        winner=1 - row.winner,
        score_player=row.score_computer,
        score_computer=row.score_player,
        name_0=row.name_1,
        name_1=row.name_0,
        hand_points=figures.hand_points,
        hands_shown=figures.hands_shown,
        crib_points=figures.crib_points,
        cribs_shown=figures.cribs_shown,
        play_points=figures.play_points,
        deals_played=figures.deals_played,
        best_hand=figures.best_hand,
        **_counting_columns(figures),
    )
    return GameRow(**columns)


def _seat_in(row: Any, player_id: str) -> int | None:
    """The seat ``player_id`` owns in the game row, or None."""
    if row.player_id == player_id:
        return HUMAN
    if row.level == FRIEND and row.opponent_id == player_id:
        return COMPUTER
    return None


_ZERO_COLUMNS = (
    "hand_points",
    "hands_shown",
    "crib_points",
    "cribs_shown",
    "play_points",
    "deals_played",
    "best_hand",
    "counts_made",
    "counts_exact",
    "count_points_missed",
    "count_points_over",
)
_COUNTING_COLUMNS = _ZERO_COLUMNS[-4:]
