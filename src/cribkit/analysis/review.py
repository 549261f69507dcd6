"""Game review: every decision of one seat priced against the best choice, like a chess engine.

Each decision is judged from the seat's own view at that moment, by the same analyses as
the hint: the exact discard analysis (expected hand plus or minus crib) plus the pegging
the kept ranks promise for a throw, the pegging search (expected net pegging points) for
a card, and the winning chances from the win-probability table when the score is close
enough to 121 for them to decide. A choice
is never blamed on cards the player could not see: ``price_decision`` takes a view only.
A seat that counted its own show also gets each claim against the true count
(``analysis.count_review``), reported apart: counting is never in the accuracy figure.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from cribkit.actions import Discard, Go, Play, PlayerAction, Resign
from cribkit.analysis.count_review import CountedShow, counted_shows
from cribkit.analysis.discard import hold_throws
from cribkit.analysis.hints import discard_hint, expert_analysis, play_hint
from cribkit.analysis.pegging import expert_plays
from cribkit.analysis.pegvalue import pegging_by_throw, weighted_value
from cribkit.analysis.winprob import endgame_for_play, expert_discard_chances, in_endgame
from cribkit.cards import Card
from cribkit.errors import CribkitError
from cribkit.record import GameRecord, ReplayStep
from cribkit.seats import check_seat
from cribkit.view import PlayerView, view_of

__all__ = [
    "CountedShow",
    "Decision",
    "DecisionKind",
    "GameReview",
    "HandReview",
    "Unit",
    "price_decision",
    "review_game",
]


class DecisionKind(StrEnum):
    DISCARD = "discard"
    PLAY = "play"
    GO = "go"


class Unit(StrEnum):
    """What a loss is measured in: expected points, or chance of winning (0 to 1)."""

    POINTS = "points"
    WIN_CHANCE = "win_chance"


@dataclass(frozen=True, slots=True)
class Decision:
    """One choice the seat made, the best choice from its view, and what the difference cost.

    ``lost`` is never negative and is 0 when the choice was (one of) the best. ``step`` is
    the action's index in the record, so a replay can show the moment.
    """

    hand: int
    step: int
    kind: DecisionKind
    chosen: tuple[Card, ...]
    best: tuple[Card, ...]
    lost: float
    unit: Unit
    why: str

    def to_dict(self) -> dict[str, object]:
        return {
            "hand": self.hand,
            "step": self.step,
            "kind": self.kind.value,
            "chosen": _cards_text(self.chosen, self.kind),
            "best": _cards_text(self.best, self.kind),
            "lost": round(self.lost, 4),
            "unit": self.unit.value,
            "why": self.why,
        }


@dataclass(frozen=True, slots=True)
class HandReview:
    """What one hand's decisions cost, by kind and by unit, and what its own counts
    missed, gave as muggins and over-claimed (0 when the engine counted)."""

    hand: int
    discard_points: float
    play_points: float
    win_chance: float
    counting_missed: int = 0
    counting_muggins: int = 0
    counting_over_claimed: int = 0

    @property
    def points(self) -> float:
        return self.discard_points + self.play_points

    def to_dict(self) -> dict[str, object]:
        return {
            "hand": self.hand,
            "lost_discard_points": round(self.discard_points, 4),
            "lost_play_points": round(self.play_points, 4),
            "lost_points": round(self.points, 4),
            "lost_win_chance": round(self.win_chance, 4),
            "counting_missed": self.counting_missed,
            "counting_muggins": self.counting_muggins,
            "counting_over_claimed": self.counting_over_claimed,
        }


@dataclass(frozen=True, slots=True)
class GameReview:
    """Every decision of one seat in one game, in the order they were made, and every
    show it counted itself (``counts``: empty unless it counted its own hand).
    ``resigned_by``: the seat that conceded the game (None: played out, or still on); a
    resignation is no decision to price, but the review says how the game ended."""

    seat: int
    decisions: tuple[Decision, ...]
    counts: tuple[CountedShow, ...] = ()
    resigned_by: int | None = None

    def _lost(self, unit: Unit, kind: DecisionKind | None = None) -> float:
        return sum(
            d.lost for d in self.decisions if d.unit is unit and (kind is None or d.kind is kind)
        )

    @property
    def lost_points(self) -> float:
        return self._lost(Unit.POINTS)

    @property
    def lost_discard_points(self) -> float:
        return self._lost(Unit.POINTS, DecisionKind.DISCARD)

    @property
    def lost_play_points(self) -> float:
        return self._lost(Unit.POINTS, DecisionKind.PLAY)

    @property
    def lost_win_chance(self) -> float:
        return self._lost(Unit.WIN_CHANCE)

    @property
    def counting_missed(self) -> int:
        """Points the seat's own counts overlooked (muggins or not)."""
        return sum(count.missed for count in self.counts)

    @property
    def counting_muggins(self) -> int:
        """Of those, what the opponent pegged as muggins."""
        return sum(count.muggins for count in self.counts)

    @property
    def counting_over_claimed(self) -> int:
        """Points claimed past the true count (never pegged)."""
        return sum(count.over_claimed for count in self.counts)

    @property
    def per_hand(self) -> tuple[HandReview, ...]:
        hands = sorted({d.hand for d in self.decisions} | {c.hand for c in self.counts})
        return tuple(self._hand(number) for number in hands)

    def _hand(self, number: int) -> HandReview:
        mine = [d for d in self.decisions if d.hand == number]
        counts = [c for c in self.counts if c.hand == number]
        return HandReview(
            hand=number,
            discard_points=sum(
                d.lost for d in mine if d.kind is DecisionKind.DISCARD and d.unit is Unit.POINTS
            ),
            play_points=sum(
                d.lost for d in mine if d.kind is DecisionKind.PLAY and d.unit is Unit.POINTS
            ),
            win_chance=sum(d.lost for d in mine if d.unit is Unit.WIN_CHANCE),
            counting_missed=sum(c.missed for c in counts),
            counting_muggins=sum(c.muggins for c in counts),
            counting_over_claimed=sum(c.over_claimed for c in counts),
        )

    @property
    def accuracy(self) -> float:
        """Mean expected points lost per hand played: lower is better, 0 is perfect.

        Comparable across games because it is per hand; the decisions priced in winning
        chances (near the end) are left out of it, as they have no points to add.
        """
        hands = len({d.hand for d in self.decisions})
        return self.lost_points / hands if hands else 0.0

    def mistakes(self, limit: int | None = None) -> list[Decision]:
        """The costly decisions, biggest first (winning chances count as 100 points each)."""
        costly = [d for d in self.decisions if d.lost > 0]
        costly.sort(key=lambda d: -(d.lost * 100 if d.unit is Unit.WIN_CHANCE else d.lost))
        return costly if limit is None else costly[:limit]

    def to_dict(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "decisions": [d.to_dict() for d in self.decisions],
            "lost_points": round(self.lost_points, 4),
            "lost_discard_points": round(self.lost_discard_points, 4),
            "lost_play_points": round(self.lost_play_points, 4),
            "lost_win_chance": round(self.lost_win_chance, 4),
            "accuracy": round(self.accuracy, 4),
            "per_hand": [hand.to_dict() for hand in self.per_hand],
            "counts": [count.to_dict() for count in self.counts],
            "counting_missed": self.counting_missed,
            "counting_muggins": self.counting_muggins,
            "counting_over_claimed": self.counting_over_claimed,
            "resigned_by": self.resigned_by,
        }


