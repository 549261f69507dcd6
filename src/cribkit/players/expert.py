"""The expert: exact discard values plus the pegging each hold promises, a searched
play, and winning chances near 121.

It sees only its ``PlayerView``. Discards maximize the exact expected hand plus (own) or
minus (opponent's) crib, the crib valued against the throws the keep model says the
opponent makes in the other role (``crib_model``, ``cribkit.analysis.keepmodel.crib_throws``;
session 11, README), plus ``pegging_weight`` times the expected net pegging points
of the four kept ranks in this role, as the expert's own play really nets them (the
realized table, ``cribkit.analysis.pegvalue.PEG_TABLE``; session 10: 50.9% [50.2, 51.5]
head to head against the same expert on the face-up search's table); the play takes the
card with the best expected net pegging points over the opponent's plausible hands,
each solved to the end of the play. When either player needs ``discard_need`` /
``play_need`` points or fewer (default ``ENDGAME_NEED``, 31: the next hand may decide
the game), both choices maximize the probability of winning from the win-probability
table instead (the expert's own, built by its self-play); the discard's chances then
count the pegging value too, and points break the ties the table cannot.
``discard_need=121`` would choose by winning chances all game: measured, it gained
nothing over 31 (README), so it is not the default. ``reading`` (``READING``) also
weights the opponent's holdings by the cards they chose in the play
(``cribkit.analysis.reading``).

The play searches four times as many of the opponent's holdings when it plays for points
as near 121 (``POINTS_DEAL_LIMITS``), each weighed by how likely the expert itself would
have kept those four cards in the opponent's role (``keep_model``,
``cribkit.analysis.keepmodel``; measured against the plausibility weights, 2,000 games:
+0.031 play points a hand [+0.007, +0.054]). The pone's first lead, when playing for
points, is read from the lead table instead of searched (``lead_table``,
``cribkit.analysis.leads``: every dealer holding weighed, where the search samples 48).

Since session 24 the play reads its opening (``cribkit.analysis.openings``): as dealer
it weighs the pone's holdings by how likely each leads the card led by the face-up lead
table (``lead_reading``, read by ``read_leads_by``) and answers that lead from the answer
table (``answer_table``, ``cribkit.analysis.answers``: every pone keep holding the lead,
solved exactly); as pone it weighs the dealer's holdings by how likely each answers so by
that table (``answer_reading``), and it leads by ``leads-answered``, a lead table against a
dealer who cannot see its hand. Against ``expert-2026-12``: 51.6% [51.2, 52.0] over 16,000
games (seed 181), play +0.073 points a hand (docs' strength page, session 24).

Since session 25, near 121, where both open by their search, both opening cards are read
softly (``lead_reading_near_121``, ``answer_reading_near_121``: 5), and the search deals
twice as many holdings from six cards on (``EXPERT_DEAL_LIMITS``); measured in hands near
121 by ``scripts/duel_endgame.py``, together +0.0011 winning chance a hand (about 2.2 such
hands a game). ``tables_near_121`` corrects the chances searched at the lead and the answer
near 121 by the opening tables' exact points (a control variate): +0.0008 a hand, within
noise, at a cost that would take the play's p95 near 121 to about 55 ms, so it is off.
Against ``expert-2026-12`` on a fresh seed (191, 16,000 games): 51.6% [51.2, 52.0], margin
+0.75, play +0.084 points a hand (docs' strength page, session 25).

Since session 27 the play reads the opponent's later cards (all but the first two) from
their own view (``later_reading``, ``later_reading_deals``, near 121
``later_reading_deals_near_121``, ``cribkit.analysis.laterplays``):
each holding weighed by how likely a search over the expert's unseen hand makes the cards
they chose; in a play-only duel +0.017 play points a hand [+0.007, +0.027] (read face up,
as if they saw the expert's hand, it lost 0.020). Against ``expert-2026-12`` on a fresh
seed (223, 16,000 games): 51.8% [51.4, 52.2], margin +0.87, play +0.094 points a hand
(docs' strength page, session 27). ``later_reading_keeps`` deals those hands by the keep
model instead of alike (+0.002, within noise: off). ``reply_reading`` models the
opponent's *next* card from their own view too, instead of face up as the solve has it
(``cribkit.analysis.ownreply``); ``committed_next_card`` values each card with the
expert's own next card chosen once for the deals it cannot tell apart
(``cribkit.analysis.nextcard``). Each turned many cards and gained nothing (session 28:
off). ``keep_strength`` is the exponent on the keep model's likelihood where it weighs the
opponent's holdings (``cribkit.analysis.holdings.KEEP_STRENGTH``), ``keep_table`` the keep
table it reads (``cribkit.analysis.keepmodel.KEEP_TABLE``).

The play's shipped settings are written once, as ``EXPERT_PLAY``
(``cribkit.analysis.pegging``): they are this strategy's defaults and what
``expert_plays`` searches when hints and reviews rate the computer's cards. Session 26's
duels found the play near 121 and the discard saturated (docs' strength page).

Settings kept for screens: ``crib_model=False`` values every crib against all throws
alike, as experts before session 11 did (the model's first screen, 2,000 games against the
keep-model expert, 50.1% [49.2, 51.1], was too short to tell). Each of the others was
measured against the shipped expert (2,000 duplicate games, seed 41; README) and left at
the default: ``pegging_table`` names another pegging table (one built with the keep model as the
opponent: 50.4% [49.7, 51.1], margin +0.04); ``endgame_limits`` the deals searched near
121 (four times as many: 50.3% [49.4, 51.2] over 960 games, cut short);
``pegging_weight`` is the pone's weight on a hold's expected net pegging and
``dealer_pegging_weight`` the dealer's (``None``: the pone's), set apart because the
crib's loss to ``expert-2026`` is the dealer keeping what pegs; a lower dealer weight
moved points from the play to the crib and won no more
(``cribkit.analysis.pegvalue.DEALER_PEGGING_WEIGHT``, README). ``knowing_hands`` and
``knowing_crib`` let the play's search near 121 value the show after the play by the
opponent's hand as each searched deal holds it and by the crib given the three cards known
(``cribkit.analysis.cribknown``), not by the average hand; screened together against
``expert-2026-12`` (2,480 games, seed 139: 49.7% [49.2, 50.3], docs' strength page,
session 23), they gained nothing, so both stay off.

``expert-2026`` is the first expert kept as it was (no pegging term, its own table, the
crib's move rounded, the search's first deal counts), the yardstick every change is
measured against; it is not offered to people. ``expert-2026-12`` is the expert as it
stood at the end of 2026 (session 11's, every setting written out so that later defaults
never move it; issue 27), the yardstick for the experts after it; it is not offered either.
"""

