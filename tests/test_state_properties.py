"""Hypothesis properties along random games: after every action the invariants of
``state_support`` hold (52 cards conserved, count <= 31, scores never fall, pegs
leapfrog, apply refuses exactly what legal_actions omits, views hide what they must,
the game ends exactly at 121)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.actions import Action, Cut, Discard, Go, NextHand, Play, Resign
from cribkit.cards import DECK
from cribkit.errors import IllegalActionError
from cribkit.state import GameState
from profiles import examples
from state_support import check_resign, random_steps, with_scores

scores = st.integers(min_value=0, max_value=120)
near_the_end = st.integers(min_value=80, max_value=120)
seeds = st.integers(min_value=0, max_value=2**64)
"""Seeds both chance (the shuffles) and the players' random choices."""


@settings(max_examples=examples(30, check=3))  # whole endgames: 60 until session 23
@given(seed=seeds, start=st.tuples(scores, near_the_end))
def test_endgames_from_any_score(seed: int, start: tuple[int, int]) -> None:
    """Starting near the end exercises every way a game can finish: heels, the play, the
    pone's hand, the dealer's hand, the crib."""
    rng = random.Random(seed)
    steps = random_steps(with_scores(GameState(), start), rng, deep=True)
    final = steps[-1][2] if steps else None
    assert final is not None and final.is_over
    assert final.outcome is not None and final.outcome.scores[final.outcome.winner] >= 121


@settings(max_examples=examples(10, check=2))
@given(seed=seeds)
def test_whole_games_from_the_cut(seed: int) -> None:
    steps = random_steps(GameState(), random.Random(seed), deep=True)
    assert steps[-1][2].is_over
    hands = {after.hand_number for _, _, after, _ in steps}
    assert hands == set(range(max(hands) + 1))


@st.composite
def states_and_tries(draw: st.DrawFn) -> tuple[GameState, list[Action]]:
    """A state somewhere along a random game, and moves someone might try in it: legal
    ones, discards of any size in either card order, plays of any card, go, cuts at any
    position, by either seat or none."""
    steps = random_steps(GameState(), random.Random(draw(seeds)), deep=False)
    state = steps[draw(st.integers(min_value=0, max_value=len(steps) - 1))][0]
    card = st.sampled_from(DECK)
    seat = st.integers(min_value=-1, max_value=2)
    held = state.dealt[0] + state.dealt[1]
    own = st.sampled_from(held) if held else card
    some = st.lists(st.one_of(own, card), min_size=0, max_size=4)
    tries = st.one_of(
        st.builds(lambda p, cs: Discard(p, tuple(cs)), seat, some),  # type: ignore[arg-type]
        st.builds(Play, seat, st.one_of(own, card)),
        st.builds(Go, seat),
        st.builds(NextHand, seat),
        st.builds(Cut, seat, st.integers(min_value=-2, max_value=60)),
        st.builds(Resign, seat),
    )
    return state, [*state.legal_actions(), *draw(st.lists(tries, max_size=25))]


def test_resign_is_legal_before_the_end_for_either_seat() -> None:
    """Not listed among the moves, a resignation is still legal for both seats in every
    state of a random game, chance's turns included (``state_support.check_resign``)."""
    steps = random_steps(GameState(), random.Random(5), deep=False)
    phases = set()
    for before, _action, _after, _events in steps:
        check_resign(before)
        phases.add(before.phase)
    check_resign(steps[-1][2])
    assert len(phases) == 6  # every phase but the end, which refuses it


@settings(max_examples=examples(80), deadline=None)
@given(case=states_and_tries())
def test_is_legal_agrees_with_legal_actions_and_apply(
    case: tuple[GameState, list[Action]],
) -> None:
    """``a in legal_actions()`` exactly when ``is_legal(a)``, and then ``apply`` accepts
    it; otherwise ``check`` raises a coded ``IllegalActionError`` (never a bare error)."""
    state, tries = case
    legal = state.legal_actions()
    for action in tries:
        if isinstance(action, Resign):  # never listed: open to both seats until the end
            assert state.is_legal(action) == (not state.is_over and action.player in (0, 1))
            continue
        listed = action in legal
        assert state.is_legal(action) == listed, action
        if listed:
            state.apply(action)
            continue
        try:
            state.check(action)
        except IllegalActionError as error:
            assert error.code is not None, error
        else:
            raise AssertionError(f"{action} was accepted but is not listed")
