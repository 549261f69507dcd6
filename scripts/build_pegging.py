"""Build the pegging-value table shipped in ``src/cribkit/data/pegging.npz``.

For each of the 1,820 rank multisets of four kept cards and each role (pone, dealer),
``--samples`` opponent hands are drawn from the 48 other cards, weighted by the
pegging search's plausibility model, and each deal is solved by the search's exact
minimax to the end of the play; the entry is the mean net pegging points (this player's
minus the opponent's) with its standard error. Every entry has its own generator seed
(``cribkit.analysis.pegvalue.entry_seed``), so the test rebuilds a few and compares.

Run: ``.venv/bin/python scripts/build_pegging.py --samples 400 --seed 1 --jobs 2``
(``make pegging``).
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

import numpy as np
from table_build import DATA, build_parser, write_table

from cribkit.analysis.keepmodel import KEEPS, ROLES
from cribkit.analysis.pegging import PLAUSIBILITY
from cribkit.analysis.pegvalue import estimate_entry

OUTPUT = DATA / "pegging.npz"


def build_rows(
    rows: list[tuple[int, int]], *, samples: int, seed: int, keep_model: bool
) -> list[tuple[int, int, float, float]]:
    """(role, row, mean, standard error) of each (role, row) entry; one worker's share."""
    return [
        (
            role,
            row,
            *estimate_entry(row, role, samples=samples, seed=seed, keep_model=keep_model),
        )
        for role, row in rows
    ]


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(__doc__, OUTPUT, samples="samples", default=400)
    parser.add_argument(
        "--keep-model",
        action="store_true",
        help="draw the opponent's keeps by the keep model, not the plausibility",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    entries = [(role, row) for role in range(len(ROLES)) for row in range(len(KEEPS))]
    chunks = [entries[start : start + 40] for start in range(0, len(entries), 40)]
    mean = np.zeros((len(ROLES), len(KEEPS)))
    error = np.zeros((len(ROLES), len(KEEPS)))
    work = partial(build_rows, samples=args.samples, seed=args.seed, keep_model=args.keep_model)
    with ProcessPoolExecutor(args.jobs) as pool:
        for done, results in enumerate(pool.map(work, chunks), start=1):
            for role, row, value, spread in results:
                mean[role, row], error[role, row] = value, spread
            if done % 10 == 0:
                print(f"  {done}/{len(chunks)} chunks", file=sys.stderr, flush=True)
    write_table(
        args.output,
        f"{len(entries)} entries x {args.samples} samples in "
        f"{time.perf_counter() - started:.0f} s; mean net pegging: pone "
        f"{mean[0].mean():+.3f}, dealer {mean[1].mean():+.3f}; standard error: median "
        f"{np.median(error):.3f}, max {error.max():.3f}",
        mean=mean.astype(np.float32),
        error=error.astype(np.float32),
        samples=np.array(args.samples),
        seed=np.array(args.seed),
        plausibility=np.array(PLAUSIBILITY),
        keep_model=np.array(args.keep_model),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
