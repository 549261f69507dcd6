"""Build the pone's lead table shipped in ``src/cribkit/data/leads.npz``.

For each of the 1,820 rank multisets of four kept cards, the value of leading each rank
it holds: the pone's expected net pegging against every dealer keep that fits in the
deck, weighted by the keep model's likelihood for a dealer, each deal solved by the
pegging search's exact minimax to the end of the play
(``cribkit.analysis.pegvalue.exact_leads``). Nothing is sampled (``--seed`` is
unused), so any row can be rebuilt alone to check the shipped table.

Run: ``.venv/bin/python scripts/build_leads.py --jobs 2`` (``make leads``).
"""

from __future__ import annotations

import sys
import time

import numpy as np
import numpy.typing as npt
from table_build import DATA, build_parser, chunked, in_workers, write_table

from cribkit.analysis.keepmodel import KEEPS
from cribkit.analysis.pegging import PLAUSIBILITY
from cribkit.analysis.pegvalue import exact_leads

OUTPUT = DATA / "leads.npz"
Array = npt.NDArray[np.float64]


def lead_rows(rows: list[int]) -> list[tuple[int, Array]]:
    """Each row with its leads' values; one worker's share."""
    return [(row, exact_leads(row)) for row in rows]


def lead_values(jobs: int) -> Array:
    """``value[row, rank]`` of every kept hand (NaN where it holds no such rank)."""
    value = np.full((len(KEEPS), 14), np.nan)
    for solved in in_workers(lead_rows, chunked(range(len(KEEPS)), 20), jobs):
        for row, values in solved:
            value[row] = values
    return value


def main(argv: list[str] | None = None) -> int:
    args = build_parser(__doc__, OUTPUT, samples=None).parse_args(argv)
    started = time.perf_counter()
    value = lead_values(args.jobs)
    best = np.nanmax(value, axis=1)
    write_table(
        args.output,
        f"{len(KEEPS)} kept hands' leads against every dealer keep in "
        f"{time.perf_counter() - started:.0f} s; the best lead's mean net pegging "
        f"{best.mean():+.3f}",
        value=value.astype(np.float32),
        plausibility=np.array(PLAUSIBILITY),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
