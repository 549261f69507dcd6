"""Reading the opponent's plays: how likely each holding makes the cards they chose.

Each card the opponent played this hand was chosen from the hand they held then: the
holding being weighed plus the cards they played since. A holding under which they
passed up points (a fifteen, a pair, a run, a 31 they could have made) explains their
choice worse than one under which nothing better was there. The model is a softmax on
the points each playable rank would have pegged at once:
``P(card) = exp(s * points(card)) / sum over playable ranks of exp(s * points)``, with
``s`` the reading strength (0: every choice is as likely, the model is off). Leads
score nothing, so they say nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from cribkit.analysis.holdings import PIPS
from cribkit.limits import expert_memo_positions
from cribkit.scoring import MAX_COUNT
from cribkit.view import PlayerView

__all__ = ["READING", "OpponentChoice", "opponent_choices", "play_likelihood"]

READING = 1.0
"""The expert's reading strength. On top of the keep model, against the expert without it
(duplicate games, README): seed 41, 2,000 games, win 50.8% [50.2, 51.5], margin +0.12
[-0.03, +0.28], play +0.001 [-0.012, +0.013] a hand; seed 43, 2,400 games, win 50.3%
[49.7, 50.9], margin +0.20 [+0.07, +0.33], play +0.019 [+0.008, +0.031]. Small, but ahead
in both runs."""

OpponentChoice = tuple[tuple[int, ...], int, int, tuple[int, ...]]
"""One card the opponent played after another: (what each rank 0..13 would have pegged
then, the room left under 31, the rank chosen, the ranks they played after it)."""


def opponent_choices(
    view: PlayerView, points: Callable[[Sequence[int], int], int], *, answer_only: bool = False
) -> tuple[OpponentChoice, ...]:
    """The opponent's plays this hand that followed a card (leads are left out);
    ``points(series, rank)`` says what a rank pegs on a series. ``answer_only``: only the
    dealer's answer to the first lead (``analysis.laterplays`` reads the others)."""
    series: list[int] = []
    count = 0
    played: list[int] = []  # the opponent's ranks, in order
    cards = 0  # cards played this hand so far
    seen: list[tuple[tuple[int, ...], int, int]] = []  # (pegs, room, index in played)
    for entry in view.play_log:
        if entry.card is not None:
            rank = int(entry.card.rank)
            if entry.player == view.opponent:
                if series and (cards == 1 or not answer_only):
                    pegs = tuple(points(series, r) for r in range(14))
                    seen.append((pegs, MAX_COUNT - count, len(played)))
                played.append(rank)
            series.append(rank)
            count = entry.count
            cards += 1
        if entry.reset:
            series, count = [], 0
    return tuple((pegs, room, played[n], tuple(played[n + 1 :])) for pegs, room, n in seen)


def play_likelihood(
    holding: tuple[int, ...], choices: tuple[OpponentChoice, ...], strength: float
) -> float:
    """How well ``holding`` (the opponent's unplayed ranks) explains their choices."""
    likelihood = 1.0
    for pegs, room, rank, later in choices:
        hand = frozenset((*holding, *later, rank))
        likelihood *= _choice_chance(pegs, room, rank, hand, strength)
    return likelihood


@lru_cache(maxsize=expert_memo_positions() // 4)  # its keys never repeat for long
def _choice_chance(
    pegs: tuple[int, ...], room: int, rank: int, hand: frozenset[int], strength: float
) -> float:
    weights = [math.exp(strength * pegs[r]) for r in hand if PIPS[r] <= room]
    return math.exp(strength * pegs[rank]) / sum(weights)
