"""Where to cut: any legal position, drawn from public facts so every player cuts alike.

Where one cuts changes nothing about the odds: chance orders the deck from the game's
secret seed, and a player chooses a position, never a card. So the computer players,
the hint and a person in a hurry all take ``default_cut``, a uniform draw over the
legal positions from a generator seeded by the seat, the hand and the rounds of the cut
for deal so far. Being the same whoever sits in the seat keeps the two games of a
duplicate pair (``cribkit.tournament``) on the same cards.
"""

from __future__ import annotations

import random

from cribkit.actions import Cut
from cribkit.errors import CribkitError
from cribkit.view import PlayerView

__all__ = ["default_cut"]


def default_cut(view: PlayerView) -> Cut:
    """A legal cut for ``view``, chosen uniformly by a generator seeded from public facts."""
    positions = [a.position for a in view.legal_actions if isinstance(a, Cut)]
    if not positions:
        raise CribkitError(
            f"player {view.player} has no cut to make in the {view.phase} phase",
            code="nothing_to_cut",
        )
    facts = f"cribkit/cut/{view.player}/{view.hand_number}/{len(view.cut_for_deal)}"
    return Cut(view.player, random.Random(facts).choice(positions))
