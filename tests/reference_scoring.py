"""A deliberately naive ACC scorer, written from RULES.md alone, to check the engine against.

Nothing here is fast or clever on purpose: fifteens and pairs are found by trying every
subset, runs by trying every subset and keeping the maximal ones. It only uses the card
*types* of cribkit (rank, pip value, suit), never its scoring code, so a bug in
``cribkit.scoring`` cannot hide in both places at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from cribkit.cards import Card, Rank

MAX_COUNT = 31


@dataclass(frozen=True)
class ShowScore:
    """The show split into the families a score sheet shows."""

    fifteens: int
    pairs: int
    runs: int
    flush: int
    nobs: int

    @property
    def total(self) -> int:
        return self.fifteens + self.pairs + self.runs + self.flush + self.nobs

    def families(self) -> dict[str, int]:
        """The non-zero families, keyed like ``Breakdown.subtotals()``."""
        named = {
            "fifteens": self.fifteens,
            "pairs": self.pairs,
            "runs": self.runs,
            "flush": self.flush,
            "nobs": self.nobs,
        }
        return {name: points for name, points in named.items() if points}


def _subsets(cards: Sequence[Card], min_size: int = 1) -> list[tuple[Card, ...]]:
    return [
        combo for size in range(min_size, len(cards) + 1) for combo in combinations(cards, size)
    ]


def _is_run(cards: Sequence[Card]) -> bool:
    """Three or more cards whose ranks, sorted, step up by exactly one each time."""
    if len(cards) < 3:
        return False
    ranks = sorted(int(card.rank) for card in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def fifteen_combos(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct set of cards whose pip values add up to 15."""
    return [combo for combo in _subsets(cards) if sum(card.pips for card in combo) == 15]


def pair_combos(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every two cards of the same rank (a pair royal is three of these)."""
    return [(a, b) for a, b in combinations(cards, 2) if a.rank == b.rank]


def run_combos(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every run that is not part of a longer run made from the same cards."""
    runs = [set(combo) for combo in _subsets(cards, 3) if _is_run(combo)]
    maximal = [run for run in runs if not any(run < other for other in runs)]
    return [tuple(sorted(run)) for run in maximal]


def reference_show(hand: Sequence[Card], starter: Card, *, crib: bool) -> ShowScore:
    """Score four cards plus the starter exactly as the RULES.md show table says."""
    assert len(hand) == 4 and len({*hand, starter}) == 5
    cards = [*hand, starter]
    hand_suits = {card.suit for card in hand}
    if len(hand_suits) != 1:
        flush = 0
    elif starter.suit in hand_suits:
        flush = 5
    else:
        flush = 0 if crib else 4
    nobs = sum(1 for card in hand if card.rank == Rank.JACK and card.suit == starter.suit)
    return ShowScore(
        fifteens=2 * len(fifteen_combos(cards)),
        pairs=2 * len(pair_combos(cards)),
        runs=sum(len(run) for run in run_combos(cards)),
        flush=flush,
        nobs=nobs,
    )


def reference_play(series: Sequence[Card], card: Card) -> int:
    """Points pegged by ``card`` played after ``series`` (cards since the last reset)."""
    played = [*series, card]
    count = sum(c.pips for c in played)
    assert count <= MAX_COUNT, "the reference only scores legal plays"
    points = 2 if count in (15, MAX_COUNT) else 0
    # Pairs: every pair among the unbroken block of cards matching the last card's rank.
    block = 0
    for previous in reversed(played):
        if previous.rank != card.rank:
            break
        block += 1
    points += 2 * len(list(combinations(range(block), 2)))
    # Runs: the longest tail of the series that is a run, in any order.
    points += max((n for n in range(3, len(played) + 1) if _is_run(played[-n:])), default=0)
    return points