from __future__ import annotations

from collections.abc import Mapping

from cribkit.actions import Discard, Play, PlayerAction
from cribkit.analysis.discard import HOLDS, hold_showings
from cribkit.analysis.keepmodel import CRIB_MODEL, crib_throws
from cribkit.analysis.openings import OpeningReading
from cribkit.analysis.pegging import (
    DEAL_LIMITS,
    EXPERT_PLAY,
    PLAUSIBILITY,
    PlaySearch,
    best_play,
)
from cribkit.analysis.pegvalue import (
    DEALER_PEGGING_WEIGHT,
    PEG_TABLE,
    PEGGING_WEIGHT,
    hold_pegging,
    hold_values_with_pegging,
)
from cribkit.analysis.winprob import (
    ENDGAME_NEED,
    TABLE,
    TABLE_2026,
    discard_win_chances,
    endgame_for_play,
    expert_discard_chances,
    in_endgame,
)
from cribkit.errors import CribkitError
from cribkit.players.base import StrategyBase
from cribkit.view import PlayerView

__all__ = [
    "CHANCE_DIGITS",
    "PEGGING_WEIGHT",
    "Expert2026Strategy",
    "Expert202612Strategy",
    "ExpertStrategy",
]

CHANCE_DIGITS = 6
"""Winning chances equal to this many decimals are a tie the table cannot break."""


