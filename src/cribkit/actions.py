"""Everything that can happen in a game, as small frozen values with a text form.

Player actions (cut, discard, play, go, a claimed count, next hand, a resignation) carry
the seat that makes them; chance actions (the cut for deal, the deal, the starter) carry the cards
chance chose. A cut is a player's choice of a *position* in a face-down deck (never of a
card); chance then turns the card at that position of a deck only the seed orders. A game
record is a list of these, one per line, in the ``to_text`` form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from cribkit.cards import Card, format_cards, parse_card, parse_cards
from cribkit.counting import MAX_CLAIM
from cribkit.errors import InvalidRecordError

__all__ = [
    "CHANCE_ACTIONS",
    "Action",
    "ChanceAction",
    "ClaimCount",
    "Cut",
    "CutForDeal",
    "Deal",
    "Discard",
    "Go",
    "NextHand",
    "Play",
    "PlayerAction",
    "Resign",
    "TurnStarter",
    "action_from_dict",
    "action_to_dict",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class CutForDeal:
    """Chance: the cards at the positions the seats cut (``cards[seat]`` at
    ``positions[seat]`` of a freshly shuffled deck); the lower rank deals."""

    cards: tuple[Card, Card]
    positions: tuple[int, int]

    def to_text(self) -> str:
        first, second = self.positions
        return f"cut {format_cards(self.cards)} at {first} {second}"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the six cards each seat receives (``hands[seat]``)."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]

    def to_text(self) -> str:
        return f"deal {format_cards(self.hands[0])} / {format_cards(self.hands[1])}"


@dataclass(frozen=True, slots=True)
class TurnStarter:
    """Chance: the dealer turns up ``card``, the one at ``position`` of the undealt pack
    where the pone cut it."""

    card: Card
    position: int

    def to_text(self) -> str:
        return f"starter {self.card} at {self.position}"


@dataclass(frozen=True, slots=True)
class Cut:
    """A seat cuts a face-down deck at ``position``: for the deal, the card it draws from
    the spread (0-51); for the starter, how many cards the pone lifts off the pack."""

    player: int
    position: int

    def to_text(self) -> str:
        return f"p{self.player} cut {self.position}"


@dataclass(frozen=True, slots=True)
class Discard:
    """A seat lays two cards face down into the dealer's crib.

    The cards are a set: they are kept in one canonical (sorted) order, so
    ``Discard(0, (a, b)) == Discard(0, (b, a))`` and membership in ``legal_actions()``
    agrees with ``apply``. A discard of the wrong size can be built (it comes from
    outside) but is never legal: ``check`` refuses it with the code ``discard_count``.
    """

    player: int
    cards: tuple[Card, Card]

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        if all(isinstance(card, Card) for card in cards):
            cards = tuple(sorted(cards))
        object.__setattr__(self, "cards", cards)

    def to_text(self) -> str:
        return f"p{self.player} discard {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Play:
    """A seat plays one card onto the count."""

    player: int
    card: Card

    def to_text(self) -> str:
        return f"p{self.player} play {self.card}"


@dataclass(frozen=True, slots=True)
class Go:
    """A seat holding cards, none of which fit under 31, says go."""

    player: int

    def to_text(self) -> str:
        return f"p{self.player} go"


@dataclass(frozen=True, slots=True)
class ClaimCount:
    """A seat that counts its own show announces ``points`` for the hand or crib laid down.

    Only with the ``manual_count`` option; the state checks the range (0-29) and scores
    the claim against the true count (an over-claim is never pegged)."""

    player: int
    points: int

    def to_text(self) -> str:
        return f"p{self.player} claim {self.points}"


@dataclass(frozen=True, slots=True)
class NextHand:
    """After the show, a seat gathers the cards so the next hand is dealt."""

    player: int

    def to_text(self) -> str:
        return f"p{self.player} next"


@dataclass(frozen=True, slots=True)
class Resign:
    """A seat concedes: the game ends at once and the other seat wins.

    Open to either seat in any phase until the game is over, in turn or not (a player may
    leave at any moment), so ``legal_actions()``, which lists the moves of the game, never
    lists it. A resignation is a loss and never a skunk (see ``GameState.apply``).
    """

    player: int

    def to_text(self) -> str:
        return f"p{self.player} resign"


ChanceAction: TypeAlias = CutForDeal | Deal | TurnStarter
PlayerAction: TypeAlias = Cut | Discard | Play | Go | ClaimCount | NextHand | Resign
CHANCE_ACTIONS = (CutForDeal, Deal, TurnStarter)
"""The chance action classes, for ``isinstance`` (a resignation may come while chance acts)."""
Action: TypeAlias = ChanceAction | PlayerAction


def parse_action(text: str) -> Action:
    """Read one action from its ``to_text`` form (one line of a game record)."""
    words = text.split()
    if not words:
        raise InvalidRecordError("an empty line is not an action")
    try:
        return _parse_words(words)
    except (ValueError, IndexError) as exc:
        raise InvalidRecordError(f"cannot read action {text.strip()!r}: {exc}") from exc


def _parse_words(words: list[str]) -> Action:
    head, rest = words[0], words[1:]
    if head == "cut":
        if len(rest) != 5 or rest[2] != "at":
            raise ValueError("a cut for deal reads 'cut <card> <card> at <position> <position>'")
        first, second = parse_cards(rest[:2])
        return CutForDeal((first, second), (_position(rest[3]), _position(rest[4])))
    if head == "deal":
        joined = " ".join(rest)
        left, sep, right = joined.partition("/")
        if not sep:
            raise ValueError("a deal lists two hands separated by '/'")
        return Deal((parse_cards(left), parse_cards(right)))
    if head == "starter" and len(rest) == 3 and rest[1] == "at":
        return TurnStarter(parse_card(rest[0]), _position(rest[2]))
    if not (head.startswith("p") and head[1:] in ("0", "1")) or not rest:
        raise ValueError("expected cut, deal, starter, or p0/p1 followed by a move")
    player, verb, args = int(head[1:]), rest[0], rest[1:]
    if verb == "discard":
        first, second = parse_cards(args)
        return Discard(player, (first, second))
    if verb == "cut" and len(args) == 1:
        return Cut(player, _position(args[0]))
    if verb == "play" and len(args) == 1:
        return Play(player, parse_card(args[0]))
    if verb == "go" and not args:
        return Go(player)
    if verb == "next" and not args:
        return NextHand(player)
    if verb == "resign" and not args:
        return Resign(player)
    if verb == "claim" and len(args) == 1:
        if not args[0].isdigit() or not args[0].isascii():
            raise ValueError(f"{args[0]!r} is not a count (a whole number)")
        return ClaimCount(player, int(args[0]))
    raise ValueError(f"unknown move {' '.join(rest)!r}")


def _position(word: str) -> int:
    """A cut position in a record: a plain whole number."""
    if not word.isdigit() or not word.isascii():
        raise ValueError(f"{word!r} is not a position (a whole number)")
    return int(word)


def _any_cards(cards: tuple[Card, ...]) -> tuple[Card, Card]:
    """Cards read for a discard, however many: the state refuses a wrong count with its code."""
    return cards  # type: ignore[return-value]


def action_to_dict(action: Action) -> dict[str, object]:
    """JSON form: ``{"type": "play", "player": 0, "card": "5H"}`` and so on."""
    match action:
        case CutForDeal(cards, positions):
            return {
                "type": "cut_for_deal",
                "cards": [str(c) for c in cards],
                "positions": list(positions),
            }
        case Deal(hands):
            return {"type": "deal", "hands": [[str(c) for c in hand] for hand in hands]}
        case TurnStarter(card, position):
            return {"type": "starter", "card": str(card), "position": position}
        case Cut(player, position):
            return {"type": "cut", "player": player, "position": position}
        case Discard(player, cards):
            return {"type": "discard", "player": player, "cards": [str(c) for c in cards]}
        case Play(player, card):
            return {"type": "play", "player": player, "card": str(card)}
        case Go(player):
            return {"type": "go", "player": player}
        case ClaimCount(player, points):
            return {"type": "claim", "player": player, "points": points}
        case NextHand(player):
            return {"type": "next", "player": player}
        case Resign(player):
            return {"type": "resign", "player": player}


def action_from_dict(data: object) -> PlayerAction:
    """Read a player action from its JSON form; chance actions never come from outside."""
    if not isinstance(data, dict):
        raise InvalidRecordError(
            "an action is a JSON object with a 'type'", code="action_not_object"
        )
    kind, player = data.get("type"), data.get("player")
    if player not in (0, 1) or isinstance(player, bool):
        raise InvalidRecordError("an action needs 'player': 0 or 1", code="action_bad_player")
    if kind == "claim":
        points = data.get("points")
        if not isinstance(points, int) or isinstance(points, bool):
            raise InvalidRecordError(
                f"a count is a whole number from 0 to {MAX_CLAIM}",
                code="claim_range",
                params={"high": MAX_CLAIM},
            )
        return ClaimCount(player, points)
    try:
        if kind == "discard":
            cards = data.get("cards")
            if not isinstance(cards, list):
                raise ValueError("'cards' must be a list of two cards")
            return Discard(player, _any_cards(parse_cards([str(c) for c in cards])))
        if kind == "cut":
            position = data.get("position")
            if not isinstance(position, int) or isinstance(position, bool):
                raise ValueError("'position' must be a whole number")
            return Cut(player, position)
        if kind == "play":
            return Play(player, parse_card(str(data.get("card", ""))))
        if kind == "go":
            return Go(player)
        if kind == "next":
            return NextHand(player)
        if kind == "resign":
            return Resign(player)
    except ValueError as exc:
        raise InvalidRecordError(
            f"bad {kind} action: {exc}", code="action_unreadable", params={"type": str(kind)}
        ) from exc
    raise InvalidRecordError(
        f"unknown action type {kind!r}: expected cut, discard, play, go, next or resign",
        code="action_unknown_type",
        params={"type": repr(kind)},
    )
