"""The pegging search: rank-only scoring against the engine's, exact values of small
endgames worked out by hand, the opponent's possible hands (go constraints included),
and the searched edges against the engine's own play."""

from __future__ import annotations

import random

import pytest

from cribkit.actions import Go, Play
from cribkit.analysis import pegging, pegsolver
from cribkit.analysis.pegging import (
    PIPS,
    Endgame,
    evaluate_plays,
    opponent_holdings,
    sample_holdings,
    start_state,
)
from cribkit.analysis.pegsolver import (
    canonical_series,
    net_value,
    play_points,
    reset_memo,
    successors,
)
from cribkit.analysis.pegwin import win_value
from cribkit.cards import DECK, Card
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.scoring import MAX_COUNT, score_play
from cribkit.state import Phase


def _random_series(rng: random.Random) -> list[Card]:
    """A legal series: distinct cards, count at most 31."""
    cards = rng.sample(DECK, 12)
    series: list[Card] = []
    for card in cards:
        if sum(c.pips for c in series) + card.pips <= MAX_COUNT:
            series.append(card)
    return series


def test_rank_scoring_matches_score_play_on_random_series() -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(3000):
        series = _random_series(rng)
        for i, card in enumerate(series):
            ranks = [int(c.rank) for c in series[:i]]
            assert play_points(ranks, int(card.rank)) == score_play(series[:i], card).total
            checked += 1
    assert checked > 10_000


@pytest.mark.parametrize(
    ("series", "expected"),
    [
        ((3, 5, 5), (5, 5)),  # a trailing pair: nothing before it can run
        ((5, 5, 6, 7), (5, 6, 7)),  # the distinct suffix
        ((2, 9, 5), (2, 9, 5)),
        ((4, 4, 4), (4, 4, 4)),
        ((), ()),
    ],
)
def test_canonical_series(series: tuple[int, ...], expected: tuple[int, ...]) -> None:
    assert canonical_series(series) == expected


def test_last_two_cards_fifteen_and_last() -> None:
    # I lead a 5 (nothing), they play a ten-card for fifteen two and one for last.
    assert net_value(((5,), (10,), (), 0, 0)) == -3


def test_run_then_go_beats_giving_away_31() -> None:
    # Count 20 on K-Q (they played last). J makes a run of 3 (30), nobody fits: one for
    # the go; they lead the 9, my 2 takes last: 3 + 1 + 1 = 5. The 2 first (22) lets
    # their 9 make 31 for two, then my J is one for last: 1 - 2 = -1.
    state = ((2, 11), (9,), (13, 12), 20, 0)
    values = {
        rank: points + (net_value(after) if after else 0)
        for rank, points, after in successors(state)
    }
    assert values == {11: 5, 2: -1}
    assert net_value(state) == 5


def test_thirty_one_scores_two_not_three() -> None:
    # Count 27, I hold a 4: 31 for two, and the last card of the play adds nothing.
    state = ((4,), (), (12, 9, 8), 27, 0)
    assert successors(state) == [(4, 2, None)]


def test_go_then_the_other_plays_on() -> None:
    # Count 25 (10-10-5): they hold a K, which never fits; I play my 2 and 3 (30, no
    # points), one for the go to me; they lead the K alone: one for last to them.
    state = ((2, 3), (13,), canonical_series((10, 10, 5)), 25, 0)
    assert net_value(state) == 1 - 1


def test_win_value_takes_the_winning_points() -> None:
    # I need 2: the 8 on a count of 7 is fifteen two and wins at once; the 9 does not.
    state = ((8, 9), (13, 13), (7,), 7, 0)
    endgame = Endgame(need=(2, 50), after_play=lambda mine, theirs: 0.25)
    assert win_value(state, endgame) == 1.0


