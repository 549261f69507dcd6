"""The fast pegging search gives exactly what the first, straightforward one gave
(``reference_pegging``): the same opponent holdings, the same values of random
positions (points and winning chances), and the same evaluations, float for float, at
every play decision of seeded games, near 121 included."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

import reference_pegging as reference
from cribkit.analysis import pegging, pegsolver, pegwin
from cribkit.analysis.pegging import Endgame
from cribkit.analysis.pegsolver import State
from cribkit.analysis.winprob import endgame_for_play
from cribkit.cards import DECK
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.state import Phase
from cribkit.view import PlayerView


def _random_positions(seed: int, count: int) -> Iterator[State]:
    """Positions reached by random play from random four-card hands: long series, gos,
    31s and resets all occur."""
    rng = random.Random(seed)
    while count:
        cards = rng.sample(DECK, 8)
        h0 = tuple(sorted(int(c.rank) for c in cards[:4]))
        h1 = tuple(sorted(int(c.rank) for c in cards[4:]))
        old: reference.State | None = (h0, h1, (), 0, rng.randrange(2), 0)
        for _ in range(rng.randrange(7)):
            assert old is not None
            old = rng.choice(reference.successors(old))[2]
            if old is None:
                break
        if old is None:
            continue
        yield old[:5]
        count -= 1


@pytest.mark.heavy
def test_values_of_random_positions_match_the_reference() -> None:
    for state in _random_positions(1, 2000):
        old = (*state, 0)
        assert pegsolver.net_value(state) == reference.net_value(old)
        edges = [(rank, points) for rank, points, _ in pegsolver.successors(state)]
        assert edges == [(rank, points) for rank, points, _ in reference.successors(old)]


@pytest.mark.heavy
def test_winning_chances_of_random_positions_match_the_reference() -> None:
    rng = random.Random(2)
    for state in _random_positions(3, 600):
        table = [[rng.random() for _ in range(60)] for _ in range(60)]
        need = (rng.randrange(1, 20), rng.randrange(1, 20))
        endgame = Endgame(need=need, after_play=lambda mine, theirs, t=table: t[mine][theirs])
        old = reference.Endgame(need=need, after_play=endgame.after_play)
        assert pegwin.win_value(state, endgame) == reference.win_value((*state, 0), old)


def _play_views(seed: int, games: int) -> Iterator[PlayerView]:
    """Every play decision with a choice in some seeded greedy-against-expert games."""
    for n in range(games):
        game = Game(seed=seed + n)
        players = [make_strategy("greedy", seed=n), make_strategy("expert", seed=n)]
        while not game.is_over:
            player = game.state.players_to_move()[0]
            view = game.view(player)
            if view.phase is Phase.PLAY and len(view.legal_actions) > 1:
                yield view
            game.apply(players[player].choose(view))


def _fields(evaluations: list[pegging.PlayEvaluation]) -> list[tuple[object, ...]]:
    return [(e.card, e.expected_net_points, e.points_now, e.win_probability) for e in evaluations]


@pytest.mark.slow
def test_evaluations_match_the_reference_exactly() -> None:
    compared = near_the_end = 0
    for view in _play_views(500, games=3):
        endgame = endgame_for_play(view)
        near_the_end += endgame is not None
        for plausibility in (0.0, 0.3):
            new = pegging.opponent_holdings(view, plausibility=plausibility)
            old = reference.opponent_holdings(view, plausibility=plausibility)
            assert (new.hands, new.weights) == (old.hands, old.weights)
            # the reference weighs holdings by plausibility alone: no keep model, no reading
            # the reference weighs holdings by plausibility alone: no keep model, no reading
            alone = replace(
                pegging.PLAIN_SEARCH, plausibility=plausibility, keep_model=False, reading=0.0
            )
            fast = pegging.evaluate_plays(view, alone, endgame=endgame)
            slow = reference.evaluate_plays(
                view,
                plausibility=plausibility,
                endgame=endgame,  # type: ignore[arg-type]  # same fields
                deal_limit=pegging.deal_count(view, endgame=endgame is not None),
            )
            assert _fields(fast) == _fields(slow)
            chosen = pegging.best_play(view, alone, endgame=endgame)
            assert chosen == slow[0].card
            compared += 1
    assert compared > 100
    assert near_the_end > 5
