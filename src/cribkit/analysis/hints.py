"""Hints: what to throw or play from any view, why, and the numbers behind it.

The same analyses as the expert: the exact discard analysis (each crib valued against the
opponent's likely throws, ``expert_analysis``) plus the pegging each hold promises for the
throw, the pegging search for the play, and the winning chances near 121. A hint never
uses more than the view it is given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cribkit.actions import (
    Action,
    ClaimCount,
    Cut,
    Discard,
    Go,
    NextHand,
    Play,
    PlayerAction,
    action_to_dict,
)
from cribkit.analysis.cut import default_cut
from cribkit.analysis.discard import DiscardAnalysis, DiscardOption, analyze_discard, hold_throws
from cribkit.analysis.keepmodel import crib_throws
from cribkit.analysis.pegging import PlayEvaluation, expert_plays
from cribkit.analysis.pegvalue import pegging_by_throw, weighted_value
from cribkit.analysis.winprob import endgame_for_play, expert_discard_chances, in_endgame
from cribkit.cards import Card, format_cards_unicode
from cribkit.errors import CribkitError
from cribkit.state import Phase
from cribkit.view import PlayerView

__all__ = [
    "CUT_HINT",
    "Hint",
    "compared_play",
    "discard_hint",
    "expert_analysis",
    "hint",
    "nets_differ",
    "play_hint",
    "shown_net",
]

TOP_OPTIONS = 3
"""Discard options shown in a hint."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A recommended action, the reason in plain words, and the numbers.

    ``discards`` (best first, at most ``TOP_OPTIONS``) is set for a throw, with
    ``win_chances`` beside them near the end; ``plays`` (best first, every legal card)
    for a play. ``chosen`` is the card the player chose, when the hint explains a choice
    already made (a review, a drill): the best is then set against it, not the runner-up.
    """

    action: PlayerAction
    explanation: str
    discards: tuple[DiscardOption, ...] = ()
    win_chances: tuple[float, ...] = ()
    plays: tuple[PlayEvaluation, ...] = ()
    chosen: Card | None = None

    def to_dict(self) -> dict[str, object]:
        """JSON form for the web table and the command line."""
        return {
            "action": action_to_dict(self.action),
            "explanation": self.explanation,
            "discards": [option.to_dict() for option in self.discards],
            "win_chances": [round(chance, 4) for chance in self.win_chances],
            "plays": [evaluation.to_dict() for evaluation in self.plays],
        }


CUT_HINT = "Cut anywhere: the deck is shuffled out of sight, so every place is as good."


def hint(view: PlayerView, *, chosen: Action | None = None) -> Hint:
    """The hint for ``view``: throw, play, go or move on, with the reasons.

    ``chosen``, the move the player made from ``view``, turns a play's reason into "why
    the best card beats yours" (a review or a drill); without it, the best is set against
    the runner-up."""
    actions = view.legal_actions
    if not actions:
        raise CribkitError(
            "nothing to do right now: it is not your turn", code="hint_not_your_turn"
        )
    if isinstance(actions[0], NextHand):
        return Hint(actions[0], "The hand is over: move on to the next deal.")
    if isinstance(actions[0], ClaimCount):
        raise CribkitError(
            "no hint for your own count: that is the count you are asked for",
            code="hint_count_yourself",
        )
    if isinstance(actions[0], Go):
        return Hint(actions[0], f"No card fits on {view.count}: say go.")
    if isinstance(actions[0], Cut):
        return Hint(default_cut(view), CUT_HINT)
    if view.phase is Phase.DISCARD:
        analysis = expert_analysis(view.hand, dealer=view.is_dealer)
        if in_endgame(view):
            return discard_hint(view, analysis, expert_discard_chances(view))
        pegging = pegging_by_throw(view.hand, dealer=view.is_dealer)
        return discard_hint(view, analysis, None, pegging=pegging)
    card = chosen.card if isinstance(chosen, Play) else None
    return play_hint(view, expert_plays(view, endgame_for_play(view)), chosen=card)


def expert_analysis(dealt: Sequence[Card], *, dealer: bool) -> DiscardAnalysis:
    """The exact discard analysis with each crib valued as the expert values it: against
    the throws the keep model says the opponent makes (``crib_throws``), so the hint
    advises what the expert would throw and its numbers are the expert's."""
    return analyze_discard(dealt, dealer=dealer, opponent_throws=crib_throws(dealer=dealer))


