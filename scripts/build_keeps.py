"""Build the keep table shipped in ``src/cribkit/data/keeps.npz``.

Each chunk of ``--chunk-deals`` deals has its own generator (the table's seed and the
chunk's number): a deal is a shuffled deck, six cards to the pone and the next six to the
dealer, and each keeps the four the expert keeps when it plays for points (the first best
hold by hand, crib and weighted pegging) as the session-9 expert valued the pegging
(``table_build.PINNED_PEG_TABLE`` at ``PINNED_PEGGING_WEIGHT``: the searched table at 0.6,
the pin the realized table's samples share). With ``--shipped-expert`` the keeps are
today's expert's instead (the realized table at its shipped weights, every crib valued by
the crib model), written to ``keeps-shipped.npz``: the keep model the play may read
(``ExpertStrategy(keep_table="keeps-shipped")``) while the discard's tables stay pinned.
The table holds
how often each rank multiset was kept and each pair of ranks thrown, by role, and a digest
of every chunk's counts, so a test rebuilds a chunk and compares.

Run: ``.venv/bin/python scripts/build_keeps.py --chunks 300 --seed 1 --jobs 2``
(``make keeps``; ``make keeps-shipped`` for today's expert's).
"""

from __future__ import annotations

import hashlib
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

import numpy as np
import numpy.typing as npt
from table_build import (
    DATA,
    PINNED_PEG_TABLE,
    PINNED_PEGGING_WEIGHT,
    build_parser,
    write_table,
)

from cribkit.analysis.discard import HOLDS
from cribkit.analysis.keepmodel import KEEPS, ROLES, keep_index
from cribkit.analysis.pegvalue import expert_hold
from cribkit.cards import Card

OUTPUT = DATA / "keeps.npz"
SHIPPED_OUTPUT = DATA / "keeps-shipped.npz"
CHUNK_DEALS = 1000
"""Deals in one chunk (one generator seed)."""

Counts = npt.NDArray[np.int64]


def chunk_counts(
    chunk: int, *, seed: int, deals: int = CHUNK_DEALS, shipped_expert: bool = False
) -> tuple[Counts, Counts]:
    """``keeps[role, row]``: how often each keep was kept over one chunk's deals, and
    ``throws[role, a - 1, b - 1]``: how often the ranks a <= b were thrown; the session-9
    expert's keeps, or today's with ``shipped_expert``."""
    rng = np.random.default_rng([seed, chunk])
    keeps = np.zeros((len(ROLES), len(KEEPS)), dtype=np.int64)
    throws = np.zeros((len(ROLES), 13, 13), dtype=np.int64)
    for _ in range(deals):
        deck = rng.permutation(52)
        for role in range(len(ROLES)):
            dealt = [Card.from_index(int(i)) for i in deck[6 * role : 6 * role + 6]]
            if shipped_expert:
                hold = expert_hold(dealt, dealer=role == 1, crib_model=True)
            else:
                hold = expert_hold(
                    dealt, dealer=role == 1, table=PINNED_PEG_TABLE, weight=PINNED_PEGGING_WEIGHT
                )
            keep, throw = HOLDS[hold]
            keeps[role, keep_index([int(dealt[i].rank) for i in keep])] += 1
            low, high = sorted(int(dealt[i].rank) for i in throw)
            throws[role, low - 1, high - 1] += 1
    return keeps, throws


def digest(keeps: Counts, throws: Counts) -> str:
    """A short fingerprint of one chunk's counts."""
    data = keeps.astype("<i8").tobytes() + throws.astype("<i8").tobytes()
    return hashlib.sha256(data).hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(__doc__, None, samples="chunks", default=300)
    parser.add_argument(
        "--shipped-expert",
        action="store_true",
        help="count today's expert's keeps (written to keeps-shipped.npz by default)",
    )
    args = parser.parse_args(argv)
    output = args.output or (SHIPPED_OUTPUT if args.shipped_expert else OUTPUT)
    started = time.perf_counter()
    total = np.zeros((len(ROLES), len(KEEPS)), dtype=np.int64)
    thrown = np.zeros((len(ROLES), 13, 13), dtype=np.int64)
    digests: list[str] = []
    work = partial(chunk_counts, seed=args.seed, shipped_expert=args.shipped_expert)
    with ProcessPoolExecutor(args.jobs) as pool:
        for done, (keeps, throws) in enumerate(pool.map(work, range(args.chunks)), start=1):
            total += keeps
            thrown += throws
            digests.append(digest(keeps, throws))
            if done % 20 == 0:
                print(f"  {done}/{args.chunks} chunks", file=sys.stderr, flush=True)
    seen = (total > 0).sum(axis=1)
    write_table(
        output,
        f"{args.chunks} chunks x {CHUNK_DEALS} deals in {time.perf_counter() - started:.0f} s;"
        f" keeps seen: pone {seen[0]}, dealer {seen[1]} of {len(KEEPS)}",
        counts=total,
        throws=thrown,
        digests=np.array(digests),
        chunk_deals=np.array(CHUNK_DEALS),
        seed=np.array(args.seed),
        shipped_expert=np.array(args.shipped_expert),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
