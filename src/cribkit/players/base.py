"""The one interface every computer player implements: choose an action from a view.

A strategy sees only a ``PlayerView`` (which has no field for hidden cards) and keeps its
own seeded generator, so a match is reproducible and no strategy can peek.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Protocol

from cribkit.actions import ClaimCount, Cut, NextHand, PlayerAction
from cribkit.analysis.cut import default_cut
from cribkit.errors import CribkitError
from cribkit.events import ScoreContext
from cribkit.scoring import show_points
from cribkit.view import PlayerView

__all__ = ["Strategy", "StrategyBase", "default_cut", "true_claim"]


class Strategy(Protocol):
    """Anything with a ``name`` that picks one of ``view.legal_actions``."""

    name: str

    def choose(self, view: PlayerView) -> PlayerAction:
        """Return one of ``view.legal_actions``."""
        ...


class StrategyBase(ABC):
    """Shared plumbing: the seeded generator and the trivial decisions.

    Subclasses implement ``choose_discard`` and ``choose_play``; ``choose`` dispatches on
    the kind of legal actions and answers "next hand" and the cuts (``choose_cut``) itself.
    """

    name = "base"

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> PlayerAction:
        actions = view.legal_actions
        if not actions:
            raise CribkitError(f"player {view.player} has nothing to do in the {view.phase} phase")
        if len(actions) == 1:
            return actions[0]
        first = actions[0]
        if isinstance(first, NextHand):
            return first
        if isinstance(first, Cut):
            return self.choose_cut(view)
        if isinstance(first, ClaimCount):
            return true_claim(view)
        if view.phase == "discard":
            return self.choose_discard(view)
        return self.choose_play(view)

    def choose_cut(self, view: PlayerView) -> Cut:
        """Where to cut (for the deal, or the pack for the starter): see ``default_cut``."""
        return default_cut(view)

    @abstractmethod
    def choose_discard(self, view: PlayerView) -> PlayerAction:
        """One of the legal discards (two cards to the crib)."""

    @abstractmethod
    def choose_play(self, view: PlayerView) -> PlayerAction:
        """One of the legal plays (a card, or go when nothing fits)."""


def true_claim(view: PlayerView) -> ClaimCount:
    """The computer's own count of the show laid down: always exactly right."""
    pending = view.to_count
    if pending is None:
        raise CribkitError(f"player {view.player} has no hand or crib to count now")
    crib = pending.context is ScoreContext.CRIB
    return ClaimCount(view.player, show_points(pending.cards, pending.starter, crib=crib))
