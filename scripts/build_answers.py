"""Build the dealer's answer table shipped in ``src/cribkit/data/answers.npz``.

For each of the 1,820 rank multisets of four kept cards and each rank the pone may lead,
the value of answering with each rank it holds: the dealer's expected net pegging against
every pone keep holding the lead, weighted by the keep model's likelihood for a pone and
by how likely that keep leads the rank by the lead table (``--lead-reading``, the
strength of that reading; 0 leaves it out), each deal solved by the pegging search's
exact minimax to the end of the play (``cribkit.analysis.pegvalue.exact_answers``).
Nothing is sampled (``--seed`` is unused), so any row can be rebuilt alone to check the
shipped table.

Run: ``.venv/bin/python scripts/build_answers.py --jobs 2`` (``make answers``, about 8
CPU-minutes).
"""

from __future__ import annotations

import sys
import time
from functools import partial

import numpy as np
import numpy.typing as npt
from table_build import DATA, build_parser, keep_rows, write_table

from cribkit.analysis.keepmodel import KEEP_TABLE, KEEPS
from cribkit.analysis.leads import LEAD_TABLE
from cribkit.analysis.pegging import PLAUSIBILITY
from cribkit.analysis.pegvalue import exact_answers

OUTPUT = DATA / "answers.npz"
LEAD_READING = 50.0
"""The lead reading the shipped table weighs the pone's keeps with (the expert's)."""
Array = npt.NDArray[np.float64]


def answer_rows(
    rows: list[int],
    lead_reading: float,
    lead_table: str = LEAD_TABLE,
    keep_table: str = KEEP_TABLE,
) -> list[tuple[int, Array]]:
    """Each row with its answers' values by lead, the pone's keeps weighed by the keep
    table ``keep_table`` and their leads by ``lead_table``; one worker's share."""
    return [(row, exact_answers(row, lead_reading, lead_table, keep_table)) for row in rows]


def answer_values(
    jobs: int, lead_reading: float, lead_table: str = LEAD_TABLE, keep_table: str = KEEP_TABLE
) -> Array:
    """``value[row, lead, answer]`` of every kept hand (NaN where it cannot be)."""
    work = partial(
        answer_rows, lead_reading=lead_reading, lead_table=lead_table, keep_table=keep_table
    )
    return keep_rows(work, (14, 14), jobs)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(__doc__, OUTPUT, samples=None)
    parser.add_argument("--lead-reading", type=float, default=LEAD_READING)
    parser.add_argument("--lead-table", default=LEAD_TABLE, help="lead table the pone leads by")
    parser.add_argument("--keep-table", default=KEEP_TABLE, help="keep table the pone keeps by")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    value = answer_values(args.jobs, args.lead_reading, args.lead_table, args.keep_table)
    write_table(
        args.output,
        f"{len(KEEPS)} kept hands' answers to each lead against every pone keep "
        f"(lead reading {args.lead_reading:g} by {args.lead_table}, keeps by "
        f"{args.keep_table}) in {time.perf_counter() - started:.0f} s",
        value=value.astype(np.float32),
        plausibility=np.array(PLAUSIBILITY),
        lead_reading=np.array(args.lead_reading),
        keep_table=np.array(args.keep_table),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
