"""Playing strength: the ladder, in duplicate matches with 95% intervals over pairs.

The expert against ``expert-2026`` (the first expert, kept as the yardstick), against
greedy and against random; greedy against random as the baseline; expert self-play's
first-dealer win rate (published for strong play: about 55-56%). Every match also
gives each side's points per hand from the play, the hand and the crib, and the
expert's gain in each with its interval, so the source of every gain is visible.
Single-core games per second for greedy and both experts close the module.

``CRIBKIT_BENCH_LADDER_GAMES`` sets the games of expert vs expert-2026 (default 8000:
about ±1.1% on the win rate); ``CRIBKIT_BENCH_GAMES`` the games of every other match
(default 2000). Use e.g. 200 for a quick run. Matches use every core; the speed rows
use one.
"""

from __future__ import annotations

import os
import time

from bench import Report
from cribkit.tournament import MatchResult, run_match

SEED = 7
"""One match seed for every row, so a rerun plays the same shuffles."""

SPEED_SECONDS = 10.0
"""Roughly how long each single-core speed measurement runs."""


def _games(variable: str, default: int) -> int:
    games = int(os.environ.get(variable, str(default)))
    return max(2, games - games % 2)


def run(report: Report) -> None:
    head_to_head = _games("CRIBKIT_BENCH_LADDER_GAMES", 8000)
    games = _games("CRIBKIT_BENCH_GAMES", 2000)
    ladder = [
        ("expert", "expert-2026", head_to_head),
        ("expert", "greedy", games),
        ("expert", "random", games),
        ("expert-2026", "greedy", games),
        ("greedy", "random", games),
    ]
    for a, b, n in ladder:
        _win_rate(report, run_match(a, b, games=n, seed=SEED))
    _first_dealer(report, run_match("expert", "expert", games=games, seed=SEED))
    for name in ("greedy", "expert-2026", "expert"):
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
    for gain in result.sources:
        ci_text = (
            "no interval from one pair"
            if gain.gain_ci is None
            else f"95% CI [{gain.gain_ci.low:+.3f}, {gain.gain_ci.high:+.3f}]"
        )
        report.figure(
            f"  {gain.source} points per hand, {result.a} gain",
            gain.gain,
            "points",
            note=f"{ci_text}; {result.a} {gain.a_per_hand:.3f}, {result.b} {gain.b_per_hand:.3f}",
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
