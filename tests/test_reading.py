"""Reading the opponent's plays: a holding that would have pegged more than the card
they chose explains that choice worse."""

from __future__ import annotations

import pytest

from cribkit.analysis.pegging import opponent_holdings
from cribkit.analysis.pegsolver import play_points
from cribkit.analysis.reading import opponent_choices, play_likelihood
from cribkit.view import view_of
from state_support import run, to_the_play


def _after_their_two() -> object:
    """Seat 0 deals; the pone (seat 1) leads 5, seat 0 answers 2 (count 7), pone plays 3."""
    state, _ = to_the_play(
        "2C 6C 7C 8C AH AS", "5D 3D KH 9S QC JC", "AH AS", "QC JC", "4S", dealer=0
    )
    state, _ = run(state, "p1 play 5D", "p0 play 2C", "p1 play 3D")
    return view_of(state, 0)


def test_choices_skip_leads_and_know_what_each_rank_pegged() -> None:
    view = _after_their_two()
    choices = opponent_choices(view, play_points)
    assert len(choices) == 1  # the 5 was a lead
    pegs, room, rank, later = choices[0]
    assert (room, rank, later) == (31 - 7, 3, ())
    assert pegs[3] == 0 and pegs[8] == 2  # an 8 would have made fifteen
    assert pegs[2] == 2  # a 2 would have paired


def test_a_holding_that_passed_up_points_is_less_likely() -> None:
    view = _after_their_two()
    choices = opponent_choices(view, play_points)
    with_eight = play_likelihood((8, 9), choices, 1.0)
    without = play_likelihood((9, 13), choices, 1.0)
    assert with_eight < without
    off = [play_likelihood(hand, choices, 0.0) for hand in ((8, 9), (9, 13))]
    assert off[0] == pytest.approx(off[1])  # strength 0: the model is off
    # every holding they may have is weighed, and the weights stay positive
    holdings = opponent_holdings(view)
    assert all(play_likelihood(hand, choices, 1.0) > 0 for hand in holdings.hands)


def test_no_choice_read_before_they_answer_a_card() -> None:
    state, _ = to_the_play(
        "2C 6C 7C 8C AH AS", "5D 3D KH 9S QC JC", "AH AS", "QC JC", "4S", dealer=0
    )
    state, _ = run(state, "p1 play 5D")
    assert opponent_choices(view_of(state, 0), play_points) == ()
