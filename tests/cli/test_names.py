"""Levels and strategy names as people type them (``cribkit.cli.names``)."""

from __future__ import annotations

import pytest

from cribkit.cli.names import level_name, strategy_name
from cribkit.errors import CribkitError
from cribkit.players import LEVELS, STRATEGIES


@pytest.mark.parametrize(
    ("text", "strategy"),
    [
        ("expert", "expert"),
        ("EXPERT", "expert"),
        ("Greedy", "greedy"),
        (" random ", "random"),
        ("hard", "expert"),
        ("Hard", "expert"),
        ("MEDIUM", "greedy"),
        ("easy", "random"),
    ],
)
def test_strategy_names(text: str, strategy: str) -> None:
    assert strategy_name(text) == strategy


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("hard", "hard"),
        ("HARD", "hard"),
        ("expert", "hard"),
        ("Expert", "hard"),
        ("greedy", "medium"),
        ("Medium", "medium"),
        ("RANDOM", "easy"),
        ("easy", "easy"),
    ],
)
def test_level_names(text: str, level: str) -> None:
    assert level_name(text) == level


def test_every_level_and_strategy_is_reachable_both_ways() -> None:
    for level, strategy in LEVELS.items():
        assert strategy_name(level) == strategy
        assert level_name(strategy) == level
    for strategy in STRATEGIES:
        assert strategy_name(strategy.upper()) == strategy


def test_unknown_names_list_the_choices_with_a_code() -> None:
    with pytest.raises(CribkitError, match="unknown strategy 'chess': choose") as strategy:
        strategy_name("chess")
    assert strategy.value.code == "unknown_strategy"
    with pytest.raises(CribkitError, match=r"choose easy \(random\)") as level:
        level_name("insane")
    assert level.value.code == "unknown_level"
