"""The accuracy chart on /stats: points lost per hand in each reviewed game, drawn as SVG.

The server works out the geometry (no script): one point per reviewed game, oldest on
the left, the value axis from 0 to a round number above the worst game. The template
draws it and says the axis titles in the reader's language; the numbers are numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

__all__ = ["AccuracyChart", "ChartPoint", "GameFigure", "accuracy_chart"]

WIDTH, HEIGHT = 400, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 40
"""Room around the plot for the value labels (left) and the game numbers (below)."""
INSET = 10
"""The first and last points stand this far inside the axes, clear of the value axis."""


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
class Tick:
    at: float
    label: str


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
        return " ".join(
            f"{'M' if i == 0 else 'L'}{p.x:.1f},{p.y:.1f}" for i, p in enumerate(self.points)
        )

    @property
    def mean(self) -> float:
        return sum(p.figure.accuracy for p in self.points) / len(self.points)


def _ceiling(value: float) -> tuple[float, float]:
    """A round top for the value axis and its tick step (1, 2 or 5 times a power of ten)."""
    if value <= 0:
        return 1.0, 0.5
    raw = value / 4
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return step * math.ceil(value / step - 1e-9), step


def _game_ticks(count: int) -> list[int]:
    """Which game numbers to label: the first, the last and a few between."""
    if count <= 6:
        return list(range(1, count + 1))
    step = math.ceil((count - 1) / 5)
    marks = list(range(1, count, step))
    return [*marks[:-1], count] if count - marks[-1] < step / 2 else [*marks, count]


def accuracy_chart(figures: Sequence[GameFigure]) -> AccuracyChart | None:
    """The chart of ``figures`` (oldest first), or None when no game is reviewed yet."""
    if not figures:
        return None
    top_value, step = _ceiling(max(f.accuracy for f in figures))
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM
    start, span_x, span_y = LEFT + INSET, right - LEFT - 2 * INSET, bottom - TOP

    def x_of(number: int) -> float:
        if len(figures) == 1:
            return start + span_x / 2
        return start + span_x * (number - 1) / (len(figures) - 1)

    def y_of(value: float) -> float:
        return bottom - span_y * value / top_value

    points = tuple(
        ChartPoint(x_of(n), y_of(f.accuracy), n, f) for n, f in enumerate(figures, start=1)
    )
    decimals = 0 if step >= 1 else 1 if step >= 0.1 else 2
    values = [i * step for i in range(round(top_value / step) + 1)]
    return AccuracyChart(
        WIDTH,
        HEIGHT,
        LEFT,
        TOP,
        right,
        bottom,
        points,
        tuple(Tick(y_of(v), f"{v:.{decimals}f}") for v in values),
        tuple(Tick(x_of(n), str(n)) for n in _game_ticks(len(figures))),
    )
