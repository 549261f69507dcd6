"""The expert: exact discard values plus the pegging each hold promises, a searched
play, and winning chances near 121.

It sees only its ``PlayerView``. Discards maximize the exact expected hand plus (own) or
minus (opponent's) crib, plus ``pegging_weight`` times the expected net pegging points
of the four kept ranks in this role (``cribkit.analysis.pegvalue``); the play takes the
card with the best expected net pegging points over the opponent's plausible hands,
each solved to the end of the play. When either player is close enough to 121 that
the next hand may decide the game, both choices maximize the probability of winning
from the win-probability table instead.

``expert-2026`` is the first expert kept as it was (no pegging term in the discard),
the yardstick every change is measured against; it is not offered to people.
"""

from __future__ import annotations

from cribkit.actions import Discard, Play, PlayerAction
from cribkit.analysis.discard import HOLDS
from cribkit.analysis.pegging import PLAUSIBILITY, best_play
from cribkit.analysis.pegvalue import PEGGING_WEIGHT, hold_values_with_pegging
from cribkit.analysis.winprob import discard_win_chances, endgame_for_play, in_endgame
from cribkit.errors import CribkitError
from cribkit.players.base import StrategyBase
from cribkit.view import PlayerView

__all__ = ["PEGGING_WEIGHT", "Expert2026Strategy", "ExpertStrategy"]


class ExpertStrategy(StrategyBase):
    """The strongest player here; deterministic for a given view (the seed only breaks
    exact ties, which the analyses already order)."""

    name = "expert"

    def __init__(
        self,
        *,
        seed: int | None = None,
        plausibility: float = PLAUSIBILITY,
        pegging_weight: float = PEGGING_WEIGHT,
    ) -> None:
        super().__init__(seed=seed)
        self.plausibility = plausibility
        self.pegging_weight = pegging_weight

    def choose_discard(self, view: PlayerView) -> PlayerAction:
        dealt = view.hand
        if in_endgame(view):
            values = discard_win_chances(view)
        else:
            values = hold_values_with_pegging(
                dealt, dealer=view.is_dealer, weight=self.pegging_weight
            ).tolist()
        best = max(range(len(HOLDS)), key=lambda h: (values[h], -h))
        throw = tuple(dealt[i] for i in HOLDS[best][1])
        action = Discard(view.player, (throw[0], throw[1]))
        if action not in view.legal_actions:
            raise CribkitError(f"the expert chose an impossible discard {throw}")
        return action

    def choose_play(self, view: PlayerView) -> PlayerAction:
        legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
        if len({card.rank for card in legal}) == 1:
            # the search sees ranks only: it would rate them all alike and take the first
            return Play(view.player, min(legal, key=lambda card: card.index))
        endgame = endgame_for_play(view)
        card = best_play(view, plausibility=self.plausibility, endgame=endgame)
        return Play(view.player, card)


class Expert2026Strategy(ExpertStrategy):
    """The expert as first shipped: discards by hand and crib points alone."""

    name = "expert-2026"

    def __init__(self, *, seed: int | None = None, plausibility: float = PLAUSIBILITY) -> None:
        super().__init__(seed=seed, plausibility=plausibility, pegging_weight=0.0)