def discard_hint(
    view: PlayerView,
    analysis: DiscardAnalysis,
    by_hold: Sequence[float] | None,
    *,
    pegging: Mapping[frozenset[Card], float] | None = None,
) -> Hint:
    """The throw hint from the analyses already made: ``analysis`` of the six cards, and
    near the end ``by_hold``, the winning chance of each hold in ``HOLDS`` order.

    Elsewhere ``pegging`` (each throw's expected net pegging, ``pegging_by_throw``) is
    added to hand and crib at the role's ``pegging_weight``, as the expert does.
    """
    options = analysis.options[:TOP_OPTIONS]
    best = analysis.best
    explanation = analysis.explain()
    chances: tuple[float, ...] = ()
    if by_hold is None and pegging is not None:
        value = {
            option: weighted_value(option, pegging, dealer=view.is_dealer)
            for option in analysis.options
        }
        ranked = sorted(analysis.options, key=value.__getitem__, reverse=True)  # ties keep order
        options = tuple(ranked[:TOP_OPTIONS])
        winner = ranked[0]
        if winner is not best:
            explanation = (
                f"Keep {format_cards_unicode(winner.keep)}: it should net "
                f"{pegging[frozenset(winner.throw)]:+.2f} points in the play against "
                f"{pegging[frozenset(best.throw)]:+.2f} for {format_cards_unicode(best.keep)}, "
                f"the most in hand and crib alone ({best.total_ev:.2f} against "
                f"{winner.total_ev:.2f}), so it comes to {value[winner]:.2f} in all "
                f"against {value[best]:.2f}."
            )
        best = winner
    if by_hold is not None:
        chance_of = dict(zip(hold_throws(view.hand), by_hold, strict=True))
        winner = max(analysis.options, key=lambda o: chance_of[frozenset(o.throw)])
        ranked = [winner, *(o for o in analysis.options if o is not winner)]
        options = tuple(ranked[:TOP_OPTIONS])
        chances = tuple(chance_of[frozenset(o.throw)] for o in options)
        if winner is not best:
            explanation = (
                f"Near the end, keep {format_cards_unicode(winner.keep)}: it wins "
                f"{chance_of[frozenset(winner.throw)]:.0%} of the time against "
                f"{chance_of[frozenset(best.throw)]:.0%} for the most points on average "
                f"({format_cards_unicode(best.keep)})."
            )
        else:
            explanation += f" It also gives the best chance to win: {chances[0]:.0%}."
        best = winner
    action = Discard(view.player, (best.throw[0], best.throw[1]))
    return Hint(action, explanation, discards=tuple(options), win_chances=chances)


def shown_net(points: float) -> str:
    """Expected net points as hints print them (two decimals, signed)."""
    return f"{points:+.2f}"


def nets_differ(first: PlayEvaluation, second: PlayEvaluation) -> bool:
    """Whether two cards' nets print differently: a near tie that prints alike is said to be
    "the same", not "-1.96 against -1.96"."""
    return shown_net(first.expected_net_points) != shown_net(second.expected_net_points)


def compared_play(
    plays: Sequence[PlayEvaluation], chosen: Card | None
) -> tuple[PlayEvaluation | None, bool]:
    """The card the best one is set against, and whether it is the player's own: the card
    ``chosen`` when its rank is not the best's (cards of a rank play alike), else the
    runner-up (None when there is only one card)."""
    if chosen is not None and chosen.rank != plays[0].card.rank:
        mine = next(e for e in plays if e.card.rank == chosen.rank)
        return PlayEvaluation(
            chosen, mine.expected_net_points, mine.points_now, mine.win_probability
        ), True
    return (plays[1] if len(plays) > 1 else None), False


def play_hint(
    view: PlayerView, plays: Sequence[PlayEvaluation], *, chosen: Card | None = None
) -> Hint:
    """The play hint from the search's evaluations of every legal card, best first; with
    ``chosen`` (the card played) the best is set against it (see ``compared_play``)."""
    best = plays[0]
    words = f"Play {best.card.unicode}"
    if best.points_now:
        words += f" (it pegs {best.points_now} now)"
    words += (
        f": over the rest of the play it should net {shown_net(best.expected_net_points)} points"
    )
    other, yours = compared_play(plays, chosen)
    if other is not None:
        card = f"{other.card.unicode}, your card" if yours else other.card.unicode
        words += (
            f", against {shown_net(other.expected_net_points)} for {card}"
            if nets_differ(best, other)
            else f", the same as {card}"
        )
    words += "."
    if best.win_probability is not None:
        words += f" Near the end it gives the best chance to win: {best.win_probability:.0%}"
        if yours and other is not None and other.win_probability is not None:
            words += f", against {other.win_probability:.0%} for {other.card.unicode}"
        words += "."
    shown = other.card if yours and other is not None else None
    return Hint(Play(view.player, best.card), words, plays=tuple(plays), chosen=shown)
