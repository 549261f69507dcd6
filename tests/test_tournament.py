"""Tournaments: duplicate pairs, the statistics, and every game's record replaying."""

from __future__ import annotations

import dataclasses
import math
import statistics
from itertools import combinations_with_replacement

import pytest

from cribkit.actions import CutForDeal, Deal, Discard, Play, TurnStarter
from cribkit.dealing import chance_action, chance_rng
from cribkit.errors import CribkitError
from cribkit.players import STRATEGIES
from cribkit.record import GameRecord
from cribkit.state import GameState
from cribkit.tournament import (
    SOURCES,
    Z95,
    GameResult,
    MatchResult,
    PairTask,
    pair_seed,
    play_pair,
    run_match,
    summarize,
    wilson_interval,
)
from match_support import made_up_game


def _deals(record: GameRecord) -> list[tuple[Deal, TurnStarter | None]]:
    """Each hand's deal and starter, in order."""
    hands: list[tuple[Deal, TurnStarter | None]] = []
    for action in record.actions:
        if isinstance(action, Deal):
            hands.append((action, None))
        elif isinstance(action, TurnStarter):
            hands[-1] = (hands[-1][0], action)
    return hands


def _record(result: GameResult) -> GameRecord:
    assert result.record is not None
    return result.record


# ---------------------------------------------------------------- duplicate pairs


@pytest.mark.parametrize("pair", [0, 1, 2])
def test_a_pair_swaps_seats_over_the_same_cards(pair: int) -> None:
    seed = pair_seed(11, pair)
    first, second = play_pair(PairTask("greedy", "random", ((pair, seed),), keep_records=True))
    assert (first.a_seat, second.a_seat) == (0, 1)
    assert first.seed == second.seed == seed
    one, two = _record(first), _record(second)
    cuts = [a for a in one.actions if isinstance(a, CutForDeal)]
    assert cuts == [a for a in two.actions if isinstance(a, CutForDeal)]
    assert first.first_dealer == second.first_dealer
    deals_one, deals_two = _deals(one), _deals(two)
    shared = min(len(deals_one), len(deals_two))
    assert shared >= 1
    assert deals_one[:shared] == deals_two[:shared]
    for deal, _ in deals_one[:shared]:
        # Greedy held seat 0 in the first game and seat 1 in the second: the cards greedy
        # was dealt in game one are the cards random was dealt (same seat) in game two.
        greedy_first = deal.hands[first.a_seat]
        random_second = deal.hands[1 - second.a_seat]
        assert greedy_first == random_second
    # The players really did play differently with those cards.
    moves = [[a for a in r.actions if isinstance(a, Discard | Play)] for r in (one, two)]
    assert moves[0] != moves[1]


def test_deals_do_not_depend_on_the_players_moves() -> None:
    seed = pair_seed(5, 0)
    games = [
        _record(r)
        for a, b in (("random", "random"), ("greedy", "greedy"), ("greedy", "random"))
        for r in play_pair(PairTask(a, b, ((0, seed),), keep_records=True))
    ]
    deals = [_deals(record) for record in games]
    shared = min(len(d) for d in deals)
    assert all(d[:shared] == deals[0][:shared] for d in deals)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    def key(result: GameResult) -> tuple[object, ...]:
        return (result.pair, result.a_seat, result.winner, result.scores, result.hands)

    alone = run_match("greedy", "random", games=8, seed=4, jobs=1)
    pooled = run_match("greedy", "random", games=8, seed=4, jobs=2)
    assert [key(r) for r in alone.results] == [key(r) for r in pooled.results]
    assert alone.to_dict()["a_win_rate"] == pooled.to_dict()["a_win_rate"]


# ---------------------------------------------------------------- records replay


def _check_consistent(result: GameResult) -> None:
    """The record replays to the same end, and its chance is exactly the seed's."""
    record = GameRecord.parse(_record(result).to_text())
    assert record.seed == result.seed
    final = record.final_state()
    assert final.outcome is not None
    assert final.outcome.winner == result.winner
    assert final.outcome.scores == result.scores
    assert final.outcome.skunk is result.skunk
    assert final.hand_number == result.hands
    state, chance_index = GameState(rules=record.rules), 0
    for action in record.actions:
        if state.is_chance:
            assert action == chance_action(state, chance_rng(record.seed, chance_index))
            chance_index += 1
        state = state.apply(action).state
    assert state == final
    assert record.to_game().state == final


def _pairing_tier(a: str, b: str) -> list[pytest.MarkDecorator]:
    """CI plays each strategy against itself and against random (every seat and every
    decision of each strategy is then recorded); the whole matrix, and the expert's slow
    searches, run with the slow tier."""
    if "expert" in f"{a} {b}" or not (a == b or "random" in (a, b)):
        return [pytest.mark.slow]
    return []


PAIRINGS = [
    pytest.param(a, b, marks=_pairing_tier(a, b))
    for a, b in combinations_with_replacement(sorted(STRATEGIES), 2)
]


