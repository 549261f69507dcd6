"""Table chat between the two players: quick phrases, short free text, and each seat's mute.

Kept in the database beside the game (``table_chat``), never in the game's record, so an
exported record or a replay holds no chat. Both seats write; whoever else holds the code
reads. A seat that mutes the other reads none of the other's lines while the mute holds,
and never the lines said *while* it held (each is stored with ``hidden_from``): unmuting
shows what is said afterwards and what was said before the mute, nothing in between.

Text is cleaned before it is kept: NFC, Unicode format characters (bidi overrides such as
U+202E, zero-width spaces and joiners, the BOM) removed so nothing invisible can reorder or
hide the line, other control characters turned to spaces, runs of spaces made one, trimmed;
then it must be 1 to ``CHAT_LENGTH`` characters. The pages escape it and isolate it in
``<bdi>`` as well, so right-to-left script cannot run into the speaker's name.
"""

from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from cribkit.errors import CribkitError
from cribkit.web.site.db import Database
from cribkit.web.site.held import HeldAnswers
from cribkit.web.site.i18n import N_
from cribkit.web.site.models import ChatMuteRow, ChatRow, utcnow

__all__ = [
    "CHAT_LENGTH",
    "CHAT_RECENT",
    "QUICK_PHRASES",
    "ChatLine",
    "ChatLog",
    "ChatRefusedError",
    "TableChat",
    "clean_message",
]

CHAT_LENGTH = 200
"""Characters a line may hold after cleaning."""
CHAT_RECENT = 50
"""Lines a reader is given: the newest ones (older ones stay stored with the game)."""
HELD_GAMES = 1024
"""Games whose chat one process holds by default (three readers each: both seats and the
spectators)."""
HELD_SECONDS = 60.0
"""How long a process trusts a chat it read when no news said it changed. A line said
through another process reaches its sockets at once, as "read again" news, and a socket
that polls (the channel down) reads again each time, so this bounds only a page that
reads without a socket; at 15 s the expiring reads were a tenth of a friend move's time."""

QUICK_PHRASES: dict[str, str] = {
    "good_luck": N_("Good luck"),
    "nice_hand": N_("Nice hand"),
    "good_game": N_("Good game"),
    "well_played": N_("Well played"),
    "thanks": N_("Thanks"),
}
"""The quick phrases by key: stored as the key, said in each reader's own language."""


