"""The accuracy chart on /stats: points lost per hand in each reviewed game, drawn as SVG.

The server works out the geometry (no script, ``chart_axes``): one point per reviewed
game, oldest on the left, the value axis from 0 to a round number above the worst game.
The template draws it and says the axis titles in the reader's language; the numbers are
numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from cribkit.web.table.stats.chart_axes import Frame, Tick, line_path, value_axis

__all__ = ["AccuracyChart", "ChartPoint", "GameFigure", "accuracy_chart"]


@dataclass(frozen=True, slots=True)
class GameFigure:
    """One reviewed game's accuracy, with when it finished."""

    game_id: str
    accuracy: float
    finished_at: datetime | None


@dataclass(frozen=True, slots=True)
class ChartPoint:
    x: float
    y: float
    number: int
    """The game's place in the chart, 1 for the oldest."""
    figure: GameFigure


@dataclass(frozen=True, slots=True)
class AccuracyChart:
    """Everything the template needs to draw the chart."""

    width: int
    height: int
    left: int
    top: int
    right: float
    bottom: float
    points: tuple[ChartPoint, ...]
    value_ticks: tuple[Tick, ...]
    game_ticks: tuple[Tick, ...]

    @property
    def path(self) -> str:
        """The line through the points, as SVG path data."""
        return line_path((p.x, p.y) for p in self.points)

    @property
    def mean(self) -> float:
        return sum(p.figure.accuracy for p in self.points) / len(self.points)


def accuracy_chart(figures: Sequence[GameFigure]) -> AccuracyChart | None:
    """The chart of ``figures`` (oldest first), or None when no game is reviewed yet."""
    if not figures:
        return None
    frame = Frame(len(figures), *value_axis(0.0, max(f.accuracy for f in figures)))
    points = tuple(
        ChartPoint(frame.x_of(n), frame.y_of(f.accuracy), n, f)
        for n, f in enumerate(figures, start=1)
    )
    return AccuracyChart(
        frame.width,
        frame.height,
        frame.left,
        frame.top,
        frame.right,
        frame.bottom,
        points,
        frame.value_ticks(),
        frame.game_ticks(),
    )
