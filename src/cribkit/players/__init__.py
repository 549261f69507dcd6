"""Computer players behind one interface, by name or by difficulty level.

``make_strategy("greedy", seed=3)``; levels for people: easy = random, medium = greedy,
hard = expert.
"""

from __future__ import annotations

from collections.abc import Callable

from cribkit.errors import CribkitError
from cribkit.players.base import Strategy, StrategyBase, default_cut
from cribkit.players.expert import ExpertStrategy
from cribkit.players.simple import GreedyStrategy, RandomStrategy

__all__ = [
    "LEVELS",
    "STRATEGIES",
    "GreedyStrategy",
    "RandomStrategy",
    "Strategy",
    "StrategyBase",
    "default_cut",
    "make_strategy",
    "strategy_for_level",
]

STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "random": RandomStrategy,
    "greedy": GreedyStrategy,
    "expert": ExpertStrategy,
}
"""Strategy factories by name; each takes a keyword ``seed``."""

LEVELS: dict[str, str] = {"easy": "random", "medium": "greedy", "hard": "expert"}
"""Difficulty levels offered to people, and the strategy behind each."""


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
