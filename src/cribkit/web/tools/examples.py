"""The worked examples of the rules page and the score sheet, computed by the engine.

Pages call these at request time, so a printed example can never disagree with the
calculator: each one is the calculator's own answer plus the link that reproduces it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from itertools import combinations

from cribkit.actions import Cut, CutForDeal, Deal, Discard, TurnStarter
from cribkit.cards import Card, parse_card, parse_cards
from cribkit.events import Outcome, Pegs, ScoreEvent
from cribkit.scoring import Breakdown, ScoreItem, ScoreKind, score_cards
from cribkit.state import GameState
from cribkit.web.site.i18n import N_
from cribkit.web.tools.tools import (
    PegStep,
    ShowResult,
    calculator_url,
    peg,
    read_play,
    read_selection,
    score,
)

__all__ = [
    "CardsExample",
    "HeelsExample",
    "MultiRun",
    "PegExample",
    "ShowExample",
    "cards_example",
    "heels_example",
    "multi_runs",
    "peg_example",
    "show_example",
]


@dataclass(frozen=True, slots=True)
class ShowExample:
    """A hand or crib scored by the engine, with the calculator link that shows it."""

    result: ShowResult
    url: str

    def points_of(self, family: str) -> int:
        """The engine's points for one family ("flush", "nobs", "runs"...), 0 if none."""
        return self.result.breakdown.subtotals().get(family, 0)


@dataclass(frozen=True, slots=True)
class PegExample:
    """A play scored card by card by the engine, with its pegging calculator link."""

    play: str
    steps: tuple[PegStep, ...]
    url: str

    @property
    def last(self) -> PegStep:
        return self.steps[-1]


def show_example(cards: str, *, crib: bool = False) -> ShowExample:
    """Score five cards (the starter last) as the calculator would."""
    selection = read_selection(cards, None)
    result = score(selection, crib=crib)
    return ShowExample(result, calculator_url(result.hand, result.starter, crib=crib))


@dataclass(frozen=True, slots=True)
class CardsExample:
    """A few cards on their own (no starter), scored by the engine: fifteens, pairs, runs."""

    cards: tuple[Card, ...]
    breakdown: Breakdown

    @property
    def total(self) -> int:
        return self.breakdown.total

    def points_of(self, family: str) -> int:
        """The engine's points for one family ("fifteens", "pairs", "runs"), 0 if none."""
        return self.breakdown.subtotals().get(family, 0)

    def items_of(self, kind: ScoreKind) -> tuple[ScoreItem, ...]:
        return tuple(item for item in self.breakdown.items if item.kind is kind)

    def pairs(self) -> tuple[CardsExample, ...]:
        """Every two cards of these that the engine scores as a pair (three 8s hold three)."""
        twos = (cards_example(pair) for pair in combinations(self.cards, 2))
        return tuple(two for two in twos if two.items_of(ScoreKind.PAIR))


def cards_example(cards: str | tuple[Card, ...]) -> CardsExample:
    """Score loose cards with the engine's ``score_cards`` (the seed's small examples)."""
    chosen = parse_cards(cards) if isinstance(cards, str) else cards
    return CardsExample(chosen, score_cards(chosen))


def peg_example(play: str) -> PegExample:
    """Peg a play (cards in order, ``go`` where a series ended) as the calculator would."""
    steps = peg(read_play(play))
    return PegExample(play, steps, calculator_url(play=play))


@dataclass(frozen=True, slots=True)
class MultiRun:
    """A multiple run from a real hand: its item and how its points split into runs + pairs."""

    example: ShowExample
    item: ScoreItem
    length: int
    runs: int
    pairs: int

    @property
    def count(self) -> int:
        """How many runs the pairs make (2, 3 or 4)."""
        return self.runs // self.length

    @property
    def name(self) -> str:
        """The shape's catalogue id: "Double run of four", "Triple run"..."""
        return _MULTI_RUN_NAMES[self.item.kind, self.length]


_MULTI_RUN_NAMES = {
    (ScoreKind.DOUBLE_RUN, 3): N_("Double run of three"),
    (ScoreKind.DOUBLE_RUN, 4): N_("Double run of four"),
    (ScoreKind.TRIPLE_RUN, 3): N_("Triple run"),
    (ScoreKind.DOUBLE_DOUBLE_RUN, 3): N_("Double double run"),
}
_MULTI_RUN_HANDS = (
    ("7C 7D 8H 9S KC", ScoreKind.DOUBLE_RUN),
    ("2C 3D 3H 4S AC", ScoreKind.DOUBLE_RUN),
    ("3C 3D 3H 4S 5C", ScoreKind.TRIPLE_RUN),
    ("3C 3D 4H 4S 5C", ScoreKind.DOUBLE_DOUBLE_RUN),
)


def multi_runs() -> list[MultiRun]:
    """The score sheet's shortcut table (8, 10, 15, 16), each taken from a scored hand."""
    rows = []
    for cards, kind in _MULTI_RUN_HANDS:
        example = show_example(cards)
        item = next(item for item in example.result.breakdown.items if item.kind is kind)
        split = Breakdown((item,)).subtotals()
        length = len({card.rank for card in item.cards})
        rows.append(MultiRun(example, item, length, split["runs"], split.get("pairs", 0)))
    return rows


@dataclass(frozen=True, slots=True)
class HeelsExample:
    """A dealer on ``before`` turns a jack: the state machine's heels event and outcome."""

    before: int
    pone: int
    starter: Card
    event: ScoreEvent
    outcome: Outcome | None


_HEELS_DEAL = ("AS 2S 3S 4S 5S 6S", "AD 2D 3D 4D 5D 6D")


def heels_example(before: int, pone: int, starter: str = "JH") -> HeelsExample:
    """Play a deal with the engine's state machine up to the starter, seat 0 dealing.

    The scores are set before the deal (as a game in progress would have them); the
    heels event and the outcome (the game ends at the cut on 121) are the engine's.
    """
    low, high = parse_card("AC"), parse_card("KD")
    state = GameState()
    for seat in (0, 1):
        state = state.apply(Cut(seat, seat)).state  # each draws a card of the spread
    state = state.apply(CutForDeal((low, high), (0, 1))).state
    pegs = (Pegs(before, max(before - 1, 0)), Pegs(pone, max(pone - 1, 0)))
    state = dataclasses.replace(state, pegs=pegs)
    hands = tuple(parse_cards(text) for text in _HEELS_DEAL)
    state = state.apply(Deal((hands[0], hands[1]))).state
    for seat in (0, 1):
        state = state.apply(Discard(seat, (hands[seat][0], hands[seat][1]))).state
    card = parse_card(starter)
    state = state.apply(Cut(1, 20)).state  # the pone cuts the pack
    state, events = state.apply(TurnStarter(card, 20))
    heels = next(event for event in events if event.item.kind is ScoreKind.HEELS)
    return HeelsExample(before, pone, card, heels, state.outcome)
