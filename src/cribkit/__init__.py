"""cribkit: cribbage by the American Cribbage Congress rules.

The core (cards, scoring, the game state machine, records, analysis and players) uses the
standard library and NumPy only; the web and command line sit on top of it.
"""

from cribkit.cards import DECK, Card, Rank, Suit, format_cards, parse_card, parse_cards
from cribkit.errors import (
    CribkitError,
    DuplicateCardError,
    IllegalActionError,
    InvalidNotationError,
    InvalidRecordError,
    WrongCardCountError,
)
from cribkit.scoring import (
    Breakdown,
    ScoreItem,
    ScoreKind,
    score_play,
    score_show,
    show_points,
)

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "Breakdown",
    "Card",
    "CribkitError",
    "DuplicateCardError",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidRecordError",
    "Rank",
    "ScoreItem",
    "ScoreKind",
    "Suit",
    "WrongCardCountError",
    "format_cards",
    "parse_card",
    "parse_cards",
    "score_play",
    "score_show",
    "show_points",
]
