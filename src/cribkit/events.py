"""What a game remembers and reports: scoring events, pegs, shows, the play log, the outcome."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cribkit.cards import Card
from cribkit.rules import Skunk
from cribkit.scoring import Breakdown, ScoreItem

__all__ = [
    "Outcome",
    "Pegs",
    "PlayLogEntry",
    "ScoreContext",
    "ScoreEvent",
    "Show",
    "ShowToCount",
]


class ScoreContext(StrEnum):
    """When points were scored: at the cut (heels), in the play, or in the show
    (``MUGGINS``: points the opponent's own count overlooked, taken at the show)."""

    HEELS = "heels"
    PLAY = "play"
    HAND = "hand"
    CRIB = "crib"
    MUGGINS = "muggins"


@dataclass(frozen=True, slots=True)
class Pegs:
    """A player's two pegs: ``front`` is the score, ``back`` the score before the last score.

    The back peg leapfrogs the front one once per *score* (all a card makes in the play,
    a go, his heels, a whole hand, the whole crib), so ``front - back`` is the last score
    (less any points past the game hole, where the front peg stops).
    """

    front: int = 0
    back: int = 0


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """One scoring item pegged by one player, with that player's score after it.

    A score of several items (fifteen two and a pair) is pegged as one move: its events
    share ``from_score``, the player's score before that move, so consecutive events with
    the same player and ``from_score`` form one leap of the back peg.
    """

    player: int
    context: ScoreContext
    item: ScoreItem
    score: int
    hand_number: int
    from_score: int

    @property
    def points(self) -> int:
        return self.item.points

    def to_dict(self) -> dict[str, object]:
        return {
            "player": self.player,
            "context": self.context.value,
            "score": self.score,
            "hand_number": self.hand_number,
            "from_score": self.from_score,
            **self.item.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class Show:
    """A hand or crib laid down and counted at the show (public once counted).

    ``claim`` is the player's own count when they count their own show (``None``: the
    engine counted it); ``breakdown`` is always the true count; ``muggins`` what of it
    the opponent pegged.
    """

    player: int
    context: ScoreContext
    cards: tuple[Card, ...]
    starter: Card
    breakdown: Breakdown
    claim: int | None = None
    muggins: int = 0
    """Points of this show the opponent pegged as muggins (0 if none, or if the claim won)."""

    @property
    def missed(self) -> int:
        """Points the claim overlooked (0 when the engine counted or the claim was full)."""
        return 0 if self.claim is None else max(0, self.breakdown.total - self.claim)

    @property
    def over_claimed(self) -> int:
        """How far the claim went past the true count (never pegged)."""
        return 0 if self.claim is None else max(0, self.claim - self.breakdown.total)

    @property
    def pegged(self) -> int:
        """What the player pegged for it: the claim, never more than the true count."""
        return self.breakdown.total - self.missed

    def to_dict(self) -> dict[str, object]:
        return {
            **_laid_down(self.player, self.context, self.cards, self.starter),
            "total": self.breakdown.total,
            "call": self.breakdown.call,
            "items": [item.to_dict() for item in self.breakdown.items],
            "claim": self.claim,
            "missed": self.missed,
            "over_claimed": self.over_claimed,
            "muggins": self.muggins,
        }


@dataclass(frozen=True, slots=True)
class ShowToCount:
    """A hand or crib laid face up, waiting for its player's own count (no count yet).

    What both seats see while the player counts: the cards, never the total.
    """

    player: int
    context: ScoreContext
    cards: tuple[Card, ...]
    starter: Card

    def to_dict(self) -> dict[str, object]:
        return _laid_down(self.player, self.context, self.cards, self.starter)


def _laid_down(
    player: int, context: ScoreContext, cards: tuple[Card, ...], starter: Card
) -> dict[str, object]:
    """The JSON of a hand or crib on the table, counted or not: whose, which, the cards."""
    return {
        "player": player,
        "context": context.value,
        "cards": [str(card) for card in cards],
        "starter": str(starter),
    }


@dataclass(frozen=True, slots=True)
class PlayLogEntry:
    """One public moment of the play: a card played (with the count after) or a go.

    ``card`` is ``None`` for a go; ``reset`` marks the count returning to 0 after it.
    """

    player: int
    card: Card | None
    count: int
    reset: bool = False

    def to_dict(self) -> dict[str, object]:
        return {
            "player": self.player,
            "card": None if self.card is None else str(self.card),
            "count": self.count,
            "reset": self.reset,
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: who won, the final scores, and whether the loser was skunked.

    ``resigned``: the loser conceded, so the scores are where the game stood (the winner
    may even be behind) and there is no skunk."""

    winner: int
    scores: tuple[int, int]
    skunk: Skunk
    resigned: bool = False

    @property
    def loser(self) -> int:
        return 1 - self.winner

    @property
    def margin(self) -> int:
        return self.scores[self.winner] - self.scores[self.loser]

    def to_dict(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "scores": list(self.scores),
            "skunk": self.skunk.value,
            "margin": self.margin,
            "resigned": self.resigned,
        }
