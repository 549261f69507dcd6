"""Names of scoring items for people: a translated term beside the English call.

The breakdowns keep the English table talk ("fifteen two") in every language, as players
say it; the label next to it ("Fifteen", "十五点") is what gets translated.
"""

from __future__ import annotations

from cribkit.scoring import ScoreKind
from cribkit.web.site.i18n import N_

__all__ = ["KIND_LABELS", "kind_label"]

KIND_LABELS: dict[ScoreKind, str] = {
    ScoreKind.FIFTEEN: N_("Fifteen"),
    ScoreKind.THIRTY_ONE: N_("Thirty-one"),
    ScoreKind.PAIR: N_("Pair"),
    ScoreKind.PAIR_ROYAL: N_("Pair royal (three of a kind)"),
    ScoreKind.DOUBLE_PAIR_ROYAL: N_("Double pair royal (four of a kind)"),
    ScoreKind.RUN: N_("Run"),
    ScoreKind.DOUBLE_RUN: N_("Double run (pair included)"),
    ScoreKind.TRIPLE_RUN: N_("Triple run (pairs included)"),
    ScoreKind.DOUBLE_DOUBLE_RUN: N_("Double double run (pairs included)"),
    ScoreKind.FLUSH: N_("Flush"),
    ScoreKind.NOBS: N_("His nobs"),
    ScoreKind.HEELS: N_("His heels"),
    ScoreKind.GO: N_("One for the go"),
    ScoreKind.LAST_CARD: N_("One for last"),
    ScoreKind.CLAIM: N_("Your own count"),
    ScoreKind.MUGGINS: N_("Muggins"),
}


def kind_label(kind: ScoreKind | str) -> str:
    """The catalogue id naming an item kind (translate it with ``_``)."""
    return KIND_LABELS[ScoreKind(kind)]
