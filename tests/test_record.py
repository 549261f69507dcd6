"""Game records: saved as text and loaded back they replay to the same states and
events; damaged records are refused naming the line; a game rebuilt from its actions
continues with the same luck as the original."""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

import pytest

from cribkit.actions import Action, Deal, NextHand, PlayerAction
from cribkit.errors import CribkitError, InvalidRecordError
from cribkit.game import Game
from cribkit.record import GameRecord
from cribkit.rules import GameRules
from cribkit.state import GameState


def played(seed: int, rules: GameRules | None = None) -> tuple[Game, list[PlayerAction]]:
    """A random game to the end and the player actions chosen in it, in order."""
    game = Game(seed=seed) if rules is None else Game(seed=seed, rules=rules)
    rng = random.Random(seed * 7 + 1)
    choices: list[PlayerAction] = []
    while not game.is_over:
        action = rng.choice(game.state.legal_actions())
        choices.append(action)
        game.apply(action)
    return game, choices


def test_save_load_replays_identically(tmp_path: Path) -> None:
    game, _ = played(11)
    record = GameRecord.of(game)
    path = tmp_path / "game.txt"
    record.save(path)
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[:3] == [
        "# cribkit game record 2",
        f"rules {game.rules.to_text()}",
        "seed 11",
    ]
    loaded = GameRecord.load(path)
    assert loaded == record and loaded.to_text() == text
    assert loaded.final_state() == game.state
    steps = list(loaded.replay())
    assert [step.action for step in steps] == game.actions
    assert [e for step in steps for e in step.events] == game.events
    for earlier, later in pairwise(steps):
        assert earlier.after == later.before
    assert steps[0].before == GameState()


def test_rules_travel_with_the_record() -> None:
    rules = GameRules(target=61, skunk_line=31, double_skunk_line=16)
    game, _ = played(3, rules)
    loaded = GameRecord.parse(GameRecord.of(game).to_text())
    assert loaded.rules == rules and loaded.final_state() == game.state
    assert max(game.state.scores) >= 61


def lines_of(game: Game) -> list[str]:
    return GameRecord.of(game).to_text().splitlines()


def first_line(lines: list[str], prefix: str) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith(prefix))


def test_illegal_line_is_refused_by_number() -> None:
    game, _ = played(5)
    lines = lines_of(game)
    index = (
        first_line(lines, "p1 play")
        if any(line.startswith("p1 play") for line in lines)
        else first_line(lines, "p0 play")
    )
    words = lines[index].split()
    dealt = {str(c) for hand in game.state.dealt for c in hand}
    stranger = next(c for c in ("AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C") if c not in dealt)
    lines[index] = f"{words[0]} play {stranger}"
    with pytest.raises(InvalidRecordError, match=rf"^line {index + 1}: .*do not hold {stranger}"):
        GameRecord.parse("\n".join(lines))


def test_bad_card_is_refused_by_number() -> None:
    lines = lines_of(played(5)[0])
    index = first_line(lines, "p0 discard")
    lines[index] = "p0 discard 5X 2H"
    with pytest.raises(InvalidRecordError, match=rf"^line {index + 1}: .*5X"):
        GameRecord.parse("\n".join(lines))


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("p0 dance", "unknown move"),
        ("p2 go", "p0/p1"),
        ("deal 2H 3H", "'/'"),
        ("starter", "expected cut, deal, starter"),
        ("rules target=121 muggins=1", "unknown rule setting 'muggins=1'"),
        ("seed twelve", "twelve"),
    ],
)
def test_unreadable_lines_are_refused_by_number(bad: str, message: str) -> None:
    lines = lines_of(played(2)[0])
    lines.insert(5, bad)
    with pytest.raises(InvalidRecordError, match=r"^line 6: ") as info:
        GameRecord.parse("\n".join(lines))
    assert message in str(info.value)


def test_missing_seed_is_refused() -> None:
    lines = [line for line in lines_of(played(2)[0]) if not line.startswith("seed")]
    with pytest.raises(InvalidRecordError, match="no 'seed' line"):
        GameRecord.parse("\n".join(lines))


def test_actions_after_the_end_are_refused() -> None:
    lines = lines_of(played(4)[0])
    lines.append("p0 next")
    with pytest.raises(InvalidRecordError, match=rf"^line {len(lines)}: .*game_over"):
        GameRecord.parse("\n".join(lines))


def test_moving_a_line_breaks_the_replay() -> None:
    lines = lines_of(played(6)[0])
    index = first_line(lines, "starter")
    lines[index], lines[index - 1] = lines[index - 1], lines[index]  # starter before a discard
    with pytest.raises(CribkitError, match=rf"^line {index}: "):
        GameRecord.parse("\n".join(lines))


def resume_points(actions: list[Action]) -> list[int]:
    """Prefix lengths that end just after a player action (where a person could stop)."""
    return [i + 1 for i, a in enumerate(actions) if hasattr(a, "player")]


@pytest.mark.heavy
@pytest.mark.parametrize("seed", [1, 8, 21])
def test_resumed_games_keep_the_same_luck(seed: int) -> None:
    original, choices = played(seed)
    points = resume_points(original.actions)
    for cut in points[:: max(1, len(points) // 7)]:
        prefix = original.actions[:cut]
        done = sum(1 for a in prefix if hasattr(a, "player"))
        for resumed in (
            Game.from_actions(prefix, seed=seed),
            GameRecord.parse(GameRecord(original.rules, seed, tuple(prefix)).to_text()).to_game(),
        ):
            for action in choices[done:]:
                resumed.apply(action)
            assert resumed.actions == original.actions
            assert resumed.events == original.events and resumed.state == original.state


def test_the_seed_decides_the_next_deal() -> None:
    original, _ = played(9)
    cut = next(i + 1 for i, a in enumerate(original.actions) if isinstance(a, NextHand))
    same = Game.from_actions(original.actions[:cut], seed=9)
    other = Game.from_actions(original.actions[:cut], seed=10)
    assert isinstance(original.actions[cut], Deal)
    assert same.actions[cut] == original.actions[cut]
    assert isinstance(other.actions[cut], Deal) and other.actions[cut] != original.actions[cut]
