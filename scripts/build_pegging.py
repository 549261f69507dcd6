"""Build the pegging-value table shipped in ``src/cribkit/data/pegging.npz``.

For each of the 1,820 rank multisets of four kept cards and each role (pone, dealer),
``--samples`` opponent hands are drawn from the 48 other cards, weighted by the
pegging search's plausibility model, and each deal is solved by the search's exact
minimax to the end of the play; the entry is the mean net pegging points (this player's
minus the opponent's) with its standard error. Every entry has its own generator seed
(``cribkit.analysis.pegvalue.entry_seed``), so the test rebuilds a few and compares.

``--samples 0`` builds the exact table: every opponent keep that fits in the deck,
weighted by its probability, each pair of keeps solved once (the pone's net pegging is
minus the dealer's in the same deal) and serving both players' entries; its standard
errors are 0 and its seed unused.

Run: ``.venv/bin/python scripts/build_pegging.py --samples 400 --seed 1 --jobs 2``
(``make pegging``).
"""

from __future__ import annotations

import sys
import time
from functools import partial

import numpy as np
import numpy.typing as npt
from table_build import DATA, build_parser, chunked, in_workers, write_table

from cribkit.analysis.keepmodel import KEEPS, ROLES
from cribkit.analysis.pegging import PLAUSIBILITY
from cribkit.analysis.pegvalue import estimate_entry, exact_means, nets_against, opponent_keeps

OUTPUT = DATA / "pegging.npz"
Array = npt.NDArray[np.float64]
PoneRow = tuple[int, npt.NDArray[np.intp], npt.NDArray[np.int16]]
"""A pone's keep (row), every dealer's keep it can meet (rows) and the net pegging of each."""


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


def solve_pone_rows(rows: list[int]) -> list[PoneRow]:
    """For each row, the net pegging of ``KEEPS[row]`` kept by the pone against every keep
    the dealer can hold with it (as ``KEEPS`` rows); one worker's share of the exact table."""
    solved: list[PoneRow] = []
    for row in rows:
        keep = KEEPS[row]
        others, _ = opponent_keeps(keep, PLAUSIBILITY)
        solved.append((row, others, nets_against(keep, others, 0).astype(np.int16)))
    return solved


def exact_table(jobs: int, keep_model: bool) -> tuple[Array, Array]:
    """The exact table's means and (zero) errors, ``[role, row]``."""
    net = np.zeros((len(KEEPS), len(KEEPS)), dtype=np.int16)
    for solved in in_workers(solve_pone_rows, chunked(range(len(KEEPS)), 20), jobs):
        for row, others, values in solved:
            net[row, others] = values
    mean = exact_means(net, plausibility=PLAUSIBILITY, keep_model=keep_model)
    return mean, np.zeros_like(mean)


def sampled_table(samples: int, seed: int, jobs: int, keep_model: bool) -> tuple[Array, Array]:
    """The sampled table's means and standard errors, ``[role, row]``."""
    entries = [(role, row) for role in range(len(ROLES)) for row in range(len(KEEPS))]
    mean = np.zeros((len(ROLES), len(KEEPS)))
    error = np.zeros((len(ROLES), len(KEEPS)))
    work = partial(build_rows, samples=samples, seed=seed, keep_model=keep_model)
    for results in in_workers(work, chunked(entries, 40), jobs):
        for role, row, value, spread in results:
            mean[role, row], error[role, row] = value, spread
    return mean, error


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(__doc__, OUTPUT, samples="samples", default=400)
    parser.add_argument(
        "--keep-model",
        action="store_true",
        help="draw the opponent's keeps by the keep model, not the plausibility",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.samples == 0:
        mean, error = exact_table(args.jobs, args.keep_model)
    else:
        mean, error = sampled_table(args.samples, args.seed, args.jobs, args.keep_model)
    how = "every opponent keep" if args.samples == 0 else f"{args.samples} samples"
    write_table(
        args.output,
        f"{mean.size} entries x {how} in "
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
