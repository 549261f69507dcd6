"""The home page's suggested level: the one that gives the player about an even game.

Once a player has a few rated games (``SETTLED_GAMES``) their rating says enough to pick
the rated level nearest to it; before that the suggestion is the middle rated level, a
fair place to start. The expected score is the ladder's (``cribkit.ratings``): the chance
of winning a game against that level at the player's present rating.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cribkit.players.level_ratings import level_rating
from cribkit.ratings import expected_score
from cribkit.web.table.rating.glicko import Standing, rated_strategy

__all__ = ["SETTLED_GAMES", "Suggestion", "suggest_level"]

SETTLED_GAMES = 3
"""Rated games after which the suggestion follows the player's own rating."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A table level to play next, with what the player may expect against it."""

    level: str
    strategy: str
    rating: float
    expected: float
    """The player's chance of winning a game against it."""
    settled: bool
    """Whether it follows the player's rating (False: a newcomer's middle level)."""


def suggest_level(standing: Standing, levels: Iterable[str]) -> Suggestion | None:
    """The level among ``levels`` (the table's playable ones) to suggest, or None when
    none of them is rated."""
    rated = sorted(
        ((level_rating(strategy).rating, level, strategy) for level, strategy in _rated(levels)),
        key=lambda item: item[0],
    )
    if not rated:
        return None
    settled = standing.games >= SETTLED_GAMES
    if settled:
        rating, level, strategy = min(rated, key=lambda item: abs(item[0] - standing.rating))
    else:
        rating, level, strategy = rated[(len(rated) - 1) // 2]
    return Suggestion(level, strategy, rating, expected_score(standing.rating, rating), settled)


def _rated(levels: Iterable[str]) -> Iterable[tuple[str, str]]:
    for level in levels:
        strategy = rated_strategy(level)
        if strategy is not None:
            yield level, strategy
