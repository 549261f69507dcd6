"""The two baseline players: random, and greedy (best points now, no look-ahead)."""

from __future__ import annotations

from collections.abc import Callable

from cribkit.actions import Discard, Play, PlayerAction
from cribkit.players.base import StrategyBase
from cribkit.scoring import score_cards, score_play
from cribkit.view import PlayerView

__all__ = ["GreedyStrategy", "RandomStrategy"]


class RandomStrategy(StrategyBase):
    """Any legal action, uniformly: the floor every other player must clear."""

    name = "random"

    def choose_discard(self, view: PlayerView) -> PlayerAction:
        return self.rng.choice(view.legal_actions)

    def choose_play(self, view: PlayerView) -> PlayerAction:
        return self.rng.choice(view.legal_actions)


class GreedyStrategy(StrategyBase):
    """Keeps the four cards that score most on their own; pegs the card scoring most now.

    Ties are broken at random, so two greedy players do not mirror each other.
    """

    name = "greedy"

    def choose_discard(self, view: PlayerView) -> PlayerAction:
        def kept_value(action: PlayerAction) -> int:
            assert isinstance(action, Discard)
            kept = [card for card in view.hand if card not in action.cards]
            return score_cards(kept).total

        return self._best(view.legal_actions, kept_value)

    def choose_play(self, view: PlayerView) -> PlayerAction:
        def points_now(action: PlayerAction) -> int:
            return score_play(view.series, action.card).total if isinstance(action, Play) else 0

        return self._best(view.legal_actions, points_now)

    def _best(
        self, actions: tuple[PlayerAction, ...], value: Callable[[PlayerAction], int]
    ) -> PlayerAction:
        scored = [(value(action), action) for action in actions]
        top = max(points for points, _ in scored)
        return self.rng.choice([action for points, action in scored if points == top])
