"""Scoring speed: one show through the public API, bulk NumPy scoring, the exhaustive
distribution (time and memory) and the exact discard analysis.

The reference is a brute-force subset scan (every subset of the five cards tested for
fifteens, pairs and runs), the way a first implementation counts; the ratio shows what
the rank table buys.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tracemalloc
from collections.abc import Sequence
from itertools import combinations, pairwise

import numpy as np

from bench import Report, measure
from cribkit import Card, score_show, show_points
from cribkit.analysis import analyze_discard, hold_values
from cribkit.analysis.discard import crib_totals_enumerated
from cribkit.bulk import rank_table, show_points_bulk
from cribkit.cards import DECK, Rank
from cribkit.distribution import score_distribution

HANDS = 1000
"""Different hands cycled through by the per-hand timings, so no single case is cached."""

_COLD_DISTRIBUTION = """
import json, re
from cribkit.distribution import score_distribution
d = score_distribution(crib=False)
status = open("/proc/self/status").read()
peak_kb = int(re.search(r"VmHWM:\\s+(\\d+)", status).group(1))
print(json.dumps({"seconds": d.seconds, "peak_kb": peak_kb}))
"""
"""A fresh process: the first call also builds the rank table. VmHWM is its peak RSS
(``ru_maxrss`` would report the parent's size at fork)."""


def brute_force_points(hand: Sequence[Card], starter: Card, *, crib: bool) -> int:
    """Show points by scanning all 26 subsets of two or more cards (reference only)."""
    cards = (*hand, starter)
    points = 0
    runs: dict[int, int] = {}
    for size in range(2, 6):
        for subset in combinations(cards, size):
            if sum(card.pips for card in subset) == 15:
                points += 2
            ranks = sorted(card.rank for card in subset)
            if size == 2 and ranks[0] == ranks[1]:
                points += 2
            if size >= 3 and all(b == a + 1 for a, b in pairwise(ranks)):
                runs[size] = runs.get(size, 0) + 1
    if runs:
        longest = max(runs)
        points += longest * runs[longest]
    if all(card.suit is hand[0].suit for card in hand):
        if starter.suit is hand[0].suit:
            points += 5
        elif not crib:
            points += 4
    points += sum(card.rank is Rank.JACK and card.suit is starter.suit for card in hand)
    return points


def _random_shows(rng: random.Random, count: int) -> list[tuple[tuple[Card, ...], Card]]:
    shows = []
    for _ in range(count):
        *hand, starter = rng.sample(DECK, 5)
        shows.append((tuple(hand), starter))
    return shows


def run(report: Report) -> None:
    rng = random.Random(2024)
    shows = _random_shows(rng, HANDS)
    for hand, starter in shows:
        assert brute_force_points(hand, starter, crib=False) == show_points(
            hand, starter, crib=False
        )

    def api() -> None:
        for hand, starter in shows:
            show_points(hand, starter, crib=False)

    def breakdown() -> None:
        for hand, starter in shows:
            score_show(hand, starter, crib=False)

    def brute() -> None:
        for hand, starter in shows:
            brute_force_points(hand, starter, crib=False)

    fast = measure(api) / HANDS
    report.timing("show_points, one hand (public API)", fast)
    report.timing("score_show breakdown, one hand", measure(breakdown) / HANDS)
    slow = measure(brute) / HANDS
    report.timing("brute-force subset scan, one hand", slow, note="reference")
    report.ratio("subset scan / show_points", slow, fast)

    _bulk(report)
    _distribution(report)
    _discard(report, rng)


def _bulk(report: Report) -> None:
    rank_table()
    rows = 2_000_000
    generator = np.random.default_rng(7)
    cards = np.argsort(generator.random((rows // 10, 52)), axis=1)[:, :5].astype(np.uint8)
    cards = np.tile(cards, (10, 1))
    hand, starter = cards[:, :4], cards[:, 4]
    seconds = measure(lambda: show_points_bulk(hand, starter, crib=False), repeat=3)
    report.figure("bulk show scoring (NumPy)", rows / seconds / 1e6, "M hands/s")


def _distribution(report: Report) -> None:
    cold = json.loads(
        subprocess.run(
            [sys.executable, "-c", _COLD_DISTRIBUTION], capture_output=True, text=True, check=True
        ).stdout
    )
    report.timing("exhaustive distribution, cold process", cold["seconds"], note="incl. rank table")
    report.figure("  peak RSS of that whole process", cold["peak_kb"] / 1024, "MB")
    warm = min(score_distribution(crib=crib).seconds for crib in (False, True, False, True))
    report.timing("exhaustive distribution (12,994,800 shows)", warm)
    tracemalloc.start()
    score_distribution(crib=False)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    report.figure("  peak memory allocated by the pass", peak / 2**20, "MB")


def _discard(report: Report, rng: random.Random) -> None:
    deals = [tuple(rng.sample(DECK, 6)) for _ in range(50)]

    def analyses() -> None:
        for deal in deals:
            analyze_discard(deal, dealer=True)

    def values() -> None:
        for deal in deals:
            hold_values(deal, dealer=True)

    report.timing("discard analysis, one deal (15 holds, exact)", measure(analyses) / len(deals))
    report.timing("hold_values, one deal (players' fast path)", measure(values) / len(deals))
    enumerate_one = measure(lambda: crib_totals_enumerated(deals[0]), repeat=3)
    report.timing(
        "crib by full enumeration, one deal", enumerate_one, note="683,100 cribs, reference"
    )
