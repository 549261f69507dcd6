"""Matches between two strategies, played as duplicate pairs on every core.

**Duplicate pairs.** Chance in a game comes only from the game's seed: the ``i``-th
chance action draws from ``chance_rng(seed, i)``, and turns the cards at the positions
the players cut. Every strategy cuts alike (``players.default_cut``: a position drawn
from the seat, the hand and the round only), so the cut for deal, which comes first,
is the same whoever sits in a seat, and every hand then has exactly one deal and one
starter: the deal and the starter of hand ``k`` depend on the seed and ``k`` alone,
never on what the players did. A deal
gives cards by role (the pone's six, the dealer's six), the cut fixes which *seat*
deals first, and the deal alternates from there, so with one seed, hand ``k`` gives
the same six cards to the same seat, in the same role, with the same starter, in every
game. A pair plays that seed twice: strategy A in seat 0 and B in seat 1, then the
seats swapped. Each strategy so receives, hand for hand, exactly the cards (and the
deals) the other received in the first game, and card luck cancels out of the pair.
The two games may last a different number of hands; the hands both reach are
identical deals. Each strategy's own generator is seeded from the pair's seed and its
side (A or B), the same in both games.

**Confidence intervals.** The two games of a pair share their cards, so they are not
independent: counting ``2m`` games as independent trials (a Wilson interval over
games) would misstate the uncertainty, usually overstating it, since the shared cards
cancel luck that is the main source of spread. The independent unit is the pair, so
the win rate and the margin get a normal (central limit) interval from the spread of
the ``m`` pair means: ``mean ± 1.96 · sd / √m``. When every pair ended alike (no
spread to measure) the win rate falls back to the Wilson interval over games.

**Where the points come from.** Each game also records every seat's points by source
(the play, heels included; the hand; the crib), so a match reports each side's points
per hand from each source and A's gain over B per hand with its interval over pairs:
with the cards shared, a gain in one source is the strategy's, not the deal's.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from cribkit.cluster import check_engine, installed_engine
from cribkit.errors import CribkitError
from cribkit.events import ScoreContext, ScoreEvent
from cribkit.game import Game
from cribkit.players import Strategy, as_strategy, make_strategy
from cribkit.record import GameRecord
from cribkit.rules import STANDARD, Skunk
from cribkit.seats import check_seat

__all__ = [
    "SOURCES",
    "Z95",
    "GameResult",
    "Interval",
    "MatchResult",
    "PairFigures",
    "PairTask",
    "SourceGain",
    "by_pair",
    "check_match",
    "mean_interval",
    "pair_figures",
    "pair_seed",
    "play_game",
    "play_pair",
    "play_tasks",
    "run_match",
    "summarize",
    "wilson_interval",
]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

SOURCES = ("play", "hand", "crib")
"""Where points come from, in the order ``GameResult.points`` keeps them."""

_SOURCE_OF = {
    ScoreContext.HEELS: 0,
    ScoreContext.PLAY: 0,
    ScoreContext.HAND: 1,
    ScoreContext.CRIB: 2,
    ScoreContext.MUGGINS: 0,  # never in a match (nobody counts their own hand there)
}

Points = tuple[int, int, int]
"""Points of one seat by source: play (heels included), hand, crib."""

Progress = Callable[[int, int], None]
"""Called with (games finished, games in all) as results come in."""


@dataclass(frozen=True, slots=True)
class Interval:
    """A 95% confidence interval ``[low, high]``."""

    low: float
    high: float

    def to_list(self) -> list[float]:
        return [self.low, self.high]


@dataclass(frozen=True, slots=True)
class PairTask:
    """What a worker process needs to play pairs: names and seeds only (cheap to pickle)."""

    a: str
    b: str
    pairs: tuple[tuple[int, int], ...]
    """(pair number, game seed) of each pair to play."""
    keep_records: bool = False
    engine: str | None = None
    """The engine fingerprint of the process that sent the task, checked by the worker
    (set for an executor's tasks: a cluster's worker may have joined with another cribkit)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a match, seen from side A."""

    pair: int
    seed: int
    a_seat: int
    winner: int
    """The winning seat."""
    scores: tuple[int, int]
    """Final scores by seat."""
    skunk: Skunk
    first_dealer: int
    hands: int
    record: GameRecord | None = None
    points: tuple[Points, Points] = ((0, 0, 0), (0, 0, 0))
    """Points by seat and source (``SOURCES``), as scored: a last item may pass 121."""

    @property
    def a_points(self) -> Points:
        return self.points[self.a_seat]

    @property
    def b_points(self) -> Points:
        return self.points[1 - self.a_seat]

    @property
    def a_won(self) -> bool:
        return self.winner == self.a_seat

    @property
    def a_margin(self) -> int:
        """Winner's score minus loser's, positive when A won and negative when B did."""
        margin = self.scores[self.winner] - self.scores[1 - self.winner]
        return margin if self.a_won else -margin

    @property
    def first_dealer_won(self) -> bool:
        return self.winner == self.first_dealer


def pair_seed(match_seed: int, pair: int) -> int:
    """The game seed of pair ``pair`` in the match seeded ``match_seed``."""
    return random.Random(f"cribkit/match/{match_seed}/{pair}").getrandbits(63)


def _strategy_seed(game_seed: int, side: int) -> int:
    """Side A (0) and side B (1) get their own generator, the same in both games of a pair."""
    return random.Random(f"cribkit/player/{game_seed}/{side}").getrandbits(63)


def play_game(
    a: str | Strategy,
    b: str | Strategy,
    *,
    seed: int,
    a_seat: int,
    pair: int = 0,
    keep_record: bool = False,
) -> GameResult:
    """Play one game to the end, A in ``a_seat``; each strategy sees only its own view.

    ``a`` and ``b`` are strategy names (each built with its side's seeded generator, as a
    match builds them) or strategy objects, used as they are; mix them freely.

    >>> from cribkit.players import RandomStrategy
    >>> result = play_game("greedy", RandomStrategy(seed=1), seed=3, a_seat=1)
    >>> result.scores[result.winner]
    121
    """
    a_seat = check_seat(a_seat)
    players = [
        as_strategy(a, seed=_strategy_seed(seed, 0)),
        as_strategy(b, seed=_strategy_seed(seed, 1)),
    ]
    if a_seat == 1:
        players.reverse()
    game = Game(seed=seed)
    first_dealer = game.state.dealer
    while (seat := game.to_move) is not None:
        game.apply(players[seat].choose(game.view(seat)))
        if first_dealer is None:
            first_dealer = game.state.dealer
    assert first_dealer is not None
    outcome = game.state.outcome
    assert outcome is not None
    return GameResult(
        pair=pair,
        seed=seed,
        a_seat=a_seat,
        winner=outcome.winner,
        scores=outcome.scores,
        skunk=outcome.skunk,
        first_dealer=first_dealer,
        hands=game.state.hand_number,
        record=GameRecord.of(game) if keep_record else None,
        points=_points_by_source(game.events),
    )


def _points_by_source(events: Iterable[ScoreEvent]) -> tuple[Points, Points]:
    totals = [[0, 0, 0], [0, 0, 0]]
    for event in events:
        totals[event.player][_SOURCE_OF[event.context]] += event.points
    first, second = totals
    return (first[0], first[1], first[2]), (second[0], second[1], second[2])


def play_pair(task: PairTask) -> list[GameResult]:
    """Play each pair of ``task``: A in seat 0, then A in seat 1, on the same seed.

    Module-level so worker processes can run it.
    """
    if task.engine is not None:
        check_engine(task.engine)
    return [
        play_game(task.a, task.b, seed=seed, a_seat=seat, pair=pair, keep_record=task.keep_records)
        for pair, seed in task.pairs
        for seat in (0, 1)
    ]


def check_match(a: str, b: str, *, games: int) -> None:
    """Refuse an odd game count or an unknown strategy before any process starts."""
    if games < 2 or games % 2:
        raise CribkitError(
            f"a match is played in duplicate pairs, so --games must be even and at least 2 "
            f"(got {games})"
        )
    for name in (a, b):
        make_strategy(name)


def run_match(
    a: str,
    b: str,
    *,
    games: int,
    seed: int,
    jobs: int | None = None,
    progress: Progress | None = None,
    keep_records: bool = False,
    executor: Executor | None = None,
    done: Sequence[GameResult] = (),
    on_batch: Callable[[list[GameResult]], None] | None = None,
) -> MatchResult:
    """Play ``games`` games (``games / 2`` duplicate pairs) of ``a`` against ``b``.

    ``jobs`` worker processes (default: one per core; 1 plays here, in this process), or
    with an ``executor`` (a Dask cluster's: ``cribkit.cluster``) the chunks go to it and
    ``jobs`` says how many of them it runs at once. Results do not depend on ``jobs`` nor
    on where the games are played: every game's seeds come from ``seed`` and its pair,
    and the results are put back in pair order before they are summed.

    ``done`` holds games of this match played before (a stopped ladder's interim file):
    their pairs are not played again, so a match resumes mid-way and sums to what an
    unbroken one would. ``on_batch`` is called with each chunk's games as they come in
    (where a ladder saves them). ``seconds`` counts only the games played in this call.
    """
    check_match(a, b, games=games)
    workers = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    kept = _resumed(done, seed=seed, games=games)
    played = {result.pair for result in kept}
    pairs = [(pair, pair_seed(seed, pair)) for pair in range(games // 2) if pair not in played]
    engine = None if executor is None else installed_engine()
    tasks = [PairTask(a, b, chunk, keep_records, engine) for chunk in _chunks(pairs, workers)]
    started = time.perf_counter()
    results: list[GameResult] = list(kept)
    if progress is not None and results:
        progress(len(results), games)

    for batch in play_tasks(tasks, workers, executor=executor):
        results.extend(batch)
        if on_batch is not None:
            on_batch(batch)
        if progress is not None:
            progress(len(results), games)
    seconds = time.perf_counter() - started
    results.sort(key=lambda result: (result.pair, result.a_seat))
    return summarize(a, b, results, seconds=seconds)


def _resumed(done: Sequence[GameResult], *, seed: int, games: int) -> list[GameResult]:
    """The games of ``done`` whose pairs are complete (both seats) and within ``games``;
    refuses a game not played on this match's seeds (another seed's file)."""
    pairs = by_pair(done)
    for pair, pair_games in pairs.items():
        if any(result.seed != pair_seed(seed, pair) for result in pair_games):
            raise CribkitError(f"pair {pair} of the games given was not played on seed {seed}")
    return [
        result
        for pair, pair_games in pairs.items()
        if pair < games // 2 and sorted(r.a_seat for r in pair_games) == [0, 1]
        for result in pair_games
    ]


def play_tasks(
    tasks: Sequence[PairTask],
    workers: int,
    *,
    setup: Callable[[], object] | None = None,
    executor: Executor | None = None,
) -> Iterator[list[GameResult]]:
    """Each task's games as soon as it is played: here when ``workers`` is 1, else in that
    many worker processes, each first calling ``setup`` (a picklable callable: a script
    registering a strategy of its own there); or on ``executor``'s workers, which were
    set up where they started (so ``setup`` is refused with it)."""
    if executor is not None:
        if setup is not None:
            raise ValueError(
                "setup runs in the worker processes play_tasks starts, not an executor's"
            )
        yield from _as_completed(executor, tasks)
        return
    if workers == 1:
        if setup is not None:
            setup()
        for task in tasks:
            yield play_pair(task)
        return
    with ProcessPoolExecutor(workers, initializer=setup) as pool:
        yield from _as_completed(pool, tasks)


def _as_completed(pool: Executor, tasks: Sequence[PairTask]) -> Iterator[list[GameResult]]:
    for future in as_completed([pool.submit(play_pair, task) for task in tasks]):
        yield future.result()


def _chunks(
    pairs: Sequence[tuple[int, int]], workers: int
) -> Iterable[tuple[tuple[int, int], ...]]:
    """Small enough chunks for a lively progress bar and even load, big enough to be cheap."""
    size = max(1, min(20, len(pairs) // (workers * 8)))
    for start in range(0, len(pairs), size):
        yield tuple(pairs[start : start + size])


# ---------------------------------------------------------------- statistics


def wilson_interval(successes: int, trials: int) -> Interval:
    """Wilson score interval for a proportion: sound even at 0% or 100%."""
    if trials == 0:
        return Interval(0.0, 1.0)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Interval(max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float]) -> tuple[float, Interval | None]:
    """Mean and normal 95% interval (``mean ± z·s/√n``); ``None`` with fewer than 2 values."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, None
    variance = sum((value - mean) ** 2 for value in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return mean, Interval(mean - half, mean + half)


@dataclass(frozen=True, slots=True)
class SourceGain:
    """Points per hand from one source: each side's, and A's gain over B per hand with
    its 95% interval over pairs (``None`` with a single pair)."""

    source: str
    a_per_hand: float
    b_per_hand: float
    gain: float
    gain_ci: Interval | None

    def to_dict(self) -> dict[str, object]:
        return {
            "a_per_hand": self.a_per_hand,
            "b_per_hand": self.b_per_hand,
            "gain": self.gain,
            "gain_ci": None if self.gain_ci is None else self.gain_ci.to_list(),
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The figures of a finished match, all from side A's point of view."""

    a: str
    b: str
    games: int
    a_wins: int
    b_wins: int
    a_win_rate: float
    a_win_rate_ci: Interval
    margin: float
    """Mean of (winner's score − loser's), signed: positive when A won."""
    margin_ci: Interval
    pairs_a_both: int
    """Pairs A won with both hands of cards (so it outplayed B with the same cards)."""
    pairs_split: int
    pairs_b_both: int
    a_skunk_rate: float
    """Games A won by a skunk (a double skunk counts too)."""
    a_double_skunk_rate: float
    a_skunked_rate: float
    """Games A lost by a skunk (a double skunk counts too)."""
    a_double_skunked_rate: float
    first_dealer_win_rate: float
    first_dealer_win_rate_ci: Interval
    mean_hands: float
    seconds: float
    results: tuple[GameResult, ...]
    sources: tuple[SourceGain, ...] = ()
    """Points per hand by source (``SOURCES`` order)."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, object]:
        """The ``cribkit match --json`` object (per-game results left out)."""
        return {
            "games": self.games,
            "a": self.a,
            "b": self.b,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "a_win_rate": self.a_win_rate,
            "a_win_rate_ci": self.a_win_rate_ci.to_list(),
            "margin": self.margin,
            "margin_ci": self.margin_ci.to_list(),
            "pairs": {
                "a_both": self.pairs_a_both,
                "split": self.pairs_split,
                "b_both": self.pairs_b_both,
            },
            "a_skunk_rate": self.a_skunk_rate,
            "a_double_skunk_rate": self.a_double_skunk_rate,
            "a_skunked_rate": self.a_skunked_rate,
            "a_double_skunked_rate": self.a_double_skunked_rate,
            "first_dealer_win_rate": self.first_dealer_win_rate,
            "first_dealer_win_rate_ci": self.first_dealer_win_rate_ci.to_list(),
            "mean_hands": self.mean_hands,
            "points_per_hand": {gain.source: gain.to_dict() for gain in self.sources},
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
        }


def summarize(a: str, b: str, results: Sequence[GameResult], *, seconds: float) -> MatchResult:
    """Win rate, margin, skunks and first-dealer figures of a match, with 95% intervals.

    Intervals are taken over pairs (see the module docstring); games are grouped by
    their ``pair`` number, so a lone game counts as a pair of one.
    """
    if not results:
        raise CribkitError("a match needs at least one game to summarize")
    figures = [pair_figures(pair) for pair in by_pair(results).values()]
    pair_scores = [figure.score for figure in figures]
    pair_margins = [figure.margin for figure in figures]
    games = len(results)
    a_wins = sum(r.a_won for r in results)
    win_rate, win_ci = mean_interval(pair_scores)
    if win_ci is None or win_ci.low == win_ci.high:
        win_ci = wilson_interval(a_wins, games)
    else:
        win_ci = Interval(max(0.0, win_ci.low), min(1.0, win_ci.high))
    margin, margin_ci = mean_interval(pair_margins)
    if margin_ci is None:  # one pair: nothing known beyond the widest possible margin
        margin_ci = Interval(-float(STANDARD.target), float(STANDARD.target))
    first_dealer_wins = sum(r.first_dealer_won for r in results)

    def rate(predicate: Callable[[GameResult], bool]) -> float:
        return sum(predicate(r) for r in results) / games

    return MatchResult(
        a=a,
        b=b,
        games=games,
        a_wins=a_wins,
        b_wins=games - a_wins,
        a_win_rate=win_rate,
        a_win_rate_ci=win_ci,
        margin=margin,
        margin_ci=margin_ci,
        pairs_a_both=sum(score == 1 for score in pair_scores),
        pairs_split=sum(0 < score < 1 for score in pair_scores),
        pairs_b_both=sum(score == 0 for score in pair_scores),
        a_skunk_rate=rate(lambda r: r.a_won and r.skunk is not Skunk.NONE),
        a_double_skunk_rate=rate(lambda r: r.a_won and r.skunk is Skunk.DOUBLE),
        a_skunked_rate=rate(lambda r: not r.a_won and r.skunk is not Skunk.NONE),
        a_double_skunked_rate=rate(lambda r: not r.a_won and r.skunk is Skunk.DOUBLE),
        first_dealer_win_rate=first_dealer_wins / games,
        first_dealer_win_rate_ci=wilson_interval(first_dealer_wins, games),
        mean_hands=sum(r.hands for r in results) / games,
        seconds=seconds,
        results=tuple(results),
        sources=_source_gains(results, figures),
    )


@dataclass(frozen=True, slots=True)
class PairFigures:
    """A's figures over one pair of games, the unit a match's intervals are taken over:
    its share of the wins, its mean margin, and its gain per hand by source (``SOURCES``
    order)."""

    score: float
    margin: float
    gains: tuple[float, ...]


def by_pair(results: Iterable[GameResult]) -> dict[int, list[GameResult]]:
    """Games grouped by their ``pair`` number, in the order first seen."""
    pairs: dict[int, list[GameResult]] = {}
    for result in results:
        pairs.setdefault(result.pair, []).append(result)
    return pairs


def pair_figures(pair: Sequence[GameResult]) -> PairFigures:
    """``PairFigures`` of the games of one pair (a lone game counts as a pair of one)."""
    hands = sum(r.hands for r in pair)
    return PairFigures(
        score=sum(r.a_won for r in pair) / len(pair),
        margin=sum(r.a_margin for r in pair) / len(pair),
        gains=tuple(
            sum(r.a_points[i] - r.b_points[i] for r in pair) / hands for i in range(len(SOURCES))
        ),
    )


def _source_gains(
    results: Sequence[GameResult], figures: Sequence[PairFigures]
) -> tuple[SourceGain, ...]:
    """Each source's points per hand for A and B, and A's gain per hand over pairs."""
    hands = sum(r.hands for r in results)
    gains = []
    for i, source in enumerate(SOURCES):
        gain, gain_ci = mean_interval([figure.gains[i] for figure in figures])
        gains.append(
            SourceGain(
                source=source,
                a_per_hand=sum(r.a_points[i] for r in results) / hands,
                b_per_hand=sum(r.b_points[i] for r in results) / hands,
                gain=gain,
                gain_ci=gain_ci,
            )
        )
    return tuple(gains)
