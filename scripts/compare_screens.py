"""Compare two saved screens on the same seed, pair by pair: B's figures minus A's.

Two screens (``scripts/screen_expert.py --save``) on one seed play the same deals, so
each pair's difference cancels most of the cards' luck: the interval on the difference
is much tighter than the two runs' own intervals side by side. Only pairs both runs
finished count, so a run cut short still compares on what it has. Each figure is the
variant's against the screen's opponent (win share, margin a game, gain per hand by
source), as ``cribkit match`` takes them over pairs.

Run: ``.venv/bin/python scripts/compare_screens.py /tmp/a.jsonl /tmp/b.jsonl``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table
from screen_expert import load

from cribkit.tournament import SOURCES, Interval, PairFigures, by_pair, mean_interval, pair_figures

FIGURES = ("win rate", "margin a game", *(f"{source} a hand" for source in SOURCES))
"""The compared figures, in ``PairFigures`` order."""


@dataclass(frozen=True, slots=True)
class Difference:
    """One figure in both runs over the shared pairs, and B minus A with its interval."""

    figure: str
    a: float
    b: float
    difference: float
    interval: Interval | None


def values(figures: PairFigures) -> tuple[float, ...]:
    """A pair's figures in ``FIGURES`` order."""
    return (figures.score, figures.margin, *figures.gains)


def compare(a_path: Path, b_path: Path) -> tuple[int, list[Difference]]:
    """(pairs both runs finished, each figure's ``Difference``)."""
    a_pairs, b_pairs = by_pair(load(a_path)), by_pair(load(b_path))
    shared = sorted(
        p for p in a_pairs.keys() & b_pairs.keys() if len(a_pairs[p]) == len(b_pairs[p]) == 2
    )
    if len(shared) < 2:
        raise SystemExit(f"{a_path} and {b_path} share {len(shared)} whole pairs; need 2")
    a_rows = [values(pair_figures(a_pairs[p])) for p in shared]
    b_rows = [values(pair_figures(b_pairs[p])) for p in shared]
    differences = []
    for i, figure in enumerate(FIGURES):
        a_mean, _ = mean_interval([row[i] for row in a_rows])
        b_mean, _ = mean_interval([row[i] for row in b_rows])
        diff, interval = mean_interval([b[i] - a[i] for a, b in zip(a_rows, b_rows, strict=True)])
        differences.append(Difference(figure, a_mean, b_mean, diff, interval))
    return len(shared), differences


def table(pairs: int, differences: Sequence[Difference], a_name: str, b_name: str) -> Table:
    """The comparison as a Rich table, figures as ``cribkit match`` prints them."""
    result = Table(title=f"{b_name} minus {a_name}, {pairs} pairs both played")
    for column in ("figure", a_name, b_name, "B - A", "95% interval"):
        result.add_column(column, justify="left" if column == "figure" else "right")
    for row in differences:
        scale, digits = (100.0, 2) if row.figure == "win rate" else (1.0, 3)
        unit = "%" if row.figure == "win rate" else ""
        interval = row.interval
        shown = (
            ""
            if interval is None
            else f"[{scale * interval.low:+.{digits}f}, {scale * interval.high:+.{digits}f}]"
        )
        result.add_row(
            row.figure,
            f"{scale * row.a:.{digits}f}{unit}",
            f"{scale * row.b:.{digits}f}{unit}",
            f"{scale * row.difference:+.{digits}f}",
            shown,
        )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", type=Path, help="the first saved screen (A)")
    parser.add_argument("b", type=Path, help="the second saved screen, same seed (B)")
    args = parser.parse_args(argv)
    pairs, differences = compare(args.a, args.b)
    Console(width=110).print(table(pairs, differences, args.a.stem, args.b.stem))
    return 0


if __name__ == "__main__":
    sys.exit(main())