class ChatRefusedError(CribkitError):
    """A line that cannot be said: empty, too long, an unknown phrase, or no seat to say it from."""


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One stored line as a reader gets it (``phrase`` set: ``body`` is empty)."""

    id: int
    seat: int
    body: str
    phrase: str | None
    at: datetime


def clean_message(text: str) -> str:
    """The line as it is kept (see the module's docstring); refused when empty or too long."""
    normal = unicodedata.normalize("NFC", text)
    kept = "".join(
        " " if not ch.isprintable() else ch for ch in normal if unicodedata.category(ch) != "Cf"
    )
    cleaned = " ".join(kept.split())
    if not cleaned:
        raise ChatRefusedError("say something: an empty line is not sent", code="chat_empty")
    if len(cleaned) > CHAT_LENGTH:
        raise ChatRefusedError(
            f"a line holds at most {CHAT_LENGTH} characters",
            code="chat_too_long",
            params={"max": CHAT_LENGTH},
        )
    return cleaned


@dataclass(frozen=True, slots=True)
class ChatLog:
    """What one reader may read of a table's chat, and whether they mute the other seat."""

    lines: tuple[ChatLine, ...]
    muted: bool


def _line(row: ChatRow) -> ChatLine:
    at = row.created_at  # SQLite hands it back without its zone; it was stored in UTC
    return ChatLine(
        row.id, row.seat, row.body, row.phrase, at if at.tzinfo else at.replace(tzinfo=UTC)
    )


Reader = int | None
"""A seat, or None for a spectator."""


class TableChat:
    """The chat lines and mutes of every table, in the app's database.

    Every view of a table carries its chat, so every watcher of a move would read it
    again; each process holds what each reader may read per game instead, forgotten at
    every change here (``say``, a mute) and at every "read again" news (``forget``).
    """

    def __init__(
        self, database: Database, *, held: int = HELD_GAMES, seconds: float = HELD_SECONDS
    ) -> None:
        self.database = database
        self._held: HeldAnswers[tuple[str, Reader], ChatLog] = HeldAnswers(3 * held, seconds)

    def forget(self, game_id: str) -> None:
        """The game's chat may have changed (here or elsewhere): its readers read again."""
        for reader in (0, 1, None):
            self._held.forget((game_id, reader))

    def say(self, game_id: str, seat: int, *, text: str = "", phrase: str | None = None) -> None:
        """Keep one line from ``seat`` (a quick phrase by key, else cleaned ``text``)."""
        if phrase is not None:
            if phrase not in QUICK_PHRASES:
                raise ChatRefusedError("no such quick phrase", code="chat_phrase")
            body = ""
        else:
            body = clean_message(text)
        other = 1 - seat
        with self.database.session() as session:
            muted = session.get(ChatMuteRow, (game_id, other)) is not None
            session.add(
                ChatRow(
                    game_id=game_id,
                    seat=seat,
                    body=body,
                    phrase=phrase,
                    hidden_from=other if muted else None,
                    created_at=utcnow(),
                )
            )
            session.commit()
        self.forget(game_id)

    def read(self, game_id: str, reader: Reader) -> ChatLog:
        """The newest lines ``reader`` (a seat, or None for a spectator) may read, oldest
        first: never the other seat's while ``reader`` mutes it, nor any said while it did."""
        held = self._held.fresh((game_id, reader))
        if held is not None:
            return held
        started = time.monotonic()
        log = self._read(game_id, reader)
        self._held.hold((game_id, reader), started, log)
        return log

    def holds(self, game_id: str, reader: Reader) -> bool:
        """Whether ``read(game_id, reader)`` would answer without reading the database."""
        return self._held.fresh((game_id, reader)) is not None

    def _read(self, game_id: str, reader: Reader) -> ChatLog:
        query = select(ChatRow).where(ChatRow.game_id == game_id)
        with self.database.session() as session:
            muted = reader is not None and session.get(ChatMuteRow, (game_id, reader)) is not None
            if reader is not None:
                query = query.where(ChatRow.hidden_from.is_(None) | (ChatRow.hidden_from != reader))
            if muted:
                query = query.where(ChatRow.seat == reader)
            rows = session.scalars(query.order_by(ChatRow.id.desc()).limit(CHAT_RECENT)).all()
            return ChatLog(tuple(_line(row) for row in reversed(rows)), muted)

    def set_muted(self, game_id: str, seat: int, muted: bool) -> None:
        """Mute (or unmute) the other seat for ``seat``; asking twice changes nothing."""
        self._set_muted(game_id, seat, muted)
        self.forget(game_id)

    def _set_muted(self, game_id: str, seat: int, muted: bool) -> None:
        with self.database.session() as session:
            if not muted:
                session.execute(
                    delete(ChatMuteRow).where(
                        ChatMuteRow.game_id == game_id, ChatMuteRow.seat == seat
                    )
                )
                session.commit()
                return
            if session.get(ChatMuteRow, (game_id, seat)) is not None:
                return
            session.add(ChatMuteRow(game_id=game_id, seat=seat, muted_at=utcnow()))
            try:
                session.commit()
            except IntegrityError:  # the same seat muted at the same moment in another tab
                session.rollback()

    def carry_mutes(self, game_id: str, rematch_id: str) -> None:
        """A rematch is the same table: each seat's mute follows it to the next game."""
        with self.database.session() as session:
            seats = session.scalars(
                select(ChatMuteRow.seat).where(ChatMuteRow.game_id == game_id)
            ).all()
            for seat in seats:
                session.add(ChatMuteRow(game_id=rematch_id, seat=seat, muted_at=utcnow()))
            session.commit()
        self.forget(rematch_id)
