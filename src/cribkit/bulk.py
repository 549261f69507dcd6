"""Vectorized show scoring: tens of millions of hands (or cribs) a second with NumPy.

A show score splits into a part that depends only on the five ranks (fifteens, pairs,
runs) and a part that depends on suits (flush, nobs). The rank part is read from a
dense table with one int8 entry per *ordered* 5-tuple of ranks (13**5 = 371,293 bytes),
so rows need no sorting: the code of 0-based ranks ``r0..r4`` is
``(((r0 * 13 + r1) * 13 + r2) * 13 + r3) * 13 + r4``. The table is filled from
``scoring.rank_points``, so the counting rules live in one place only. The suit part is
a few vector comparisons.

Cards are NumPy integers in the ``Card.index`` encoding, ``(rank - 1) * 4 + suit``.
Rows are not checked for duplicate cards: callers build them from real deals, and the
check would cost more than the scoring.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from cribkit.cards import Card, Rank
from cribkit.errors import InvalidNotationError, WrongCardCountError
from cribkit.scoring import rank_points

__all__ = [
    "RANK_CODES",
    "cards_to_array",
    "combinations_array",
    "rank_code",
    "rank_points_bulk",
    "rank_table",
    "show_points_bulk",
    "suit_points_bulk",
]

RANK_CODES = 13**5
"""Size of the dense rank table: one entry per ordered 5-tuple of ranks."""

_JACK_CLUBS = (Rank.JACK - 1) * 4
"""Index of the jack of clubs; the jack of suit ``s`` is ``_JACK_CLUBS + s``."""

Cards = npt.ArrayLike
"""Card indices 0..51, as any array-like NumPy accepts."""


@cache
def rank_table() -> npt.NDArray[np.int8]:
    """Fifteens + pairs + runs for every ordered 5-tuple of ranks (read-only, built once).

    Each of the 6,175 rank multisets is scored once by ``scoring.rank_points``; every
    ordering of it then shares that value. Five of one rank cannot be dealt: 0.
    """
    by_sorted_code = np.zeros(RANK_CODES, dtype=np.int8)
    for ranks in combinations_with_replacement(range(13), 5):
        if ranks[0] != ranks[4]:
            by_sorted_code[_code_of(ranks)] = rank_points(r + 1 for r in ranks)
    every = np.indices((13,) * 5, dtype=np.int32).reshape(5, -1).T
    every.sort(axis=1)
    table = by_sorted_code[_codes_of_columns(list(every.T))]
    table.setflags(write=False)
    return table


def _code_of(ranks: Iterable[int]) -> int:
    code = 0
    for rank in ranks:
        code = code * 13 + rank
    return code


def _codes_of_columns(ranks: Sequence[npt.NDArray[np.integer]]) -> npt.NDArray[np.int32]:
    """Table codes from one array of 0-based ranks per card position (in place, int32)."""
    code = ranks[0].astype(np.int32)
    for column in ranks[1:]:
        code *= 13
        code += column
    return code


def _columns(cards: Cards, width: int) -> list[npt.NDArray[np.uint8]]:
    """Validated card indices as one contiguous uint8 array per position (fast to scan)."""
    array = np.asarray(cards)
    if array.ndim != 2 or array.shape[1] != width:
        raise WrongCardCountError(
            f"bulk scoring needs {width} cards a row (shape (N, {width})), not shape {array.shape}"
        )
    _check_indices(array)
    return [array[:, i].astype(np.uint8) for i in range(width)]


def _starter_column(starter: Cards, rows: int) -> npt.NDArray[np.uint8]:
    array = np.asarray(starter)
    if array.shape != (rows,):
        raise WrongCardCountError(
            f"bulk scoring needs one starter a hand (shape ({rows},)), not shape {array.shape}"
        )
    _check_indices(array)
    return array.astype(np.uint8)


def _check_indices(array: npt.NDArray[np.generic]) -> None:
    if not np.issubdtype(array.dtype, np.integer):
        raise InvalidNotationError(f"card indices must be integers, not {array.dtype}")
    if array.size and (array.min() < 0 or array.max() > 51):
        raise InvalidNotationError("card indices must be between 0 and 51")


def rank_code(cards: Cards) -> npt.NDArray[np.int32]:
    """Rank-table code of each row of five card indices (shape ``(N, 5)``), in any order."""
    return _codes_of_columns([column >> 2 for column in _columns(cards, 5)])


def rank_points_bulk(cards: Cards) -> npt.NDArray[np.int8]:
    """Fifteens + pairs + runs of each row of five card indices (shape ``(N, 5)``)."""
    return rank_table()[rank_code(cards)]


def suit_points_bulk(hand: Cards, starter: Cards, *, crib: bool) -> npt.NDArray[np.int8]:
    """Flush and nobs of each row: ``hand`` is ``(N, 4)`` card indices, ``starter`` ``(N,)``.

    A hand scores 4 for four cards of one suit and 5 when the starter matches too; a
    crib scores only the five-card flush. Nobs is a hand jack of the starter's suit.
    """
    columns = _columns(hand, 4)
    return _suit_points(columns, _starter_column(starter, len(columns[0])), crib=crib)


def _suit_points(
    hand: Sequence[npt.NDArray[np.uint8]], starter: npt.NDArray[np.uint8], *, crib: bool
) -> npt.NDArray[np.int8]:
    suit = hand[0] & 3
    four = (hand[1] & 3) == suit
    four &= (hand[2] & 3) == suit
    four &= (hand[3] & 3) == suit
    five = four & ((starter & 3) == suit)
    points: npt.NDArray[np.int8]
    if crib:
        points = five.view(np.int8) * np.int8(5)
    else:
        points = four.view(np.int8) * np.int8(4)
        points += five.view(np.int8)
    nobs_jack = (starter & 3) + np.uint8(_JACK_CLUBS)
    for column in hand:
        points += (column == nobs_jack).view(np.int8)
    return points


def show_points_bulk(hand: Cards, starter: Cards, *, crib: bool) -> npt.NDArray[np.int8]:
    """Show points of every row: ``hand`` ``(N, 4)`` and ``starter`` ``(N,)`` card indices.

    Equal to ``scoring.show_points`` row by row; ``crib`` says which flush rule applies.
    Raises ``WrongCardCountError`` for shapes that are not four cards plus a starter and
    ``InvalidNotationError`` for indices outside 0..51.
    """
    columns = _columns(hand, 4)
    start = _starter_column(starter, len(columns[0]))
    code = _codes_of_columns([column >> 2 for column in (*columns, start)])
    points = rank_table()[code]
    points += _suit_points(columns, start, crib=crib)
    return points


def cards_to_array(rows: Iterable[Iterable[Card]]) -> npt.NDArray[np.uint8]:
    """Card indices of rows of cards as a ``(N, width)`` uint8 array for the functions above."""
    return np.array([[card.index for card in row] for row in rows], dtype=np.uint8)


def combinations_array(n: int, k: int) -> npt.NDArray[np.uint8]:
    """All k-subsets of ``range(n)`` (n <= 256) as rows in lexicographic order, like
    ``itertools.combinations`` but built with a few vector operations.

    Each round extends every row by each value above its last one, so no row is ever
    discarded and memory stays at the size of the answer.
    """
    if not 0 <= k <= n <= 256:
        raise ValueError(f"cannot choose {k} of {n} (n must be at most 256)")
    rows = np.zeros((1, 0), dtype=np.uint8)
    last = np.full(1, -1, dtype=np.int64)
    for depth in range(k):
        # room left after the last value so that the row can still reach k values
        counts = np.maximum(n - (k - depth - 1) - (last + 1), 0)
        starts = np.cumsum(counts) - counts
        rows = np.repeat(rows, counts, axis=0)
        last = np.arange(counts.sum()) - np.repeat(starts - (last + 1), counts)
        rows = np.hstack([rows, last[:, None].astype(np.uint8)])
    return rows
