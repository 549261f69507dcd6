"""A hint said in the reader's language, from the hint's numbers.

``cribkit.analysis.hints`` explains its advice in English prose. The pages rebuild the
same explanation from the hint's structured data (the action, the ranked discards with
their winning chances, the ranked plays) with catalogue messages, so the numbers are the
engine's and only the words are translated. A throw is explained with the advisor's own
sentence (``site.advice``). It sits in ``site`` because the table's hint and the practice
drills say the same thing.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence

from cribkit.actions import Cut, Go, NextHand
from cribkit.analysis.hints import Hint, compared_play, expert_analysis, nets_differ, shown_net
from cribkit.analysis.pegvalue import pegging_by_throw, weighted_value
from cribkit.cards import format_cards_unicode
from cribkit.view import PlayerView
from cribkit.web.site.advice import Advice
from cribkit.web.site.i18n import N_

__all__ = ["hint_explanation"]


def hint_explanation(hint: Hint, view: PlayerView, translations: gettext.NullTranslations) -> str:
    """Why the hint's action is best, in the language of ``translations``."""
    tr = translations.gettext
    if isinstance(hint.action, NextHand):
        return tr(N_("The hand is over: move on to the next deal."))
    if isinstance(hint.action, Go):
        return tr(N_("No card fits on %(count)d: say go.")) % {"count": view.count}
    if isinstance(hint.action, Cut):
        return tr(N_("Cut anywhere: the deck is shuffled out of sight, so every place is as good."))
    if hint.discards:
        return _discard(hint, view, translations)
    return _play(hint, translations)


def _percent(chance: float) -> str:
    return f"{chance:.0%}"


def _sentences(parts: Sequence[str], translations: gettext.NullTranslations) -> str:
    """Sentences one after the other, spaced as the language spaces them."""
    joined = parts[0]
    for part in parts[1:]:
        joined = translations.gettext(N_("%(first)s %(second)s")) % {
            "first": joined,
            "second": part,
        }
    return joined


def _discard(hint: Hint, view: PlayerView, translations: gettext.NullTranslations) -> str:
    tr = translations.gettext
    advice = Advice(tuple(view.hand), expert_analysis(view.hand, dealer=view.is_dealer))
    chosen = hint.discards[0]
    if not hint.win_chances:
        if set(chosen.throw) == set(advice.best.throw):
            return advice.explained(translations)
        return _pegging_discard(hint, view, advice, translations)
    if set(chosen.throw) == set(advice.best.throw):  # the most points also win most
        also = tr(N_("It also gives the best chance to win: %(chance)s.")) % {
            "chance": _percent(hint.win_chances[0])
        }
        return _sentences([advice.explained(translations), also], translations)
    chance_of = dict(
        zip((frozenset(o.throw) for o in hint.discards), hint.win_chances, strict=True)
    )
    return tr(
        N_(
            "Near the end, keep %(keep)s: it wins %(chance)s of the time against "
            "%(best_chance)s for the most points on average (%(best_keep)s)."
        )
    ) % {
        "keep": format_cards_unicode(chosen.keep),
        "chance": _percent(hint.win_chances[0]),
        "best_chance": _percent(chance_of[frozenset(advice.best.throw)]),
        "best_keep": format_cards_unicode(advice.best.keep),
    }


def _pegging_discard(
    hint: Hint, view: PlayerView, advice: Advice, translations: gettext.NullTranslations
) -> str:
    """The hint keeps other cards than the most hand and crib (``advice``, valued as the
    expert values them), for the pegging they promise (the engine's sentence,
    ``discard_hint``, with the same numbers)."""
    winner, best = hint.discards[0], advice.best
    pegging = pegging_by_throw(view.hand, dealer=view.is_dealer)
    return translations.gettext(
        N_(
            "Keep %(keep)s: it should net %(net)s points in the play against %(best_net)s for "
            "%(best_keep)s, the most in hand and crib alone (%(best_total)s against "
            "%(total)s), so it comes to %(value)s in all against %(best_value)s."
        )
    ) % {
        "keep": format_cards_unicode(winner.keep),
        "net": f"{pegging[frozenset(winner.throw)]:+.2f}",
        "best_net": f"{pegging[frozenset(best.throw)]:+.2f}",
        "best_keep": format_cards_unicode(best.keep),
        "best_total": f"{best.total_ev:.2f}",
        "total": f"{winner.total_ev:.2f}",
        "value": f"{weighted_value(winner, pegging, dealer=view.is_dealer):.2f}",
        "best_value": f"{weighted_value(best, pegging, dealer=view.is_dealer):.2f}",
    }


def _play(hint: Hint, translations: gettext.NullTranslations) -> str:
    tr = translations.gettext
    best = hint.plays[0]
    card = best.card.unicode
    parts = [
        tr(N_("Play %(card)s: it pegs %(points)d now.")) % {"card": card, "points": best.points_now}
        if best.points_now
        else tr(N_("Play %(card)s.")) % {"card": card}
    ]
    net = {"net": shown_net(best.expected_net_points)}
    other, yours = compared_play(hint.plays, hint.chosen)
    if other is None:
        parts.append(tr(N_("Over the rest of the play it should net %(net)s points.")) % net)
    else:
        net["other_card"] = other.card.unicode
        net["other"] = shown_net(other.expected_net_points)
        parts.append(tr(_AGAINST[yours, nets_differ(best, other)]) % net)
    if best.win_probability is not None:
        chance = {"chance": _percent(best.win_probability)}
        if yours and other is not None and other.win_probability is not None:
            chance.update(other=_percent(other.win_probability), other_card=other.card.unicode)
            message = N_(
                "Near the end it gives the best chance to win: %(chance)s, against %(other)s "
                "for %(other_card)s."
            )
        else:
            message = N_("Near the end it gives the best chance to win: %(chance)s.")
        parts.append(tr(message) % chance)
    return _sentences(parts, translations)


_AGAINST: dict[tuple[bool, bool], str] = {
    (False, True): N_(
        "Over the rest of the play it should net %(net)s points, against %(other)s "
        "for %(other_card)s."
    ),
    (False, False): N_(
        "Over the rest of the play it should net %(net)s points, the same as %(other_card)s."
    ),
    (True, True): N_(
        "Over the rest of the play it should net %(net)s points, against %(other)s "
        "for %(other_card)s, your card."
    ),
    (True, False): N_(
        "Over the rest of the play it should net %(net)s points, the same as %(other_card)s, "
        "your card."
    ),
}
"""The best card against another, by (is it the player's own card, do the nets differ)."""
