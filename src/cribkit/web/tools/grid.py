"""The clickable deck on the calculator and advisor pages: every card is a plain link.

Each link leads to the page with that card added or removed, so choosing cards works
without JavaScript, keeps the state in the address and can be bookmarked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cribkit.cards import DECK, Card, Suit

__all__ = ["GridCard", "deck_grid"]


@dataclass(frozen=True, slots=True)
class GridCard:
    """One card of the grid: where clicking leads (None: cannot be chosen now), its role."""

    card: Card
    url: str | None
    role: str | None


def deck_grid(
    click: Callable[[Card], str | None], role: Callable[[Card], str | None]
) -> list[tuple[Suit, list[GridCard]]]:
    """The deck by suit, A to K, with each card's link and role (``hand``, ``starter``...)."""
    rows: list[tuple[Suit, list[GridCard]]] = []
    for suit in Suit:
        cards = [card for card in DECK if card.suit is suit]
        rows.append((suit, [GridCard(card, click(card), role(card)) for card in cards]))
    return rows
