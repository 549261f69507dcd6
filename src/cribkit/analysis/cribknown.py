"""The crib's count once the starter is cut, from what one player knows of it.

Near 121 the crib can decide the game, and by the play a player knows three of its five
cards: its own two throws (or none of them, as pone: its two throws, all the same, go to
the dealer's crib) and the starter. The other two are the opponent's throw, weighed by
how likely the opponent's role throws those ranks (``keepmodel.throw_likelihoods``), so a
crib fed 5-5 under a 5 starter is not counted as the average crib.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from cribkit.analysis.keepmodel import throw_likelihoods
from cribkit.cards import DECK, Card
from cribkit.scoring import show_points

__all__ = ["crib_distribution"]

Array = npt.NDArray[np.float64]


@lru_cache(maxsize=64)
def crib_distribution(
    thrown: tuple[Card, Card], starter: Card, dealt: frozenset[Card], *, dealer: bool, size: int
) -> Array:
    """``P[points]`` of the crib (``size`` entries) holding ``thrown`` under ``starter``,
    the other two cards thrown by the opponent from the cards this player has not seen
    (``dealt``: its own six), a dealer's throws weighed for a pone's role and the reverse."""
    likelihood = throw_likelihoods(not dealer)
    unseen = [card for card in DECK if card not in dealt and card != starter]
    distribution = np.zeros(size)
    for first, second in combinations(unseen, 2):
        crib = (*thrown, first, second)
        weight = likelihood[first.rank - 1, second.rank - 1]
        distribution[min(show_points(crib, starter, crib=True), size - 1)] += weight
    normalized: Array = distribution / distribution.sum()
    normalized.flags.writeable = False  # shared by the cache
    return normalized
