"""The counting part of a game review: each show a seat counted itself, against the true count.

Counting your own hand (``GameRules.manual_count``) is not a decision the analyses price:
its cost is exact, the points the claim overlooked (pegged by the opponent as muggins when
that is on) and the points claimed past the true count (never pegged). So it is reported
beside the decisions, never mixed into their points lost or the accuracy figure.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from cribkit.actions import ClaimCount
from cribkit.events import Show
from cribkit.record import ReplayStep

__all__ = ["CountedShow", "counted_shows"]


@dataclass(frozen=True, slots=True)
class CountedShow:
    """One hand or crib the seat counted itself: the claim, the true count and the
    difference. ``step`` is the claim's index in the record, for the replay link."""

    hand: int
    step: int
    show: Show

    @property
    def what(self) -> str:
        """``"hand"`` or ``"crib"``."""
        return self.show.context.value

    @property
    def claimed(self) -> int:
        assert self.show.claim is not None
        return self.show.claim

    @property
    def true(self) -> int:
        return self.show.breakdown.total

    @property
    def missed(self) -> int:
        return self.show.missed

    @property
    def muggins(self) -> int:
        return self.show.muggins

    @property
    def over_claimed(self) -> int:
        return self.show.over_claimed

    def to_dict(self) -> dict[str, object]:
        return {
            "hand": self.hand,
            "step": self.step,
            "what": self.what,
            "cards": [str(card) for card in self.show.cards],
            "starter": str(self.show.starter),
            "claimed": self.claimed,
            "true": self.true,
            "missed": self.missed,
            "muggins": self.muggins,
            "over_claimed": self.over_claimed,
        }


def counted_shows(steps: Iterable[tuple[int, ReplayStep]], seat: int) -> Iterator[CountedShow]:
    """Every claim ``seat`` made among the numbered replay ``steps``, with the show it laid
    down (the first show the claim added: the engine's counts after it are not the seat's)."""
    for index, step in steps:
        action = step.action
        if isinstance(action, ClaimCount) and action.player == seat:
            show = step.after.shows[len(step.before.shows)]
            assert show.player == seat and show.claim == action.points
            yield CountedShow(step.before.hand_number, index, show)
