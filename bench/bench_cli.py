"""Command-line speed: ``cribkit score --batch`` over many hands, in-process and end to end.

The batch path is one ``score_show`` per line plus JSON encoding; the end-to-end figure
adds interpreter start-up and the import of the command line, as a user sees it.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import Report, measure
from cribkit.cards import DECK
from cribkit.cli.output import dump_json
from cribkit.cli.score_cmd import score_line

LINES = 20_000
"""Hands in the end-to-end batch file (a third of them cribs)."""


def _batch_lines(count: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for n in range(count):
        cards = " ".join(str(card) for card in rng.sample(DECK, 5))
        lines.append(cards + (" crib" if n % 3 == 0 else ""))
    return lines


def run(report: Report) -> None:
    lines = _batch_lines(1000)

    def score_all() -> None:
        for line in lines:
            dump_json(score_line(line))

    per_line = measure(score_all) / len(lines)
    report.timing("batch line: parse + score_show + JSON", per_line)
    report.figure("batch lines per second (in-process)", 1 / per_line, "lines/s")

    script = Path(sys.executable).with_name("cribkit")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        path.write_text("\n".join(_batch_lines(LINES)) + "\n", encoding="utf-8")
        started = time.perf_counter()
        subprocess.run(
            [str(script), "score", "--batch", str(path)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        seconds = time.perf_counter() - started
    report.figure(
        "cribkit score --batch, end to end",
        LINES / seconds,
        "lines/s",
        note=f"{LINES:,} lines in {seconds:.2f} s, start-up included",
    )
