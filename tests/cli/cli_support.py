"""Helpers shared by the CLI tests: run a command in-process, check bad-input handling."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from typer.testing import CliRunner, Result

from cribkit.cli import app
from cribkit.game import Game
from cribkit.rules import STANDARD, GameRules


@dataclass
class Matches:
    """The matches ``cribkit ladder`` played, in order, and the keywords each was run with
    (the ``matches`` fixture, conftest.py)."""

    pairs: list[tuple[str, str]] = field(default_factory=list)
    keywords: list[dict[str, object]] = field(default_factory=list)

    def clear(self) -> None:
        self.pairs.clear()
        self.keywords.clear()


def invoke(args: Sequence[str], *, input: str | None = None) -> Result:
    """Run ``cribkit ARGS...`` in-process; stdout and stderr stay apart on the result."""
    return CliRunner().invoke(app, list(args), input=input)


def json_out(result: Result) -> object:
    """The command's stdout as JSON, after checking that it succeeded."""
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def assert_bad_input(result: Result, *fragments: str) -> None:
    """Exit status 2, a ``cribkit:`` message on stderr naming the problem, no traceback."""
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("cribkit: "), result.stderr
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def assert_json_error(result: Result, code: str | None, *fragments: str) -> dict[str, str]:
    """Exit status 2 and exactly one JSON object on stderr: ``{"error": ..., "code": ...}``.

    ``code=None`` accepts any non-empty code (for errors whose code the engine chooses).
    """
    assert result.exit_code == 2, result.output
    assert result.stdout == "", result.stdout
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    error = json.loads(lines[0])
    assert isinstance(error, dict)
    assert set(error) == {"error", "code"}, error
    assert isinstance(error["code"], str) and error["code"]
    if code is not None:
        assert error["code"] == code, error
    for fragment in fragments:
        assert fragment in error["error"], error
    assert "Traceback" not in result.output
    return error


def random_game(seed: int, *, rules: GameRules = STANDARD, max_actions: int | None = None) -> Game:
    """A game of random legal moves, to 121 or stopped after ``max_actions`` player moves."""
    game = Game(seed=seed, rules=rules)
    rng = random.Random(seed)
    moves = 0
    while not game.is_over and (max_actions is None or moves < max_actions):
        game.apply(rng.choice(game.state.legal_actions()))
        moves += 1
    return game
