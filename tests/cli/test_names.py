"""Levels and strategy names as people type them (``cribkit.cli.names``)."""

from __future__ import annotations

import pytest

from cribkit.cli.names import level_name, strategy_name
from cribkit.errors import CribkitError
from cribkit.players import LEVEL_ALIASES, LEVELS, STRATEGIES


@pytest.mark.parametrize(
    ("text", "strategy"),
    [
        ("expert", "expert"),
        ("EXPERT", "expert"),
        ("Greedy", "greedy"),
        (" random ", "random"),
        ("Club", "club"),
        ("hard", "expert"),
        ("Hard", "expert"),
        ("MEDIUM", "casual"),
        ("easy", "beginner"),
    ],
)
def test_strategy_names(text: str, strategy: str) -> None:
    assert strategy_name(text) == strategy


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("expert", "expert"),
        ("HARD", "expert"),
        ("Novice", "novice"),
        ("Medium", "casual"),
        ("easy", "beginner"),
    ],
)
def test_level_names(text: str, level: str) -> None:
    assert level_name(text) == level


def test_every_level_and_old_name_is_reachable_and_random_is_no_level() -> None:
    for level, strategy in LEVELS.items():
        assert strategy_name(level) == strategy
        assert level_name(level.upper()) == level
    for old, new in LEVEL_ALIASES.items():
        assert strategy_name(old) == level_name(old) == new
    for strategy in STRATEGIES:
        assert strategy_name(strategy.upper()) == strategy
    for test_only in ("random", "greedy", "expert-2026"):
        with pytest.raises(CribkitError, match="unknown level"):
            level_name(test_only)


def test_unknown_names_list_the_choices_with_a_code() -> None:
    with pytest.raises(CribkitError, match="unknown strategy 'chess': choose") as strategy:
        strategy_name("chess")
    assert strategy.value.code == "unknown_strategy"
    with pytest.raises(
        CribkitError, match=r"choose beginner, novice, .* easy \(beginner\)"
    ) as level:
        level_name("insane")
    assert level.value.code == "unknown_level"
