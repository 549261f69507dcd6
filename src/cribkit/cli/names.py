"""Strategy and level names as people type them: any case, and either kind of name.

``easy``/``medium``/``hard`` are the levels people are offered and ``random``/``greedy``/
``expert`` the strategies behind them (``cribkit.players.LEVELS``); wherever the command
line asks for one it takes the other too, so ``--level expert`` is ``--level hard`` and
``cribkit match Hard greedy`` is ``expert`` against ``greedy``.
"""

from __future__ import annotations

from cribkit.errors import CribkitError
from cribkit.players import LEVELS, STRATEGIES

__all__ = ["level_name", "strategy_name"]


def _known(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def strategy_name(text: str) -> str:
    """The strategy called ``text``, or the one behind the level ``text``, in any case."""
    word = text.strip().lower()
    if word in STRATEGIES:
        return word
    if word in LEVELS:
        return LEVELS[word]
    choices = [*STRATEGIES, *LEVELS]
    raise CribkitError(
        f"unknown strategy {text!r}: choose {_known(choices)}",
        code="unknown_strategy",
        params={"name": text},
    )


def level_name(text: str) -> str:
    """The level called ``text``, or the level whose strategy is ``text``, in any case."""
    word = text.strip().lower()
    if word in LEVELS:
        return word
    by_strategy = {strategy: level for level, strategy in LEVELS.items()}
    if word in by_strategy:
        return by_strategy[word]
    choices = [f"{level} ({strategy})" for level, strategy in LEVELS.items()]
    raise CribkitError(
        f"unknown level {text!r}: choose {_known(choices)}",
        code="unknown_level",
        params={"name": text},
    )
