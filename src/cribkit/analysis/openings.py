"""Reading the play's first two cards: what the pone's lead and the dealer's answer say.

The expert opens the play from tables (``cribkit.analysis.leads``: the pone's first lead;
``cribkit.analysis.answers``: the dealer's first answer), each a function of the four
ranks kept. An opponent who opens as the table would is more likely to hold the keeps
under which the table makes the card they chose, so the play's search weighs the
opponent's holdings by that likelihood (a softmax over the table's values; a strength of
0 leaves the card unread). The dealer reads the lead; the pone reads the answer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cribkit.analysis.answers import ANSWER_TABLE, answer_likelihood, first_answer
from cribkit.analysis.holdings import Holdings, opponent_played_ranks
from cribkit.analysis.leads import LEAD_TABLE, first_lead, lead_likelihood
from cribkit.view import PlayerView

__all__ = [
    "ANSWER_READING",
    "EXPERT_OPENINGS",
    "LEAD_READING",
    "NEAR_121_READING",
    "UNREAD",
    "OpeningReading",
    "weigh_openings",
]

LEAD_READING = 50.0
"""How strongly the expert's dealer reads the pone's first lead by the lead table: sharp
enough to be the table's own choice (the median gap between a hand's best and second
lead is 0.28 points, a factor of about e^14). In a play-only duel against the
session-11 play (6,000 deals, seed 151, ``scripts/duel_play.py``): +0.052 play points a
hand [+0.027, +0.077] at 50, +0.040 [+0.015, +0.064] at 5."""

ANSWER_READING = 15.0
"""How strongly the expert's pone reads the dealer's first answer by the answer table:
softer than the lead, as a dealer answers by its search, which the table only
approximates (with the lead read and the answer from the table, the same duel: +0.077 a
hand unread, +0.092 at 5, +0.099 [+0.076, +0.122] at 15)."""


@dataclass(frozen=True, slots=True)
class OpeningReading:
    """The tables the opponent is read by and how strongly (0: not read); the
    ``near_121_`` strengths are those read when either player needs 31 or fewer, where an
    expert opens by its search, not by the tables (the two mostly agree, so a softer
    reading may still tell something)."""

    lead_table: str | None = None
    lead_strength: float = 0.0
    answer_table: str | None = None
    answer_strength: float = 0.0
    near_121_lead_strength: float = 0.0
    near_121_answer_strength: float = 0.0

    def near_121(self) -> OpeningReading:
        """The reading near 121: the same tables at the near-121 strengths."""
        return replace(
            self,
            lead_strength=self.near_121_lead_strength,
            answer_strength=self.near_121_answer_strength,
        )

    def __bool__(self) -> bool:
        return bool(
            (self.lead_table and self.lead_strength) or (self.answer_table and self.answer_strength)
        )


UNREAD = OpeningReading()
"""No opening card read: the search's default."""

NEAR_121_READING = 5.0
"""How strongly the expert reads both opening cards near 121, where the opponent opens by
its search: the tables only approximate that, so the reading is soft. In hands near 121
(``scripts/duel_endgame.py``, 4,000 hands, seed 7): +0.0007 winning chance a hand [-0.0012,
+0.0025] at 5; lead 15 and answer 5 with the expert's deals near 121, +0.0005 [-0.0014,
+0.0023], where 5 and 5 made +0.0011 [-0.0007, +0.0030]."""

EXPERT_OPENINGS = OpeningReading(
    LEAD_TABLE, LEAD_READING, ANSWER_TABLE, ANSWER_READING, NEAR_121_READING, NEAR_121_READING
)
"""The shipped expert's reading: the pone is taken to lead by the face-up lead table
(``leads``, as every expert before session 24 did), the dealer to answer by the answer
table; near 121, where both open by their search, softly (``NEAR_121_READING``)."""


def weigh_openings(view: PlayerView, holdings: Holdings, reading: OpeningReading) -> Holdings:
    """``holdings`` (the opponent's unplayed ranks) weighed by how likely each makes the
    opponent's opening card by its table: the lead for a dealer, the answer for a pone."""
    played = opponent_played_ranks(view)
    lead = first_lead(view)
    if lead is not None and reading.lead_table and reading.lead_strength:
        table, strength = reading.lead_table, reading.lead_strength
        factors = [
            lead_likelihood(tuple(sorted(played + hand)), lead, strength, table)
            for hand in holdings.hands
        ]
    else:
        opening = first_answer(view)
        if opening is None or not reading.answer_table or not reading.answer_strength:
            return holdings
        table, strength = reading.answer_table, reading.answer_strength
        led, answer = opening
        factors = [
            answer_likelihood(tuple(sorted(played + hand)), led, answer, strength, table)
            for hand in holdings.hands
        ]
    return Holdings(
        holdings.hands,
        tuple(weight * factor for weight, factor in zip(holdings.weights, factors, strict=True)),
    )
