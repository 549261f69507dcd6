"""What the review page shows: the engine's review of one seat, said for a reader.

The figures are ``cribkit.analysis.review``'s. Each costly decision is told with the
hint's own words (the engine's English sentence, or ``site.hints_i18n`` in another
language, rebuilt from the same view) and a link to that moment of the replay. Points
and winning chances are never added together: they are reported side by side.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass

from cribkit.analysis.hints import hint
from cribkit.analysis.review import Decision, GameReview, HandReview, Unit
from cribkit.cards import Card
from cribkit.record import GameRecord, ReplayStep
from cribkit.view import view_of
from cribkit.web.site.hints_i18n import hint_explanation

__all__ = ["MISTAKES_SHOWN", "Mistake", "ReviewPage", "review_page"]

MISTAKES_SHOWN = 10
"""The costliest decisions told on the page (the JSON lists every decision)."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """One costly decision as the page tells it."""

    decision: Decision
    why: str
    count: int | None
    """The running count before a card was played (None for a throw)."""
    dealer: bool

    @property
    def in_win_chance(self) -> bool:
        return self.decision.unit is Unit.WIN_CHANCE

    @property
    def chosen(self) -> tuple[Card, ...]:
        return self.decision.chosen

    @property
    def best(self) -> tuple[Card, ...]:
        return self.decision.best


@dataclass(frozen=True, slots=True)
class ReviewPage:
    """Everything review.html draws for one seat of one finished game."""

    seat: int
    review: GameReview
    per_hand: tuple[HandReview, ...]
    mistakes: tuple[Mistake, ...]
    costly: int
    """How many decisions cost anything (``mistakes`` tells the biggest of them)."""
    scores: tuple[int, int]
    winner: int | None

    @property
    def counts_exact(self) -> int:
        """How many of the seat's own counts were exactly right."""
        return sum(1 for count in self.review.counts if count.claimed == count.true)


def _why(
    decision: Decision,
    step: ReplayStep,
    seat: int,
    translations: gettext.NullTranslations,
    *,
    english: bool,
) -> str:
    """The hint's sentence for that moment, set against the move the seat made (as
    ``decision.why`` says it in English)."""
    if english:
        return decision.why
    view = view_of(step.before, seat)
    return hint_explanation(hint(view, chosen=step.action), view, translations)


def review_page(
    record: GameRecord,
    review: GameReview,
    translations: gettext.NullTranslations,
    *,
    english: bool,
) -> ReviewPage:
    """The review of ``review.seat`` in ``record``, its costliest decisions told."""
    steps = list(record.replay())
    costly = review.mistakes()
    told = []
    for decision in costly[:MISTAKES_SHOWN]:
        step = steps[decision.step]
        told.append(
            Mistake(
                decision,
                _why(decision, step, review.seat, translations, english=english),
                None if decision.kind.value == "discard" else step.before.count,
                step.before.dealer == review.seat,
            )
        )
    final = steps[-1].after if steps else record.final_state()
    outcome = final.outcome
    return ReviewPage(
        seat=review.seat,
        review=review,
        per_hand=review.per_hand,
        mistakes=tuple(told),
        costly=len(costly),
        scores=final.scores,
        winner=None if outcome is None else outcome.winner,
    )
