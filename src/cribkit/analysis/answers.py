"""The dealer's first answer, looked up: the value of each answer to each lead.

After the pone's first lead the dealer answers with seven cards to come, the second
biggest choice of the play. For each of the 1,820 rank multisets the dealer can keep and
each rank the pone may lead, the table holds the dealer's expected net pegging of each
rank it could answer with, against every pone keep holding the led rank, weighted by the
keep model's likelihood for a pone and by how likely that keep leads the led rank by the
lead table (``cribkit.analysis.leads.lead_likelihood``), both playing the
perfect-information search to the end of the play (``cribkit.analysis.pegvalue.exact_answers``).
The starter and the thrown cards are left out of the pone's odds, as in the lead table.

Two uses: the dealer may answer from it instead of sampling the pone's holdings, and the
pone may read the dealer's answer (``answer_likelihood``): a dealer holding under which
the table would not have answered so is less likely. ``scripts/build_answers.py``
(``make answers``) builds ``cribkit/data/answers.npz``; its rows are exact, so a test
rebuilds some and compares.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from cribkit.analysis.keepmodel import KEEP_ROWS
from cribkit.analysis.leads import chosen_chance
from cribkit.analysis.shipped import shipped_arrays
from cribkit.state import Phase
from cribkit.view import PlayerView

__all__ = [
    "ANSWER_TABLE",
    "AnswerTable",
    "answer_likelihood",
    "answer_table",
    "first_answer",
    "first_answer_values",
    "is_first_answer",
]

ANSWER_TABLE = "answers"
"""The shipped table's name (``cribkit/data/answers.npz``)."""


@dataclass(frozen=True, slots=True)
class AnswerTable:
    """``value[row, lead, answer]``: the dealer's expected net pegging of answering
    ``answer`` to ``lead`` holding ``KEEPS[row]``; NaN where it holds no such rank or
    no pone keep fits the lead. ``lead_reading``: the strength the pone's keeps were
    weighed by their lead with (0: not weighed)."""

    value: npt.NDArray[np.float32]
    plausibility: float
    lead_reading: float


@cache
def answer_table(name: str = ANSWER_TABLE) -> AnswerTable:
    """Load an answer table shipped with the package (once)."""
    data = shipped_arrays(name, "build_answers.py")
    return AnswerTable(
        value=np.asarray(data["value"], dtype=np.float32),
        plausibility=float(data["plausibility"]),
        lead_reading=float(data["lead_reading"]),
    )


def is_first_answer(view: PlayerView) -> bool:
    """Whether ``view`` is the dealer answering the pone's first lead, four cards held."""
    return (
        view.phase is Phase.PLAY
        and view.to_play == view.player
        and view.is_dealer
        and len(view.play_log) == 1
        and view.play_log[0].card is not None
        and len(view.hand) == 4
    )


def first_answer_values(
    view: PlayerView, table: str | None = ANSWER_TABLE
) -> dict[int, float] | None:
    """Each rank the dealer may answer with and its table value, if ``view`` is the first
    answer and a ``table`` is named; else ``None`` (the search decides)."""
    if table is None or not is_first_answer(view):
        return None
    lead = view.play_log[0].card
    assert lead is not None  # is_first_answer says so
    ranks = sorted(int(card.rank) for card in view.hand)
    values = answer_table(table).value[KEEP_ROWS[tuple(ranks)], int(lead.rank)]
    return {rank: float(values[rank]) for rank in ranks}


def first_answer(view: PlayerView) -> tuple[int, int] | None:
    """The pone's first lead and the dealer's answer to it (ranks), if ``view`` is the
    pone and the dealer has answered; else ``None``."""
    if view.is_dealer or view.phase is not Phase.PLAY or len(view.play_log) < 2:
        return None
    lead, answer = view.play_log[0], view.play_log[1]
    if lead.card is None or lead.player != view.player:
        return None
    if answer.card is None or answer.player != view.opponent:
        return None
    return int(lead.card.rank), int(answer.card.rank)


@cache
def answer_likelihood(
    keep: tuple[int, ...], lead: int, answer: int, strength: float, table: str
) -> float:
    """How likely a dealer keeping the sorted ranks ``keep`` answers ``lead`` with
    ``answer``, if it answers by ``table``: a softmax of strength ``strength`` over the
    table's values of the ranks it holds."""
    values = answer_table(table).value[KEEP_ROWS[keep], lead]
    return chosen_chance(values, keep, answer, strength)
