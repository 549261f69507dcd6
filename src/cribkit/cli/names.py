"""Strategy and level names as people type them: any case, and the levels' old names.

The levels people are offered (``cribkit.players.LEVELS``) are strategies of the same
names; the old level names easy/medium/hard are read as the levels they became
(``cribkit.players.LEVEL_ALIASES``), so ``--level hard`` is ``--level expert`` and
``cribkit match Easy random`` is ``beginner`` against ``random``.
"""

from __future__ import annotations

from cribkit.errors import CribkitError
from cribkit.players import LEVEL_ALIASES, LEVELS, STRATEGIES

__all__ = ["level_name", "strategy_name"]


def _known(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def strategy_name(text: str) -> str:
    """The strategy called ``text``, or the one behind the level ``text``, in any case."""
    word = text.strip().lower()
    if word in STRATEGIES:
        return word
    if word in LEVEL_ALIASES:
        return LEVELS[LEVEL_ALIASES[word]]
    raise CribkitError(
        f"unknown strategy {text!r}: choose {_known([*STRATEGIES, *LEVEL_ALIASES])}",
        code="unknown_strategy",
        params={"name": text},
    )


def level_name(text: str) -> str:
    """The level called ``text`` (or an old name of it), in any case."""
    word = text.strip().lower()
    word = LEVEL_ALIASES.get(word, word)
    if word in LEVELS:
        return word
    aliases = [f"{old} ({new})" for old, new in LEVEL_ALIASES.items()]
    raise CribkitError(
        f"unknown level {text!r}: choose {_known([*LEVELS, *aliases])}",
        code="unknown_level",
        params={"name": text},
    )
