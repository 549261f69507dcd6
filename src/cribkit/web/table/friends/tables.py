"""Tables for two people: invite codes, seats, the computer filling in, and rematches.

A host opens a table: a game at level ``friend`` whose seat 0 is the host's cookie, and an
invite whose short code (readable aloud, drawn from ``secrets``) lets one friend take
seat 1. Taking the seat is one ``UPDATE ... WHERE opponent_id IS NULL`` that also bumps the
game's version, so of two friends (or a friend and the computer) exactly one sits down.
An invite nobody used lapses after a day, and ``sweep`` closes the host's game it left
waiting; once used, the code stays a spectator's ticket until its game has been over for
``REMATCH_GRACE`` (a rematch gets a code of its own), so live codes do not pile up.
"""

from __future__ import annotations

import math
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select, update

from cribkit.errors import CribkitError
from cribkit.players import DEFAULT_LEVEL
from cribkit.rules import STANDARD, GameRules
from cribkit.web.site.models import GameRow, InviteRow, utcnow
from cribkit.web.table.friends.chat import HELD_GAMES, TableChat
from cribkit.web.table.games.computer import computer_replies, table_level
from cribkit.web.table.games.loaded import ACTIVE, COMPUTER, FRIEND, HUMAN, LoadedGame
from cribkit.web.table.games.names import clean_name
from cribkit.web.table.games.service import GameService, table_rules

__all__ = [
    "CLOSED",
    "CODE_ALPHABET",
    "CODE_BITS",
    "CODE_LENGTH",
    "INVITE_LIFETIME",
    "REMATCH_GRACE",
    "FriendTables",
    "Invite",
    "InviteNotFoundError",
    "SeatTakenError",
    "format_code",
    "new_code",
    "normalize_code",
]

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
"""30 symbols that cannot be misheard or misread: no 0/O, 1/I/L, and no U (so no words)."""
CODE_LENGTH = 10
CODE_BITS = CODE_LENGTH * math.log2(len(CODE_ALPHABET))
"""About 49 bits: guessing one live code among a million takes ~5·10^8 tries on average."""
INVITE_LIFETIME = timedelta(days=1)
REMATCH_GRACE = timedelta(hours=1)
"""How long a used code still opens its table once the game is over (for the rematch)."""
CLOSED = "closed"
"""The status of a host's game whose invite lapsed unused: never started, never resumed."""


class InviteNotFoundError(CribkitError):
    """No table has that code, or its invite lapsed unused."""


class SeatTakenError(CribkitError):
    """Both seats at the table are taken (or the computer took the empty one)."""


@dataclass(frozen=True, slots=True)
class Invite:
    """A table's invite as the API reports it."""

    code: str
    game_id: str
    host_id: str
    computer_fills_in: bool
    expires_at: datetime
    joined: bool


def new_code() -> str:
    """A fresh invite code from the operating system's secure source."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def format_code(code: str) -> str:
    """``ABCDE-FGHJK``: two groups of five, easy to read aloud."""
    half = CODE_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def normalize_code(text: str) -> str | None:
    """The code typed or spoken back (any case, spaces or dashes), or None if it is none."""
    cleaned = "".join(ch for ch in text.upper() if ch not in " -_.")
    if len(cleaned) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in cleaned):
        return None
    return cleaned


JOINED_CACHE = 2048
"""Joined invites one process keeps in memory (the least recently read go first)."""


def _aware(moment: datetime) -> datetime:
    """SQLite hands datetimes back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def friend_rules(*, count_own: bool, muggins: bool) -> GameRules:
    """A table between two people where each counts their own show, if asked (and muggins:
    what one overlooks goes to the other); refused for muggins alone."""
    return table_rules(frozenset({HUMAN, COMPUTER}) if count_own else frozenset(), muggins=muggins)


def _not_found() -> InviteNotFoundError:
    return InviteNotFoundError(
        "no table has that code, or its invite lapsed after a day unused",
        code="invite_not_found",
    )


