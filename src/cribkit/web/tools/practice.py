"""The practice drills' answers and each player's record at them (attempts, streaks).

The puzzles are the engine's (``cribkit.analysis.drills``); this module checks an answer,
prices a choice with the game review's ``price_decision`` and keeps the score per player
and drill in the database, so a streak survives closing the tab.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError

from cribkit.analysis.drills import Drill
from cribkit.web.site.db import Database
from cribkit.web.site.models import PracticeRow, utcnow

__all__ = ["DrillRecord", "PracticeBook", "elapsed_seconds"]

MAX_SECONDS = 3600.0
"""A drill left open longer than this counts as an hour: the clock is for practice only."""


@dataclass(frozen=True, slots=True)
class DrillRecord:
    """A player's figures at one drill."""

    drill: Drill
    attempts: int = 0
    correct: int = 0
    streak: int = 0
    best_streak: int = 0
    lost_points: float = 0.0
    seconds: float = 0.0

    @property
    def accuracy(self) -> float | None:
        """Share of right answers (a best choice counts as right), None before the first."""
        return None if not self.attempts else self.correct / self.attempts

    @property
    def mean_lost(self) -> float | None:
        return None if not self.attempts else self.lost_points / self.attempts

    @property
    def mean_seconds(self) -> float | None:
        return None if not self.attempts else self.seconds / self.attempts


def elapsed_seconds(issued: str, now: float) -> float:
    """Time taken on a drill, from when the page was served (``issued``, the page's own
    hidden field: anything unreadable counts as no time; bounded to an hour)."""
    try:
        start = float(issued)
    except ValueError:
        return 0.0
    if not math.isfinite(start):
        return 0.0
    return min(max(now - start, 0.0), MAX_SECONDS)


def _record(row: PracticeRow | None, drill: Drill) -> DrillRecord:
    if row is None:
        return DrillRecord(drill)
    return DrillRecord(
        drill,
        row.attempts,
        row.correct,
        row.streak,
        row.best_streak,
        row.lost_points,
        row.seconds,
    )


class PracticeBook:
    """Reads and adds to the players' practice records."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def records(self, player_id: str | None) -> dict[Drill, DrillRecord]:
        """Every drill's figures for ``player_id`` (zeros for a drill never tried)."""
        found: dict[Drill, DrillRecord] = {drill: DrillRecord(drill) for drill in Drill}
        if player_id is None:
            return found
        with self.database.session() as session:
            for drill in Drill:
                found[drill] = _record(session.get(PracticeRow, (player_id, drill.value)), drill)
        return found

    def add(
        self, player_id: str, drill: Drill, *, correct: bool, lost: float, seconds: float
    ) -> DrillRecord:
        """Count one answer: a right one lengthens the streak, a wrong one ends it."""
        for _ in range(3):  # two first answers at once: the loser of the insert retries
            with self.database.session() as session:
                row = session.get(PracticeRow, (player_id, drill.value), with_for_update=True)
                if row is None:
                    row = PracticeRow(
                        player_id=player_id,
                        drill=drill.value,
                        attempts=0,
                        correct=0,
                        streak=0,
                        best_streak=0,
                        lost_points=0.0,
                        seconds=0.0,
                    )
                    session.add(row)
                row.attempts += 1
                row.correct += int(correct)
                row.streak = row.streak + 1 if correct else 0
                row.best_streak = max(row.best_streak, row.streak)
                row.lost_points += lost
                row.seconds += seconds
                row.updated_at = utcnow()
                try:
                    session.commit()
                except IntegrityError:
                    session.rollback()
                    continue
                return _record(row, drill)
        raise RuntimeError("the practice record could not be written")