class ExpertStrategy(StrategyBase):
    """The strongest player here; deterministic for a given view (the seed only breaks
    exact ties, which the analyses already order)."""

    name = "expert"

    def __init__(
        self,
        *,
        seed: int | None = None,
        plausibility: float = EXPERT_PLAY.plausibility,
        pegging_weight: float = PEGGING_WEIGHT,
        discard_need: int = ENDGAME_NEED,
        play_need: int = ENDGAME_NEED,
        endgame_pegging: bool = True,
        table: str = TABLE,
        reading: float = EXPERT_PLAY.reading,
        points_limits: Mapping[int, int] = EXPERT_PLAY.points_limits,
        endgame_limits: Mapping[int, int] = EXPERT_PLAY.endgame_limits,
        keep_model: bool = EXPERT_PLAY.keep_model,
        pegging_table: str = PEG_TABLE,
        crib_model: bool = CRIB_MODEL,
        dealer_pegging_weight: float | None = DEALER_PEGGING_WEIGHT,
        lead_table: str | None = EXPERT_PLAY.lead_table,
        knowing_hands: bool = False,
        knowing_crib: bool = False,
        lead_reading: float = EXPERT_PLAY.openings.lead_strength,
        answer_table: str | None = EXPERT_PLAY.answer_table,
        answer_reading: float = EXPERT_PLAY.openings.answer_strength,
        lead_reading_near_121: float = EXPERT_PLAY.openings.near_121_lead_strength,
        answer_reading_near_121: float = EXPERT_PLAY.openings.near_121_answer_strength,
        read_leads_by: str | None = EXPERT_PLAY.openings.lead_table,
        tables_near_121: bool = EXPERT_PLAY.tables_near_121,
        later_reading: float = EXPERT_PLAY.later_reading,
        later_reading_deals: int = EXPERT_PLAY.later_reading_deals,
        later_reading_deals_near_121: int | None = EXPERT_PLAY.later_reading_deals_near_121,
        later_reading_keeps: bool = False,
        reply_reading: float = EXPERT_PLAY.reply_reading,
        reply_reading_deals: int = EXPERT_PLAY.reply_reading_deals,
        reply_reading_keeps: bool = EXPERT_PLAY.reply_reading_keeps,
        committed_next_card: bool = EXPERT_PLAY.committed_next_card,
        keep_strength: float = EXPERT_PLAY.keep_strength,
        keep_table: str = EXPERT_PLAY.keep_table,
    ) -> None:
        super().__init__(seed=seed)
        self.pegging_weight = pegging_weight
        self.discard_need = discard_need
        self.play_need = play_need
        self.endgame_pegging = endgame_pegging
        self.table = table
        self.pegging_table = pegging_table
        self.crib_model = crib_model
        self.dealer_pegging_weight = dealer_pegging_weight
        self.knowing_hands = knowing_hands
        self.knowing_crib = knowing_crib
        openings = OpeningReading(  # what the play reads, from the settings below
            lead_table=read_leads_by or lead_table,
            lead_strength=lead_reading,
            answer_table=answer_table,
            answer_strength=answer_reading,
            near_121_lead_strength=lead_reading_near_121,
            near_121_answer_strength=answer_reading_near_121,
        )
        self.search = PlaySearch(  # the play's settings, all of them and only here
            plausibility=plausibility,
            reading=reading,
            points_limits=points_limits,
            endgame_limits=endgame_limits,
            keep_model=keep_model,
            lead_table=lead_table,
            answer_table=answer_table,
            openings=openings,
            tables_near_121=tables_near_121,
            later_reading=later_reading,
            later_reading_deals=later_reading_deals,
            later_reading_deals_near_121=later_reading_deals_near_121,
            later_reading_keeps=later_reading_keeps,
            reply_reading=reply_reading,
            reply_reading_deals=reply_reading_deals,
            reply_reading_keeps=reply_reading_keeps,
            committed_next_card=committed_next_card,
            keep_strength=keep_strength,
            keep_table=keep_table,
        )

    def discard_values(self, view: PlayerView) -> tuple[list[float], list[float] | None]:
        """Each hold's points (hand, crib, weighted pegging) and, where the scores make
        winning chances decide, its winning chance (else ``None``)."""
        dealt, dealer = view.hand, view.is_dealer
        throws = crib_throws(dealer=dealer, crib_model=self.crib_model)
        weight = self.pegging_weight
        if dealer and self.dealer_pegging_weight is not None:
            weight = self.dealer_pegging_weight
        if not in_endgame(view, need=self.discard_need):
            points = hold_values_with_pegging(
                dealt,
                dealer=dealer,
                weight=weight,
                table=self.pegging_table,
                crib_model=self.crib_model,
            )
            return points.tolist(), None  # the first best wins, as in expert_hold
        showings = hold_showings(dealt, opponent_throws=throws)
        hands, cribs = showings
        pegging = weight * hold_pegging(dealt, dealer=dealer, table=self.pegging_table)
        points = hands.mean(axis=1) + (cribs if dealer else -cribs) + pegging
        chances = expert_discard_chances(
            view,
            weight=weight if self.endgame_pegging else 0.0,
            showings=showings,
            table=self.table,
            pegging_table=self.pegging_table,
        )
        return points.tolist(), chances

    def choose_discard(self, view: PlayerView) -> PlayerAction:
        points, chances = self.discard_values(view)
        if chances is None:
            best = max(range(len(HOLDS)), key=lambda h: (points[h], -h))
        else:  # points decide between holds the table cannot tell apart
            best = max(
                range(len(HOLDS)), key=lambda h: (round(chances[h], CHANCE_DIGITS), points[h], -h)
            )
        return self.discard_action(view, best)

    def discard_action(self, view: PlayerView, hold: int) -> PlayerAction:
        """Throw the two cards of ``HOLDS[hold]``, checked against the legal actions."""
        throw = tuple(view.hand[i] for i in HOLDS[hold][1])
        action = Discard(view.player, (throw[0], throw[1]))
        if action not in view.legal_actions:
            raise CribkitError(f"the expert chose an impossible discard {throw}")
        return action

    def choose_play(self, view: PlayerView) -> PlayerAction:
        legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
        if len({card.rank for card in legal}) == 1:
            # the search sees ranks only: it would rate them all alike and take the first
            return Play(view.player, min(legal, key=lambda card: card.index))
        endgame = endgame_for_play(
            view,
            need=self.play_need,
            table=self.table,
            knowing_hands=self.knowing_hands,
            knowing_crib=self.knowing_crib,
        )
        card = best_play(view, self.search, endgame=endgame)
        return Play(view.player, card)


