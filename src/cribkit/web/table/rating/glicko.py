"""One game's Glicko-2 step, computed by the ``glicko2`` library, and who counts as rated.

Each rated game is a rating period of its own, so the rating moves after every game (a
player who plays a few games a month would otherwise wait weeks for a figure). Ratings
are on the ladder's Elo-like scale (``cribkit.players.level_ratings``): Glicko-2's own
expected score is the same logistic curve, 400 points for a factor of ten in the odds.

A newcomer starts at the rating of the middle calibrated level (``START_LEVEL``), the one
the home page suggests first, with Glicko-2's usual 350 RD: the first few games then move
the rating by a hundred points or more, so a wrong start is soon forgotten. Glicko-2's
customary 1500 would put every newcomer above the expert on this scale. A level is a
yardstick, not a learner: its rating is the ladder's, with a small fixed ``LEVEL_RD``.
"""

from __future__ import annotations

from dataclasses import dataclass

import glicko2

from cribkit.players import CALIBRATED_LEVELS, LEVELS
from cribkit.players.level_ratings import level_rating, level_ratings
from cribkit.web.table.games.computer import shown_level

__all__ = [
    "LEVEL_RD",
    "START_LEVEL",
    "START_RD",
    "START_VOL",
    "Standing",
    "after_game",
    "rated_strategy",
    "start",
]

START_LEVEL = CALIBRATED_LEVELS[(len(CALIBRATED_LEVELS) - 1) // 2]
"""The middle calibrated level: a newcomer is taken to be about as strong as it."""
START_RD = 350.0
"""Glicko-2's deviation for a player nothing is known about."""
START_VOL = 0.06
"""Glicko-2's customary starting volatility (the library's default)."""
LEVEL_RD = 30.0
"""The computer level's deviation: about the ladder's uncertainty, so a game against it
moves the player's rating and hardly depends on the level's own doubt."""


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's Glicko-2 figures, and how many rated games made them."""

    rating: float
    rd: float
    vol: float
    games: int = 0

    @property
    def low(self) -> float:
        """The bottom of the rating's 95% range (two deviations below)."""
        return self.rating - 2 * self.rd

    @property
    def high(self) -> float:
        return self.rating + 2 * self.rd


def start() -> Standing:
    """A newcomer's standing (before any rated game)."""
    return Standing(level_rating(START_LEVEL).rating, START_RD, START_VOL)


def after_game(mine: Standing, rating: float, rd: float, outcome: float) -> Standing:
    """``mine`` after one game against an opponent rated ``rating`` ± ``rd`` (``outcome``
    1 for a win, 0 for a loss), by the library's own update."""
    player = glicko2.Player(rating=mine.rating, rd=mine.rd, vol=mine.vol)
    player.update_player([rating], [rd], [outcome])
    return Standing(float(player.rating), float(player.rd), float(player.vol), mine.games + 1)


def rated_strategy(level: str) -> str | None:
    """The calibrated strategy behind the table level ``level``, or None when games at it
    are not rated (``random`` and ``greedy`` are not calibrated levels, and a friend
    game has no level)."""
    strategy = LEVELS.get(shown_level(level))  # a game stored as easy/medium/hard
    if strategy is None or strategy not in CALIBRATED_LEVELS or strategy not in level_ratings():
        return None
    return strategy