class FriendTables:
    """Invites and seats on top of the game service (which stores and announces moves)."""

    def __init__(
        self, games: GameService, *, joined_cache: int = JOINED_CACHE, held_chats: int = HELD_GAMES
    ) -> None:
        self.games = games
        self.database = games.database
        self._joined: OrderedDict[str, Invite] = OrderedDict()
        self._joined_size = joined_cache
        self._lock = threading.Lock()
        self.chat = TableChat(self.database, held=held_chats)

    def open(
        self,
        host_id: str,
        name: object,
        *,
        computer_fills_in: bool = False,
        seed: int | None = None,
        rules: GameRules = STANDARD,
    ) -> tuple[Invite, LoadedGame]:
        """Start a game between two people with the host in seat 0, and its invite."""
        loaded = self.games.create_game(
            host_id, FRIEND, seed=seed, rules=rules, opponent_id=None, name_0=clean_name(name)
        )
        now = utcnow()
        row = InviteRow(
            code=new_code(),
            game_id=loaded.id,
            host_id=host_id,
            computer_fills_in=computer_fills_in,
            created_at=now,
            expires_at=now + INVITE_LIFETIME,
            joined_at=None,
        )
        with self.database.session() as session:
            session.add(row)
            session.commit()
        return _invite(row), loaded

    def find(self, text: str, *, now: datetime | None = None) -> Invite:
        """The table behind a code; an unknown or lapsed one is "not found"."""
        code = normalize_code(text)
        if code is None:
            raise _not_found()
        with self.database.session() as session:
            row = session.get(InviteRow, code)
            finished = (
                None
                if row is None
                else session.scalar(select(GameRow.finished_at).where(GameRow.id == row.game_id))
            )
        if row is None:
            raise _not_found()
        invite = _invite(row)
        now = now or utcnow()
        if not invite.joined and _aware(row.expires_at) <= now:
            raise _not_found()
        if invite.joined and finished is not None and _aware(finished) + REMATCH_GRACE <= now:
            raise _not_found()
        return invite

    def sweep(self, *, now: datetime | None = None) -> int:
        """Close every host's game whose invite lapsed unused; how many were closed.

        Closing bumps the version and is announced like any change, so no process goes
        on serving the open table it holds in memory (``stored_rows``).
        """
        lapsed = select(InviteRow.game_id).where(
            InviteRow.joined_at.is_(None), InviteRow.expires_at <= (now or utcnow())
        )
        with self.database.session() as session:
            closed = session.execute(
                update(GameRow)
                .where(
                    GameRow.id.in_(lapsed),
                    GameRow.level == FRIEND,
                    GameRow.opponent_id.is_(None),
                    GameRow.status == ACTIVE,
                )
                .values(status=CLOSED, version=GameRow.version + 1, updated_at=utcnow())
                .returning(GameRow.id, GameRow.version)
                .execution_options(synchronize_session=False)
            ).all()
            session.commit()
        for game_id, version in closed:
            self.games.on_change(game_id, int(version))
        return len(closed)

    def holds_joined(self, game_id: str) -> bool:
        """Whether the game's invite is joined and held (``invite_of`` reads nothing)."""
        with self._lock:
            return game_id in self._joined

    def invite_of(self, game_id: str) -> Invite | None:
        """The invite that opened a game (None for a game against the computer).

        Every socket re-reads it after every move, so a *joined* invite is kept in memory:
        once joined, no column of it changes again (rows are never deleted), so the copy
        cannot go stale. An unjoined one is read fresh each time.
        """
        with self._lock:
            cached = self._joined.get(game_id)
            if cached is not None:
                self._joined.move_to_end(game_id)
                return cached
        with self.database.session() as session:
            row = session.scalar(select(InviteRow).where(InviteRow.game_id == game_id).limit(1))
        invite = None if row is None else _invite(row)
        if invite is not None and invite.joined:
            with self._lock:
                self._joined[game_id] = invite
                while len(self._joined) > self._joined_size:
                    self._joined.popitem(last=False)
        return invite

    def join(self, text: str, player_id: str, name: object) -> tuple[Invite, int]:
        """Seat ``player_id`` at the table (their own seat again if they hold one)."""
        invite = self.find(text)
        seat = self.games.seat_of(invite.game_id, player_id)
        if seat is not None:
            return invite, seat
        with self.database.session() as session:
            result = session.execute(
                update(GameRow)
                .where(
                    GameRow.id == invite.game_id,
                    GameRow.opponent_id.is_(None),
                    GameRow.level == FRIEND,
                )
                .values(
                    opponent_id=player_id,
                    name_1=clean_name(name),
                    version=GameRow.version + 1,
                    updated_at=utcnow(),
                )
            )
            if result.rowcount != 1:  # type: ignore[attr-defined]
                session.rollback()
                raise SeatTakenError(
                    "both seats at this table are taken; you can still watch",
                    code="table_full",
                )
            session.execute(
                update(InviteRow)
                .where(InviteRow.code == invite.code, InviteRow.joined_at.is_(None))
                .values(joined_at=utcnow())
            )
            version = session.scalar(select(GameRow.version).where(GameRow.id == invite.game_id))
            session.commit()
        self.games.on_change(invite.game_id, int(version or 0))
        return invite, COMPUTER

    def computer_takes_seat(self, text: str, host_id: str, level: str | None = None) -> LoadedGame:
        """The host's choice when the friend never comes: the computer sits in seat 1, at
        ``level`` or else at the host's own level (their preferences: the new-game form's
        choice), checked like a new game's."""
        chosen = level if level is not None else self._level_of(host_id)
        level = table_level(chosen, testing=self.games.testing)
        invite = self.find(text)
        if invite.host_id != host_id:
            raise _not_found()
        if not invite.computer_fills_in:
            raise SeatTakenError(
                "this table was opened for a friend only", code="computer_not_invited"
            )
        loaded = self.games.load(host_id, invite.game_id)
        if loaded.seated[COMPUTER]:
            raise SeatTakenError(
                "both seats at this table are taken; you can still watch", code="table_full"
            )
        game = loaded.game
        computer_replies(game, level)
        if not self.games.store(
            invite.game_id, game, loaded.version, loaded.show_step, level=level
        ):
            raise SeatTakenError(
                "both seats at this table are taken; you can still watch", code="table_full"
            )
        with self.database.session() as session:
            session.execute(
                update(InviteRow).where(InviteRow.code == invite.code).values(joined_at=utcnow())
            )
            session.commit()
        return self.games.load(host_id, invite.game_id)

    def _level_of(self, host_id: str) -> str:
        book = self.games.preferences
        return DEFAULT_LEVEL if book is None else book.of(host_id).level

    def rematch(self, player_id: str | None, game_id: str) -> str:
        """The next game at the same table, created once however many ask at once.

        Every game starts with its own cut for deal, the lower card dealing (RULES.md
        rule 1, the ACC rule for the first deal of a game), so a rematch cuts again.
        """
        loaded = self.games.load(player_id, game_id)
        if not loaded.between_people or not loaded.game.is_over:
            raise CribkitError(
                "a rematch is offered once a game between two people is over",
                code="no_rematch",
            )
        if loaded.rematch_id is not None:
            return loaded.rematch_id
        with self.database.session() as session:
            row = session.get(GameRow, game_id)
            assert row is not None
            host, friend = row.player_id, row.opponent_id
        fresh = self.games.create_game(
            host,
            FRIEND,
            seed=None,
            rules=loaded.game.rules,  # the rematch keeps the table's counting options
            opponent_id=friend,
            name_0=loaded.names[HUMAN],
            name_1=loaded.names[COMPUTER],
        )
        with self.database.session() as session:
            result = session.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.rematch_id.is_(None))
                .values(rematch_id=fresh.id, version=GameRow.version + 1)
            )
            if result.rowcount != 1:  # type: ignore[attr-defined]
                session.execute(delete(GameRow).where(GameRow.id == fresh.id))
                session.commit()
                again = self.games.load(player_id, game_id).rematch_id
                assert again is not None
                return again
            now = utcnow()
            session.add(  # spectators follow the table to its next game with a code of its own
                InviteRow(
                    code=new_code(),
                    game_id=fresh.id,
                    host_id=host,
                    computer_fills_in=False,
                    created_at=now,
                    expires_at=now + INVITE_LIFETIME,
                    joined_at=now,
                )
            )
            session.commit()
        self.chat.carry_mutes(game_id, fresh.id)
        self.games.on_change(game_id, loaded.version + 1)
        return fresh.id


def _invite(row: InviteRow) -> Invite:
    return Invite(
        code=row.code,
        game_id=row.game_id,
        host_id=row.host_id,
        computer_fills_in=row.computer_fills_in,
        expires_at=_aware(row.expires_at),
        joined=row.joined_at is not None,
    )
