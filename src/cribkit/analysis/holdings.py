"""What the opponent may hold during the play, and how likely each holding is.

Only this player's view is used: the unseen cards are the 52 less this player's six, the
starter and the cards played; a go shows the opponent then held nothing that fitted.
The pegging search deals the opponent's hand from these holdings.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from cribkit.analysis.keepmodel import KEEP_TABLE, keep_likelihood
from cribkit.cards import Card, Rank
from cribkit.errors import CribkitError
from cribkit.scoring import MAX_COUNT, rank_points
from cribkit.state import KEEP_SIZE
from cribkit.view import PlayerView

__all__ = [
    "KEEP_STRENGTH",
    "PIPS",
    "Holdings",
    "keep_value",
    "keep_weight",
    "opponent_holdings",
    "opponent_played_ranks",
    "plausibility_weight",
    "rank_multisets",
    "sample_holdings",
]

KEEP_STRENGTH = 1.0
"""The exponent on the keep model's likelihood when it weighs the opponent's holdings: 1
reads the opponent as keeping exactly as the expert's table says; below 1 as keeping
less surely so (the table is one expert's keeps, counted on a sample)."""

PIPS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Pip value by rank (index 1..13): the running count only sees these."""


@cache
def keep_value(ranks: tuple[int, ...]) -> float:
    """Average fifteens/pairs/runs of four kept ranks with a starter of each rank: how
    attractive keeping them looks before the cut (suits ignored)."""
    starters = [s for s in range(1, 14) if ranks.count(s) < 4]
    return sum(rank_points((*ranks, s)) for s in starters) / len(starters)


@dataclass(frozen=True, slots=True)
class Holdings:
    """The opponent's possible rank multisets (each sorted) with their unnormalized
    weights."""

    hands: tuple[tuple[int, ...], ...]
    weights: tuple[float, ...]


def opponent_holdings(
    view: PlayerView,
    *,
    plausibility: float = 0.0,
    keep_model: bool = False,
    keep_strength: float = KEEP_STRENGTH,
    keep_table: str = KEEP_TABLE,
) -> Holdings:
    """Every rank multiset the opponent may hold now, weighted.

    Unseen cards are the 52 less this player's six, the starter and the cards played.
    A go at count c shows they then held nothing of c's room (31 - c) or less; their
    cards now are a subset of those, so every card must be above the largest such room.
    Weights: the number of suit choices times ``exp(plausibility * value)``, value being
    what the four cards they kept (played ones included) average before the cut; with
    ``keep_model``, times how much likelier the expert keeps those four in their role
    than four random cards instead (``cribkit.analysis.keepmodel``, the table named
    ``keep_table``), raised to ``keep_strength`` (below 1: the opponent keeps less surely
    as the expert would).
    """
    size = view.opponent_cards_held
    seen = Counter(card.rank for card in _seen_cards(view))
    floor = _go_floor(view)
    available = tuple(
        (int(rank), 4 - seen[rank]) for rank in Rank if seen[rank] < 4 and PIPS[rank] > floor
    )
    played = opponent_played_ranks(view)
    combos = rank_multisets(available, size)
    if not combos:
        raise CribkitError("no opponent hand is consistent with this view")
    hands = tuple(combo for combo, _ in combos)
    if (keep_model or plausibility) and len(played) + size == KEEP_SIZE:
        model_dealer = (not view.is_dealer) if keep_model else None
        # a combo is sorted already; with cards played, their whole keep is sorted again
        weights = tuple(
            ways
            * keep_weight(
                tuple(sorted(played + combo)) if played else combo,
                plausibility,
                model_dealer,
                keep_strength,
                keep_table,
            )
            for combo, ways in combos
        )
    else:
        weights = tuple(float(ways) for _, ways in combos)
    return Holdings(hands, weights)


def opponent_played_ranks(view: PlayerView) -> tuple[int, ...]:
    """The ranks the opponent has played this hand, in order: with their unplayed ranks,
    the four they kept."""
    return tuple(
        int(entry.card.rank)
        for entry in view.play_log
        if entry.card is not None and entry.player == view.opponent
    )


def rank_multisets(
    ranks: Sequence[tuple[int, int]], size: int
) -> list[tuple[tuple[int, ...], int]]:
    """Every multiset of ``size`` ranks drawn from (rank, copies available) pairs, with
    the number of ways to pick the actual cards; each multiset is sorted.

    The order is fixed (the deal sampling depends on it): those without the first rank,
    then those with one copy of it, then two..., each part in the same order recursively.
    Built from the last rank backwards, so every partial multiset is built once.
    """
    # by_size[k]: the multisets of k ranks drawn from the ranks handled so far
    empty: tuple[int, ...] = ()
    by_size: list[list[tuple[tuple[int, ...], int]]] = [[(empty, 1)]]
    by_size += [[] for _ in range(size)]
    for rank, copies in reversed(ranks):
        for k in range(size, 0, -1):  # downwards: by_size[k - take] is still the old one
            extended = by_size[k]
            head: tuple[int, ...] = ()
            for take in range(1, min(copies, k) + 1):
                head += (rank,)
                ways = math.comb(copies, take)
                extended.extend([(head + combo, ways * n) for combo, n in by_size[k - take]])
    return by_size[size]


@cache
def plausibility_weight(kept: tuple[int, ...], strength: float) -> float:
    """How much likelier a keep of these four ranks is than an average one."""
    return math.exp(strength * keep_value(kept))


def keep_weight(
    kept: tuple[int, ...],
    plausibility: float,
    model_dealer: bool | None = None,
    strength: float = KEEP_STRENGTH,
    table: str = KEEP_TABLE,
) -> float:
    """The weight of four sorted kept ranks in an opponent model: the keep model's
    likelihood (by the keep table named ``table``) for a dealer (``model_dealer`` True) or
    a pone (False) raised to ``strength``, else the plausibility weight of that strength."""
    if model_dealer is None:
        return plausibility_weight(kept, plausibility)
    return math.pow(keep_likelihood(kept, model_dealer, table), strength)


def _seen_cards(view: PlayerView) -> list[Card]:
    mine_played = [e.card for e in view.play_log if e.card is not None and e.player == view.player]
    seen = [*view.hand, *mine_played, *view.discarded, *view.played_cards]
    if view.starter is not None:
        seen.append(view.starter)
    return list(set(seen))


def _go_floor(view: PlayerView) -> int:
    """The largest room (31 - count) at which the opponent said go this hand, or 0."""
    rooms = [
        MAX_COUNT - entry.count
        for entry in view.play_log
        if entry.card is None and entry.player == view.opponent
    ]
    return max(rooms, default=0)


def sample_holdings(holdings: Holdings, limit: int) -> list[tuple[tuple[int, ...], float]]:
    """At most ``limit`` distinct holdings with weights summing to 1.

    All of them when few enough; otherwise systematic sampling (evenly spaced points on
    the cumulative weights), which is deterministic and spreads the picks by weight.
    """
    total = sum(holdings.weights)
    if len(holdings.hands) <= limit:
        return [(h, w / total) for h, w in zip(holdings.hands, holdings.weights, strict=True)]
    picked: Counter[tuple[int, ...]] = Counter()
    step = total / limit
    target = step / 2
    cumulative = 0.0
    taken = 0
    for hand, weight in zip(holdings.hands, holdings.weights, strict=True):
        cumulative += weight
        while target < cumulative and taken < limit:
            picked[hand] += 1
            taken += 1
            target += step
        if taken == limit:
            break
    return [(hand, n / taken) for hand, n in picked.items()]
