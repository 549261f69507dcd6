"""The expert's next card chosen from what it will see (``analysis.nextcard``): one deal
is solved exactly as before, a card that leaves a guess loses what the guess costs, and no
card ever gains."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cribkit.analysis.nextcard import committed_nets
from cribkit.analysis.pegging import PLAIN_SEARCH, evaluate_plays
from cribkit.analysis.pegsolver import Root, rank_nets
from cribkit.view import view_of
from state_support import run, to_the_play


def test_one_deal_is_valued_as_the_face_up_solve_values_it() -> None:
    roots: list[Root] = [(((1, 5, 5, 10), (2, 3, 9, 13), (), 0), 1.0)]
    assert committed_nets(roots, None) == pytest.approx(dict(rank_nets(roots, None, None)))


def test_a_card_that_leaves_a_guess_is_worth_less_than_face_up() -> None:
    """The expert leads from 3 3 9; the opponent holds A 3 or A 9, one deal in two. After a
    3 led, they answer with the ace in both deals (count 4), and the expert's best second
    card then depends on the card they kept: the 9 against a kept 3 (3 net), the 3 against
    a kept 9 (3 net), the other card -1. Face up the search plays each right: the 3 led is
    worth 3.0. Choosing one second card for both deals, as the expert must, it is worth
    1.0, below the 9 led (2.0, no guess after it), so the choice turns."""
    mine = (3, 3, 9)
    roots: list[Root] = [((mine, (1, 3), (), 0), 0.5), ((mine, (1, 9), (), 0), 0.5)]
    face_up = dict(rank_nets(roots, None, None))
    committed = committed_nets(roots, None)
    assert face_up == pytest.approx({3: 3.0, 9: 2.0})
    assert committed == pytest.approx({3: 1.0, 9: 2.0})


def test_no_card_ever_gains_and_only_ranks_asked_for_are_valued() -> None:
    rng = random.Random(11)
    lost = 0
    for _ in range(30):
        deck = [rank for rank in range(1, 14) for _ in range(4)]
        rng.shuffle(deck)
        mine = tuple(sorted(deck[:4]))
        roots: list[Root] = [
            ((mine, tuple(sorted(deck[4 + 4 * k : 8 + 4 * k])), (), 0), 1 / 8) for k in range(8)
        ]
        face_up = dict(rank_nets(roots, None, None))
        committed = committed_nets(roots, None)
        assert committed.keys() == face_up.keys()
        assert all(committed[rank] <= face_up[rank] + 1e-9 for rank in face_up)
        lost += any(committed[rank] < face_up[rank] - 1e-6 for rank in face_up)
        first = min(face_up)
        assert committed_nets(roots, {first}).keys() == {first}
    assert lost > 0


def test_the_search_commits_to_its_next_card_only_when_asked() -> None:
    dealer, pone = "2C 6C 7C 8C AH AS", "5D 3D KH 9S QC JC"
    state, _ = to_the_play(dealer, pone, "AH AS", "QC JC", "4S", dealer=0)
    state, _ = run(state, "p1 play 5D", "p0 play 2C", "p1 play 3D")
    view = view_of(state, 0)
    plain = {e.card: e.expected_net_points for e in evaluate_plays(view)}
    committing = replace(PLAIN_SEARCH, committed_next_card=True)
    committed = {e.card: e.expected_net_points for e in evaluate_plays(view, committing)}
    assert plain.keys() == committed.keys()
    assert all(committed[card] <= plain[card] + 1e-9 for card in plain)
    assert any(committed[card] < plain[card] - 1e-6 for card in plain)
