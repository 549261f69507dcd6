"""The frame both /stats charts are drawn in: the plot's size, round value axes, which
games to label, and where a game and a value fall (the server does the geometry, the
templates draw it, no script)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["HEIGHT", "WIDTH", "Frame", "Tick", "line_path", "value_axis"]

WIDTH, HEIGHT = 400, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 40
"""Room around the plot for the value labels (left) and the game numbers (below)."""
INSET = 10
"""The first and last points stand this far inside the axes, clear of the value axis."""


@dataclass(frozen=True, slots=True)
class Tick:
    at: float
    label: str


def value_axis(low: float, high: float) -> tuple[float, float, float]:
    """A round bottom and top enclosing ``low``..``high`` and the step between their
    ticks (1, 2 or 5 times a power of ten, about four steps)."""
    if high <= low:
        return low, low + 1.0, 0.5
    raw = (high - low) / 4
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return step * math.floor(low / step + 1e-9), step * math.ceil(high / step - 1e-9), step


def _game_numbers(count: int) -> list[int]:
    """Which game numbers to label: the first, the last and a few between."""
    if count <= 6:
        return list(range(1, count + 1))
    step = math.ceil((count - 1) / 5)
    marks = list(range(1, count, step))
    return [*marks[:-1], count] if count - marks[-1] < step / 2 else [*marks, count]


@dataclass(frozen=True, slots=True)
class Frame:
    """``count`` games (numbered from 1) across, values ``low``..``high`` up."""

    count: int
    low: float
    high: float
    step: float
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    top: int = TOP

    @property
    def right(self) -> float:
        return self.width - RIGHT

    @property
    def bottom(self) -> float:
        return self.height - BOTTOM

    def x_of(self, number: int) -> float:
        start, span = self.left + INSET, self.right - self.left - 2 * INSET
        if self.count == 1:
            return start + span / 2
        return start + span * (number - 1) / (self.count - 1)

    def y_of(self, value: float) -> float:
        return self.bottom - (self.bottom - self.top) * (value - self.low) / (self.high - self.low)

    def value_ticks(self) -> tuple[Tick, ...]:
        decimals = 0 if self.step >= 1 else 1 if self.step >= 0.1 else 2
        steps = round((self.high - self.low) / self.step)
        values = [self.low + i * self.step for i in range(steps + 1)]
        return tuple(Tick(self.y_of(v), f"{v:.{decimals}f}") for v in values)

    def game_ticks(self, first: int = 1) -> tuple[Tick, ...]:
        """Labels under some of the games, the leftmost called ``first``."""
        return tuple(Tick(self.x_of(n), str(n + first - 1)) for n in _game_numbers(self.count))


def line_path(points: Iterable[tuple[float, float]]) -> str:
    """The line through ``points`` (x, y), as SVG path data."""
    return " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(points))