def test_win_search_knowing_each_deal_solves_each_deal_with_its_own_chances() -> None:
    """``Endgame.knowing``: each deal is searched with what the end of the play is worth
    in it; the chances are those of each deal solved alone with that Endgame, weighed."""
    from cribkit.analysis.pegwin import rank_wins

    mine = (2, 5, 9, 13)
    deals = [
        ((mine, hand, (), 0), weight)
        for hand, weight in (
            ((1, 4, 10, 11), 0.5),
            ((3, 3, 6, 12), 0.3),
            ((5, 7, 8, 13), 0.2),
        )
    ]
    by_score = {
        False: lambda got_mine, got_theirs: 0.3 + 0.1 * min(got_mine, 5) - 0.05 * got_theirs,
        True: lambda got_mine, got_theirs: 0.6 - 0.02 * got_theirs,
    }
    chosen = {hand: by_score[3 in hand] for (_, hand, _, _), _ in deals}
    knowing = Endgame(need=(9, 7), after_play=by_score[False], knowing=chosen.__getitem__)
    wins = rank_wins(deals, knowing, None)
    for rank in set(mine):
        alone = 0.0
        for root, weight in deals:
            single = Endgame(need=(9, 7), after_play=chosen[root[1]])
            alone += weight * rank_wins([(root, 1.0)], single, None)[rank]
        assert wins[rank] == pytest.approx(alone, abs=1e-12)
    # knowing the same chances in every deal is not knowing anything
    same = Endgame(need=(9, 7), after_play=by_score[True], knowing=lambda held: by_score[True])
    plain = Endgame(need=(9, 7), after_play=by_score[True])
    assert rank_wins(deals, same, None) == pytest.approx(rank_wins(deals, plain, None))
    assert rank_wins(deals, knowing, None) != pytest.approx(rank_wins(deals, plain, None))


def test_sample_holdings_keeps_weights_normalized() -> None:
    from cribkit.analysis.pegging import Holdings

    holdings = Holdings(hands=((1,), (2,), (3,), (4,)), weights=(1.0, 1.0, 6.0, 2.0))
    everything = sample_holdings(holdings, 10)
    assert sum(w for _, w in everything) == pytest.approx(1.0)
    few = sample_holdings(holdings, 5)
    assert sum(w for _, w in few) == pytest.approx(1.0)
    assert dict(few)[(3,)] == pytest.approx(0.6)


def _play_views(seed: int, games: int = 3):
    """(view, true opponent hand) at every play decision of some greedy games."""
    for n in range(games):
        game = Game(seed=seed + n)
        players = [make_strategy("greedy", seed=n), make_strategy("random", seed=n)]
        while not game.is_over:
            player = game.state.players_to_move()[0]
            view = game.view(player)
            if view.phase is Phase.PLAY:
                yield view, game.state.held[1 - player]
            game.apply(players[player].choose(view))


@pytest.mark.heavy
def test_true_opponent_hand_is_always_possible_and_gos_are_respected() -> None:
    seen_go = 0
    for view, truth in _play_views(100, games=6):
        holdings = opponent_holdings(view)
        assert tuple(sorted(int(c.rank) for c in truth)) in holdings.hands
        rooms = [
            MAX_COUNT - e.count
            for e in view.play_log
            if e.card is None and e.player == view.opponent
        ]
        if rooms:
            seen_go += 1
            floor = max(rooms)
            assert all(PIPS[r] > floor for hand in holdings.hands for r in hand)
    assert seen_go > 0


def test_edges_follow_the_engine() -> None:
    """Play random hands; each rank edge's points equal what the engine pegs for that
    player (the card, then any go or last card) before the next card is chosen."""
    rng = random.Random(5)
    compared = 0
    for _ in range(20):
        game = Game(seed=rng.randrange(10**6))
        while not game.is_over and game.state.phase is not Phase.PLAY:
            player = game.state.players_to_move()[0]
            game.apply(rng.choice(game.view(player).legal_actions))
        pending: tuple[int, int] | None = None  # (player, points the edge predicts)
        pegged = 0
        while not game.is_over and game.state.phase is Phase.PLAY:
            player = game.state.to_play
            assert player is not None
            view = game.view(player)
            action = rng.choice(view.legal_actions)
            if isinstance(action, Play):
                if pending is not None:
                    assert pegged == pending[1]
                    compared += 1
                theirs = tuple(int(c.rank) for c in game.state.held[1 - player])
                edges = {r: p for r, p, _ in successors(start_state(view, theirs))}
                pending, pegged = (player, edges[int(action.card.rank)]), 0
            events = game.apply(action)
            assert pending is not None
            pegged += sum(e.points for e in events if e.player == pending[0])
        if pending is not None and not game.is_over:
            # the last card's edge includes the one for last, scored before the show
            assert pegged - _show_points_of(game, pending[0]) == pending[1]
            compared += 1
    assert compared > 100


