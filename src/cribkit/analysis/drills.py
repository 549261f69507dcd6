"""Practice drills, each drawn from a seed so that a puzzle has an address and can be shared.

Three drills: count a hand or a crib (random hands weighted to be interesting, or the hard
ones: double runs, crib flushes, nobs), choose the discard from six cards, and find the
best card in the middle of the play. The discard and pegging positions come from real
seeded deals between random players (``cribkit.players.drills``: they need players, a
layer above this one), and are judged by the game review's ``price_decision`` from the
player's view, so a drill and a review price a choice alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from cribkit.actions import Discard
from cribkit.cards import DECK, Card, Suit
from cribkit.errors import CribkitError
from cribkit.scoring import Breakdown, ScoreKind, score_show
from cribkit.view import PlayerView

__all__ = [
    "MAX_DRILL_SEED",
    "CountDrill",
    "CountKind",
    "Drill",
    "count_drill",
    "drill_rng",
    "throw_of",
]

MAX_DRILL_SEED = 2**31 - 1
"""Drill seeds are small whole numbers, short enough for an address."""


class Drill(StrEnum):
    COUNT = "count"
    DISCARD = "discard"
    PEGGING = "pegging"


class CountKind(StrEnum):
    """``any``: random hands, mostly ones worth counting; ``hard``: the ones people miss."""

    ANY = "any"
    HARD = "hard"


@dataclass(frozen=True, slots=True)
class CountDrill:
    """Four cards and a starter to count, as a hand or as the crib."""

    seed: int
    kind: CountKind
    hand: tuple[Card, ...]
    starter: Card
    crib: bool

    @property
    def answer(self) -> Breakdown:
        return score_show(self.hand, self.starter, crib=self.crib)


def _check_seed(seed: int) -> None:
    if not 0 <= seed <= MAX_DRILL_SEED:
        raise CribkitError(
            f"a drill number is a whole number from 0 to {MAX_DRILL_SEED}",
            code="bad_drill",
            params={"max": MAX_DRILL_SEED},
        )


def drill_rng(drill: Drill, seed: int) -> random.Random:
    """The generator of drill ``seed`` of kind ``drill``: the same puzzle for the same number."""
    _check_seed(seed)
    return random.Random(f"cribkit/drill/{drill.value}/{seed}")


_MULTIPLE_RUNS = frozenset(
    {ScoreKind.DOUBLE_RUN, ScoreKind.TRIPLE_RUN, ScoreKind.DOUBLE_DOUBLE_RUN}
)


def _is_double_run(breakdown: Breakdown) -> bool:
    """A run repeated by pairs (double, triple or double double run)."""
    return any(item.kind in _MULTIPLE_RUNS for item in breakdown.items)


def _has(kind: ScoreKind) -> Callable[[Breakdown], bool]:
    return lambda breakdown: any(item.kind is kind for item in breakdown.items)


_HARD_FEATURES: tuple[Callable[[Breakdown], bool], ...] = (
    _is_double_run,
    _has(ScoreKind.NOBS),
)


def count_drill(seed: int, kind: CountKind = CountKind.ANY) -> CountDrill:
    """The counting puzzle numbered ``seed``: the same cards every time."""
    rng = drill_rng(Drill.COUNT, seed)
    if kind is CountKind.HARD:
        return _hard_count(seed, rng)
    while True:
        cards = rng.sample(DECK, 5)
        crib = rng.random() < 0.3
        drill = CountDrill(seed, kind, tuple(sorted(cards[:4])), cards[4], crib)
        # Mostly hands worth counting; now and then a poor one, as the deal gives them.
        if drill.answer.total >= 6 or rng.random() < 0.2:
            return drill


def _hard_count(seed: int, rng: random.Random) -> CountDrill:
    """One of three hard cases, chosen at random: a double run, a crib flush, nobs."""
    case = rng.randrange(3)
    if case == 1:  # a five-card flush in the crib (four in the crib alone would not count)
        suit = rng.choice(list(Suit))
        cards = rng.sample([card for card in DECK if card.suit is suit], 5)
        return CountDrill(seed, CountKind.HARD, tuple(sorted(cards[:4])), cards[4], True)
    wanted = _HARD_FEATURES[0 if case == 0 else 1]
    while True:
        cards = rng.sample(DECK, 5)
        drill = CountDrill(
            seed, CountKind.HARD, tuple(sorted(cards[:4])), cards[4], rng.random() < 0.3
        )
        if wanted(drill.answer):
            return drill


def throw_of(view: PlayerView, cards: tuple[Card, ...]) -> Discard:
    """The discard of ``cards`` from a discard drill's view (two cards of the six)."""
    if len(cards) != 2 or not set(cards) <= set(view.hand) or cards[0] == cards[1]:
        raise CribkitError("choose two of your six cards to throw", code="drill_two_cards")
    return Discard(view.player, (cards[0], cards[1]))
