"""Game records: a game is its rules, its seed and its actions, saved as plain text.

The text form is one line per action (see ``actions``), after a short header::

    # cribkit game record 2
    rules target=121 skunk=91 double_skunk=61
    seed 7
    p0 cut 17
    p1 cut 40
    cut 3H KD at 17 40
    deal 2C ... / ...
    p1 discard 5D 5H
    p0 discard ...
    p1 cut 12
    starter 9H at 12
    p1 play 5D
    ...
    p0 resign

A game may end on a resignation (``p0 resign``): the line is a player's, like any move.

Players' lines (``p0``/``p1``) are their choices; the other lines are chance's, and chance
is the seed's: loading replays every action through the state machine *and* draws every
cut for deal, deal and starter again from the seed, the chance index and the positions
the players cut at. A damaged or edited record (a move, a card, the seed) is refused
with the line that breaks it and what that line should say.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from cribkit.actions import (
    CHANCE_ACTIONS,
    Action,
    ChanceAction,
    CutForDeal,
    Deal,
    TurnStarter,
    parse_action,
)
from cribkit.cards import format_cards
from cribkit.dealing import chance_action, chance_rng
from cribkit.errors import CribkitError, InvalidRecordError, UnfinishedGameError
from cribkit.events import ScoreEvent
from cribkit.game import Game
from cribkit.rules import STANDARD, GameRules
from cribkit.state import GameState

__all__ = ["GameRecord", "ReplayStep"]

_HEADER = "# cribkit game record 2"
_OLD_HEADERS = frozenset({"# cribkit game record 1"})
"""Formats from before the players cut: their chance lines carry no positions."""


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
            if line in _OLD_HEADERS:
                raise InvalidRecordError(
                    f"line {number}: this record is in an older format ({line.lstrip('# ')}), "
                    "from before the players cut the cards; it cannot be replayed",
                    code="record_old_format",
                    params={"line": number},
                )
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
                raise InvalidRecordError(
                    f"line {number}: {exc}", code="record_unreadable", params={"line": number}
                ) from exc
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
                raise InvalidRecordError(
                    f"line {number}: {exc}",
                    code=exc.code,
                    params={**exc.params, "line": number},
                ) from exc
        return record

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        return cls.parse(Path(path).read_text(encoding="utf-8"))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_text(), encoding="utf-8")

    def replay(self) -> Iterator[ReplayStep]:
        """Every step of the game, checked by the state machine as it goes, each chance
        action drawn again from the seed and compared (``InvalidRecordError`` if not)."""
        state = GameState(rules=self.rules)
        chance_index = 0
        for index, action in enumerate(self.actions):
            try:
                after, events = state.apply(action)
            except CribkitError as exc:
                raise InvalidRecordError(
                    f"action {index + 1} ({action.to_text()}): {exc}",
                    code="record_illegal_action",
                    params={"action": action.to_text()},
                ) from exc
            if state.is_chance and isinstance(action, CHANCE_ACTIONS):
                expected = chance_action(state, chance_rng(self.seed, chance_index))
                if expected != action:
                    raise _chance_mismatch(expected, action, self.seed)
                chance_index += 1
            yield ReplayStep(state, action, after, events)
            state = after

    def final_state(self) -> GameState:
        state = GameState(rules=self.rules)
        for step in self.replay():
            state = step.after
        return state

    def export_text(self) -> str:
        """The text of a finished game, to download or save; an unfinished game is refused
        (its record would show hidden cards: the opponent's hand, the crib, the deals ahead)."""
        if not self.final_state().is_over:
            raise UnfinishedGameError(
                "the game is not over: its record would show hidden cards",
                code="record_game_unfinished",
            )
        return self.to_text()

    def to_game(self) -> Game:
        """A live ``Game`` at the record's last position, ready to continue."""
        return Game.from_actions(self.actions, seed=self.seed, rules=self.rules)


def _chance_mismatch(expected: ChanceAction, given: Action, seed: int) -> InvalidRecordError:
    """Say which cards the seed gives where the record says others."""
    what, should, said = "chance", expected.to_text(), given.to_text()
    if isinstance(expected, TurnStarter) and isinstance(given, TurnStarter):
        what = f"the starter at position {expected.position}"
        should, said = str(expected.card), str(given.card)
    elif isinstance(expected, CutForDeal) and isinstance(given, CutForDeal):
        first, second = expected.positions
        what = f"the cut for deal at positions {first} and {second}"
        should, said = format_cards(expected.cards), format_cards(given.cards)
    elif isinstance(expected, Deal) and isinstance(given, Deal):
        what = "the deal"
        should = " / ".join(format_cards(hand) for hand in expected.hands)
        said = " / ".join(format_cards(hand) for hand in given.hands)
    return InvalidRecordError(
        f"{what} is {should} for seed {seed}, not {said}",
        code="record_chance_mismatch",
        params={"expected": should, "given": said, "seed": str(seed)},
    )
