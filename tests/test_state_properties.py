"""Hypothesis properties along random games: after every action the invariants of
``state_support`` hold (52 cards conserved, count <= 31, scores never fall, pegs
leapfrog, apply refuses exactly what legal_actions omits, views hide what they must,
the game ends exactly at 121)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.state import GameState
from state_support import random_steps, with_scores

scores = st.integers(min_value=0, max_value=120)
near_the_end = st.integers(min_value=80, max_value=120)
seeds = st.integers(min_value=0, max_value=2**64)
"""Seeds both chance (the shuffles) and the players' random choices."""


@settings(max_examples=60)
@given(seed=seeds, start=st.tuples(scores, near_the_end))
def test_endgames_from_any_score(seed: int, start: tuple[int, int]) -> None:
    """Starting near the end exercises every way a game can finish: heels, the play, the
    pone's hand, the dealer's hand, the crib."""
    rng = random.Random(seed)
    steps = random_steps(with_scores(GameState(), start), rng, deep=True)
    final = steps[-1][2] if steps else None
    assert final is not None and final.is_over
    assert final.outcome is not None and final.outcome.scores[final.outcome.winner] >= 121


@settings(max_examples=10)
@given(seed=seeds)
def test_whole_games_from_the_cut(seed: int) -> None:
    steps = random_steps(GameState(), random.Random(seed), deep=True)
    assert steps[-1][2].is_over
    hands = {after.hand_number for _, _, after, _ in steps}
    assert hands == set(range(max(hands) + 1))