class Expert2026Strategy(ExpertStrategy):
    """The expert as first shipped: discards by hand and crib points alone."""

    name = "expert-2026"

    def __init__(self, *, seed: int | None = None, plausibility: float = PLAUSIBILITY) -> None:
        super().__init__(
            seed=seed,
            plausibility=plausibility,
            pegging_weight=0.0,
            table=TABLE_2026,
            points_limits=DEAL_LIMITS,
            endgame_limits=DEAL_LIMITS,
            keep_model=False,
            reading=0.0,
            lead_table=None,
            later_reading=0.0,
            reply_reading=0.0,
            committed_next_card=False,
            keep_strength=1.0,
            keep_table="keeps",
        )

    def choose_discard(self, view: PlayerView) -> PlayerAction:
        """As first shipped: points, or near 121 winning chances (crib move rounded)."""
        dealt = view.hand
        if in_endgame(view):
            values = discard_win_chances(view, mix_crib=False, table=self.table)
        else:
            values = hold_values_with_pegging(
                dealt, dealer=view.is_dealer, weight=0.0, crib_model=False
            ).tolist()
        best = max(range(len(HOLDS)), key=lambda h: (values[h], -h))
        return self.discard_action(view, best)


class Expert202612Strategy(ExpertStrategy):
    """The expert of December 2026 (session 11), kept as the yardstick for later experts.

    Every setting is written out as it was then, not read from the defaults, so a change of
    default leaves it as it was. The tables it reads are the shipped ones by name (the win
    table ``winprob``, the realized pegging table, the keep model and the lead table): the
    keep model's, lead table's and realized table's builds are pinned
    (``scripts/table_build.py``), but rebuilding the win table for a later expert would
    move this one too, so such a rebuild must first keep a copy of today's table for it.
    """

    name = "expert-2026-12"

    def __init__(self, *, seed: int | None = None) -> None:
        super().__init__(
            seed=seed,
            plausibility=0.3,
            pegging_weight=0.75,
            discard_need=31,
            play_need=31,
            endgame_pegging=True,
            table="winprob",
            reading=1.0,
            points_limits={8: 48, 7: 240, 6: 160, 5: 400},
            endgame_limits={8: 12, 7: 20, 6: 40, 5: 100},
            keep_model=True,
            pegging_table="pegging-realized",
            crib_model=True,
            dealer_pegging_weight=0.75,
            lead_table="leads",
            knowing_hands=False,
            knowing_crib=False,
            lead_reading=0.0,
            answer_table=None,
            answer_reading=0.0,
            lead_reading_near_121=0.0,
            answer_reading_near_121=0.0,
            read_leads_by=None,
            tables_near_121=False,
            later_reading=0.0,
            later_reading_deals=8,
            later_reading_deals_near_121=8,
            later_reading_keeps=False,
            reply_reading=0.0,
            reply_reading_deals=24,
            reply_reading_keeps=True,
            committed_next_card=False,
            keep_strength=1.0,
            keep_table="keeps",
        )
