"""Computer players behind one interface, by name or by difficulty level.

``make_strategy("greedy", seed=3)``; the levels offered to people are the six calibrated
levels, each a strategy of its own name. ``random`` and ``greedy`` stay as strategies for
tests and benchmarks and ``expert-2026`` (the first expert, kept as the yardstick) and
``expert-2026-12`` (the expert of December 2026, the next yardstick) for matches: none of
them is a level. The old level names (easy, medium, hard) live on only as
aliases (``LEVEL_ALIASES``), read wherever a level is read.
"""

from __future__ import annotations

from collections.abc import Callable

from cribkit.errors import CribkitError
from cribkit.players.base import Strategy, StrategyBase, default_cut
from cribkit.players.expert import Expert2026Strategy, Expert202612Strategy, ExpertStrategy
from cribkit.players.levels import LEVEL_SPECS, LevelSpec, LevelStrategy, level_factory
from cribkit.players.simple import GreedyStrategy, RandomStrategy

__all__ = [
    "CALIBRATED_LEVELS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "LEVEL_ALIASES",
    "LEVEL_SPECS",
    "STRATEGIES",
    "GreedyStrategy",
    "LevelSpec",
    "LevelStrategy",
    "RandomStrategy",
    "Strategy",
    "StrategyBase",
    "as_strategy",
    "canonical_level",
    "default_cut",
    "make_strategy",
    "strategy_for_level",
]

STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "random": RandomStrategy,
    "greedy": GreedyStrategy,
    "expert": ExpertStrategy,
    "expert-2026": Expert2026Strategy,
    "expert-2026-12": Expert202612Strategy,
    **{name: level_factory(name) for name in LEVEL_SPECS},
}
"""Strategy factories by name; each takes a keyword ``seed``."""

CALIBRATED_LEVELS: tuple[str, ...] = (*LEVEL_SPECS, "expert")
"""The calibrated levels, weakest first: each a strategy by the same name, each beating
the one below it in 58-68% of games (docs/strength.md); the top one is the expert."""

LEVELS: dict[str, str] = {level: level for level in CALIBRATED_LEVELS}
"""Difficulty levels offered to people, weakest first, and the strategy behind each."""

LEVEL_ALIASES: dict[str, str] = {"easy": "beginner", "medium": "casual", "hard": "expert"}
"""The levels' old names, still sent by old API clients and stored in old rows: the one
place they are mapped (``canonical_level``)."""

DEFAULT_LEVEL = "casual"
"""The level a new player is offered first (the old default, medium, maps to it)."""


def make_strategy(name: str, *, seed: int | None = None) -> Strategy:
    """Build the strategy called ``name`` with its own seeded generator."""
    factory = STRATEGIES.get(name)
    if factory is None:
        known = ", ".join(sorted(STRATEGIES))
        raise CribkitError(f"unknown strategy {name!r}: choose one of {known}")
    return factory(seed=seed)


def canonical_level(level: str) -> str:
    """The level ``level`` names: itself, or the level an old name (easy, medium, hard)
    stands for; a clear error for anything else."""
    name = LEVEL_ALIASES.get(level, level)
    if name not in LEVELS:
        raise CribkitError(
            f"unknown level {level!r}: choose {', '.join(CALIBRATED_LEVELS[:-1])} "
            f"or {CALIBRATED_LEVELS[-1]}",
            code="unknown_level",
            params={"level": repr(level)},
        )
    return name


def strategy_for_level(level: str, *, seed: int | None = None) -> Strategy:
    """The strategy behind a difficulty level (or one of its old names)."""
    return make_strategy(LEVELS[canonical_level(level)], seed=seed)


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
