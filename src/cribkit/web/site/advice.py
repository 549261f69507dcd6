"""The advisor's input and answer: six dealt cards in, the engine's ranked holds out.

The ranking is the engine's (``cribkit.analysis.analyze_discard``); this module says in the
reader's language why the best hold wins. It sits in ``site`` because the advisor page and
the table's hint say the same sentence.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from dataclasses import dataclass

from cribkit.analysis import DiscardAnalysis, DiscardOption, analyze_discard
from cribkit.cards import Card, format_cards_unicode
from cribkit.web.site.i18n import N_

__all__ = ["Advice", "advise"]


@dataclass(frozen=True, slots=True)
class Advice:
    """The engine's ranking of the 15 holds of six dealt cards, and why the winner wins."""

    cards: tuple[Card, ...]
    analysis: DiscardAnalysis

    @property
    def best(self) -> DiscardOption:
        return self.analysis.best

    @property
    def top_hand(self) -> DiscardOption:
        """The hold a player who counts only the hand keeps: the most expected hand points."""
        return max(self.analysis.options, key=lambda option: option.hand_ev)

    def crib_sign(self) -> int:
        """+1 when the crib is yours (you deal), -1 when it is the dealer's."""
        return 1 if self.analysis.dealer else -1

    def explained(self, translations: gettext.NullTranslations) -> str:
        """One sentence: why the best hold is best, against the best hand when they differ."""
        message, params = _explanation(self)
        return translations.gettext(message) % params

    def to_dict(self, translations: gettext.NullTranslations) -> dict[str, object]:
        return {
            "cards": [str(card) for card in self.cards],
            **self.analysis.to_dict(),
            "explanation": self.explained(translations),
        }


def advise(cards: Sequence[Card], *, dealer: bool) -> Advice:
    """Rank the 15 holds with the engine's exact discard analysis."""
    return Advice(tuple(cards), analyze_discard(cards, dealer=dealer))


def _explanation(advice: Advice) -> tuple[str, dict[str, object]]:
    best, top, dealer = advice.best, advice.top_hand, advice.analysis.dealer
    params: dict[str, object] = {
        "keep": format_cards_unicode(best.keep),
        "throw": format_cards_unicode(best.throw),
        "hand": f"{best.hand_ev:.2f}",
        "crib": f"{best.crib_ev:.2f}",
        "total": f"{best.total_ev:.2f}",
    }
    if top.hand_ev <= best.hand_ev:
        if dealer:
            return N_(
                "Keep %(keep)s: no other four average more in hand (%(hand)s), and "
                "%(throw)s add %(crib)s to your own crib: %(total)s in all."
            ), params
        return N_(
            "Keep %(keep)s: no other four average more in hand (%(hand)s), and "
            "%(throw)s give the dealer %(crib)s in the crib: %(total)s in all."
        ), params
    params.update(
        top_keep=format_cards_unicode(top.keep),
        top_throw=format_cards_unicode(top.throw),
        top_hand=f"{top.hand_ev:.2f}",
        top_crib=f"{top.crib_ev:.2f}",
        top_total=f"{top.total_ev:.2f}",
    )
    if dealer:
        return N_(
            "Keep %(keep)s rather than %(top_keep)s. %(top_keep)s average %(top_hand)s in "
            "hand against %(hand)s for %(keep)s, but the crib is yours: %(throw)s add "
            "%(crib)s to it where %(top_throw)s add %(top_crib)s, so %(total)s in all "
            "beats %(top_total)s."
        ), params
    return N_(
        "Keep %(keep)s rather than %(top_keep)s. %(top_keep)s average %(top_hand)s in "
        "hand against %(hand)s for %(keep)s, but the crib is the dealer's: %(throw)s "
        "give away %(crib)s where %(top_throw)s give away %(top_crib)s, so %(total)s "
        "in all beats %(top_total)s."
    ), params