def review_game(record: GameRecord, seat: int) -> GameReview:
    """Price every discard, play and go of ``seat`` in a finished or unfinished game, and
    set each show it counted itself against the true count."""
    seat = check_seat(seat)
    steps = list(enumerate(record.replay()))
    resigned = next((a.player for a in record.actions if isinstance(a, Resign)), None)
    decisions, counts = tuple(_decisions(steps, seat)), tuple(counted_shows(steps, seat))
    return GameReview(seat, decisions, counts, resigned)


def _decisions(steps: list[tuple[int, ReplayStep]], seat: int) -> Iterator[Decision]:
    for index, step in steps:
        action = step.action
        if isinstance(action, Discard | Play | Go) and action.player == seat:
            yield price_decision(view_of(step.before, seat), action, step=index)


def price_decision(view: PlayerView, action: PlayerAction, *, step: int = 0) -> Decision:
    """What ``action`` cost, judged from ``view`` alone (the seat's knowledge then)."""
    if action not in view.legal_actions:
        raise CribkitError(
            f"{action.to_text()} was not a legal choice from this view", code="review_illegal"
        )
    if isinstance(action, Discard):
        return _price_discard(view, action, step)
    if isinstance(action, Play):
        return _price_play(view, action, step)
    if isinstance(action, Go):
        forced = "No card fits under 31: go is the only choice."
        return Decision(view.hand_number, step, DecisionKind.GO, (), (), 0.0, Unit.POINTS, forced)
    raise CribkitError(f"{action.to_text()} is not a decision to review", code="review_illegal")


def _price_discard(view: PlayerView, action: Discard, step: int) -> Decision:
    dealt = view.hand
    analysis = expert_analysis(dealt, dealer=view.is_dealer)
    if in_endgame(view):
        chances = expert_discard_chances(view)
        values, unit = dict(zip(hold_throws(dealt), chances, strict=True)), Unit.WIN_CHANCE
        advice = discard_hint(view, analysis, chances)
    else:
        pegging = pegging_by_throw(dealt, dealer=view.is_dealer)
        values = {
            frozenset(option.throw): weighted_value(option, pegging, dealer=view.is_dealer)
            for option in analysis.options
        }
        unit = Unit.POINTS
        advice = discard_hint(view, analysis, None, pegging=pegging)
    assert isinstance(advice.action, Discard)
    lost = max(values.values()) - values[frozenset(action.cards)]
    return Decision(
        view.hand_number,
        step,
        DecisionKind.DISCARD,
        action.cards,
        advice.action.cards,
        max(lost, 0.0),
        unit,
        advice.explanation,
    )


def _price_play(view: PlayerView, action: Play, step: int) -> Decision:
    endgame = endgame_for_play(view)
    plays = expert_plays(view, endgame)
    advice = play_hint(view, plays, chosen=action.card)  # why the best beats the card played
    best = plays[0]
    mine = next(e for e in plays if e.card.rank == action.card.rank)
    if endgame is not None:
        assert best.win_probability is not None and mine.win_probability is not None
        lost, unit = best.win_probability - mine.win_probability, Unit.WIN_CHANCE
    else:
        lost, unit = best.expected_net_points - mine.expected_net_points, Unit.POINTS
    return Decision(
        view.hand_number,
        step,
        DecisionKind.PLAY,
        (action.card,),
        (best.card,),
        max(lost, 0.0),
        unit,
        advice.explanation,
    )


def _cards_text(cards: Sequence[Card], kind: DecisionKind) -> str | list[str]:
    if kind is DecisionKind.GO:
        return "go"
    if kind is DecisionKind.PLAY:
        return str(cards[0])
    return [str(card) for card in cards]
