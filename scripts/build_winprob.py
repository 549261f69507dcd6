"""Build the win-probability table shipped in ``src/cribkit/data/winprob.npz``.

Method:

1. **Measure one hand's points.** Play ``--hands`` single hands with the engine, both
   seats played by ``--players``: ``expert-2026-12`` (the shipped table, ``winprob.npz``)
   is the self-play of the expert of December 2026 (session 11's, kept as that named
   strategy), discarding by hand, crib and weighted pegging value and pegging by its full
   search; the expert of session 24 reads the same table (its play differs only in the
   opening, which it reads only away from 121); ``expert-2026`` (``winprob-2026.npz``, the
   first table, kept for the yardstick) discards by the exact discard analysis alone and pegs by the
   pegging search with fewer deals than the expert uses, for speed. Record, per hand,
   the pegging as the ordered list of (pone or dealer, points) events (heels first),
   the pone's hand, the dealer's hand and the crib. Whole hands are dealt at random, so
   these are the point distributions of expert play.
2. **Distributions.** From those hands: the joint distribution of the pegging totals
   (pone, dealer); for every pair of "points still needed" (x, y) the fraction of hands
   in which the pone pegs x before the dealer pegs y, and the reverse; the pone's hand
   distribution; the dealer's hand + crib distribution (their sum: nobody counts between
   them); and hand and crib separately for the expert's endgame model. Pegging and the
   show are treated as independent.
3. **Dynamic programming** over scores 0..120, scoring in the rules' order: the play
   (whoever reaches 121 first in the play wins), then the pone's hand, then the
   dealer's hand and crib, then the next hand with the deal swapped. ``F[a, b]`` is the
   pone's chance of winning at the start of a hand with the pone on ``a`` and the dealer
   on ``b``; ``S[a, b]`` the same once the play is over. Every hand pegs at least one
   point (the last card), so states are solved in decreasing order of ``a + b``.

4. **A sample to check.** The table keeps a digest of each of the first ``SAMPLE_CHUNKS``
   chunks of ``CHUNK`` hands' records and the seed, so a test can replay a chunk and
   compare (the whole build takes minutes; a chunk, seconds).

Run (``make winprob``): ``.venv/bin/python scripts/build_winprob.py --players expert-2026-12
--hands 32000 --seed 1 --jobs 2`` (about 15 minutes on two cores); the first table:
``--players expert-2026 --hands 8000`` with the same seed (the result does not depend on
``--jobs``).
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from functools import partial
from pathlib import Path

import numpy as np
import numpy.typing as npt
from table_build import DATA, build_parser, hand_seed, hand_to_play, play_out, write_table

from cribkit.actions import Play, PlayerAction
from cribkit.analysis.discard import HOLDS
from cribkit.analysis.keepmodel import CRIB_MODEL
from cribkit.analysis.pegging import PLAIN_SEARCH, evaluate_plays
from cribkit.analysis.pegvalue import hold_values_with_pegging
from cribkit.analysis.winprob import MAX_PEG, MAX_SHOW, TABLE, TABLE_2026, TARGET
from cribkit.cards import Card
from cribkit.events import ScoreContext
from cribkit.players.expert import Expert202612Strategy
from cribkit.state import GameState
from cribkit.view import PlayerView

Array = npt.NDArray[np.float64]
HandRecord = tuple[list[tuple[int, int]], int, int, int]
"""(pegging events as (0 pone / 1 dealer, points), pone hand, dealer hand, crib)."""

CHUNK = 100
"""Hands in one digested chunk."""
SAMPLE_CHUNKS = 8
"""Chunks at the start of the build whose records are digested."""

PLAYERS = {"expert-2026-12": TABLE, "expert-2026": TABLE_2026}
"""Who plays the hands, and the table they make."""

FIRST_SEARCH = replace(PLAIN_SEARCH, keep_model=False, reading=0.0)
"""The first search, as the first table was built: no keep model, no reading."""


def play_hand(seed: int, players: str = "expert-2026") -> HandRecord:
    """One hand of ``players`` self-play with seat 0 dealing; its scoring, by role."""
    expert = Expert202612Strategy(seed=seed)
    shipped = players == "expert-2026-12"
    weight = None if shipped else 0.0  # None: the shipped role weights

    def throw(state: GameState, player: int) -> tuple[Card, Card]:
        dealt = state.dealt[player]
        values = hold_values_with_pegging(
            dealt, dealer=player == 0, weight=weight, crib_model=shipped and CRIB_MODEL
        )
        first, second = (dealt[i] for i in HOLDS[int(values.argmax())][1])
        return first, second

    def first_search(view: PlayerView) -> PlayerAction:
        """The first search's card (``FIRST_SEARCH``), six deals a card."""
        first = evaluate_plays(view, FIRST_SEARCH, deal_limit=6)[0]
        return Play(view.player, first.card)

    start, heels = hand_to_play(seed, throw)
    state, played = play_out(start, expert.choose if shipped else first_search)
    events = heels + played
    pegging = [
        (0 if e.player == 1 else 1, e.points)
        for e in events
        if e.context in (ScoreContext.PLAY, ScoreContext.HEELS)
    ]
    shows = {(s.player, s.context): s.breakdown.total for s in state.shows}
    return (
        pegging,
        shows[(1, ScoreContext.HAND)],
        shows[(0, ScoreContext.HAND)],
        shows[(0, ScoreContext.CRIB)],
    )


def chunk_digest(records: list[HandRecord]) -> str:
    """A short fingerprint of some hands' records (pegging events and show points)."""
    data = json.dumps(records, separators=(",", ":")).encode()
    return hashlib.sha256(data).hexdigest()[:16]


