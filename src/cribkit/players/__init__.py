"""Computer players behind one interface, by name or by difficulty level.

``make_strategy("greedy", seed=3)``; levels for people: easy = random, medium = greedy,
hard = expert. ``expert-2026`` (the first expert, kept as the yardstick) is a named
strategy for matches only, never a level.
"""

from __future__ import annotations

from collections.abc import Callable

from cribkit.errors import CribkitError
from cribkit.players.base import Strategy, StrategyBase, default_cut
from cribkit.players.expert import Expert2026Strategy, ExpertStrategy
from cribkit.players.levels import LEVEL_SPECS, LevelSpec, LevelStrategy, level_factory
from cribkit.players.simple import GreedyStrategy, RandomStrategy

__all__ = [
    "CALIBRATED_LEVELS",
    "LEVELS",
    "LEVEL_SPECS",
    "STRATEGIES",
    "GreedyStrategy",
    "LevelSpec",
    "LevelStrategy",
    "RandomStrategy",
    "Strategy",
    "StrategyBase",
    "as_strategy",
    "default_cut",
    "make_strategy",
    "strategy_for_level",
]

STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "random": RandomStrategy,
    "greedy": GreedyStrategy,
    "expert": ExpertStrategy,
    "expert-2026": Expert2026Strategy,
    **{name: level_factory(name) for name in LEVEL_SPECS},
}
"""Strategy factories by name; each takes a keyword ``seed``."""

LEVELS: dict[str, str] = {"easy": "random", "medium": "greedy", "hard": "expert"}
"""Difficulty levels offered to people, and the strategy behind each."""

CALIBRATED_LEVELS: tuple[str, ...] = (*LEVEL_SPECS, "expert")
"""The calibrated levels, weakest first: each a strategy by the same name, each beating
the one below it in 58-68% of games (docs/strength.md); the top one is the expert."""


def make_strategy(name: str, *, seed: int | None = None) -> Strategy:
    """Build the strategy called ``name`` with its own seeded generator."""
    factory = STRATEGIES.get(name)
    if factory is None:
        known = ", ".join(sorted(STRATEGIES))
        raise CribkitError(f"unknown strategy {name!r}: choose one of {known}")
    return factory(seed=seed)


def strategy_for_level(level: str, *, seed: int | None = None) -> Strategy:
    """The strategy behind a difficulty level (easy, medium, hard)."""
    name = LEVELS.get(level)
    if name is None:
        raise CribkitError(f"unknown level {level!r}: choose easy, medium or hard")
    return make_strategy(name, seed=seed)


def as_strategy(player: str | Strategy, *, seed: int | None = None) -> Strategy:
    """A strategy named ``player`` (built with ``seed``), or ``player`` itself when it
    is already a strategy object, so callers take either.

    >>> as_strategy("greedy", seed=3).name
    'greedy'
    >>> mine = RandomStrategy(seed=1)
    >>> as_strategy(mine) is mine
    True
    """
    if isinstance(player, str):
        return make_strategy(player, seed=seed)
    if not callable(getattr(player, "choose", None)):
        known = ", ".join(sorted(STRATEGIES))
        raise CribkitError(
            f"{player!r} is not a strategy: give a name ({known}) or an object whose "
            "choose(view) returns one of view.legal_actions"
        )
    return player
