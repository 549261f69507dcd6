"""Counting your own show (the ``manual_count`` option) and muggins, as pure rules.

A player who counts their own hand or crib announces a number; the engine knows the true
count. A claim up to the true count is pegged as claimed (a full claim pegs the itemized
count, as the engine would); the points it overlooked go to the opponent when muggins is
on (ACC rule) and are simply lost when it is off. An over-claim is never pegged: the
player pegs the true count, and the talk says by how much they over-claimed.
"""

from __future__ import annotations

from cribkit.cards import Card
from cribkit.events import Show
from cribkit.scoring import Breakdown, ScoreItem, ScoreKind
from cribkit.talk import number_word

__all__ = ["MAX_CLAIM", "claim_words", "claimed_items", "muggins_items"]

MAX_CLAIM = 29
"""The most any hand or crib can score (5-5-5 and the jack of the starter's suit)."""


def claimed_items(
    breakdown: Breakdown, claim: int, cards: tuple[Card, ...]
) -> tuple[ScoreItem, ...]:
    """What the claimant pegs: the itemized count when the claim reaches it (an over-claim
    included), otherwise one item of the claimed points (nothing for a claim of 0)."""
    if claim >= breakdown.total:
        return breakdown.items
    if claim == 0:
        return ()
    return (ScoreItem(ScoreKind.CLAIM, claim, cards, f"{number_word(claim)}, as counted"),)


def muggins_items(breakdown: Breakdown, claim: int, *, muggins: bool) -> tuple[ScoreItem, ...]:
    """What the opponent pegs: the overlooked points, with muggins on and a short claim."""
    missed = breakdown.total - claim
    if not muggins or missed <= 0:
        return ()
    return (ScoreItem(ScoreKind.MUGGINS, missed, (), f"muggins for {number_word(missed)}"),)


def claim_words(show: Show, name: str, opponent: str) -> str:
    """The claim of a counted show in English table talk, for the command line."""
    claim, total = show.claim, show.breakdown.total
    if show.over_claimed:
        said = f"{name} claimed {claim}: over-claimed by {show.over_claimed}, {total} pegged"
    elif show.missed:
        said = f"{name} counted {claim}: {show.missed} missed"
    else:
        said = f"{name} counted {claim}: exactly right"
    return f"{said}; muggins: {show.muggins} for {opponent}" if show.muggins else said
