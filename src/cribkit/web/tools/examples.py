"""The worked examples of the rules page and the score sheet, computed by the engine.

Pages call these at request time, so a printed example can never disagree with the
calculator: each one is the calculator's own answer plus the link that reproduces it.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribkit.scoring import Breakdown, ScoreItem, ScoreKind
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
    "MultiRun",
    "PegExample",
    "ShowExample",
    "multi_runs",
    "peg_example",
    "show_example",
]


@dataclass(frozen=True, slots=True)
class ShowExample:
    """A hand or crib scored by the engine, with the calculator link that shows it."""

    result: ShowResult
    url: str


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
