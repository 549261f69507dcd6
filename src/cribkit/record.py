"""Game records: a game is its rules, its seed and its actions, saved as plain text.

The text form is one line per action (see ``actions``), after a short header::

    # cribkit game record 1
    rules target=121 skunk=91 double_skunk=61
    seed 7
    cut 3H KD
    deal 2C ... / ...
    p1 discard 5H 5D
    ...

Loading replays every action through the state machine, so a damaged or edited record
is refused with the line that breaks it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from cribkit.actions import Action, parse_action
from cribkit.errors import CribkitError, InvalidRecordError
from cribkit.events import ScoreEvent
from cribkit.game import Game
from cribkit.rules import STANDARD, GameRules
from cribkit.state import GameState

__all__ = ["GameRecord", "ReplayStep"]

_HEADER = "# cribkit game record 1"


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One action of a replay with the state before and after it and what it scored."""

    before: GameState
    action: Action
    after: GameState
    events: tuple[ScoreEvent, ...]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Rules + seed + every action (chance included) of one game."""

    rules: GameRules
    seed: int
    actions: tuple[Action, ...]

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        return cls(game.rules, game.seed, tuple(game.actions))

    def to_text(self) -> str:
        lines = [_HEADER, f"rules {self.rules.to_text()}", f"seed {self.seed}"]
        lines.extend(action.to_text() for action in self.actions)
        return "\n".join(lines) + "\n"

    @classmethod
    def parse(cls, text: str, *, check: bool = True) -> GameRecord:
        """Read a record and check that it replays; errors name the offending line.

        ``check=False`` skips the replay, for callers that replay at once anyway
        (``to_game`` checks every action again as it applies it).
        """
        rules, seed = STANDARD, None
        actions: list[Action] = []
        numbers: list[int] = []
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            try:
                if line.startswith("rules "):
                    rules = GameRules.parse(line.removeprefix("rules "))
                elif line.startswith("seed "):
                    seed = int(line.removeprefix("seed ").strip())
                else:
                    actions.append(parse_action(line))
                    numbers.append(number)
            except (CribkitError, ValueError) as exc:
                raise InvalidRecordError(f"line {number}: {exc}") from exc
        if seed is None:
            raise InvalidRecordError("the record has no 'seed' line")
        record = cls(rules, seed, tuple(actions))
        if not check:
            return record
        replay = record.replay()
        for number in numbers:
            try:
                next(replay)
            except InvalidRecordError as exc:
                raise InvalidRecordError(f"line {number}: {exc}") from exc
        return record

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        return cls.parse(Path(path).read_text(encoding="utf-8"))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_text(), encoding="utf-8")

    def replay(self) -> Iterator[ReplayStep]:
        """Every step of the game, checked by the state machine as it goes."""
        state = GameState(rules=self.rules)
        for index, action in enumerate(self.actions):
            try:
                after, events = state.apply(action)
            except CribkitError as exc:
                raise InvalidRecordError(f"action {index + 1} ({action.to_text()}): {exc}") from exc
            yield ReplayStep(state, action, after, events)
            state = after

    def final_state(self) -> GameState:
        state = GameState(rules=self.rules)
        for step in self.replay():
            state = step.after
        return state

    def to_game(self) -> Game:
        """A live ``Game`` at the record's last position, ready to continue."""
        return Game.from_actions(self.actions, seed=self.seed, rules=self.rules)
