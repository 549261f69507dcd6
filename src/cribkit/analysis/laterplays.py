"""Reading the opponent's later cards as they chose them: by a search from their own view.

``cribkit.analysis.reading`` reads a card by the points it pegged at once; the opening
tables read the first two cards. This reads every other card the opponent chose by its
value to the end of the play as the opponent could see it: for a holding being weighed,
their hand then is known, the expert's is not, so each card they could play is valued by
the exact solve against a few hands of the expert dealt from the cards they had not seen,
and the card they played is as likely as a softmax over those values,
``P(card) = exp(s * net(card)) / sum over playable ranks of exp(s * net)``. That is how an
expert opponent chooses (a search over the hands it cannot see); valued face up, against
the expert's true hand, the same reading loses points (``LATER_READING``).
"""

from __future__ import annotations

import math
from functools import lru_cache

from cribkit.analysis.holdings import (
    PIPS,
    Holdings,
    keep_weight,
    rank_multisets,
    sample_holdings,
)
from cribkit.analysis.pegsolver import Node, canonical_series, rank_nets, trim_runs
from cribkit.limits import expert_memo_positions
from cribkit.scoring import MAX_COUNT
from cribkit.view import PlayerView

__all__ = [
    "LATER_READING",
    "LATER_READING_DEALS",
    "LATER_READING_DEALS_NEAR_121",
    "LaterChoice",
    "later_choices",
    "later_likelihood",
    "own_view_chances",
]

LATER_READING = 1.0
"""How strongly the expert reads the opponent's later cards (0: not read; then the points
each card pegged at once are read instead, ``analysis.reading``). In a play-only duel
against session 25's play (``scripts/duel_play.py --set later_reading=1 -n 6000 --seed
211 -j 2``): +0.017 play points a hand [+0.007, +0.027] at 8 deals; at strength 3 (12
random deals) +0.010 [-0.002, +0.022]; read face up instead (the opponent seeing the
expert's hand) it lost: -0.020 [-0.034, -0.006] at 1, -0.043 at 2. Dealing the expert's
hands as an expert opponent weighs them, by the keep model (``later_reading_keeps``),
added nothing to it: +0.002 [-0.006, +0.010] (the same duel against this reading, seed
227), so they are dealt alike."""

LATER_READING_DEALS = 8
"""The expert's hands dealt to value each card as the opponent saw it (a systematic
sample, shared by every holding). The same duel: 8 +0.017 [+0.007, +0.027], 12 +0.014
[+0.005, +0.023]; 6, 12 and 24 random deals +0.011, +0.016, +0.017: 8 systematic deals
read as well as more and cost a third of 24."""

LATER_READING_DEALS_NEAR_121 = 4
"""The same near 121, where the winning-chance search needs the time: the near-121 duel
(``scripts/duel_endgame.py --set later_reading_deals=4 -n 4000 --seed 9 -j 2``, against 8)
measured +0.0004 [+0.0000, +0.0008] winning chance a hand (153 hands changed), and the play's
p95 near 121 fell from 51-61 ms to 30-36 ms (``scripts/time_expert.py``, two runs each;
eleven later runs of the shipped expert: 31.6-46.8 ms; issue 27 allows 60)."""

LaterChoice = tuple[
    tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]
]
"""One card the opponent chose: (the expert's ranks then, the series then as the solver
keeps it, the count then, the rank chosen, the ranks the opponent played after it, how many
of each rank 0..13 they had seen then: the starter and the cards played before it, the
expert's ranks played before it, sorted)."""


def later_choices(view: PlayerView) -> tuple[LaterChoice, ...]:
    """The opponent's cards this hand other than the play's first two (the pone's lead
    and the dealer's answer, which the opening tables read). Reading the answer so too was
    tried: the pone then weighs up to 455 holdings, each against hands of seven cards, far
    too slow for the play's 60 ms."""
    mine_played: list[int] = []  # the expert's ranks, in order
    theirs: list[int] = []
    series: list[int] = []
    count = 0
    cards_played = 0
    shown = [0] * 14
    if view.starter is not None:
        shown[int(view.starter.rank)] += 1
    seen: list[tuple[int, tuple[int, ...], int, int, tuple[int, ...]]] = []
    for entry in view.play_log:
        if entry.card is not None:
            rank = int(entry.card.rank)
            if entry.player == view.opponent:
                if cards_played >= 2:
                    kept = trim_runs(canonical_series(series), MAX_COUNT - count)
                    seen.append((len(mine_played), kept, count, len(theirs), tuple(shown)))
                theirs.append(rank)
            else:
                mine_played.append(rank)
            series.append(rank)
            count = entry.count
            cards_played += 1
            shown[rank] += 1
        if entry.reset:
            series, count = [], 0
    hand = [int(card.rank) for card in view.hand]
    return tuple(
        (
            tuple(sorted((*hand, *mine_played[mine:]))),
            kept,
            count_then,
            theirs[n],
            tuple(theirs[n + 1 :]),
            shown_then,
            tuple(sorted(mine_played[:mine])),
        )
        for mine, kept, count_then, n, shown_then in seen
    )


