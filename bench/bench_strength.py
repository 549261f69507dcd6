"""Playing strength: the ladder, in duplicate matches with 95% intervals over pairs.

The ladder the issue names: the expert against ``expert-2026`` (the first expert, kept
as the yardstick), against greedy and against random; then greedy against random as
the baseline and expert self-play's first-dealer win rate (published for strong play:
about 55-56%). Every match also gives each side's points per hand from the play, the
hand and the crib, and the expert's gain in each with its interval, so the source of
every gain is visible. Single-core games per second for greedy and both experts close
the module.

Two sizes. ``make bench`` runs the quick ladder (1,000 games for each rung, about ±3%
on the head-to-head, 400 for the baselines), enough to see a regression. The full
ladder, ``CRIBKIT_BENCH_LADDER=full`` (``make ladder``), plays 8,000 games on each of
the three rungs, a 95% interval of ±1.5% or tighter on each win rate, and 2,000 for
the baselines: about 40 minutes on two free cores. ``CRIBKIT_BENCH_LADDER_GAMES`` (the
three rungs) and ``CRIBKIT_BENCH_GAMES`` (the baselines) override either size. Matches
use every core; the speed rows use one.
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

SIZES = {"quick": (1000, 400), "full": (8000, 2000)}
"""Games of (each rung of the ladder, each baseline) by ``CRIBKIT_BENCH_LADDER``."""

RUNGS = ("expert-2026", "greedy", "random")
"""The expert's opponents on the ladder."""


def _games(variable: str, default: int) -> int:
    games = int(os.environ.get(variable, str(default)))
    return max(2, games - games % 2)


def ladder_sizes() -> tuple[int, int]:
    """(games per rung, games per baseline) for this run."""
    size = os.environ.get("CRIBKIT_BENCH_LADDER", "quick")
    if size not in SIZES:
        raise ValueError(f"CRIBKIT_BENCH_LADDER is quick or full, not {size!r}")
    rung, baseline = SIZES[size]
    return _games("CRIBKIT_BENCH_LADDER_GAMES", rung), _games("CRIBKIT_BENCH_GAMES", baseline)


def run(report: Report) -> None:
    rung, games = ladder_sizes()
    for opponent in RUNGS:
        _win_rate(report, run_match("expert", opponent, games=rung, seed=SEED))
    for a, b in (("expert-2026", "greedy"), ("greedy", "random")):
        _win_rate(report, run_match(a, b, games=games, seed=SEED))
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