@pytest.mark.heavy
@pytest.mark.parametrize(("a", "b"), PAIRINGS)
def test_matches_between_every_pair_of_strategies_have_consistent_records(a: str, b: str) -> None:
    result = run_match(a, b, games=4, seed=21, jobs=1, keep_records=True)
    assert result.games == len(result.results) == 4
    assert result.a_wins + result.b_wins == 4
    for game in result.results:
        assert max(game.scores) >= 121
        assert game.scores[game.winner] == max(game.scores)
        # every point is filed under one source; only the winning item may pass 121
        assert sum(game.points[1 - game.winner]) == game.scores[1 - game.winner]
        assert sum(game.points[game.winner]) >= game.scores[game.winner]
        assert (game.a_points, game.b_points)[1 - game.a_won] == game.points[game.winner]
        _check_consistent(game)


def test_progress_reports_every_game() -> None:
    seen: list[tuple[int, int]] = []
    run_match(
        "random", "random", games=6, seed=2, jobs=1, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[-1] == (6, 6)
    assert [done for done, _ in seen] == sorted({done for done, _ in seen})


def _without_time(result: MatchResult) -> dict[str, object]:
    figures = result.to_dict()
    del figures["seconds"], figures["games_per_second"]
    return figures


def test_a_match_resumed_from_its_first_chunks_sums_to_the_unbroken_match() -> None:
    whole = run_match("greedy", "random", games=12, seed=5, jobs=1)
    batches: list[list[GameResult]] = []
    run_match("greedy", "random", games=12, seed=5, jobs=1, on_batch=batches.append)
    assert len(batches) > 2 and sorted(r.pair for b in batches for r in b) == [
        pair for pair in range(6) for _ in (0, 1)
    ]
    done = [result for batch in batches[:2] for result in batch]
    played: list[GameResult] = []
    seen: list[int] = []
    resumed = run_match(
        "greedy",
        "random",
        games=12,
        seed=5,
        jobs=1,
        done=done,
        on_batch=played.extend,
        progress=lambda d, _t: seen.append(d),
    )
    assert {r.pair for r in played}.isdisjoint({r.pair for r in done})
    assert len(played) + len(done) == 12 and seen[0] == len(done) and seen[-1] == 12
    assert _without_time(resumed) == _without_time(whole)
    assert resumed.results == whole.results


def test_a_resumed_match_replays_a_pair_it_holds_only_half_of_and_drops_later_pairs() -> None:
    whole = run_match("greedy", "random", games=8, seed=6, jobs=1)
    longer = run_match("greedy", "random", games=12, seed=6, jobs=1)
    half = [r for r in longer.results if not (r.pair == 1 and r.a_seat == 1)]
    played: list[GameResult] = []
    resumed = run_match(
        "greedy", "random", games=8, seed=6, jobs=1, done=half, on_batch=played.extend
    )
    assert [(r.pair, r.a_seat) for r in played] == [(1, 0), (1, 1)]
    assert resumed.results == whole.results


def test_games_of_another_seed_are_not_resumed() -> None:
    other = run_match("greedy", "random", games=4, seed=7, jobs=1).results
    with pytest.raises(CribkitError, match="not played on seed 8"):
        run_match("greedy", "random", games=4, seed=8, jobs=1, done=other)


@pytest.mark.parametrize("games", [0, 1, 7])
def test_matches_are_played_in_whole_pairs(games: int) -> None:
    with pytest.raises(CribkitError, match="even"):
        run_match("greedy", "random", games=games, seed=1)


def test_unknown_strategies_are_refused() -> None:
    with pytest.raises(CribkitError, match="unknown strategy 'nobody'"):
        run_match("greedy", "nobody", games=2, seed=1)


# ---------------------------------------------------------------- the statistics


FIXED = [
    made_up_game(0, 0, a_won=True, loser=111),  # +10
    made_up_game(0, 1, a_won=True, loser=101),  # +20
    made_up_game(1, 0, a_won=True, loser=116),  # +5
    made_up_game(1, 1, a_won=False, loser=90, first_dealer=1),  # -31, A skunked
    made_up_game(2, 0, a_won=False, loser=60),  # -61, A double skunked
    made_up_game(2, 1, a_won=False, loser=119),  # -2
    made_up_game(3, 0, a_won=True, loser=80, first_dealer=1),  # +41, A skunks B
    made_up_game(3, 1, a_won=True, loser=117),  # +4
    made_up_game(4, 0, a_won=True, loser=50),  # +71, A double skunks B
    made_up_game(4, 1, a_won=False, loser=113, first_dealer=1),  # -8
]


def test_summary_figures_of_a_fixed_match() -> None:
    result = summarize("x", "y", FIXED, seconds=2.0)
    assert (result.games, result.a_wins, result.b_wins) == (10, 6, 4)
    assert result.a_win_rate == pytest.approx(0.6)
    assert (result.pairs_a_both, result.pairs_split, result.pairs_b_both) == (2, 2, 1)
    margins = [10, 20, 5, -31, -61, -2, 41, 4, 71, -8]
    assert [g.a_margin for g in FIXED] == margins
    assert result.margin == pytest.approx(statistics.mean(margins))
    pair_margins = [statistics.mean(margins[i : i + 2]) for i in range(0, 10, 2)]
    half = Z95 * statistics.stdev(pair_margins) / math.sqrt(5)
    assert result.margin_ci.low == pytest.approx(result.margin - half)
    assert result.margin_ci.high == pytest.approx(result.margin + half)
    pair_scores = [1.0, 0.5, 0.0, 1.0, 0.5]
    win_half = Z95 * statistics.stdev(pair_scores) / math.sqrt(5)
    assert result.a_win_rate_ci.low == pytest.approx(0.6 - win_half)
    assert result.a_win_rate_ci.high == pytest.approx(min(1.0, 0.6 + win_half))
    assert result.a_skunk_rate == pytest.approx(0.2)
    assert result.a_double_skunk_rate == pytest.approx(0.1)
    assert result.a_skunked_rate == pytest.approx(0.2)
    assert result.a_double_skunked_rate == pytest.approx(0.1)
    # The first dealer won games 0.0, 1.0, 2.1 and 4.0 (pair.seat of A): 4 of 10.
    assert result.first_dealer_win_rate == pytest.approx(0.4)
    assert result.games_per_second == pytest.approx(5.0)
    data = result.to_dict()
    assert data["a_win_rate_ci"] == [result.a_win_rate_ci.low, result.a_win_rate_ci.high]
    assert data["pairs"] == {"a_both": 2, "split": 2, "b_both": 1}


def test_pair_interval_is_narrower_than_treating_games_as_independent() -> None:
    """Split pairs (each side won with the same cards) carry less spread than coin flips."""
    games = [
        made_up_game(p, seat, a_won=seat == 0, loser=100) for p in range(20) for seat in (0, 1)
    ]
    games[0] = made_up_game(0, 0, a_won=False, loser=100)  # one pair lost outright, so spread > 0
    result = summarize("x", "y", games, seconds=1.0)
    pair_width = result.a_win_rate_ci.high - result.a_win_rate_ci.low
    naive = wilson_interval(result.a_wins, result.games)
    assert pair_width < naive.high - naive.low


def test_a_unanimous_match_falls_back_to_wilson() -> None:
    games = [made_up_game(p, seat, a_won=True, loser=100) for p in range(10) for seat in (0, 1)]
    result = summarize("x", "y", games, seconds=1.0)
    assert result.a_win_rate == 1.0
    assert result.a_win_rate_ci.high == 1.0
    assert result.a_win_rate_ci.low == pytest.approx(20 / (20 + Z95**2))


def test_wilson_interval_at_the_edges() -> None:
    none = wilson_interval(0, 10)
    assert none.low == 0.0
    assert none.high == pytest.approx(Z95**2 / (10 + Z95**2))
    half = wilson_interval(50, 100)
    assert half.low == pytest.approx(1 - half.high)
    assert wilson_interval(0, 0).to_list() == [0.0, 1.0]


def test_a_single_pair_claims_no_precision() -> None:
    result = summarize("x", "y", FIXED[:2], seconds=1.0)
    assert result.margin_ci.to_list() == [-121.0, 121.0]
    assert result.a_win_rate_ci.low < 0.5


def test_points_per_hand_by_source_and_the_gain_over_pairs() -> None:
    """A's gain per hand is taken per pair (both games' hands together), then averaged."""
    games = []
    for pair, (a_play, b_play) in enumerate([(30, 20), (24, 28), (40, 25)]):
        for a_seat in (0, 1):
            points = [(0, 0, 0), (0, 0, 0)]
            points[a_seat] = (a_play, 70, 21)
            points[1 - a_seat] = (b_play, 70, 21 + a_seat)
            won = made_up_game(pair, a_seat, a_won=True, loser=100)
            games.append(dataclasses.replace(won, points=(points[0], points[1])))
    result = summarize("x", "y", games, seconds=1.0)
    assert [gain.source for gain in result.sources] == list(SOURCES)
    play, hand, crib = result.sources
    hands = 9 * 6
    assert play.a_per_hand == pytest.approx(2 * (30 + 24 + 40) / hands)
    assert play.b_per_hand == pytest.approx(2 * (20 + 28 + 25) / hands)
    per_pair = [2 * (30 - 20) / 18, 2 * (24 - 28) / 18, 2 * (40 - 25) / 18]
    assert play.gain == pytest.approx(statistics.mean(per_pair))
    half = Z95 * statistics.stdev(per_pair) / math.sqrt(3)
    assert play.gain_ci is not None
    assert play.gain_ci.low == pytest.approx(play.gain - half)
    assert hand.gain == 0.0 and hand.a_per_hand == pytest.approx(140 * 3 / hands)
    assert crib.gain == pytest.approx(-1 / 18)
    assert result.to_dict()["points_per_hand"]["play"]["gain"] == play.gain
