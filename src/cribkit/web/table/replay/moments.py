"""The replay page's moments: each action of a record, with the show split count by count.

A record's step is one action, but the last card of a hand also counts the whole show;
the page shows that as one moment for the card and one per count, so the pegs move once
per score (the back peg leapfrogs the front one, the gap is the last score) as on a
real board. The words are a sentence kind plus cards and numbers, so this module stays
free of any language: the template says them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

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
)
from cribkit.cards import Card
from cribkit.events import Pegs, ScoreContext, ScoreEvent, Show
from cribkit.record import ReplayStep
from cribkit.state import GameState, Phase

__all__ = ["Moment", "StepWords", "describe_step", "moment_of_action", "moments"]


@dataclass(frozen=True, slots=True)
class StepWords:
    """``kind`` picks the sentence; ``player`` and ``cards`` fill it in."""

    kind: str
    player: int | None
    cards: tuple[Card, ...]
    count: int | None = None
    position: int | None = None


@dataclass(frozen=True, slots=True)
class Moment:
    """One thing that happened, what it scored, and the board right after it.

    ``shows`` are the counts made so far this hand (the show being counted included).
    """

    step: ReplayStep
    said: StepWords
    events: tuple[ScoreEvent, ...]
    pegs: tuple[Pegs, Pegs]
    shows: tuple[Show, ...]

    @property
    def state(self) -> GameState:
        return self.step.after

    @property
    def hand_starts(self) -> bool:
        return self.said.kind == "deal"


def describe_step(step: ReplayStep) -> StepWords:
    """What happened in ``step``, as a sentence kind plus its cards and count."""
    action = step.action
    match action:
        case Cut(player, position):
            kind = "cut_pack" if step.before.phase is Phase.STARTER else "cut_spread"
            return StepWords(kind, player, (), position=position)
        case CutForDeal(cards):
            return StepWords("cut", None, cards)
        case Deal():
            return StepWords("deal", step.after.dealer, ())
        case TurnStarter(card):
            return StepWords("starter", step.after.dealer, (card,))
        case Discard(player, cards):
            return StepWords("discard", player, cards)
        case Play(player, card):
            return StepWords("play", player, (card,), step.before.count + card.pips)
        case Go(player):
            return StepWords("go", player, ())
        case ClaimCount(player, points):
            return StepWords("claim", player, (), points)
        case NextHand(player):
            return StepWords("next", player, ())
        case Resign(player):
            return StepWords("resign", player, ())


def _leap(pegs: tuple[Pegs, Pegs], events: Iterable[ScoreEvent]) -> tuple[Pegs, Pegs]:
    """The pegs after ``events``, one score: each seat that scored leapfrogs once."""
    moved = list(pegs)
    for player in (0, 1):
        mine = [e for e in events if e.player == player]
        if mine:
            moved[player] = Pegs(mine[-1].score, pegs[player].front)
    return (moved[0], moved[1])


def _counted(events: tuple[ScoreEvent, ...], show: Show) -> tuple[ScoreEvent, ...]:
    """The events of one count: its player's, and the muggins the opponent took from it."""
    return tuple(
        e
        for e in events
        if (e.player == show.player and e.context is show.context)
        or (show.muggins and e.context is ScoreContext.MUGGINS)
    )


def moments(steps: Iterable[ReplayStep]) -> Iterator[Moment]:
    """Every moment of a replay, in order: an action, then each count it brought about."""
    pegs = (Pegs(), Pegs())
    for step in steps:
        before, after = step.before, step.after
        old = before.shows if after.hand_number == before.hand_number else ()
        new_shows = after.shows[len(old) :]
        shown = [e for e in step.events if e.context in (ScoreContext.PLAY, ScoreContext.HEELS)]
        pegs = _leap(pegs, shown)
        yield Moment(step, describe_step(step), tuple(shown), pegs, old)
        for index, show in enumerate(new_shows):
            counted = _counted(step.events, show)
            pegs = _leap(pegs, counted)
            words = StepWords(f"show_{show.context.value}", show.player, show.cards)
            yield Moment(step, words, counted, pegs, (*old, *new_shows[: index + 1]))


def moment_of_action(frames: Sequence[Moment], steps: Sequence[ReplayStep], action: int) -> int:
    """The moment that shows the record's action number ``action`` (the review links to
    it); past the end is the last moment."""
    if action >= len(steps):
        return len(frames) - 1
    wanted = steps[max(action, 0)]
    return next(i for i, frame in enumerate(frames) if frame.step is wanted)