def _show_points_of(game: Game, player: int) -> int:
    """Points ``player`` scored at the show of the hand just played."""
    hand = game.state.hand_number
    return sum(
        e.points
        for e in game.events
        if e.player == player and e.hand_number == hand and e.context in ("hand", "crib")
    )


@pytest.mark.heavy
def test_evaluate_plays_covers_every_legal_card() -> None:
    for view, _ in _play_views(300, games=2):
        if len(view.legal_actions) < 2 or isinstance(view.legal_actions[0], Go):
            continue
        evaluations = evaluate_plays(view)
        legal = {a.card for a in view.legal_actions if isinstance(a, Play)}
        assert {e.card for e in evaluations} == legal
        nets = [e.expected_net_points for e in evaluations]
        assert nets == sorted(nets, reverse=True)


def test_holding_weights_count_every_card_combination_once() -> None:
    """Without the plausibility weighting, the weights are suit choices: they add up to
    the number of ways to pick the opponent's cards from the unseen ones that fit their
    gos, and every multiset is listed once, sorted."""
    import math

    from cribkit.analysis.holdings import _go_floor, _seen_cards

    for view, _ in _play_views(700, games=2):
        holdings = opponent_holdings(view)
        floor = _go_floor(view)
        seen = set(_seen_cards(view))
        fitting = [c for c in DECK if c not in seen and c.pips > floor]
        assert sum(holdings.weights) == math.comb(len(fitting), view.opponent_cards_held)
        assert len(set(holdings.hands)) == len(holdings.hands)
        assert all(list(hand) == sorted(hand) for hand in holdings.hands)


def test_a_reset_memo_gives_the_same_values_from_a_cold_start() -> None:
    rng = random.Random(5)
    states = []
    for _ in range(20):
        cards = rng.sample(range(52), 8)
        mine = tuple(sorted(c // 4 + 1 for c in cards[:4]))
        theirs = tuple(sorted(c // 4 + 1 for c in cards[4:]))
        states.append((mine, theirs, (), 0, rng.randrange(2)))
    warm = [net_value(state) for state in states]
    reset_memo()
    assert not pegsolver._NET and not pegsolver._MOVES
    assert [net_value(state) for state in states] == warm


def test_deals_searched_are_more_when_playing_for_points() -> None:
    """``deal_count``: by the cards still to play, ``POINTS_DEAL_LIMITS`` for points and
    ``DEAL_LIMITS`` near 121; a lead (eight cards to play) searches 48 and 12 deals."""
    game = Game(seed=4)
    players = [make_strategy("greedy", seed=1), make_strategy("greedy", seed=2)]
    while game.state.phase is not Phase.PLAY:
        player = game.state.players_to_move()[0]
        game.apply(players[player].choose(game.view(player)))
    view = game.view(game.state.to_play)
    assert len(view.hand) + view.opponent_cards_held == 8
    assert pegging.deal_count(view, endgame=False) == pegging.POINTS_DEAL_LIMITS[8] == 48
    assert pegging.deal_count(view, endgame=True) == pegging.DEAL_LIMITS[8] == 12
    custom = pegging.deal_count(view, endgame=False, points_limits={8: 5})
    assert custom == 5
    holdings = opponent_holdings(view, plausibility=pegging.PLAUSIBILITY)
    assert len(sample_holdings(holdings, 48)) > len(sample_holdings(holdings, 12))
    searched = [(e.card, e.expected_net_points) for e in evaluate_plays(view, deal_limit=48)]
    assert [(e.card, e.expected_net_points) for e in evaluate_plays(view)] == searched
