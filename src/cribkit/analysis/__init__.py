"""Advice from exact numbers: what to throw to the crib, and why.

The analyses here see only what a player sees (their own cards and who deals), so the
computer player, the hints and the calculator can all share them.
"""

from cribkit.analysis.discard import (
    HOLDS,
    DiscardAnalysis,
    DiscardOption,
    analyze_discard,
    hold_values,
)

__all__ = ["HOLDS", "DiscardAnalysis", "DiscardOption", "analyze_discard", "hold_values"]
