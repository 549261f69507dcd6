"""Which four ranks a player keeps, by role: the opponent model read from the expert's
own discards.

Nobody keeps four random cards. A pone keeps fives and pairs and throws wide cards into
the dealer's crib; a dealer keeps what scores and throws what helps its own crib. The
table ``cribkit/data/keeps.npz`` (built by ``scripts/build_keeps.py``) counts, over many
random deals, the rank multiset the expert keeps from six cards as pone and as dealer,
and the two ranks it throws; ``keep_likelihood`` is how much likelier a keep is than four
random cards, so the pegging search can weigh the opponent's possible hands by it
(``opponent_holdings``), and ``throw_likelihoods`` the same for the pair thrown, so a
crib can be valued against the throws an opponent really makes.

Each chunk of deals has its own seed, and the table carries a digest of every chunk's
counts, so a test can rebuild any chunk alone and check it. The keeps are the session-9
expert's, whose discard weighed the searched pegging table at 0.6 (``build_keeps.py``
pins it): the realized table the expert now discards by was sampled from play that reads
this model, so the model stays the one those samples saw. A new searched table changes
some keeps: rebuild this table after it (``make pegging``, then ``make keeps``). A second
table, ``keeps-shipped``, counts the same deals kept by today's expert (``make
keeps-shipped``); the play reads it (``keep_table``), the tables built on this one do not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from cribkit.analysis.shipped import shipped_arrays
from cribkit.errors import CribkitError

__all__ = [
    "CRIB_MODEL",
    "KEEPS",
    "KEEP_ROWS",
    "KEEP_TABLE",
    "ROLES",
    "SHIPPED_KEEP_TABLE",
    "SMOOTHING",
    "KeepTable",
    "crib_throws",
    "keep_index",
    "keep_likelihood",
    "keep_table",
    "likelihood_ratios",
    "random_keep_probability",
    "random_throw_probability",
    "throw_likelihoods",
    "throw_ratios",
]

KEEPS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(1, 14), 4))
"""Every sorted multiset of four ranks (1,820), in a fixed order: the tables' rows."""

KEEP_ROWS = {keep: i for i, keep in enumerate(KEEPS)}
"""Each keep's row in ``KEEPS``."""

ROLES = ("pone", "dealer")
"""The tables' columns: role 0 leads the play, role 1 deals."""

SMOOTHING = 1.0
"""Keeps added to each entry's count and to its random expectation, so a keep the
sample never saw is unlikely, not impossible (a player's scores can change its keep)."""

KEEP_TABLE = "keeps"
"""The keep table the model reads by default: the session-9 expert's keeps, pinned for the
tables built on it (the crib model's throws, the realized table's samples, the openings).
``SHIPPED_KEEP_TABLE`` is today's expert's."""

SHIPPED_KEEP_TABLE = "keeps-shipped"
"""Today's expert's keeps on the same deals (``build_keeps.py --shipped-expert``): what the
expert's play reads its opponent by (``cribkit.analysis.pegging.EXPERT_PLAY``), since the
opponent it meets most keeps as it does. Session 30: play duels +0.001 to +0.006 a hand
on six seeds (docs' strength page)."""

CRIB_MODEL = True
"""Whether the expert values a crib against the throws this model says the opponent makes
(``crib_throws``) rather than against every pair of unseen cards alike. Nobody throws two
random cards: a pone keeps its fives and pairs, a dealer throws them. Session 11: offline
against ``expert-2026``'s real throws it moved the dealer's points from hand to its own
crib and cost the pone's opponent crib points; measured in the match (README)."""

Array = npt.NDArray[np.float64]


def keep_index(ranks: Sequence[int]) -> int:
    """The row of four ranks (in any order)."""
    try:
        return KEEP_ROWS[tuple(sorted(ranks))]
    except KeyError as error:
        raise CribkitError(f"not four ranks of one deck: {tuple(ranks)}") from error


def random_keep_probability(keep: Sequence[int]) -> float:
    """The chance that four cards drawn at random from a full deck have these ranks."""
    ways = math.prod(math.comb(4, keep.count(rank)) for rank in set(keep))
    return ways / math.comb(52, 4)


def likelihood_ratios(counts: npt.NDArray[np.int64]) -> Array:
    """``counts[role, row]`` of keeps seen over ``deals`` deals -> how much likelier each
    keep is than a random one (smoothed by ``SMOOTHING``)."""
    deals = counts.sum(axis=1, keepdims=True)
    expected = deals * np.array([random_keep_probability(keep) for keep in KEEPS])
    ratios: Array = (counts + SMOOTHING) / (expected + SMOOTHING)
    return ratios


def random_throw_probability(low: int, high: int) -> float:
    """The chance that two cards drawn at random from a full deck have these ranks."""
    ways = math.comb(4, 2) if low == high else 16
    return ways / math.comb(52, 2)


def throw_ratios(throws: npt.NDArray[np.int64]) -> Array:
    """``throws[role, a - 1, b - 1]`` (a <= b) of pairs thrown -> ``[role, x, y]``: how
    much likelier throwing ranks x + 1 and y + 1 is than two random cards (symmetric,
    smoothed by ``SMOOTHING``)."""
    deals = throws.sum(axis=(1, 2))[:, None, None]
    expected = np.array(
        [
            [random_throw_probability(min(a, b), max(a, b)) for b in range(1, 14)]
            for a in range(1, 14)
        ]
    )
    both = throws + np.transpose(np.triu(throws, k=1), (0, 2, 1))  # fill below the diagonal
    ratios: Array = (both + SMOOTHING) / (deals * expected + SMOOTHING)
    return ratios


@dataclass(frozen=True, slots=True)
class KeepTable:
    """The shipped table: keep and throw counts by role, the chunks' digests, the seed."""

    counts: npt.NDArray[np.int64]
    ratios: Array
    throws: npt.NDArray[np.int64]
    throw_ratios: Array
    digests: tuple[str, ...]
    chunk_deals: int
    seed: int


@cache
def keep_table(name: str = KEEP_TABLE) -> KeepTable:
    """Load a keep table shipped with the package (once each)."""
    data = shipped_arrays(name, "build_keeps.py")
    counts = np.asarray(data["counts"], dtype=np.int64)
    throws = np.asarray(data["throws"], dtype=np.int64)
    return KeepTable(
        counts=counts,
        ratios=likelihood_ratios(counts),
        throws=throws,
        throw_ratios=throw_ratios(throws),
        digests=tuple(str(d) for d in data["digests"]),
        chunk_deals=int(data["chunk_deals"]),
        seed=int(data["seed"]),
    )


@cache
def keep_likelihood(keep: tuple[int, ...], dealer: bool, table: str = KEEP_TABLE) -> float:
    """How much likelier a keep of these four sorted ranks is, for a dealer or a pone,
    than four random cards, by the keep table named ``table``."""
    return float(keep_table(table).ratios[1 if dealer else 0, KEEP_ROWS[keep]])


def throw_likelihoods(dealer: bool) -> Array:
    """``[x, y]``: how much likelier a dealer (or a pone) throws ranks x + 1 and y + 1
    into the crib than two random cards."""
    ratios: Array = keep_table().throw_ratios[1 if dealer else 0]
    return ratios


def crib_throws(*, dealer: bool, crib_model: bool = CRIB_MODEL) -> Array | None:
    """The pair weights a crib is valued against by a player in this role: the opponent's
    throws in the other role (``throw_likelihoods``), or ``None`` (every pair alike, the
    plain exact expectation) without the crib model."""
    return throw_likelihoods(not dealer) if crib_model else None
