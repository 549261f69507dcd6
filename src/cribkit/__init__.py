"""cribkit: cribbage by the American Cribbage Congress rules.

The core (cards, scoring, the game state machine, records, analysis and players) uses the
standard library and NumPy only; the web and command line sit on top of it.
"""

from cribkit.actions import (
    ClaimCount,
    Cut,
    CutForDeal,
    Deal,
    Discard,
    Go,
    NextHand,
    Play,
    Resign,
    TurnStarter,
    parse_action,
)
from cribkit.cards import DECK, Card, Rank, Suit, format_cards, parse_card, parse_cards
from cribkit.errors import (
    CribkitError,
    DuplicateCardError,
    IllegalActionError,
    InvalidNotationError,
    InvalidRecordError,
    InvalidSeatError,
    UnfinishedGameError,
    WrongCardCountError,
)
from cribkit.events import Outcome, Pegs, ScoreContext, ScoreEvent, Show, ShowToCount
from cribkit.game import Game
from cribkit.record import GameRecord
from cribkit.rules import STANDARD, GameRules, Skunk
from cribkit.scoresheet import HandLine, score_sheet
from cribkit.scoring import (
    Breakdown,
    ScoreItem,
    ScoreKind,
    score_cards,
    score_play,
    score_show,
    show_points,
)
from cribkit.state import GameState, Phase, Transition
from cribkit.version import package_version
from cribkit.view import PlayerView, view_of

__version__ = package_version()

__all__ = [
    "DECK",
    "STANDARD",
    "Breakdown",
    "Card",
    "ClaimCount",
    "CribkitError",
    "Cut",
    "CutForDeal",
    "Deal",
    "Discard",
    "DuplicateCardError",
    "Game",
    "GameRecord",
    "GameRules",
    "GameState",
    "Go",
    "HandLine",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidRecordError",
    "InvalidSeatError",
    "NextHand",
    "Outcome",
    "Pegs",
    "Phase",
    "Play",
    "PlayerView",
    "Rank",
    "Resign",
    "ScoreContext",
    "ScoreEvent",
    "ScoreItem",
    "ScoreKind",
    "Show",
    "ShowToCount",
    "Skunk",
    "Suit",
    "Transition",
    "TurnStarter",
    "UnfinishedGameError",
    "WrongCardCountError",
    "format_cards",
    "parse_action",
    "parse_card",
    "parse_cards",
    "score_cards",
    "score_play",
    "score_sheet",
    "score_show",
    "show_points",
    "view_of",
]
