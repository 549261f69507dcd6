"""Ranks, suits, cards and the deck, with liberal parsing and one canonical output form.

Cards are tiny frozen values; all 52 are built once and reused, so ``Card`` comparisons
and hashing stay cheap in the hot scoring paths.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import total_ordering

from cribkit.errors import DuplicateCardError, InvalidNotationError

__all__ = [
    "DECK",
    "RANK_SPELLINGS",
    "SUIT_SPELLINGS",
    "Card",
    "Rank",
    "Suit",
    "check_distinct",
    "format_cards",
    "format_cards_unicode",
    "parse_card",
    "parse_cards",
]


class Rank(IntEnum):
    """Card rank; the integer order is cribbage's order (A low, K high, nothing wraps)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def pips(self) -> int:
        """Value for fifteens and the running count: A=1, faces 10."""
        return min(int(self), 10)

    @property
    def symbol(self) -> str:
        """Canonical one-character form: A 2..9 T J Q K."""
        return _RANK_SYMBOLS[self - 1]

    @property
    def display(self) -> str:
        """Form for people: A 2..10 J Q K."""
        return "10" if self is Rank.TEN else self.symbol


@total_ordering
class Suit(Enum):
    """The four suits; ``value`` is the canonical one-letter form.

    Fully ordered (not just ``<``) so that ``Card`` supports ``<=`` and ``>=`` too.
    """

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def index(self) -> int:
        """0..3 in the order clubs, diamonds, hearts, spades."""
        return _SUIT_INDEX[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol (♣ ♦ ♥ ♠)."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __lt__(self, other: object) -> bool:
        """Suits order clubs < diamonds < hearts < spades, so cards sort by rank then suit."""
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] < _SUIT_INDEX[other]


_RANK_SYMBOLS = "A23456789TJQK"
_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUIT_ORDER)}
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. Orders by rank, then suit; ``str`` is canonical (``5H``, ``TH``)."""

    rank: Rank
    suit: Suit
    _index: int = field(init=False, repr=False, compare=False)
    _pips: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Computed once: scoring and search read these in their innermost loops.
        object.__setattr__(self, "_index", (self.rank - 1) * 4 + _SUIT_INDEX[self.suit])
        object.__setattr__(self, "_pips", min(int(self.rank), 10))

    def __hash__(self) -> int:
        """The index: cheap, and the same in every process, so sets of cards iterate
        in a reproducible order (string hashing is randomized per process)."""
        return self._index

    @staticmethod
    def parse(text: str) -> Card:
        """Read one card in any accepted notation (``5h``, ``10H``, ``Th``, ``0h``, ``5♥``)."""
        return parse_card(text)

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this 0..51 index (see ``index``)."""
        if not 0 <= index < 52:
            raise InvalidNotationError(f"card index {index} is not between 0 and 51")
        return DECK[index]

    @property
    def index(self) -> int:
        """0..51, rank-major: ``(rank - 1) * 4 + suit.index``; NumPy tables use it."""
        return self._index

    @property
    def pips(self) -> int:
        """Value for fifteens and the count: A=1, faces 10."""
        return self._pips

    @property
    def unicode(self) -> str:
        """Form for people: ``10♥``."""
        return f"{self.rank.display}{self.suit.symbol}"

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in _SUIT_ORDER)
"""All 52 cards in index order (A♣ A♦ A♥ A♠ 2♣ ...)."""

_RANK_ALIASES: dict[str, Rank] = {
    **{symbol: Rank(i + 1) for i, symbol in enumerate(_RANK_SYMBOLS)},
    "10": Rank.TEN,
    "0": Rank.TEN,
    "1": Rank.ACE,
}
_SUIT_ALIASES: dict[str, Suit] = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
RANK_SPELLINGS: tuple[str, ...] = tuple(_RANK_ALIASES)
"""Every way ``parse_card`` reads a rank (upper case; it reads any case)."""
SUIT_SPELLINGS: tuple[str, ...] = tuple(_SUIT_ALIASES)
"""Every way ``parse_card`` reads a suit (letters upper case; it reads any case)."""
_CARD_CACHE: dict[str, Card] = {}
_SEPARATORS = re.compile(r"[\s,;]+")


def parse_card(text: str) -> Card:
    """Parse one card; raise ``InvalidNotationError`` naming the token if it is not one.

    Rank first then suit (``5h``) is canonical; suit first (``h5``) is accepted too.
    """
    token = text.strip()
    cached = _CARD_CACHE.get(token)
    if cached is not None:
        return cached
    card = _parse_token(token.upper())
    if card is None:
        raise InvalidNotationError(
            f"{text.strip()!r} is not a card: write a rank (A 2-10 J Q K, T or 0 for ten) "
            "and a suit (C D H S or ♣ ♦ ♥ ♠), like 5H or 10♥"
        )
    if len(_CARD_CACHE) < 4096:
        _CARD_CACHE[token] = card
    return card


def _parse_token(token: str) -> Card | None:
    for rank_text, suit_text in ((token[:-1], token[-1:]), (token[1:], token[:1])):
        rank = _RANK_ALIASES.get(rank_text)
        suit = _SUIT_ALIASES.get(suit_text)
        if rank is not None and suit is not None:
            return DECK[(rank - 1) * 4 + suit.index]
    return None


def _tokens(text: str) -> Iterator[str]:
    for chunk in _SEPARATORS.split(text.strip()):
        if chunk:
            yield chunk


def parse_cards(cards: str | Iterable[str | Card], *, distinct: bool = True) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (or an iterable of tokens/cards).

    With ``distinct`` (the default) a card given twice raises ``DuplicateCardError``.
    """
    items: Iterable[str | Card] = _tokens(cards) if isinstance(cards, str) else cards
    parsed = tuple(_as_card(item) for item in items)
    if distinct:
        check_distinct(parsed)
    return parsed


def _as_card(item: object) -> Card:
    if isinstance(item, Card):
        return item
    if isinstance(item, str):
        return parse_card(item)
    raise InvalidNotationError(f"{item!r} is not a card: give text like 5H or a Card")


def check_distinct(cards: Iterable[Card]) -> None:
    """Raise ``DuplicateCardError`` if any card appears twice (one deck holds each once)."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise DuplicateCardError(f"{card} appears twice; a deck has only one {card.unicode}")
        seen.add(card)


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical ASCII form, space separated: ``5H 5D JS``."""
    return " ".join(str(card) for card in cards)


def format_cards_unicode(cards: Iterable[Card]) -> str:
    """Form for people, space separated: ``5♥ 5♦ J♠``."""
    return " ".join(card.unicode for card in cards)
