"""Levels that play like people: the expert's own evaluations, chosen with a person's errors.

A level never plays a random card. For each decision it takes the expert's best few
options (``discard_options`` holds, ``play_options`` cards, ranked by the expert's
values) and picks among them with probability proportional to ``exp(value / temperature)``
over the values *it* perceives. What a weaker level perceives is what people get wrong:
it forgets part of the crib's value (``crib_memory``) and of the pegging a hold promises
(``pegging_memory``), searches fewer of the opponent's holdings in the play
(``play_deals``: a shallower look ahead) and now and then overlooks the points a card
scores at once (``miss_fifteen``: the fifteen or pair it did not see). Near 121 only
levels with ``endgame`` play for winning chances, by the expert's own choice.

The top level, ``expert``, is the expert itself (``cribkit.players.expert``); the specs
below were set by duplicate matches between adjacent levels (docs/strength.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from cribkit.actions import Play, PlayerAction
from cribkit.analysis.discard import HOLDS, hold_showings
from cribkit.analysis.keepmodel import crib_throws
from cribkit.analysis.pegging import PlayEvaluation, deal_count, evaluate_plays
from cribkit.analysis.pegvalue import PEGGING_WEIGHT, hold_pegging
from cribkit.analysis.winprob import in_endgame
from cribkit.players.expert import ExpertStrategy
from cribkit.view import PlayerView

__all__ = ["LEVEL_SPECS", "LevelSpec", "LevelStrategy", "soft_choice"]


@dataclass(frozen=True, slots=True)
class LevelSpec:
    """How far a level strays from the expert, decision by decision.

    Temperatures are in points (0: always the best option it perceives); ``*_options``
    bound how far down the expert's ranking it may go; memories are the fractions of
    the crib's and the pegging's value it counts; ``play_deals`` the opponent holdings
    its play searches (``None``: the expert's own count); ``miss_fifteen`` the chance,
    each play, of overlooking the points a card scores at once.
    """

    name: str
    discard_temperature: float
    discard_options: int
    crib_memory: float
    pegging_memory: float
    play_temperature: float
    play_options: int
    play_deals: int | None
    miss_fifteen: float
    endgame: bool = False

    def __post_init__(self) -> None:
        if self.discard_temperature < 0 or self.play_temperature < 0:
            raise ValueError(f"level {self.name}: temperatures are 0 or more")
        if not 1 <= self.discard_options <= len(HOLDS) or self.play_options < 1:
            raise ValueError(f"level {self.name}: options run from 1 to the legal choices")
        if not (0 <= self.crib_memory <= 1 and 0 <= self.pegging_memory <= 1):
            raise ValueError(f"level {self.name}: memories are fractions from 0 to 1")
        if not 0 <= self.miss_fifteen <= 1:
            raise ValueError(f"level {self.name}: miss_fifteen is a chance from 0 to 1")
        if self.play_deals is not None and self.play_deals < 1:
            raise ValueError(f"level {self.name}: play_deals is at least 1")


LEVEL_SPECS: dict[str, LevelSpec] = {
    spec.name: spec
    for spec in (
        LevelSpec("beginner", 2.5, 10, 0.0, 0.0, 2.5, 4, 4, 0.5),
        LevelSpec("novice", 1.85, 9, 0.0, 0.0, 2.0, 4, 4, 0.40),
        LevelSpec("casual", 1.5, 7, 0.15, 0.0, 1.75, 3, 6, 0.35),
        LevelSpec("club", 1.1, 5, 0.45, 0.20, 1.2, 3, 12, 0.22),
        LevelSpec("strong", 0.85, 3, 0.6, 0.38, 0.85, 2, 16, 0.17, endgame=True),
    )
}
"""The five levels below the expert, weakest first."""


def soft_choice(values: list[float], temperature: float, rng_value: float) -> int:
    """The index drawn with weights ``exp((v - max) / temperature)`` by ``rng_value`` in
    [0, 1); the first best when ``temperature`` is 0."""
    top = max(values)
    if temperature == 0:
        return values.index(top)
    weights = [math.exp((v - top) / temperature) for v in values]
    target = rng_value * sum(weights)
    for index, weight in enumerate(weights):
        target -= weight
        if target < 0:
            return index
    return len(values) - 1


class LevelStrategy(ExpertStrategy):
    """The expert's evaluations, chosen the way the level's ``LevelSpec`` says."""

    def __init__(self, spec: LevelSpec, *, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.spec = spec
        self.name = spec.name

    def discard_candidates(self, view: PlayerView) -> list[int]:
        """The expert's best ``discard_options`` holds (``HOLDS`` indices), best first."""
        points, chances = self.discard_values(view)
        if chances is not None and self.spec.endgame:
            key = [(round(c, 6), p) for c, p in zip(chances, points, strict=True)]
            order = sorted(range(len(HOLDS)), key=lambda h: (key[h][0], key[h][1], -h))
        else:
            order = sorted(range(len(HOLDS)), key=lambda h: (points[h], -h))
        return order[::-1][: self.spec.discard_options]

    def perceived_discard_values(self, view: PlayerView) -> np.ndarray:
        """Each hold's value as the level sees it: the hand, part of the crib's value and
        part of the expert's pegging term."""
        dealer = view.is_dealer
        hands, cribs = hold_showings(view.hand, opponent_throws=crib_throws(dealer=dealer))
        crib = self.spec.crib_memory * (cribs if dealer else -cribs)
        pegging = self.spec.pegging_memory * PEGGING_WEIGHT
        pegging_term = pegging * hold_pegging(view.hand, dealer=dealer) if pegging else 0.0
        values: np.ndarray = hands.mean(axis=1) + crib + pegging_term
        return values

    def choose_discard(self, view: PlayerView) -> PlayerAction:
        candidates = self.discard_candidates(view)
        perceived = self.perceived_discard_values(view)
        values = [float(perceived[h]) for h in candidates]
        pick = soft_choice(values, self.spec.discard_temperature, self.rng.random())
        return self.discard_action(view, candidates[pick])

    def play_candidates(self, view: PlayerView) -> list[PlayEvaluation]:
        """The best ``play_options`` distinct ranks of the level's search, best first."""
        limit = self.spec.play_deals or deal_count(view, endgame=False)
        evaluations = evaluate_plays(view, deal_limit=limit)
        seen: set[int] = set()
        distinct = []
        for evaluation in evaluations:
            if int(evaluation.card.rank) not in seen:
                seen.add(int(evaluation.card.rank))
                distinct.append(evaluation)
        return distinct[: self.spec.play_options]

    def choose_play(self, view: PlayerView) -> PlayerAction:
        if self.spec.endgame and in_endgame(view, need=self.play_need):
            return super().choose_play(view)
        legal = [a for a in view.legal_actions if isinstance(a, Play)]
        if len({a.card.rank for a in legal}) == 1:
            return min(legal, key=lambda a: a.card.index)
        candidates = self.play_candidates(view)
        blind = self.rng.random() < self.spec.miss_fifteen
        values = [e.expected_net_points - (e.points_now if blind else 0) for e in candidates]
        pick = soft_choice(values, self.spec.play_temperature, self.rng.random())
        return Play(view.player, candidates[pick].card)


def level_factory(name: str) -> type[LevelStrategy]:
    """A class per level, so ``STRATEGIES`` builds each by ``factory(seed=...)``."""
    spec = LEVEL_SPECS[name]

    class _Level(LevelStrategy):
        def __init__(self, *, seed: int | None = None) -> None:
            super().__init__(spec, seed=seed)

    _Level.name = name
    _Level.__name__ = _Level.__qualname__ = f"{name.capitalize()}Strategy"
    return _Level
