"""Who is at the table: open sockets per seat, counted per app process in the database.

Each process keeps its own count of open sockets per (game, seat) and writes it to one
row of its own, refreshing ``seen_at`` while any stay open. A seat is "connected" when
some process saw it recently, so two tabs in two processes count apart, and a process
that dies stops vouching for its sockets within its time to live (``CRIBKIT_PRESENCE_TTL``,
20 s by default). Every heartbeat also sweeps the rows no live process refreshed (and the
first one runs at start-up), so dead processes' rows never pile up and the games they
named are announced: their watchers' pages turn the seat to away on their own.

Every view of a table between two people shows who is here, so each process holds the
answer per game (a bounded map) for one heartbeat at most: every change of it is announced
as "read again" news (a seat's first socket here or its last one gone, a dead process's
rows swept), and a watcher given that news asks again (``refresh``).
"""

from __future__ import annotations

import secrets
import threading
import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from cribkit.web.site.db import Database
from cribkit.web.site.held import HeldAnswers
from cribkit.web.site.models import PresenceRow, utcnow

__all__ = ["HEARTBEAT_SECONDS", "STALE_AFTER", "PresenceBook"]

STALE_AFTER = timedelta(seconds=20)
"""How long a row vouches for its seat unless refreshed (the default time to live)."""
HEARTBEAT_SECONDS = STALE_AFTER.total_seconds() / 4
"""A live process refreshes its rows (and sweeps) four times per time to live."""
HELD_GAMES = 4096
"""Games whose seats' presence one process holds by default (the least recent go first)."""

Seats = tuple[bool, bool]


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class PresenceBook:
    """This process's open sockets by seat, mirrored into the ``presence`` table."""

    def __init__(
        self,
        database: Database,
        node: str | None = None,
        *,
        ttl: timedelta = STALE_AFTER,
        held: int = HELD_GAMES,
    ) -> None:
        self.database = database
        self.node = node or secrets.token_hex(8)
        self.ttl = ttl
        self.heartbeat_seconds = ttl.total_seconds() / 4
        self._counts: dict[tuple[str, int], int] = {}
        self._lock = threading.Lock()
        self._held: HeldAnswers[str, Seats] = HeldAnswers(held, ttl.total_seconds())

    def arrive(self, game_id: str, seat: int) -> bool:
        """A socket of ``seat`` opened here; True when this process had none before."""
        with self._lock:
            count = self._counts.get((game_id, seat), 0) + 1
            self._counts[(game_id, seat)] = count
        self._write(game_id, seat, count)
        return count == 1

    def leave(self, game_id: str, seat: int) -> bool:
        """A socket closed; True when it was this process's last one for that seat."""
        with self._lock:
            count = max(self._counts.get((game_id, seat), 1) - 1, 0)
            if count:
                self._counts[(game_id, seat)] = count
            else:
                self._counts.pop((game_id, seat), None)
        self._write(game_id, seat, count)
        return count == 0

    def heartbeat(self) -> None:
        """Refresh this process's rows (called every ``heartbeat_seconds``)."""
        with self._lock:
            open_seats = dict(self._counts)
        if not open_seats:
            return
        # One statement refreshes every row of this process (the counts were written when
        # sockets came and went); only if a row is missing (swept while this process
        # stalled past its time to live) are the rows written one by one again.
        with self.database.session() as session:
            refreshed = session.execute(
                update(PresenceRow)
                .where(PresenceRow.node == self.node, PresenceRow.connections > 0)
                .values(seen_at=utcnow())
                .execution_options(synchronize_session=False)
            )
            session.commit()
        if refreshed.rowcount >= len(open_seats):  # type: ignore[attr-defined]
            return
        for (game_id, seat), count in open_seats.items():
            self._write(game_id, seat, count)

    def sweep(self, *, now: datetime | None = None) -> set[str]:
        """Delete every row no process refreshed within the time to live (a dead
        process's); the games they named, whose watchers should hear of it."""
        stale = PresenceRow.seen_at < (now or utcnow()) - self.ttl
        with self.database.session() as session:
            games = set(session.scalars(select(PresenceRow.game_id).where(stale)).all())
            if games:
                session.execute(delete(PresenceRow).where(stale))
                session.commit()
        for game_id in games:
            self._held.forget(game_id)
        return games

    def connected(self, game_id: str, *, now: datetime | None = None) -> Seats:
        """Whether each seat has an open socket in some live process (as read at most one
        time to live ago, or since the last "read again" news; ``now`` always reads)."""
        held = None if now is not None else self._held.fresh(game_id)
        return held if held is not None else self.refresh(game_id, now=now)

    def holds(self, game_id: str) -> bool:
        """Whether ``connected(game_id)`` would answer without reading the database."""
        return self._held.fresh(game_id) is not None

    def refresh(self, game_id: str, *, now: datetime | None = None) -> Seats:
        """Read the seats' presence now and hold the answer (unless a later read's is)."""
        started = time.monotonic()
        seats = self._read(game_id, now)
        self._held.hold(game_id, started, seats)
        return seats

    def _read(self, game_id: str, now: datetime | None) -> Seats:
        fresh_since = (now or utcnow()) - self.ttl
        with self.database.session() as session:
            rows = session.execute(
                select(PresenceRow.seat, PresenceRow.seen_at).where(
                    PresenceRow.game_id == game_id, PresenceRow.connections > 0
                )
            ).all()
        seats = {row.seat for row in rows if _aware(row.seen_at) > fresh_since}
        return (0 in seats, 1 in seats)

    def _write(self, game_id: str, seat: int, count: int) -> None:
        self._write_row(game_id, seat, count)
        self._held.forget(game_id)  # the next view reads it again

    def _write_row(self, game_id: str, seat: int, count: int) -> None:
        key = (
            PresenceRow.game_id == game_id,
            PresenceRow.seat == seat,
            PresenceRow.node == self.node,
        )
        with self.database.session() as session:
            if count == 0:
                session.execute(delete(PresenceRow).where(*key))
                session.commit()
                return
            now = utcnow()
            changed = session.execute(
                update(PresenceRow).where(*key).values(connections=count, seen_at=now)
            )
            if changed.rowcount == 1:  # type: ignore[attr-defined]
                session.commit()
                return
            session.add(
                PresenceRow(
                    game_id=game_id, seat=seat, node=self.node, connections=count, seen_at=now
                )
            )
            try:
                session.commit()
            except IntegrityError:  # our own row appeared meanwhile: update it instead
                session.rollback()
                session.execute(
                    update(PresenceRow).where(*key).values(connections=count, seen_at=now)
                )
                session.commit()
