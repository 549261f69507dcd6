"""Chance, drawn from an injected seeded generator: the cut for deal, the deal, the starter.

Each chance action gets its own generator derived from the game's seed and the number of
chance actions before it, so a game rebuilt from its record continues with exactly the
same luck, and nothing ever touches the global ``random`` state.

The players choose where to cut; chance orders the cards. For the cut for deal chance
shuffles a whole deck and gives each seat the card at the position it chose; for the
starter it orders the undealt pack and turns the card at the pone's cut. The order depends
on the seed alone, which never leaves the server before the game is over, so choosing a
position tells a player nothing about which card it holds.
"""

from __future__ import annotations

import random
import secrets

from cribkit.actions import ChanceAction, CutForDeal, Deal, TurnStarter
from cribkit.cards import DECK, Card
from cribkit.errors import CribkitError
from cribkit.state import HAND_SIZE, GameState, Phase

__all__ = ["chance_action", "chance_rng", "new_seed"]


def new_seed() -> int:
    """A seed for a live game, from the operating system's secure source."""
    return secrets.randbits(63)


def chance_rng(seed: int, index: int) -> random.Random:
    """The generator for the ``index``-th chance action of the game seeded ``seed``."""
    return random.Random(f"cribkit/{seed}/{index}")


def chance_action(state: GameState, rng: random.Random) -> ChanceAction:
    """Draw what chance does next in ``state`` (which must be waiting on chance)."""
    if not state.is_chance:
        raise CribkitError(
            f"chance does not act now (the {state.phase} phase)",
            code="not_chance",
            params={"phase": state.phase.value},
        )
    if state.phase is Phase.CUT_FOR_DEAL:
        first, second = state.cut_positions
        assert first is not None and second is not None
        deck = list(DECK)
        rng.shuffle(deck)
        return CutForDeal((deck[first], deck[second]), (first, second))
    if state.phase is Phase.DEAL:
        return _deal(state, rng)
    position = state.starter_position
    assert state.phase is Phase.STARTER and position is not None
    dealt = set(state.dealt[0]) | set(state.dealt[1])
    pack = [card for card in DECK if card not in dealt]
    rng.shuffle(pack)
    return TurnStarter(pack[position], position)


def _deal(state: GameState, rng: random.Random) -> Deal:
    """Shuffle, then deal one at a time, the pone first, six each."""
    assert state.dealer is not None
    deck = list(DECK)
    rng.shuffle(deck)
    pone_cards = deck[0 : 2 * HAND_SIZE : 2]
    dealer_cards = deck[1 : 2 * HAND_SIZE : 2]
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[1 - state.dealer] = tuple(sorted(pone_cards))
    hands[state.dealer] = tuple(sorted(dealer_cards))
    return Deal((hands[0], hands[1]))
