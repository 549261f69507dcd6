"""The opponent's next card from their own view (``analysis.ownreply``): a reply the
opponent would make without seeing the expert's hand is what the expert's card gains by,
never a loss; and the search takes it only when asked."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cribkit.analysis.ownreply import reply_corrections, reply_view, seen_ranks
from cribkit.analysis.pegging import PLAIN_SEARCH, evaluate_plays
from cribkit.view import view_of
from state_support import run, to_the_play

QUEEN_CUT = (0,) * 12 + (1, 0)
"""What the opponent has seen before the first card: a queen turned up."""

DEALER, PONE = "2C 6C 7C 8C AH AS", "5D 3D KH 9S QC JC"
"""Seat 0 deals and keeps 2 6 7 8; the pone keeps 5 3 K 9."""


def _gain(
    mine: tuple[int, ...], theirs: tuple[int, ...], strength: float = 50.0
) -> dict[int, float]:
    return dict(
        reply_corrections([((mine, theirs, (), 0), 1.0)], (QUEEN_CUT, (), None), strength, 24, 8)
    )


def test_an_opponent_who_cannot_see_the_second_seven_pairs_the_first() -> None:
    """Leading a 7 from 7 7 9 against 3 7 10: face up the opponent sees the pair royal
    coming and plays safe; from their own view the pair is their best card, and the
    expert's 6 for the pair royal against their 2 is what the lead gains (5 points net:
    the search had counted the safe reply)."""
    gains = _gain((7, 7, 9), (3, 7, 10))
    assert gains[7] == pytest.approx(5.0, abs=0.05)
    # with no second seven the pair is the opponent's best card in both views: no gain
    assert _gain((7, 9, 13), (3, 7, 10))[7] == pytest.approx(0.0, abs=1e-9)


def test_the_gain_is_never_a_loss() -> None:
    """The opponent's best reply (face up) is worth at least their expected one, so no
    card loses by the correction, however sharply the opponent is modelled."""
    rng = random.Random(7)
    gained = 0
    for _ in range(40):
        deck = [rank for rank in range(1, 14) for _ in range(4)]
        rng.shuffle(deck)
        mine, theirs = tuple(sorted(deck[:4])), tuple(sorted(deck[4:8]))
        for strength in (0.0, 1.0, 5.0):
            gains = _gain(mine, theirs, strength)
            assert all(gain >= -1e-9 for gain in gains.values())
            gained += any(gain > 1e-6 for gain in gains.values())
    assert gained > 0


def test_what_the_opponent_has_seen_is_the_starter_and_the_cards_played() -> None:
    state, _ = to_the_play(
        "2C 6C 7C 8C AH AS", "5D 3D KH 9S QC JC", "AH AS", "QC JC", "4S", dealer=0
    )
    state, _ = run(state, "p1 play 5D", "p0 play 2C")
    shown = seen_ranks(view_of(state, 0))
    assert [rank for rank in range(14) for _ in range(shown[rank])] == [2, 4, 5]


def test_the_search_reads_the_reply_only_when_asked() -> None:
    state, _ = to_the_play(
        "2C 6C 7C 8C AH AS", "5D 3D KH 9S QC JC", "AH AS", "QC JC", "4S", dealer=0
    )
    state, _ = run(state, "p1 play 5D", "p0 play 2C", "p1 play 3D")
    view = view_of(state, 0)
    plain = {e.card: e.expected_net_points for e in evaluate_plays(view)}
    reading = replace(PLAIN_SEARCH, reply_reading=3.0)
    read = {e.card: e.expected_net_points for e in evaluate_plays(view, reading)}
    assert plain.keys() == read.keys()
    assert all(read[card] >= plain[card] - 1e-9 for card in plain)
    assert any(read[card] > plain[card] + 1e-6 for card in plain)


def test_the_opponent_knows_the_cards_the_expert_played_and_its_role() -> None:
    state, _ = to_the_play(DEALER, PONE, "AH AS", "QC JC", "4S", dealer=0)
    state, _ = run(state, "p1 play 5D", "p0 play 2C", "p1 play 3D")
    shown, played, role = reply_view(view_of(state, 0), keeps=True)
    assert played == (2,) and role is True  # the dealer's 2, weighed as a dealer keeps
    assert [rank for rank in range(14) for _ in range(shown[rank])] == [2, 3, 4, 5]
    assert reply_view(view_of(state, 0), keeps=False)[2] is None
