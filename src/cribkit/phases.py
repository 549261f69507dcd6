"""Where a game can be and the sizes the rules fix: shared by the state machine
(``cribkit.state``) and its legality checks (``cribkit.state_checks``)."""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "DECK_SIZE",
    "HAND_SIZE",
    "KEEP_SIZE",
    "MIN_PACKET",
    "PACK_SIZE",
    "STARTER_CUTS",
    "Phase",
]

HAND_SIZE = 6
"""Cards dealt to each player in two-player cribbage."""
KEEP_SIZE = 4
"""Cards each player keeps after laying two away to the crib."""
DECK_SIZE = 52
"""Cards spread face down for the cut for deal: a seat cuts at a position 0-51."""
PACK_SIZE = DECK_SIZE - 2 * HAND_SIZE
"""Cards left in the pack after the deal, cut by the pone for the starter."""
MIN_PACKET = 4
"""The pone leaves at least four cards in each packet when cutting for the starter."""
STARTER_CUTS = range(MIN_PACKET, PACK_SIZE - MIN_PACKET + 1)
"""Where the pone may cut for the starter: how many cards to lift (4-36)."""


class Phase(StrEnum):
    """Where the game is. Chance deals in DEAL; in CUT_FOR_DEAL and STARTER the players
    cut first and chance then turns the cards at their positions."""

    CUT_FOR_DEAL = "cut_for_deal"
    DEAL = "deal"
    DISCARD = "discard"
    STARTER = "starter"
    PLAY = "play"
    SHOW = "show"
    GAME_OVER = "game_over"