def later_likelihood(
    holding: tuple[int, ...],
    choices: tuple[LaterChoice, ...],
    strength: float,
    deals: int,
    my_role: bool | None = None,
) -> float:
    """How well ``holding`` (the opponent's unplayed ranks) explains their later cards,
    each valued as the opponent saw it: against ``deals`` hands of the expert dealt from
    the cards they had not seen, alike or (``my_role``: the expert is the dealer) weighed
    by the keep model in the expert's role, as an expert opponent weighs them."""
    likelihood = 1.0
    for mine, series, count, rank, later, shown, before in choices:
        theirs = tuple(sorted((*holding, *later, rank)))
        dealt = (shown, len(mine), deals, before if my_role is not None else (), my_role)
        likelihood *= _own_view_chance(theirs, series, count, rank, dealt, strength)
    return likelihood


Dealt = tuple[tuple[int, ...], int, int, tuple[int, ...], bool | None]
"""How the opponent deals the expert's hand: (ranks seen, size, deals, the expert's ranks
played before, the expert's role for the keep model or None)."""


def _own_view_chance(
    theirs: tuple[int, ...],
    series: tuple[int, ...],
    count: int,
    rank: int,
    dealt: Dealt,
    strength: float,
) -> float:
    room = MAX_COUNT - count
    if len({r for r in theirs if PIPS[r] <= room}) == 1:
        return 1.0  # nothing else fitted: the card says nothing
    return own_view_chances(theirs, series, count, dealt, strength)[rank]


@lru_cache(maxsize=expert_memo_positions() // 4)
def own_view_chances(
    theirs: tuple[int, ...],
    series: tuple[int, ...],
    count: int,
    dealt: Dealt,
    strength: float,
) -> dict[int, float]:
    """How likely the opponent, holding ``theirs`` at (``series``, ``count``), plays each
    rank, as they see it: each valued against the hands of the expert ``dealt`` says, a
    softmax of strength ``strength``."""
    shown = dealt[0]
    nets: dict[int, float] = {}
    total_weight = 0.0
    for mine, weight in _hands_they_deal(*dealt):
        if any(mine.count(r) + theirs.count(r) + shown[r] > 4 for r in set(mine)):
            continue  # a hand this holding rules out
        total_weight += weight
        root = [((theirs, mine, series, count), 1.0)]
        for played, net in rank_nets(root, None, None, _own_view_memo()).items():
            nets[played] = nets.get(played, 0.0) + weight * net
    if not nets:
        return _choice_chances_even(theirs, count)
    best = max(nets.values())
    odds = {
        played: math.exp(strength * (net - best) / total_weight) for played, net in nets.items()
    }
    total = sum(odds.values())
    return {played: odd / total for played, odd in odds.items()}


_OWN_VIEW_MEMO: dict[Node, int] = {}
"""Positions solved for the reading, apart from the play's memo: dealt hands of the expert
the play never searches, shared by every holding read against them."""

_OWN_VIEW_MEMO_LIMIT = expert_memo_positions() // 4


def _own_view_memo() -> dict[Node, int]:
    if len(_OWN_VIEW_MEMO) > _OWN_VIEW_MEMO_LIMIT:
        _OWN_VIEW_MEMO.clear()
    return _OWN_VIEW_MEMO


def _choice_chances_even(theirs: tuple[int, ...], count: int) -> dict[int, float]:
    fits = {r for r in theirs if PIPS[r] <= MAX_COUNT - count}
    return {r: 1 / len(fits) for r in fits}


@lru_cache(maxsize=4096)
def _hands_they_deal(
    shown: tuple[int, ...],
    size: int,
    deals: int,
    before: tuple[int, ...] = (),
    my_role: bool | None = None,
) -> list[tuple[tuple[int, ...], float]]:
    """The expert's hands as the opponent could deal them: a systematic sample by weight
    of the rank multisets of the cards they had not seen (their own cards left in: each
    holding drops the hands it rules out), the same for every holding, so their trees
    share positions; with ``my_role``, each weighed by the keep model (the four kept: the
    hand and ``before``)."""
    available = [(r, 4 - shown[r]) for r in range(1, 14) if shown[r] < 4]
    combos = rank_multisets(available, size)
    if my_role is None:
        weights = tuple(float(n) for _, n in combos)
    else:
        weights = tuple(
            n * keep_weight(tuple(sorted((*before, *c))), 0.0, my_role) for c, n in combos
        )
    hands = Holdings(tuple(c for c, _ in combos), weights)
    return sample_holdings(hands, deals)
