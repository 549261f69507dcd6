"""The pone's first lead, looked up: the exact value of each lead from each kept hand.

The first card of the play is the search's biggest decision (eight cards to come) and its
noisiest: ``best_play`` weighs 48 sampled dealer hands, and over 300 expert leads its
choice differed from the search over every holding in 42, losing 0.015 points a lead by
that search's values; the table's in 23, losing 0.0032 (it leaves the starter and the
throws out, the search over every holding does not). A lead sees ranks only
and nothing the dealer has played yet, so each of the 1,820 rank multisets the pone can
keep has one value per rank it holds: the expected net pegging of leading it against
every dealer keep, weighted by the keep model's likelihood for a dealer (as the play's
search weighs them), both playing the perfect-information search to the end of the play
(``cribkit.analysis.pegvalue.exact_leads``). The starter and the thrown cards are left
out of the dealer's odds, as in the pegging table (about one card in 48).
``scripts/build_leads.py`` (``make leads``) builds ``cribkit/data/leads.npz``; its rows
are exact, so the test rebuilds some and compares.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from cribkit.analysis.keepmodel import KEEP_ROWS
from cribkit.analysis.shipped import shipped_arrays
from cribkit.state import Phase
from cribkit.view import PlayerView

__all__ = [
    "ANSWERED_LEAD_TABLE",
    "LEAD_TABLE",
    "LeadTable",
    "chosen_chance",
    "first_lead",
    "first_lead_values",
    "is_first_lead",
    "lead_likelihood",
    "lead_table",
]

LEAD_TABLE = "leads"
"""The face-up table's name (``cribkit/data/leads.npz``): the dealer sees the pone's hand.
The expert's leads until session 24, and still how it reads an opponent's lead."""

ANSWERED_LEAD_TABLE = "leads-answered"
"""The table the expert leads by since session 24 (``cribkit/data/leads-answered.npz``):
each dealer keep answers the lead by the answer table built without reading it
(``answers-unread``), as a dealer who cannot see the pone's hand does, and only from the
third card on do both see everything (``pegvalue.answered_leads``). It leads differently
from 329 of the 1,820 keeps; in a play-only duel with the openings read it added +0.018
play points a hand (+0.099 to +0.117, 6,000 deals, seed 151)."""


@dataclass(frozen=True, slots=True)
class LeadTable:
    """``value[row, rank]``: the pone's expected net pegging of leading ``rank`` (1 to 13)
    from ``KEEPS[row]``; NaN where the row holds no such rank."""

    value: npt.NDArray[np.float64]
    plausibility: float


@cache
def lead_table(name: str = LEAD_TABLE) -> LeadTable:
    """Load a lead table shipped with the package (once)."""
    data = shipped_arrays(name, "build_leads.py")
    return LeadTable(
        value=np.asarray(data["value"], dtype=np.float64),
        plausibility=float(data["plausibility"]),
    )


def is_first_lead(view: PlayerView) -> bool:
    """Whether ``view`` is the pone choosing the play's first card, four cards a side."""
    return (
        view.phase is Phase.PLAY
        and view.to_play == view.player
        and not view.is_dealer
        and not view.play_log
        and len(view.hand) == 4
        and view.opponent_cards_held == 4
    )


def first_lead_values(view: PlayerView, table: str | None = LEAD_TABLE) -> dict[int, float] | None:
    """Each rank the pone may lead with its table value, if ``view`` is the first lead
    and a ``table`` is named; else ``None`` (the search decides)."""
    if table is None or not is_first_lead(view):
        return None
    ranks = sorted(int(card.rank) for card in view.hand)
    values = lead_table(table).value[KEEP_ROWS[tuple(ranks)]]
    return {rank: float(values[rank]) for rank in ranks}


def first_lead(view: PlayerView) -> int | None:
    """The rank the opponent led to open this play, if ``view`` is the dealer and the pone
    has led; else ``None``."""
    if not view.is_dealer or view.phase is not Phase.PLAY or not view.play_log:
        return None
    opening = view.play_log[0]
    if opening.card is None or opening.player != view.opponent:
        return None
    return int(opening.card.rank)


@cache
def lead_likelihood(keep: tuple[int, ...], lead: int, strength: float, table: str) -> float:
    """How likely a pone keeping the sorted ranks ``keep`` leads ``lead`` first, if it
    leads by ``table``: a softmax of strength ``strength`` over the table's values of the
    ranks it holds (a large strength is the table's own choice; a softer one allows for a
    pone that leads otherwise)."""
    return chosen_chance(lead_table(table).value[KEEP_ROWS[keep]], keep, lead, strength)


def chosen_chance(
    values: npt.NDArray[np.floating[Any]], keep: tuple[int, ...], chosen: int, strength: float
) -> float:
    """The chance that a player choosing among the ranks of ``keep`` by ``values`` (by rank)
    with a softmax of ``strength`` chooses ``chosen``: the lead's and the answer's reading."""
    ranks = set(keep)
    best = max(float(values[rank]) for rank in ranks)
    weights = {rank: math.exp(strength * (float(values[rank]) - best)) for rank in ranks}
    return weights[chosen] / sum(weights.values())
