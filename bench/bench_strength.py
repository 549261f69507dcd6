"""Playing strength and speed: duplicate matches with 95% intervals, and games per second.

Expert against greedy and against random, expert self-play's first-dealer win rate
(published figures for strong play: about 55-56%), greedy against random as the
baseline, and single-core games per second for greedy and expert self-play.

``CRIBKIT_BENCH_GAMES`` sets the games per match (default 2000, even); set it to e.g.
200 for a quick run. Matches use every core; the speed rows use one.
"""

from __future__ import annotations

import os
import time

from bench import Report
from cribkit.players import STRATEGIES
from cribkit.tournament import MatchResult, run_match

SEED = 7
"""One match seed for every row, so a rerun plays the same shuffles."""

SPEED_SECONDS = 10.0
"""Roughly how long each single-core speed measurement runs."""


def _games() -> int:
    games = int(os.environ.get("CRIBKIT_BENCH_GAMES", "2000"))
    return max(2, games - games % 2)


def run(report: Report) -> None:
    games = _games()
    pairings = [("greedy", "random")]
    if "expert" in STRATEGIES:
        pairings = [("expert", "greedy"), ("expert", "random"), *pairings]
    else:
        print("  (no expert strategy registered: only the baselines are measured)")
    for a, b in pairings:
        _win_rate(report, run_match(a, b, games=games, seed=SEED))
    if "expert" in STRATEGIES:
        _first_dealer(report, run_match("expert", "expert", games=games, seed=SEED))
    for name in ("greedy", "expert"):
        if name in STRATEGIES:
            _speed(report, name)


def _win_rate(report: Report, result: MatchResult) -> None:
    ci = result.a_win_rate_ci
    report.figure(
        f"{result.a} vs {result.b}: {result.a} win rate",
        100 * result.a_win_rate,
        "%",
        note=f"95% CI [{100 * ci.low:.1f}, {100 * ci.high:.1f}], {result.games} games",
    )
    report.figure(
        f"  points margin per game for {result.a}",
        result.margin,
        "points",
        note=f"95% CI [{result.margin_ci.low:+.2f}, {result.margin_ci.high:+.2f}]",
    )
    report.figure(
        f"  {result.a} skunks / is skunked",
        100 * result.a_skunk_rate,
        "%",
        note=f"skunked {100 * result.a_skunked_rate:.1f}%",
    )
    report.figure(
        "  games per second, all cores",
        result.games_per_second,
        "games/s",
        note=f"{os.cpu_count()} cores",
    )


def _first_dealer(report: Report, result: MatchResult) -> None:
    ci = result.first_dealer_win_rate_ci
    report.figure(
        "expert self-play: first dealer wins",
        100 * result.first_dealer_win_rate,
        "%",
        note=f"95% CI [{100 * ci.low:.1f}, {100 * ci.high:.1f}], {result.games} games",
    )
    report.figure("  games per second, all cores", result.games_per_second, "games/s")


def _speed(report: Report, name: str) -> None:
    """Self-play on one core, doubling the match until it runs for ``SPEED_SECONDS``."""
    games = 2
    while True:
        started = time.perf_counter()
        result = run_match(name, name, games=games, seed=SEED + 1, jobs=1)
        seconds = time.perf_counter() - started
        if seconds >= SPEED_SECONDS or games >= 4096:
            break
        games *= 2
    report.figure(
        f"{name} self-play, one core",
        result.games_per_second,
        "games/s",
        note=f"{result.games} games, {result.mean_hands:.1f} hands/game",
    )
