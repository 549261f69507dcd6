"""Build the pone's lead table shipped in ``src/cribkit/data/leads.npz``.

For each of the 1,820 rank multisets of four kept cards, the value of leading each rank
it holds: the pone's expected net pegging against every dealer keep that fits in the
deck, weighted by the keep model's likelihood for a dealer, each deal solved by the
pegging search's exact minimax to the end of the play
(``cribkit.analysis.pegvalue.exact_leads``). Nothing is sampled (``--seed`` is
unused), so any row can be rebuilt alone to check the shipped table.

``--answers NAME`` builds a lead table against a dealer who cannot see the pone's hand
instead: each dealer keep answers the lead by the answer table ``NAME`` (a softmax of
``--answer-strength`` over its values; ``cribkit.analysis.pegvalue.answered_leads``) and
only from the third card on do both play the perfect-information search.

Run: ``.venv/bin/python scripts/build_leads.py --jobs 2`` (``make leads``).
"""

from __future__ import annotations

import sys
import time
from functools import partial

import numpy as np
import numpy.typing as npt
from table_build import DATA, build_parser, keep_rows, write_table

from cribkit.analysis.keepmodel import KEEP_TABLE, KEEPS
from cribkit.analysis.pegging import PLAUSIBILITY
from cribkit.analysis.pegvalue import answered_leads, exact_leads

OUTPUT = DATA / "leads.npz"
Array = npt.NDArray[np.float64]


def lead_rows(
    rows: list[int],
    answers: str | None = None,
    strength: float = 0.0,
    keep_table: str = KEEP_TABLE,
) -> list[tuple[int, Array]]:
    """Each row with its leads' values (against ``answers``' dealer if named), the dealer's
    keeps weighed by the keep table ``keep_table``; one worker's share."""
    if answers is None:
        return [(row, exact_leads(row, keep_table)) for row in rows]
    return [(row, answered_leads(row, answers, strength, keep_table)) for row in rows]


def lead_values(
    jobs: int, answers: str | None = None, strength: float = 0.0, keep_table: str = KEEP_TABLE
) -> Array:
    """``value[row, rank]`` of every kept hand (NaN where it holds no such rank)."""
    work = partial(lead_rows, answers=answers, strength=strength, keep_table=keep_table)
    return keep_rows(work, (14,), jobs)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(__doc__, OUTPUT, samples=None)
    parser.add_argument("--answers", help="answer table the dealer answers by")
    parser.add_argument("--answer-strength", type=float, default=50.0)
    parser.add_argument("--keep-table", default=KEEP_TABLE, help="keep table the dealer keeps by")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    value = lead_values(args.jobs, args.answers, args.answer_strength, args.keep_table)
    best = np.nanmax(value, axis=1)
    write_table(
        args.output,
        f"{len(KEEPS)} kept hands' leads against every dealer keep"
        f"{'' if args.answers is None else ' answering by ' + args.answers}"
        f" (keeps by {args.keep_table}) in "
        f"{time.perf_counter() - started:.0f} s; the best lead's mean net pegging "
        f"{best.mean():+.3f}",
        value=value.astype(np.float32),
        plausibility=np.array(PLAUSIBILITY),
        keep_table=np.array(args.keep_table),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
