"""Game review speed: the CPU time to price every decision of one seat in a whole game.

The end banner offers the review as soon as a game ends, so the whole-game figure is the
one a player waits for. Games are greedy (seat 0, many mistakes to price) against the
expert, seeded.
"""

from __future__ import annotations

import time

from bench import Report
from cribkit.analysis.review import review_game
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.record import GameRecord

GAMES = 8


def _record(seed: int) -> GameRecord:
    game = Game(seed=7000 + seed)
    players = [make_strategy("greedy", seed=seed), make_strategy("expert", seed=seed)]
    while not game.is_over:
        player = game.state.players_to_move()[0]
        game.apply(players[player].choose(game.view(player)))
    return GameRecord.of(game)


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(fraction * len(ordered)), len(ordered) - 1)]


def run(report: Report) -> None:
    seconds: list[float] = []
    decisions = 0
    for seed in range(GAMES):
        record = _record(seed)
        started = time.process_time()
        review = review_game(record, 0)
        seconds.append(time.process_time() - started)
        decisions += len(review.decisions)
    note = f"CPU time, {GAMES} greedy-vs-expert games, {decisions / GAMES:.0f} decisions each"
    report.timing("review of a whole game p50", _percentile(seconds, 0.5), note=note)
    report.timing("review of a whole game p95", _percentile(seconds, 0.95), note="one seat")
    report.timing("review per decision (mean)", sum(seconds) / decisions)
