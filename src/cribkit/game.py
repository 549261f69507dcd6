"""A game in progress: a ``GameState`` plus its seed, its actions and chance run for you.

``Game`` is the convenient front door (like a chess board object): apply a player's
action and it lets chance act (deal, starter, cut) until a player must move again. The
players cut (for the deal, and the pone for the starter) as actions of their own; chance
then turns the cards at their positions. The
state itself stays immutable; ``Game`` only keeps the history.
"""

from __future__ import annotations

from collections.abc import Iterable

from cribkit.actions import CHANCE_ACTIONS, Action, PlayerAction
from cribkit.dealing import chance_action, chance_rng, new_seed
from cribkit.events import ScoreEvent
from cribkit.rules import STANDARD, GameRules
from cribkit.state import GameState
from cribkit.view import PlayerView, view_of

__all__ = ["Game"]


class Game:
    """One game from the cut for deal to 121, with its full history.

    >>> game = Game(seed=7)
    >>> game.state.phase
    <Phase.CUT_FOR_DEAL: 'cut_for_deal'>
    """

    def __init__(self, *, seed: int | None = None, rules: GameRules = STANDARD) -> None:
        self.seed: int = new_seed() if seed is None else seed
        self.rules = rules
        self.state = GameState(rules=rules)
        self.actions: list[Action] = []
        self.events: list[ScoreEvent] = []
        self._chance_count = 0
        self._run_chance()

    @classmethod
    def from_actions(
        cls, actions: Iterable[Action], *, seed: int, rules: GameRules = STANDARD
    ) -> Game:
        """Rebuild a game by applying recorded actions (chance ones included) in order."""
        game = cls.__new__(cls)
        game.seed, game.rules = seed, rules
        game.state = GameState(rules=rules)
        game.actions, game.events = [], []
        game._chance_count = 0
        game.replay_more(actions)
        return game

    def replay_more(self, actions: Iterable[Action]) -> None:
        """Apply recorded actions (chance ones included) after this game's last, then
        chance's own: a stored record that grew catches up without replaying its start."""
        for action in actions:
            self._record(action)
        self._run_chance()

    def apply(self, action: PlayerAction) -> tuple[ScoreEvent, ...]:
        """Apply a player's action, then chance's; return every event scored meanwhile."""
        start = len(self.events)
        self._record(action)
        self._run_chance()
        return tuple(self.events[start:])

    def view(self, player: int) -> PlayerView:
        """What seat ``player`` may see now; ``InvalidSeatError`` unless it is 0 or 1.

        >>> Game(seed=7).view(2)
        Traceback (most recent call last):
        ...
        cribkit.errors.InvalidSeatError: there is no player 2; seats are 0 and 1
        """
        return view_of(self.state, player)

    def legal_actions(self, player: int | None = None) -> tuple[PlayerAction, ...]:
        """The actions the rules allow now (only ``player``'s if given): the state's
        ``legal_actions``, the same tuple a ``PlayerView`` holds."""
        return self.state.legal_actions(player)

    @property
    def to_move(self) -> int | None:
        """The seat to act next, or None once the game is over (``Game`` lets chance act
        for you, so it never waits on chance).

        When both seats may act (the cut for deal, the discard, moving on after the
        show) it is the lower seat still to act; ``state.players_to_move()`` lists both.
        Either way ``game.apply(strategies[game.to_move].choose(game.view(game.to_move)))``
        plays the game on.

        >>> game = Game(seed=7)
        >>> game.to_move
        0
        >>> game.apply(game.legal_actions(0)[0])
        ()
        >>> game.to_move
        1
        """
        movers = self.state.players_to_move()
        return movers[0] if movers else None

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def __repr__(self) -> str:
        """Where the game stands, python-chess style; ``seed`` and ``actions`` rebuild it
        (``Game.from_actions(game.actions, seed=game.seed, rules=game.rules)``).

        >>> Game(seed=7)
        <Game seed=7 phase=cut_for_deal hand=0 dealer=None scores=0-0 to_move=0 actions=0>
        """
        state = self.state
        scores = "-".join(str(score) for score in state.scores)
        rules = "" if self.rules == STANDARD else f" rules={self.rules.to_text()!r}"
        winner = "" if state.outcome is None else f" winner={state.outcome.winner}"
        return (
            f"<Game seed={self.seed} phase={state.phase.value} hand={state.hand_number} "
            f"dealer={state.dealer} scores={scores} to_move={self.to_move}{winner} "
            f"actions={len(self.actions)}{rules}>"
        )

    def _record(self, action: Action) -> None:
        transition = self.state.apply(action)
        if isinstance(action, CHANCE_ACTIONS):
            self._chance_count += 1
        self.state = transition.state
        self.actions.append(action)
        self.events.extend(transition.events)

    def _run_chance(self) -> None:
        while self.state.is_chance:
            rng = chance_rng(self.seed, self._chance_count)
            self._record(chance_action(self.state, rng))
