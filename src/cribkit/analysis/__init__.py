"""Advice from exact numbers: what to throw to the crib, what to play, and how a game went.

The analyses here see only what a player sees (their own cards and who deals), so the
computer player, the hints and the calculator can all share them. The front doors:
``analyze_discard`` (six cards), ``hint`` (a player's view) and ``review_game`` (a record).
"""

from cribkit.analysis.discard import (
    HOLDS,
    DiscardAnalysis,
    DiscardOption,
    analyze_discard,
    hold_values,
)
from cribkit.analysis.hints import Hint, hint
from cribkit.analysis.review import GameReview, review_game

__all__ = [
    "HOLDS",
    "DiscardAnalysis",
    "DiscardOption",
    "GameReview",
    "Hint",
    "analyze_discard",
    "hint",
    "hold_values",
    "review_game",
]
