"""The experts' speed: time per discard and per pegging decision (p50 / p95, CPU time
of real decisions in seeded self-play games), for ``expert`` and ``expert-2026``, the
win-probability endgame's extra cost, and a quick expert-vs-greedy figure (the
tournament runner gives the real strength figures).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bench import Report, percentile
from cribkit.actions import PlayerAction
from cribkit.analysis.pegsolver import reset_memo
from cribkit.analysis.winprob import in_endgame
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.players.base import Strategy
from cribkit.state import Phase
from cribkit.view import PlayerView

GAMES = 30
"""Seeded games of expert self-play whose decisions are timed: ten gave only about 140
plays near 121, whose p95 (the seventh slowest) moved by 10 ms from run to run."""
PAIRS = 10
"""Duplicate pairs (same shuffles, seats swapped) for the quick strength figure."""


def _timed(
    choose: Callable[[PlayerView], PlayerAction], view: PlayerView
) -> tuple[PlayerAction, float]:
    started = time.process_time()
    action = choose(view)
    return action, time.process_time() - started


def _decision_times(name: str) -> dict[str, list[float]]:
    return decision_times(lambda seed: make_strategy(name, seed=seed))


def decision_times(make: Callable[[int], Strategy]) -> dict[str, list[float]]:
    """CPU seconds of each real decision (more than one choice) in ``GAMES`` seeded
    self-play games of the strategy ``make(seed)`` builds, by kind: discard and play, far
    from 121 and near it (``scripts/time_expert.py`` times a variant so)."""
    reset_memo()  # each strategy starts cold, as a fresh process would
    times: dict[str, list[float]] = {
        "discard": [],
        "play": [],
        "endgame discard": [],
        "endgame play": [],
    }
    for seed in range(GAMES):
        game = Game(seed=1000 + seed)
        players = [make(seed), make(seed + 1)]
        while not game.is_over:
            player = game.state.players_to_move()[0]
            view = game.view(player)
            action, seconds = _timed(players[player].choose, view)
            if len(view.legal_actions) > 1 and view.phase in (Phase.DISCARD, Phase.PLAY):
                kind = "discard" if view.phase is Phase.DISCARD else "play"
                times[f"endgame {kind}" if in_endgame(view) else kind].append(seconds)
            game.apply(action)
    return times


def _duplicate_wins(a: str, b: str, pairs: int) -> float:
    wins = 0
    for seed in range(pairs):
        for seats in ((a, b), (b, a)):
            game = Game(seed=5000 + seed)
            players = [make_strategy(name, seed=seed) for name in seats]
            while not game.is_over:
                player = game.state.players_to_move()[0]
                game.apply(players[player].choose(game.view(player)))
            assert game.state.outcome is not None
            wins += seats[game.state.outcome.winner] == a
    return wins / (2 * pairs)


def run(report: Report) -> None:
    for name in ("expert", "expert-2026"):
        times = _decision_times(name)
        note = f"CPU time, {GAMES} {name} self-play games"
        for kind, values in times.items():
            if values:
                report.timing(f"{name} {kind} p50", percentile(values, 0.5), note=note)
                report.timing(
                    f"{name} {kind} p95",
                    percentile(values, 0.95),
                    note=f"{len(values)} decisions",
                )
    started = time.perf_counter()
    rate = _duplicate_wins("expert", "greedy", PAIRS)
    elapsed = time.perf_counter() - started
    report.figure("expert vs greedy win rate", 100 * rate, "%", note=f"{2 * PAIRS} duplicate games")
    report.figure("expert vs greedy games per second", 2 * PAIRS / elapsed, "games/s")
