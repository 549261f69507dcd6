"""The opponent's next card as they would choose it: from their own view of the hand.

The play search (``analysis.pegging``) solves each deal of the opponent's cards with both
hands face up, so its opponent answers every card of the expert as if it could see the
expert's hand: it never walks into a pair it cannot see coming, never misjudges a go. A
real opponent chooses without that knowledge. This corrects the search's value of each
card the expert may play by the opponent's *next* card only: for a sample of the deals,
the opponent's replies are weighed as ``analysis.laterplays`` weighs the cards they did
play (each valued by exact solves against a few hands of the expert dealt from the cards
they have not seen, a softmax over those values), and the expert's card gains what the
opponent's expected reply falls short of their best one. The rest of the play is still
solved face up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cribkit.analysis.holdings import Holdings, sample_holdings
from cribkit.analysis.laterplays import own_view_chances
from cribkit.analysis.pegsolver import Move, Node, Root, expand, mover_value
from cribkit.view import PlayerView

__all__ = [
    "REPLY_READING",
    "REPLY_READING_DEALS",
    "ReplyReading",
    "ReplyView",
    "reply_corrections",
    "reply_view",
    "seen_ranks",
]

REPLY_READING = 0.0
"""How sharply the opponent's next card is modelled from their own view (0: face up, as
the solve has it; off). Measured in play-only duels against the shipped expert
(``scripts/duel_play.py --set reply_reading=S -n 6000 --seed 233 -j 2``, net play points a
hand, the expert's hands dealt by the keep model unless said): 3 -0.001 [-0.015, +0.013]
(805 deals changed), 3 on 96 deals -0.001 [-0.015, +0.012], 10 -0.012 [-0.026, +0.003], 3
with the hands dealt alike -0.007 [-0.022, +0.007]. It turns many cards and gains none:
off (docs' strength page, session 28)."""

REPLY_READING_DEALS = 24
"""Deals of the search on which the correction is measured (a systematic sample of them):
the correction is a mean of small differences, far cheaper to sample than the solve."""


def seen_ranks(view: PlayerView) -> list[int]:
    """How many of each rank 0..13 the opponent has seen: the starter and every card
    played this hand."""
    shown = [0] * 14
    if view.starter is not None:
        shown[int(view.starter.rank)] += 1
    for entry in view.play_log:
        if entry.card is not None:
            shown[int(entry.card.rank)] += 1
    return shown


ReplyView = tuple[tuple[int, ...], tuple[int, ...], bool | None]
"""What the opponent knows when they reply: how many of each rank they have seen, the
expert's ranks played this hand (sorted), and the expert's role when they weigh its hands
by the keep model (None: every hand alike)."""


def reply_view(view: PlayerView, keeps: bool) -> ReplyView:
    """The opponent's knowledge at ``view``'s decision, before the expert's card."""
    mine = sorted(
        int(entry.card.rank)
        for entry in view.play_log
        if entry.card is not None and entry.player == view.player
    )
    return tuple(seen_ranks(view)), tuple(mine), view.is_dealer if keeps else None


def reply_corrections(
    roots: Sequence[Root],
    known: ReplyView,
    strength: float,
    deals: int,
    own_view_deals: int,
) -> Mapping[int, float]:
    """What each rank the expert may play gains, in expected net points, when the
    opponent's next card is chosen from their own view rather than face up: measured on
    ``deals`` of ``roots`` (systematic by weight), the opponent's view dealt
    ``own_view_deals`` hands of the expert."""
    by_holding = {node[1]: node for node, _ in roots}
    weights: dict[tuple[int, ...], float] = {}
    for node, weight in roots:
        weights[node[1]] = weights.get(node[1], 0.0) + weight
    sample = sample_holdings(Holdings(tuple(weights), tuple(weights.values())), deals)
    gains: dict[int, float] = {}
    for holding, weight in sample:
        for rank, _, after, swap in expand(by_holding[holding], None):
            gain = 0.0
            if after is not None and swap:
                gain = _shortfall(after, rank, known, strength, own_view_deals)
            gains[rank] = gains.get(rank, 0.0) + weight * gain
    return gains


def _shortfall(
    reply_node: Node, played: int, known: ReplyView, strength: float, deals: int
) -> float:
    """The opponent's best reply's value less their expected reply's, from their side."""
    replies: list[Move] = expand(reply_node, None)
    if len({rank for rank, *_ in replies}) < 2:
        return 0.0
    values = {move[0]: mover_value(move) for move in replies}
    theirs, mine, series, count = reply_node
    shown, before, role = known
    seen = list(shown)
    seen[played] += 1
    played_before = tuple(sorted((*before, played))) if role is not None else ()
    dealt = (tuple(seen), len(mine), deals, played_before, role)
    chances = own_view_chances(theirs, series, count, dealt, strength)
    expected = sum(chances.get(rank, 0.0) * value for rank, value in values.items())
    return max(values.values()) - expected


@dataclass(frozen=True, slots=True)
class ReplyReading:
    """The search's settings for the opponent's next card: the softmax's ``strength`` (0:
    off), the ``deals`` the correction is measured on, the expert's hands the opponent's
    view is dealt (``own_view_deals``), weighed by the keep model (``keeps``) or alike."""

    strength: float
    deals: int
    own_view_deals: int
    keeps: bool

    def corrected(
        self, view: PlayerView, roots: Sequence[Root], net: Mapping[int, float]
    ) -> Mapping[int, float]:
        """``net`` (each rank's expected net points, face up) with each rank's gain from
        an opponent choosing their next card from their own view; unchanged when off."""
        if not self.strength:
            return net
        known = reply_view(view, self.keeps)
        gains = reply_corrections(roots, known, self.strength, self.deals, self.own_view_deals)
        return {rank: value + gains.get(rank, 0.0) for rank, value in net.items()}
