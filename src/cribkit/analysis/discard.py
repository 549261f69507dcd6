"""Exact discard analysis: every hold of six dealt cards with its expected hand and crib.

For each of the 15 ways to keep four cards, the hand is scored with each of the 46
possible starters, and the two thrown cards are valued in the crib over every way the
crib can be completed: the other two crib cards and the starter uniform over the 46
unseen cards, C(46,2) * 44 = 45,540 cases per throw. Nothing is sampled.

Enumerating 15 * 45,540 cribs card by card is the obvious way (``crib_totals_enumerated``
does it, for checking); the fast way shares the work between the 15 throws. A crib
score is its rank points plus its suit points (flush, nobs), so the sum over the 45,540
completions is (a) the rank table dotted with how many completions give each rank
triple of the three unknown cards, plus (b) suit points weighted by how many give each
triple of (suit, is-a-jack) classes. Both counts follow from how many unseen cards each
rank and class holds, so they are worked out once per deal and reused by all 15
throws: about 0.4 ms a deal instead of scoring 683,100 cribs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import overload

import numpy as np
import numpy.typing as npt

from cribkit.bulk import combinations_array, rank_table, show_points_bulk, suit_points_bulk
from cribkit.cards import DECK, Card, Rank, format_cards_unicode, parse_cards
from cribkit.errors import WrongCardCountError

__all__ = [
    "CRIB_COMPLETIONS",
    "HOLDS",
    "STARTERS",
    "DiscardAnalysis",
    "DiscardOption",
    "analyze_discard",
    "crib_totals_enumerated",
    "hold_showings",
    "hold_throws",
    "hold_values",
]

STARTERS = 46
"""Unseen cards after a deal of six: each is equally likely to be the starter."""

CRIB_COMPLETIONS = comb(STARTERS, 2) * (STARTERS - 2)
"""Ways to finish a crib from two thrown cards: two unseen cards, then a starter (45,540)."""

_SCALE = CRIB_COMPLETIONS // STARTERS
"""45,540 = 46 * 990: hand and crib totals share the denominator 45,540 exactly."""

PairWeights = npt.NDArray[np.float64]
"""``[x, y]``: the relative weight of two cards of ranks x + 1 and y + 1 (symmetric)."""

HOLDS: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
    (tuple(i for i in range(6) if i not in throw), throw) for throw in combinations(range(6), 2)
)
"""The 15 (keep positions, throw positions) splits of six dealt cards, in a fixed order."""

_KEEP = np.array([keep for keep, _ in HOLDS], dtype=np.intp)
_THROW = np.array([throw for _, throw in HOLDS], dtype=np.intp)
_SUIT_CLASSES = 8
"""A card's class for flush and nobs: ``suit * 2 + is_jack``; nothing else matters there."""
_CLASS_CARD = np.array(
    [(Rank.JACK - 1) * 4 + c // 2 if c % 2 else c // 2 for c in range(_SUIT_CLASSES)],
    dtype=np.uint8,
)
"""One card of each class (a jack or an ace of the suit), standing in for the whole class."""


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to split six cards: what is kept, what goes to the crib, and its value.

    ``hand_ev`` averages the kept hand over the 46 starters (``hand_min``/``hand_max``
    are its extremes); ``crib_ev`` is the expected crib score the two thrown cards are
    part of; ``total_ev`` adds the crib for the dealer and subtracts it for the pone.
    """

    keep: tuple[Card, ...]
    throw: tuple[Card, ...]
    hand_ev: float
    hand_min: int
    hand_max: int
    crib_ev: float
    total_ev: float

    def to_dict(self) -> dict[str, object]:
        """JSON form with cards in canonical notation."""
        return {
            "keep": [str(card) for card in self.keep],
            "throw": [str(card) for card in self.throw],
            "hand_ev": self.hand_ev,
            "hand_min": self.hand_min,
            "hand_max": self.hand_max,
            "crib_ev": self.crib_ev,
            "total_ev": self.total_ev,
        }


@dataclass(frozen=True, slots=True)
class DiscardAnalysis:
    """All 15 holds of one deal, best ``total_ev`` first.

    Ties in ``total_ev`` (compared exactly, not as floats) go to the higher hand, then to
    the lower kept cards, so the order never depends on chance.
    """

    options: tuple[DiscardOption, ...]
    dealer: bool

    @property
    def best(self) -> DiscardOption:
        return self.options[0]

    def to_dict(self) -> dict[str, object]:
        """JSON form: ``{"dealer": ..., "options": [...]}``, best first."""
        return {"dealer": self.dealer, "options": [option.to_dict() for option in self.options]}

    def explain(self) -> str:
        """Say in plain words why the best hold is best, against the best hand on its own."""
        best = self.best
        top_hand = max(self.options, key=lambda option: option.hand_ev)
        crib_words = _crib_words(self.dealer)
        if top_hand.hand_ev <= best.hand_ev:
            return (
                f"Keep {_cards(best.keep)}: it averages {best.hand_ev:.2f} in hand, the most "
                f"of any hold, and throwing {_cards(best.throw)} {crib_words} "
                f"{best.crib_ev:.2f}, for {best.total_ev:.2f} in all."
            )
        return (
            f"Keep {_cards(best.keep)} rather than {_cards(top_hand.keep)}: it averages "
            f"{best.hand_ev:.2f} in hand against {top_hand.hand_ev:.2f}, but throwing "
            f"{_cards(best.throw)} {crib_words} {best.crib_ev:.2f} where "
            f"{_cards(top_hand.throw)} {crib_words} {top_hand.crib_ev:.2f}, "
            f"so it comes to {best.total_ev:.2f} in all against {top_hand.total_ev:.2f}."
        )


def _crib_words(dealer: bool) -> str:
    return "to your own crib adds" if dealer else "to the dealer's crib gives away"


def _cards(cards: Iterable[Card]) -> str:
    return format_cards_unicode(cards)


def analyze_discard(
    cards: str | Iterable[str | Card],
    *,
    dealer: bool,
    opponent_throws: PairWeights | None = None,
) -> DiscardAnalysis:
    """Value all 15 holds of six dealt cards exactly and rank them, best first.

    ``dealer`` says whose crib it is. ``opponent_throws`` values each crib against the
    opponent's two cards weighted by their ranks (as in ``hold_values``; the expert's
    hints pass the keep model's) instead of every pair alike. Raises
    ``WrongCardCountError`` unless there are exactly six cards, ``DuplicateCardError`` if
    one repeats, ``InvalidNotationError`` for a card that cannot be read.
    """
    dealt = _dealt(cards)
    hand_totals, hand_min, hand_max, crib_totals = _totals(_indices(dealt), opponent_throws)
    sign = 1 if dealer else -1
    exact_totals = hand_totals * _SCALE + sign * crib_totals  # whole numbers unless weighted
    options = [
        DiscardOption(
            keep=tuple(sorted(dealt[i] for i in keep)),
            throw=tuple(sorted(dealt[i] for i in throw)),
            hand_ev=int(hand_totals[h]) / STARTERS,
            hand_min=int(hand_min[h]),
            hand_max=int(hand_max[h]),
            crib_ev=float(crib_totals[h]) / CRIB_COMPLETIONS,
            total_ev=float(exact_totals[h]) / CRIB_COMPLETIONS,
        )
        for h, (keep, throw) in enumerate(HOLDS)
    ]
    order = sorted(
        range(len(HOLDS)),
        key=lambda h: (
            -exact_totals[h],
            -int(hand_totals[h]),
            [card.index for card in options[h].keep],
        ),
    )
    return DiscardAnalysis(options=tuple(options[h] for h in order), dealer=dealer)


def hold_throws(dealt: Sequence[Card]) -> list[frozenset[Card]]:
    """The two cards each hold throws, in ``HOLDS`` order: the key that ties a value in
    ``HOLDS`` order to the ``DiscardOption`` (sorted best first) with the same throw."""
    return [frozenset(dealt[i] for i in throw) for _, throw in HOLDS]


def hold_values(
    dealt: Sequence[Card], *, dealer: bool, opponent_throws: PairWeights | None = None
) -> npt.NDArray[np.float64]:
    """Expected hand plus (dealer) or minus (pone) crib of each hold, in ``HOLDS`` order.

    The cheap path for players that decide many times: no option objects, no sorting,
    and the cards are trusted to be six distinct ones. ``opponent_throws`` weighs the
    opponent's two crib cards by their ranks (``[x, y]`` for ranks x + 1, y + 1; see
    ``cribkit.analysis.keepmodel``) instead of taking every pair alike.
    """
    indices = _indices(dealt)
    unseen = _unseen(indices)
    hand_totals = _hand_points(indices, unseen).sum(axis=1, dtype=np.int64)
    crib_totals = _crib_totals(indices[_THROW], unseen, opponent_throws)
    sign = 1 if dealer else -1
    values: npt.NDArray[np.float64] = (hand_totals * _SCALE + sign * crib_totals) / CRIB_COMPLETIONS
    return values


def hold_showings(
    dealt: Sequence[Card], *, opponent_throws: PairWeights | None = None
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float64]]:
    """Per hold (``HOLDS`` order): the kept hand's points with each of the 46 starters
    (unseen cards in deck order) and the expected crib of the throw (``opponent_throws``
    as in ``hold_values``). The cards are trusted to be six distinct ones."""
    indices = _indices(dealt)
    unseen = _unseen(indices)
    hands = _hand_points(indices, unseen)
    totals = _crib_totals(indices[_THROW], unseen, opponent_throws)
    cribs: npt.NDArray[np.float64] = totals / CRIB_COMPLETIONS
    return hands, cribs


def _hand_points(
    dealt: npt.NDArray[np.uint8], unseen: npt.NDArray[np.uint8]
) -> npt.NDArray[np.int8]:
    hands: npt.NDArray[np.int8] = show_points_bulk(
        np.repeat(dealt[_KEEP], STARTERS, axis=0), np.tile(unseen, len(HOLDS)), crib=False
    ).reshape(len(HOLDS), STARTERS)
    return hands


def _dealt(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    dealt = parse_cards(cards)
    if len(dealt) != 6:
        raise WrongCardCountError(
            f"a discard is chosen from the 6 dealt cards; got {len(dealt)} "
            f"({format_cards_unicode(dealt) or 'none'})"
        )
    return dealt


def _indices(dealt: Sequence[Card]) -> npt.NDArray[np.uint8]:
    return np.array([card.index for card in dealt], dtype=np.uint8)


def _unseen(dealt: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    unseen = np.ones(len(DECK), dtype=bool)
    unseen[dealt] = False
    return np.flatnonzero(unseen).astype(np.uint8)


def _totals(
    dealt: npt.NDArray[np.uint8], pair_weights: PairWeights | None = None
) -> tuple[
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64] | npt.NDArray[np.float64],
]:
    """Per hold: hand points summed over starters, their min and max, crib points summed
    (over 45,540 completions, weighted by ``pair_weights`` as in ``_crib_totals``)."""
    unseen = _unseen(dealt)
    hands = _hand_points(dealt, unseen)
    hand_totals = hands.sum(axis=1, dtype=np.int64)
    hand_min = hands.min(axis=1).astype(np.int64)
    hand_max = hands.max(axis=1).astype(np.int64)
    return hand_totals, hand_min, hand_max, _crib_totals(dealt[_THROW], unseen, pair_weights)


@overload
def _crib_totals(
    throws: npt.NDArray[np.uint8], unseen: npt.NDArray[np.uint8], pair_weights: None = None
) -> npt.NDArray[np.int64]: ...
@overload
def _crib_totals(
    throws: npt.NDArray[np.uint8], unseen: npt.NDArray[np.uint8], pair_weights: PairWeights | None
) -> npt.NDArray[np.int64] | npt.NDArray[np.float64]: ...
def _crib_totals(
    throws: npt.NDArray[np.uint8],
    unseen: npt.NDArray[np.uint8],
    pair_weights: PairWeights | None = None,
) -> npt.NDArray[np.int64] | npt.NDArray[np.float64]:
    """Crib points of each throw (rows of two cards), summed over all 45,540 completions.

    With ``pair_weights`` the rank part is a weighted mean over the other two crib cards'
    ranks, scaled back to 45,540 completions (flushes and nobs stay the plain average).
    """
    # (a) rank part: rank table rows of the two thrown ranks, dotted with rank-triple counts
    rank_counts = _triple_counts(np.bincount(unseen >> 2, minlength=13))
    throw_code = ((throws[:, 0] >> 2).astype(np.intp) * 13 + (throws[:, 1] >> 2)) * 13**3
    rank_rows = rank_table()[throw_code[:, None] + np.arange(13**3)]
    if pair_weights is None:
        rank_sums = rank_rows.astype(np.int64) @ rank_counts.ravel()
    else:
        weighted = (rank_counts * pair_weights[:, :, None]).ravel()
        rank_sums = rank_rows @ weighted * (CRIB_COMPLETIONS / weighted.sum())
    # (b) suit part: flush and nobs of each (suit, is-a-jack) class triple that occurs
    class_counts = _triple_counts(np.bincount(_class(unseen), minlength=_SUIT_CLASSES))
    present = np.argwhere(class_counts)
    weights = class_counts[tuple(present.T)]
    stand_ins = _CLASS_CARD[present]
    cribs = np.concatenate(
        [np.repeat(throws, len(present), axis=0), np.tile(stand_ins[:, :2], (len(throws), 1))],
        axis=1,
    )
    suit_points = suit_points_bulk(cribs, np.tile(stand_ins[:, 2], len(throws)), crib=True)
    suit_sums = suit_points.reshape(len(throws), len(present)).astype(np.int64) @ weights
    totals: npt.NDArray[np.int64] | npt.NDArray[np.float64] = rank_sums + suit_sums
    return totals


def _triple_counts(counts: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    """How many completions fall in each (category a <= b of the two other crib cards,
    category c of the starter), given how many unseen cards each category holds.

    The pair is unordered, so it is filed under its sorted categories: n_a * n_b ways
    for a < b, C(n_a, 2) for a == b; the starter is any unseen card not in the pair.
    """
    n = counts.astype(np.int64)
    pairs = np.triu(np.outer(n, n), k=1) + np.diag(n * (n - 1) // 2)
    eye = np.eye(len(n), dtype=np.int64)
    starters = n[None, None, :] - eye[:, None, :] - eye[None, :, :]
    triples: npt.NDArray[np.int64] = pairs[:, :, None] * starters
    return triples


def _class(cards: npt.NDArray[np.integer]) -> npt.NDArray[np.intp]:
    """Flush-and-nobs class of each card: ``suit * 2 + is_jack``."""
    suit = (cards & 3).astype(np.intp)
    jack: npt.NDArray[np.intp] = (cards >> 2 == Rank.JACK - 1).astype(np.intp)
    return suit * 2 + jack


def _completions(
    unseen: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Every (two other crib cards, starter) drawn from the unseen cards: 45,540 rows."""
    pairs = unseen[combinations_array(len(unseen), 2)].astype(np.intp)
    starters = np.broadcast_to(unseen.astype(np.intp), (len(pairs), len(unseen)))
    fresh = (starters != pairs[:, :1]) & (starters != pairs[:, 1:])
    rows, columns = np.nonzero(fresh)
    return pairs[rows], starters[rows, columns]


def crib_totals_enumerated(dealt: Sequence[Card]) -> npt.NDArray[np.int64]:
    """Crib points of each throw summed over all completions, scoring every crib in turn.

    The straightforward reference (15 * 45,540 rows through ``show_points_bulk``) that
    the shared-work path in ``analyze_discard`` is tested and benchmarked against.
    """
    indices = _indices(dealt)
    others, starter = _completions(_unseen(indices))
    totals = np.empty(len(HOLDS), dtype=np.int64)
    for h, throw in enumerate(indices[_THROW]):
        crib = np.concatenate([np.broadcast_to(throw, (len(others), 2)), others], axis=1)
        totals[h] = show_points_bulk(crib, starter, crib=True).sum(dtype=np.int64)
    return totals
