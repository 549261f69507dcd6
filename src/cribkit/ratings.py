"""An Elo-like scale from head-to-head results: a Bradley-Terry fit by Newton's method.

Each player ``i`` has a strength ``r_i`` (Elo points); ``i`` beats ``j`` with probability
``1 / (1 + 10 ** ((r_j - r_i) / 400))``. The fit maximizes the likelihood of the wins
seen, with the first player of ``anchor`` fixed at ``anchor_rating`` (a scale has no
zero of its own); the 95% intervals come from the inverse of the information matrix,
treating games as independent. Duplicate pairs make the games less noisy than that, so
the intervals are on the wide side. Each pairing also counts ``prior`` virtual wins for
either side (half a game each by default), so a player who won or lost every game still
gets a finite rating; over hundreds of games a pairing it moves ratings by a point or two.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from cribkit.errors import CribkitError

__all__ = ["ELO_SCALE", "HeadToHead", "Rating", "expected_score", "fit_ratings"]

ELO_SCALE = 400 / math.log(10)
"""Elo points per unit of natural-log strength."""

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """``a`` won ``a_wins`` of ``games`` against ``b``."""

    a: str
    b: str
    a_wins: float
    games: int


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's fitted rating with its 95% interval (the anchor's is its own value)."""

    player: str
    rating: float
    low: float
    high: float
    games: int


def expected_score(mine: float, theirs: float) -> float:
    """The chance the player rated ``mine`` beats the one rated ``theirs``."""
    return 1 / (1 + 10 ** ((theirs - mine) / 400))


def fit_ratings(
    results: Sequence[HeadToHead],
    *,
    anchor: str,
    anchor_rating: float = 1500.0,
    iterations: int = 100,
    prior: float = 0.5,
) -> list[Rating]:
    """Ratings of every player in ``results``, ``anchor`` fixed at ``anchor_rating``,
    strongest first. Refuses results that cannot be fitted (a player who won or lost
    ``prior`` is 0 and won or lost every game has no finite rating)."""
    players = sorted({r.a for r in results} | {r.b for r in results})
    if anchor not in players:
        raise CribkitError(f"the anchor {anchor!r} played no games")
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    wins = np.zeros((n, n))
    if prior < 0:
        raise CribkitError(f"the prior is 0 or more wins, not {prior}")
    for r in results:
        if not 0 <= r.a_wins <= r.games:
            raise CribkitError(f"{r.a} vs {r.b}: {r.a_wins} wins of {r.games} games")
        wins[index[r.a], index[r.b]] += r.a_wins
        wins[index[r.b], index[r.a]] += r.games - r.a_wins
    played = (wins + wins.T) > 0
    real_games = (wins + wins.T).sum(axis=1)
    wins = wins + prior * played
    games = wins + wins.T
    for p in players:
        i = index[p]
        if wins[i].sum() == 0 or wins[:, i].sum() == 0:
            raise CribkitError(f"{p} won or lost every game: no finite rating")
    free = [i for i in range(n) if i != index[anchor]]
    theta = np.zeros(n)
    for _ in range(iterations):
        chance = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
        gradient = (wins - games * chance).sum(axis=1)
        weight = games * chance * (1 - chance)
        hessian = np.diag(weight.sum(axis=1)) - weight
        step = np.linalg.solve(hessian[np.ix_(free, free)], gradient[free])
        theta[free] += step
        if np.max(np.abs(step)) < 1e-10:
            break
    chance = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    weight = games * chance * (1 - chance)
    information = (np.diag(weight.sum(axis=1)) - weight)[np.ix_(free, free)]
    spread = np.zeros(n)
    spread[free] = np.sqrt(np.diag(np.linalg.inv(information)))
    ratings = [
        Rating(
            player=p,
            rating=anchor_rating + ELO_SCALE * theta[index[p]],
            low=anchor_rating + ELO_SCALE * (theta[index[p]] - Z95 * spread[index[p]]),
            high=anchor_rating + ELO_SCALE * (theta[index[p]] + Z95 * spread[index[p]]),
            games=int(real_games[index[p]]),
        )
        for p in players
    ]
    return sorted(ratings, key=lambda r: -r.rating)