def sample_digests(records: list[HandRecord]) -> list[str]:
    """The digests of the first ``SAMPLE_CHUNKS`` whole chunks of ``records``."""
    chunks = min(SAMPLE_CHUNKS, len(records) // CHUNK)
    return [chunk_digest(records[n * CHUNK : (n + 1) * CHUNK]) for n in range(chunks)]


def histogram(values: list[int], size: int) -> Array:
    counts = np.bincount(np.minimum(values, size - 1), minlength=size).astype(np.float64)
    result: Array = counts / counts.sum()
    return result


def first_reach(records: list[HandRecord]) -> tuple[Array, Array, Array]:
    """Joint pegging totals, and P(pone reaches x before dealer reaches y) and reverse.

    Index ``MAX_PEG`` of a need stands for "more than any hand pegs" (never reached).
    """
    never = 1 << 20
    reach = np.full((2, len(records), MAX_PEG + 1), never, dtype=np.int64)
    joint = np.zeros((MAX_PEG, MAX_PEG))
    for n, (events, *_) in enumerate(records):
        got = [0, 0]
        for step, (who, points) in enumerate(events):
            before = got[who]
            got[who] = min(before + points, MAX_PEG)
            reach[who, n, before + 1 : got[who] + 1] = np.minimum(
                reach[who, n, before + 1 : got[who] + 1], step
            )
        joint[min(got[0], MAX_PEG - 1), min(got[1], MAX_PEG - 1)] += 1
    pone_first = np.zeros((MAX_PEG + 1, MAX_PEG + 1))
    dealer_first = np.zeros((MAX_PEG + 1, MAX_PEG + 1))
    for x in range(1, MAX_PEG + 1):
        pone_first[x, 1:] = (reach[0, :, x, None] < reach[1, :, 1:]).mean(axis=0)
        dealer_first[x, 1:] = (reach[1, :, 1:] < reach[0, :, x, None]).mean(axis=0)
    return joint / len(records), pone_first, dealer_first


def solve(joint: Array, pone_first: Array, pone_hand: Array, dealer_total: Array) -> Array:
    """``F`` and ``S`` (stacked) by dynamic programming in decreasing total score."""
    pad = TARGET + 2 * MAX_SHOW + MAX_PEG
    start = np.zeros((pad, pad))  # F, zero beyond the target (never read there)
    after = np.zeros((pad, pad))  # S, zero beyond the target: reached ones are in pone_first
    lose_next = np.zeros((pad, pad))  # 1 - F, zero where the (old) dealer reached 121
    hands = np.arange(MAX_SHOW)
    for total in range(2 * (TARGET - 1), -1, -1):
        cells = [(a, total - a) for a in range(TARGET) if 0 <= total - a < TARGET]
        for a, b in cells:
            x, y = min(TARGET - a, MAX_PEG), min(TARGET - b, MAX_PEG)
            block = after[a : a + MAX_PEG, b : b + MAX_PEG]
            start[a, b] = pone_first[x, y] + float((joint * block).sum())
            lose_next[a, b] = 1.0 - start[a, b]
        for a, b in cells:
            inner = dealer_total @ lose_next[b : b + MAX_SHOW * 2, a : a + MAX_SHOW]
            inner = np.where(a + hands >= TARGET, 1.0, inner)
            after[a, b] = float(pone_hand @ inner)
    return np.stack([start[:TARGET, :TARGET], after[:TARGET, :TARGET]])


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(__doc__, None, samples="hands", default=6000)
    parser.add_argument("--players", choices=sorted(PLAYERS), default="expert-2026-12")
    args = parser.parse_args(argv)
    output: Path = args.output or DATA / f"{PLAYERS[args.players]}.npz"
    started = time.perf_counter()
    seeds = [hand_seed(args.seed, n) for n in range(args.hands)]
    with ProcessPoolExecutor(args.jobs) as pool:
        play = partial(play_hand, players=args.players)
        records = list(pool.map(play, seeds, chunksize=50))
    played = time.perf_counter() - started
    joint, pone_first, dealer_first = first_reach(records)
    pone_hand = histogram([r[1] for r in records], MAX_SHOW)
    dealer_hand = histogram([r[2] for r in records], MAX_SHOW)
    crib = histogram([r[3] for r in records], MAX_SHOW)
    dealer_total = histogram([r[2] + r[3] for r in records], 2 * MAX_SHOW)
    tables = solve(joint, pone_first, pone_hand, dealer_total)
    points, pegs = np.arange(MAX_SHOW), np.arange(MAX_PEG)
    write_table(
        output,
        f"{args.hands} hands in {played:.0f} s; averages: pone hand {pone_hand @ points:.2f}, "
        f"dealer hand {dealer_hand @ points:.2f}, crib {crib @ points:.2f}, pegging "
        f"{joint.sum(axis=1) @ pegs:.2f} (pone) / {joint.sum(axis=0) @ pegs:.2f} (dealer); "
        f"first dealer wins {1 - tables[0][0, 0]:.4f}",
        start=tables[0].astype(np.float32),
        after_play=tables[1].astype(np.float32),
        pegging=joint,
        pone_first=pone_first,
        dealer_first=dealer_first,
        pone_hand=pone_hand,
        dealer_hand=dealer_hand,
        crib=crib,
        dealer_total=dealer_total,
        hands=np.array(args.hands),
        seed=np.array(args.seed),
        digests=np.array(sample_digests(records)),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
