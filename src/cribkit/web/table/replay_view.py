"""A replay step in words for the replay page: what was done and what it scored.

The page translates the template strings; the pieces here are cards and numbers plus a
message id, so this module stays free of any language.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribkit.actions import Cut, CutForDeal, Deal, Discard, Go, NextHand, Play, TurnStarter
from cribkit.cards import Card
from cribkit.record import ReplayStep

__all__ = ["StepWords", "describe_step"]


@dataclass(frozen=True, slots=True)
class StepWords:
    """``kind`` picks the sentence; ``player`` and ``cards`` fill it in."""

    kind: str
    player: int | None
    cards: tuple[Card, ...]
    count: int | None = None
    position: int | None = None


def describe_step(step: ReplayStep) -> StepWords:
    """What happened in ``step``, as a sentence kind plus its cards and count."""
    action = step.action
    match action:
        case Cut(player, position):
            return StepWords("cut_position", player, (), position=position)
        case CutForDeal(cards):
            return StepWords("cut", None, cards)
        case Deal():
            return StepWords("deal", step.after.dealer, ())
        case TurnStarter(card):
            return StepWords("starter", step.after.dealer, (card,))
        case Discard(player, cards):
            return StepWords("discard", player, cards)
        case Play(player, card):
            return StepWords("play", player, (card,), step.before.count + card.pips)
        case Go(player):
            return StepWords("go", player, ())
        case NextHand(player):
            return StepWords("next", player, ())
