"""Build the realized pegging table (``cribkit/data/pegging-realized.npz``): what four
kept ranks really net in the expert's own play, fitted on sampled deals.

The searched table (``build_pegging.py``) solves each deal with both hands face up.
Played out by the expert, whose opponent cannot see its cards, kept ranks net something
else: a pone's pair is worth about half a point more than the face-up search says (the
dealer, not knowing it, pairs the lead and is paired royally), and the searched
differences shrink to about 0.6 of their size. So this build samples deals: one seat
(the dealer on even deals, the pone on odd ones) keeps a hold drawn uniformly from its
``--top`` best by the measured expert's discard values, the other keeps that expert's
choice, and both play as the expert; each seat's net play points (its pegging minus the
opponent's, heels and the show left out) is one sample. A ridge regression per role
then predicts the net from the searched value and the kept ranks' shape (``features``),
and the table holds that prediction for every one of the 1,820 rank multisets.

The samplers are pinned to the expert these samples were drawn with (the searched table
at weight 0.6, ``SAMPLER``), so the build does not depend on its own output. The table
ships the fit's sufficient statistics (``xtx``, ``xty``) and the digests of the first
chunks of samples, so a test can replay a chunk and check the fit.

Run: ``.venv/bin/python scripts/build_realized.py --deals 80000 --seed 11`` (about 30
minutes on two cores; ``--samples FILE`` refits from saved sample lines, ``--save FILE``
keeps them; ``--shipped-expert --output FILE`` draws them with today's expert instead).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import sys
import time
from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from table_build import (
    DATA,
    PINNED_CRIB_MODEL,
    PINNED_PEG_TABLE,
    PINNED_PEGGING_WEIGHT,
    build_parser,
    chunked,
    hand_seed,
    hand_to_play,
    in_workers,
    play_out,
)
from table_build import write_table as save_table

from cribkit.analysis.discard import HOLDS
from cribkit.analysis.keepmodel import KEEP_ROWS, KEEPS
from cribkit.analysis.pegging import PLAUSIBILITY
from cribkit.analysis.pegvalue import SEARCHED_PEG_TABLE, peg_table
from cribkit.cards import Card
from cribkit.events import ScoreContext
from cribkit.players.expert import ExpertStrategy
from cribkit.state import GameState
from cribkit.view import view_of

OUTPUT = DATA / "pegging-realized.npz"
Array = npt.NDArray[np.float64]
Sample = tuple[int, int, bool, int, int]
"""(deal, role: 1 dealer / 0 pone, explored, row of the kept ranks in ``KEEPS``, net)."""

SAMPLER: dict[str, Any] = {
    "pegging_table": PINNED_PEG_TABLE,
    "pegging_weight": PINNED_PEGGING_WEIGHT,
    "dealer_pegging_weight": PINNED_PEGGING_WEIGHT,
    "crib_model": PINNED_CRIB_MODEL,
    "plausibility": 0.3,
    "reading": 1.0,
    "points_limits": {8: 48, 7: 240, 6: 160, 5: 400},
    "keep_model": True,
    "lead_table": "leads",
    "answer_table": None,
    "lead_reading": 0.0,
    "answer_reading": 0.0,
    "read_leads_by": None,
    "later_reading": 0.0,
    "later_reading_deals": 8,
    "later_reading_deals_near_121": 8,
    "later_reading_keeps": False,
    "reply_reading": 0.0,
    "reply_reading_deals": 24,
    "reply_reading_keeps": True,
    "committed_next_card": False,
    "keep_strength": 1.0,
    "keep_table": "keeps",
    # a deal starts at 0 to 0: what the expert does near 121 never acts here
    "discard_need": 31,
    "play_need": 31,
    "endgame_pegging": True,
    "table": "winprob",
    "endgame_limits": {8: 12, 7: 20, 6: 40, 5: 100},
    "lead_reading_near_121": 0.0,
    "answer_reading_near_121": 0.0,
    "tables_near_121": False,
    "knowing_hands": False,
    "knowing_crib": False,
}
"""The expert the samples are drawn with, every setting written out (a change of the
expert's defaults must not move it: session 27's later reading did, until pinned): the
session-9 expert, searched table at 0.6, and its play (the face-up lead table, nothing read
from the opening or the later cards: session 24's, 27's and 28's readings are off)."""
TOP = 6
"""The explorer draws its hold among this many best."""
RIDGE = 10.0
"""The ridge penalty on every coefficient but the intercept (chosen by five-fold
cross-validation among 1, 10 and 100 on the first 11,000 samples a role)."""
CHUNK = 50
"""Deals a worker samples at once; the first ``DIGESTS`` chunks' digests are shipped."""
DIGESTS = 4

PIPS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
FEATURES = (
    "intercept",
    "searched",
    *(f"rank {rank}" for rank in range(1, 14)),
    "pairs",
    "three of a kind",
    "two pairs",
    "fifteens",
    "ranks one apart",
    "ranks two apart",
    "three in a row",
    "cards of four or less",
    "any card of four or less",
    "ten-cards",
    "pips / 10",
    "pips at most 31",
)
"""What the regression sees of a kept hand: the searched value and the ranks' shape."""


def features(ranks: Sequence[int], searched: float) -> Array:
    """The regression's inputs for four kept ranks whose searched value is ``searched``."""
    counts = [ranks.count(rank) for rank in range(1, 14)]
    pairs_of_cards = list(itertools.combinations(ranks, 2))
    distinct = sorted(set(ranks))
    distinct_pairs = list(itertools.combinations(distinct, 2))
    low = sum(PIPS[rank] <= 4 for rank in ranks)
    pips = sum(PIPS[rank] for rank in ranks)
    shape = [
        sum(a == b for a, b in pairs_of_cards),
        max(counts) >= 3,
        counts.count(2) == 2,
        sum(PIPS[a] + PIPS[b] == 15 for a, b in pairs_of_cards),
        sum(b - a == 1 for a, b in distinct_pairs),
        sum(b - a == 2 for a, b in distinct_pairs),
        any(rank + 1 in distinct and rank + 2 in distinct for rank in distinct),
        low,
        low > 0,
        sum(PIPS[rank] == 10 for rank in ranks),
        pips / 10,
        pips <= 31,
    ]
    return np.array([1.0, searched, *counts, *shape], dtype=np.float64)


def explorer(deal: int) -> int:
    """The seat that explores on this deal: the dealer (seat 0) on even deals."""
    return deal % 2


SHIPPED: dict[str, Any] = {}
"""``--shipped-expert``: the shipped expert's own discard values and play, for a table
measured on how today's expert realizes its keeps (written under another name, so the
experts pinned to the shipped table keep theirs)."""


def sample_deal(
    deal: int, seed: int, top: int = TOP, sampler: dict[str, Any] | None = None
) -> list[Sample]:
    """Both seats' samples from one deal (seat 0 deals), drawn with ``sampler``'s expert
    (``SAMPLER`` unless given)."""
    settings = SAMPLER if sampler is None else sampler
    rng = random.Random(deal * 7919 + 1)
    kept: dict[int, int] = {}

    def throw(state: GameState, player: int) -> tuple[Card, Card]:
        view = view_of(state, player)
        points, _ = ExpertStrategy(seed=player, **settings).discard_values(view)
        order = sorted(range(len(HOLDS)), key=lambda h: (-points[h], h))
        hold = rng.choice(order[:top]) if player == explorer(deal) else order[0]
        kept[player] = KEEP_ROWS[tuple(sorted(int(view.hand[i].rank) for i in HOLDS[hold][0]))]
        first, second = (view.hand[i] for i in HOLDS[hold][1])
        return first, second

    start, _ = hand_to_play(hand_seed(seed, deal), throw)
    players = {seat: ExpertStrategy(seed=seat, **settings) for seat in (0, 1)}
    _, events = play_out(start, lambda view: players[view.player].choose(view))
    nets = [
        sum(
            event.points if event.player == seat else -event.points
            for event in events
            if event.context is ScoreContext.PLAY
        )
        for seat in (0, 1)
    ]
    return [
        (deal, int(seat == 0), seat == explorer(deal), kept[seat], nets[seat]) for seat in (0, 1)
    ]


def sample_chunk(
    deals: list[int], seed: int, sampler: dict[str, Any] | None = None
) -> list[Sample]:
    """Every sample of a chunk of deals, in order."""
    return [sample for deal in deals for sample in sample_deal(deal, seed, TOP, sampler)]


def digest(samples: Iterable[Sample]) -> str:
    """A short fingerprint of samples, to check a replayed chunk against the shipped."""
    text = "\n".join(" ".join(str(int(value)) for value in sample) for sample in samples)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def read_samples(path: Path) -> list[Sample]:
    """Samples from lines written by ``--save`` (or by the first sampling script)."""
    samples = []
    for line in path.read_text().splitlines():
        row = json.loads(line)
        rank_row = KEEP_ROWS[tuple(row["kept"])]
        samples.append((row["deal"], int(row["dealer"]), row["explored"], rank_row, row["net"]))
    return samples


def save_samples(path: Path, samples: Iterable[Sample]) -> None:
    with path.open("w") as out:
        for deal, role, explored, row, net in samples:
            record = {"deal": deal, "dealer": bool(role), "explored": explored}
            out.write(json.dumps({**record, "kept": list(KEEPS[row]), "net": net}) + "\n")


def design(rows: Sequence[int], role: int) -> Array:
    """The regression's input matrix for kept-rank ``rows`` in ``role``."""
    searched = peg_table(SEARCHED_PEG_TABLE).mean[role]
    return np.array([features(KEEPS[row], float(searched[row])) for row in rows])


def ridge(xtx: Array, xty: Array, penalty: float = RIDGE) -> Array:
    """The ridge solution from the sufficient statistics, the intercept unpenalized."""
    shrink = np.eye(len(xty)) * penalty
    shrink[0, 0] = 0.0
    solution: Array = np.linalg.solve(xtx + shrink, xty)
    return solution


def fit(samples: Sequence[Sample]) -> tuple[Array, Array, Array, npt.NDArray[np.int64]]:
    """(xtx[role], xty[role], coefficients[role], samples a role)."""
    width = len(FEATURES)
    xtx, xty = np.zeros((2, width, width)), np.zeros((2, width))
    counts = np.zeros(2, dtype=np.int64)
    for role in (0, 1):
        mine = [sample for sample in samples if sample[1] == role]
        x = design([sample[3] for sample in mine], role)
        y = np.array([sample[4] for sample in mine], dtype=np.float64)
        xtx[role], xty[role], counts[role] = x.T @ x, x.T @ y, len(mine)
    coefficients = np.array([ridge(xtx[role], xty[role]) for role in (0, 1)])
    return xtx, xty, coefficients, counts


def realized_means(coefficients: Array) -> Array:
    """The table: each role's predicted net for every kept rank multiset."""
    rows = range(len(KEEPS))
    return np.array([design(rows, role) @ coefficients[role] for role in (0, 1)])


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(__doc__, OUTPUT, samples="deals", default=80_000)
    parser.set_defaults(seed=11)
    parser.add_argument("--samples", type=Path, help="refit from these saved sample lines")
    parser.add_argument("--save", type=Path, help="keep the samples drawn as lines here")
    parser.add_argument(
        "--shipped-expert",
        action="store_true",
        help="draw with the shipped expert instead of the pinned one (give another --output)",
    )
    args = parser.parse_args(argv)
    if args.shipped_expert and args.output == OUTPUT:
        parser.error("--shipped-expert writes a table of its own: give --output")
    started = time.perf_counter()
    if args.samples:
        samples = read_samples(args.samples)
    else:
        chunks = chunked(range(args.deals), CHUNK)
        sampler = SHIPPED if args.shipped_expert else SAMPLER
        work = partial(sample_chunk, seed=args.seed, sampler=sampler)
        samples = [s for chunk in in_workers(work, chunks, args.jobs) for s in chunk]
        if args.save:
            save_samples(args.save, samples)
    deals = len({sample[0] for sample in samples})
    digests = [digest(s for s in samples if s[0] // CHUNK == chunk) for chunk in range(DIGESTS)]
    xtx, xty, coefficients, counts = fit(samples)
    mean = realized_means(coefficients)
    searched = peg_table(SEARCHED_PEG_TABLE).mean
    slope = [float(np.polyfit(searched[role], mean[role], 1)[0]) for role in (0, 1)]
    save_table(
        args.output,
        f"{mean.size} entries fitted on {deals} deals in {time.perf_counter() - started:.0f} s; "
        f"slope on the searched table: pone {slope[0]:.2f}, dealer {slope[1]:.2f}",
        mean=mean.astype(np.float32),
        error=np.zeros_like(mean, dtype=np.float32),
        samples=np.array(deals),
        seed=np.array(args.seed),
        plausibility=np.array(PLAUSIBILITY),
        keep_model=np.array(False),
        xtx=xtx,
        xty=xty,
        coefficients=coefficients,
        counts=counts,
        ridge=np.array(RIDGE),
        digests=np.array(digests),
        features=np.array(FEATURES),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
