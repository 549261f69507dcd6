"""cribkit's benchmark harness: ``python -m bench [NAME ...]`` (``make bench``).

Each module ``bench/bench_<name>.py`` exposes ``run(report: Report) -> None`` and records
its figures on the report; ``python -m bench`` discovers and runs them all and prints one
table. Figures, not assertions: speed is never checked in the test suite.
"""

from __future__ import annotations

import timeit
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

__all__ = ["Report", "Row", "format_seconds", "measure", "percentile"]


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table: which module, what was measured, the value and its unit."""

    module: str
    name: str
    value: float
    unit: str
    text: str
    note: str = ""

    def to_dict(self) -> dict[str, object]:
        return {
            "module": self.module,
            "name": self.name,
            "value": self.value,
            "unit": self.unit,
            "note": self.note,
        }


@dataclass(slots=True)
class Report:
    """Collects the rows of a run and prints each one as soon as it is measured.

    Long benchmarks show progress that way; ``rows`` keeps everything for ``--json``.
    """

    module: str = ""
    echo: bool = True
    rows: list[Row] = field(default_factory=list)

    def timing(self, name: str, seconds_per_op: float, *, note: str = "") -> None:
        """Time per operation, printed in the unit that suits it (ns, µs, ms or s)."""
        self._add(name, seconds_per_op, "s/op", format_seconds(seconds_per_op), note)

    def ratio(self, name: str, a: float, b: float, *, note: str = "") -> None:
        """How many times ``a`` is ``b``, e.g. slow time over fast time: "16.3×"."""
        value = a / b
        self._add(name, value, "×", f"{value:,.1f}×", note)

    def figure(self, name: str, value: float, unit: str, *, note: str = "") -> None:
        """Any other number with its unit (hands/s, MB, games/s...)."""
        text = f"{value:,.0f} {unit}" if abs(value) >= 1000 else f"{value:,.3g} {unit}"
        self._add(name, value, unit, text, note)

    def _add(self, name: str, value: float, unit: str, text: str, note: str) -> None:
        row = Row(self.module, name, value, unit, text, note)
        self.rows.append(row)
        if self.echo:
            print(format_row(row), flush=True)


def format_row(row: Row) -> str:
    """``  name ........ value  note`` with fixed columns, so the table lines up."""
    note = f"  {row.note}" if row.note else ""
    return f"  {row.name:<46} {row.text:>16}{note}"


def format_seconds(seconds: float) -> str:
    """Seconds in the unit a person reads best: ``812 ns``, ``2.86 µs``, ``14.5 ms``."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def measure(func: Callable[[], object], *, repeat: int = 5, min_time: float = 0.2) -> float:
    """Best seconds per call of ``func`` over ``repeat`` rounds of at least ``min_time``.

    The minimum, not the mean: noise from other processes only ever adds time.
    """
    timer = timeit.Timer(func)
    number = 1
    while timer.timeit(number) < min_time:
        number *= 2 if number < 4 else 4
    return min(timer.repeat(repeat=repeat, number=number)) / number


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The sample below which ``fraction`` of them fall (nearest rank, no interpolation):
    every module's p50 / p95 is read the same way."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]
