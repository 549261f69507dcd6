"""The rating chart on /stats: the player's rating after each rated game, drawn as SVG.

Drawn on the server like the accuracy chart (``chart_axes``): game 0 is the starting
rating, then one point per rated game, with the rated computer levels whose ratings fall
inside the axis drawn as faint lines to measure against. The template says the words
and gives the same figures as a table for screen readers and the scriptless page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cribkit.web.site.models import RatingHistoryRow
from cribkit.web.table.stats.chart_axes import Frame, Tick, line_path, value_axis

__all__ = ["LevelLine", "RatingChart", "RatingPoint", "rating_chart"]

MARGIN = 20.0
"""Rating points kept clear above the highest point and below the lowest."""


@dataclass(frozen=True, slots=True)
class RatingPoint:
    x: float
    y: float
    number: int
    """The game's place in the history, 1 for the first rated game (0: the start)."""
    rating: float
    rd: float
    entry: RatingHistoryRow | None
    """The rated game that made this rating (None for the start)."""


@dataclass(frozen=True, slots=True)
class LevelLine:
    """A rated computer level across the chart, at its rating."""

    strategy: str
    rating: float
    y: float


@dataclass(frozen=True, slots=True)
class RatingChart:
    """Everything the template needs to draw the chart."""

    frame: Frame
    points: tuple[RatingPoint, ...]
    value_ticks: tuple[Tick, ...]
    game_ticks: tuple[Tick, ...]
    levels: tuple[LevelLine, ...]

    @property
    def path(self) -> str:
        return line_path((p.x, p.y) for p in self.points)


def rating_chart(
    history: Sequence[RatingHistoryRow], levels: dict[str, float]
) -> RatingChart | None:
    """The chart of ``history`` (oldest first) with the ``levels`` (strategy: rating)
    inside its range, or None before the first rated game."""
    if not history:
        return None
    ratings = [history[0].rating_before, *(entry.rating_after for entry in history)]
    frame = Frame(len(ratings), *value_axis(min(ratings) - MARGIN, max(ratings) + MARGIN))
    start = RatingPoint(
        frame.x_of(1), frame.y_of(ratings[0]), 0, ratings[0], history[0].rd_before, None
    )
    points = (
        start,
        *(
            RatingPoint(
                frame.x_of(n + 1), frame.y_of(e.rating_after), n, e.rating_after, e.rd_after, e
            )
            for n, e in enumerate(history, start=1)
        ),
    )
    lines = tuple(
        LevelLine(strategy, rating, frame.y_of(rating))
        for strategy, rating in levels.items()
        if frame.low <= rating <= frame.high
    )
    return RatingChart(frame, points, frame.value_ticks(), frame.game_ticks(first=0), lines)
