"""Pegging search: the value of each legal card, solved to the end of the play.

The opponent's cards are unknown, so the search deals them (``cribkit.analysis.holdings``
says which rank multisets they may hold and how likely each is). Each deal is then
solved exactly by minimax to the end of the play (at most eight cards remain), both
players seeing both hands (``cribkit.analysis.pegsolver``); the card with the best
weighted value is chosen. Near 121 the winning chances are searched instead
(``cribkit.analysis.pegwin``), and the expert's ``best_play`` skips the net points unless
winning chances tie.

Two values are available: the expected net pegging points (this player's minus the
opponent's, for the rest of the play), and, near the end of the game, the probability
of winning, with an ``Endgame`` giving what each final pegging outcome is worth.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from cribkit.analysis.answers import ANSWER_TABLE, first_answer_values
from cribkit.analysis.holdings import (
    KEEP_STRENGTH,
    PIPS,
    Holdings,
    opponent_holdings,
    sample_holdings,
)
from cribkit.analysis.keepmodel import KEEP_TABLE, SHIPPED_KEEP_TABLE
from cribkit.analysis.laterplays import (
    LATER_READING,
    LATER_READING_DEALS,
    LATER_READING_DEALS_NEAR_121,
    later_choices,
    later_likelihood,
)
from cribkit.analysis.leads import ANSWERED_LEAD_TABLE, LEAD_TABLE, first_lead_values
from cribkit.analysis.nextcard import committed_nets
from cribkit.analysis.openings import EXPERT_OPENINGS, UNREAD, OpeningReading, weigh_openings
from cribkit.analysis.ownreply import (
    REPLY_READING,
    REPLY_READING_DEALS,
    ReplyReading,
)
from cribkit.analysis.pegsolver import (
    Move,
    Node,
    Root,
    State,
    canonical_series,
    play_points,
    rank_nets,
    shared_moves,
    trim_runs,
)
from cribkit.analysis.pegwin import Endgame, rank_wins, table_corrected_wins
from cribkit.analysis.reading import READING, opponent_choices, play_likelihood
from cribkit.cards import Card
from cribkit.errors import CribkitError
from cribkit.scoring import MAX_COUNT
from cribkit.state import Phase
from cribkit.view import PlayerView

__all__ = [
    "DEAL_LIMITS",
    "EXPERT_DEAL_LIMITS",
    "EXPERT_PLAY",
    "PIPS",
    "PLAIN_SEARCH",
    "PLAUSIBILITY",
    "POINTS_DEAL_LIMITS",
    "Endgame",
    "Holdings",
    "PlayEvaluation",
    "PlaySearch",
    "best_play",
    "deal_count",
    "evaluate_plays",
    "expert_plays",
    "opponent_holdings",
    "sample_holdings",
    "start_state",
]


def start_state(view: PlayerView, opponent_hand: Sequence[int]) -> State:
    """The position of ``view`` with the opponent holding ``opponent_hand`` (ranks)."""
    mine = tuple(sorted(int(card.rank) for card in view.hand))
    series = canonical_series([int(card.rank) for card in view.series])
    series = trim_runs(series, MAX_COUNT - view.count)
    return (mine, tuple(sorted(opponent_hand)), series, view.count, 0)


@dataclass(frozen=True, slots=True)
class PlayEvaluation:
    """One legal card with what the search expects of it.

    ``expected_net_points``: this player's pegging points minus the opponent's for the
    rest of the play (this card's own points included), averaged over the deals.
    ``points_now``: what the card pegs at once. ``win_probability``: set near the end.
    """

    card: Card
    expected_net_points: float
    points_now: int
    win_probability: float | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "card": str(self.card),
            "expected_net_points": round(self.expected_net_points, 4),
            "points_now": self.points_now,
            "win_probability": (
                None if self.win_probability is None else round(self.win_probability, 4)
            ),
        }


PLAUSIBILITY = 0.3
"""Default strength of the belief that the opponent kept cards that score well."""

DEAL_LIMITS = {8: 12, 7: 20, 6: 40, 5: 100}
"""Deals searched by cards still to play (more when the trees are smaller) near 121,
where the winning-chance search costs about twice as much a deal."""

EXPERT_DEAL_LIMITS = {8: 12, 7: 20, 6: 80, 5: 200}
"""The expert's deals near 121 since session 25: ``DEAL_LIMITS`` doubled from six cards
on. Measured in hands near 121 (``scripts/duel_endgame.py``, 4,000 hands, seed 7): +0.0006
winning chance a hand [-0.0003, +0.0014]; doubling the lead's and answer's deals too gained
+0.0021 [-0.0000, +0.0042] but took the play's p95 near 121 from about 35 to 60-70 ms,
past the 60 ms the expert is allowed; this doubling leaves it near 37."""

POINTS_DEAL_LIMITS = {8: 48, 7: 240, 6: 160, 5: 400}
"""Deals searched when playing for points: four times ``DEAL_LIMITS``, and twelve times
for the dealer's first answer. Twelve deals for a lead leave the sampling noise larger
than many differences between cards; measured against ``DEAL_LIMITS`` (2,000 duplicate
expert games, seed 41) four times gained +0.026 play points a hand [+0.002, +0.049], hand
and crib unchanged (README). With the pone's first lead read from the lead table
(``analysis.leads``), the answer to it was the noisiest choice left: over 200 expert
answers, 80 deals missed the card the search over every holding prefers in 14, losing
0.0056 points an answer, 240 in 7, losing 0.0011 (the six-card choices at 160 lose
0.001; from five cards on every holding is searched). ``expert-2026`` keeps
``DEAL_LIMITS``."""


def deal_count(
    view: PlayerView,
    *,
    endgame: bool,
    points_limits: Mapping[int, int] = POINTS_DEAL_LIMITS,
    endgame_limits: Mapping[int, int] = DEAL_LIMITS,
) -> int:
    """How many of the opponent's holdings to search from ``view``: by the cards still to
    play, from ``endgame_limits`` near 121 (``endgame``), else from ``points_limits``."""
    remaining = len(view.hand) + view.opponent_cards_held
    return (endgame_limits if endgame else points_limits).get(remaining, 400)


@dataclass(frozen=True, slots=True)
class PlaySearch:
    """The settings of a pegging search, as ``best_play`` and ``evaluate_plays`` take them:
    ``PLAIN_SEARCH`` is the search with nothing read but the opponent's plays,
    ``EXPERT_PLAY`` the shipped expert's, written once so that its own play and the hints
    and reviews that rate it read the same. ``dataclasses.replace`` makes a variant.

    ``plausibility`` and ``keep_model`` weigh the opponent's holdings (``keep_model``: by the
    expert's keeps in their role, ``analysis.keepmodel``, the likelihood by the table
    ``keep_table`` raised to ``keep_strength``); ``reading`` by their plays
    (``analysis.reading``); ``points_limits`` / ``endgame_limits`` the deals searched
    (``deal_count``). The pone's first lead, playing for points with the keep model, is
    read from ``lead_table`` (``analysis.leads``: every dealer holding weighed, not a
    sample), and the dealer's first answer from ``answer_table`` when one is named
    (``analysis.answers``); ``openings`` weighs the opponent's holdings by how likely their
    opening card is under such tables (``analysis.openings``). The ``later_reading``
    settings read their later cards from their own view (``analysis.laterplays``; near 121
    ``later_reading_deals_near_121`` deals, None: as many as far from it), the
    ``reply_reading`` ones their next card (``analysis.ownreply``), and
    ``committed_next_card`` commits the expert's own next card (``analysis.nextcard``)."""

    plausibility: float
    reading: float
    points_limits: Mapping[int, int]
    endgame_limits: Mapping[int, int]
    keep_model: bool
    lead_table: str | None
    answer_table: str | None
    openings: OpeningReading
    tables_near_121: bool
    later_reading: float
    later_reading_deals: int
    later_reading_deals_near_121: int | None = LATER_READING_DEALS_NEAR_121
    later_reading_keeps: bool = False
    reply_reading: float = REPLY_READING
    reply_reading_deals: int = REPLY_READING_DEALS
    reply_reading_keeps: bool = True
    committed_next_card: bool = False
    keep_strength: float = KEEP_STRENGTH
    keep_table: str = KEEP_TABLE


PLAIN_SEARCH = PlaySearch(
    plausibility=PLAUSIBILITY,
    reading=READING,
    points_limits=POINTS_DEAL_LIMITS,
    endgame_limits=DEAL_LIMITS,
    keep_model=True,
    lead_table=LEAD_TABLE,
    answer_table=None,
    openings=UNREAD,
    tables_near_121=False,
    later_reading=0.0,
    later_reading_deals=LATER_READING_DEALS,
    later_reading_deals_near_121=None,
    reply_reading=0.0,
)
"""The search as the pegging analysis first shipped it: the keep model, the opponent's plays
read, the face-up lead table; nothing of the expert's later readings."""

EXPERT_PLAY = replace(
    PLAIN_SEARCH,
    endgame_limits=EXPERT_DEAL_LIMITS,
    lead_table=ANSWERED_LEAD_TABLE,
    answer_table=ANSWER_TABLE,
    openings=EXPERT_OPENINGS,
    later_reading=LATER_READING,
    later_reading_deals_near_121=LATER_READING_DEALS_NEAR_121,
    keep_table=SHIPPED_KEEP_TABLE,
)
"""The shipped expert's play, the plain search with everything it has learnt to read since:
the defaults of ``ExpertStrategy`` and what ``expert_plays`` searches."""


def evaluate_plays(
    view: PlayerView,
    search: PlaySearch = PLAIN_SEARCH,
    *,
    endgame: Endgame | None = None,
    deal_limit: int | None = None,
) -> list[PlayEvaluation]:
    """Each legal card's expected net pegging points (and, with ``endgame``, winning
    chance), best first: by winning chance when given, then by net points. The deals
    searched are ``search``'s (``deal_count``) unless ``deal_limit`` says; the opponent's
    holdings are weighed, and the opening looked up, as ``best_play`` does."""
    leads = _table_leads(view, endgame, search)
    wins: Mapping[int, float] | None = None
    net: Mapping[int, float]
    if leads is not None:
        legal, net = _legal(view), leads
    else:
        limit = deal_limit or _deal_limit(view, endgame, search)
        legal, roots, later_deals = _deals_of(view, endgame, search, limit)
        moves_of = None if endgame is None else shared_moves()
        wins = None if endgame is None else rank_wins(roots, endgame, moves_of)
        net = _search_nets(view, roots, None, moves_of, endgame, search, later_deals)
        if endgame is not None and wins is not None:
            tables = _near_121_tables(view, search)
            if tables is not None:
                wins, net = table_corrected_wins(wins, net, tables, endgame), tables
    played = tuple(int(card.rank) for card in view.series)
    evaluations = [
        PlayEvaluation(
            card=card,
            expected_net_points=net[int(card.rank)],
            points_now=play_points(played, int(card.rank)),
            win_probability=None if wins is None else wins[int(card.rank)],
        )
        for card in legal
    ]
    evaluations.sort(
        key=lambda e: (
            -(e.win_probability or 0.0),
            -e.expected_net_points,
            e.card.index,
        )
    )
    return evaluations


def best_play(
    view: PlayerView, search: PlaySearch = PLAIN_SEARCH, *, endgame: Endgame | None = None
) -> Card:
    """The first card of ``evaluate_plays``, found with less work: near the end, net
    points are only worked out for the cards tied for the best winning chance."""
    leads = _table_leads(view, endgame, search)
    if leads is not None:
        return _most_net(_legal(view), leads)
    legal, roots, later_deals = _deals_of(view, endgame, search, _deal_limit(view, endgame, search))
    ranks: set[int] | None = None
    moves_of: dict[Node, list[Move]] | None = None
    if endgame is not None:
        moves_of = shared_moves()
        wins = rank_wins(roots, endgame, moves_of)
        tables = _near_121_tables(view, search)
        if tables is not None:
            sampled = rank_nets(roots, set(tables), moves_of)
            corrected = table_corrected_wins(wins, sampled, tables, endgame)
            return min(legal, key=lambda card: _by_chance_then_table(card, corrected, tables))
        top = max(wins[int(card.rank)] for card in legal)
        ranks = {int(card.rank) for card in legal if wins[int(card.rank)] == top}
        legal = [card for card in legal if int(card.rank) in ranks]
        if len(ranks) == 1:
            return legal[0]
    net = _search_nets(view, roots, ranks, moves_of, endgame, search, later_deals)
    return _most_net(legal, net)


def expert_plays(view: PlayerView, endgame: Endgame | None = None) -> list[PlayEvaluation]:
    """``evaluate_plays`` as the shipped expert plays (``EXPERT_PLAY``: its lead table, the
    dealer's first answer from the answer table, the opening cards read, its deals): hints
    and reviews rate the computer's cards by the search that chose them."""
    return evaluate_plays(view, EXPERT_PLAY, endgame=endgame)


def _deal_limit(view: PlayerView, endgame: Endgame | None, search: PlaySearch) -> int:
    """How many of the opponent's holdings ``search`` deals from ``view``."""
    return deal_count(
        view,
        endgame=endgame is not None,
        points_limits=search.points_limits,
        endgame_limits=search.endgame_limits,
    )


def _deals_of(
    view: PlayerView, endgame: Endgame | None, search: PlaySearch, limit: int
) -> tuple[list[Card], list[Root], int]:
    """The legal cards, ``limit`` of the opponent's holdings weighed as ``search`` reads
    them, and how many of the expert's hands its later reading deals."""
    later_deals = _later_deals(
        endgame, search.later_reading_deals, search.later_reading_deals_near_121
    )
    legal, roots = _deals(
        view,
        search.plausibility,
        limit,
        search.reading,
        search.keep_model,
        _opening_reading(endgame, search.keep_model, search.openings),
        search.later_reading,
        later_deals,
        search.later_reading_keeps,
        search.keep_strength,
        search.keep_table,
    )
    return legal, roots, later_deals


def _later_deals(endgame: Endgame | None, deals: int, deals_near_121: int | None) -> int:
    """The expert's hands the later reading deals: ``deals_near_121`` near 121, where the
    winning-chance search needs the time (None: as many as far from it)."""
    return deals if endgame is None or deals_near_121 is None else deals_near_121


def _search_nets(
    view: PlayerView,
    roots: list[Root],
    ranks: set[int] | None,
    moves_of: dict[Node, list[Move]] | None,
    endgame: Endgame | None,
    search: PlaySearch,
    later_deals: int,
) -> Mapping[int, float]:
    """Each rank's expected net points over ``roots`` (only ``ranks``, when given): face up,
    and playing for points with the expert's next card committed
    (``analysis.nextcard``) and the opponent's reply read (``analysis.ownreply``) when
    ``search`` asks for those."""
    if endgame is not None:
        return rank_nets(roots, ranks, moves_of)
    if search.committed_next_card:
        net = committed_nets(roots, ranks)
    else:
        net = rank_nets(roots, ranks, None)
    reply = ReplyReading(
        search.reply_reading, search.reply_reading_deals, later_deals, search.reply_reading_keeps
    )
    return reply.corrected(view, roots, net)


def _by_chance_then_table(
    card: Card, wins: Mapping[int, float], tables: Mapping[int, float]
) -> tuple[float, float, int]:
    """``evaluate_plays``'s order near 121 with the opening tables: the corrected chance,
    then the table's net points, then the lowest card."""
    rank = int(card.rank)
    return -wins[rank], -tables[rank], card.index


def _legal(view: PlayerView) -> list[Card]:
    """The cards ``view``'s player may play now (by index), refusing when there are none."""
    if view.phase is not Phase.PLAY or view.to_play != view.player:
        raise CribkitError("there is no card to choose: it is not your turn to play")
    legal = sorted({card for card in view.hand if card.pips <= MAX_COUNT - view.count})
    if not legal:
        raise CribkitError("no card fits: say go")
    return legal


def _most_net(legal: list[Card], net: Mapping[int, float]) -> Card:
    """The card whose rank nets the most, the lowest card first among equals: the order
    ``evaluate_plays`` sorts by."""
    return min(legal, key=lambda card: (-net[int(card.rank)], card.index))


def _table_leads(
    view: PlayerView, endgame: Endgame | None, search: PlaySearch
) -> dict[int, float] | None:
    """The opening tables' values when they answer for this search: the pone's first lead
    or (with an answer table) the dealer's first answer, playing for points, the holdings
    weighed by the keep model (as the tables were built)."""
    if endgame is not None or not search.keep_model:
        return None
    return _opening_values(view, search.lead_table, search.answer_table)


def _opening_values(
    view: PlayerView, table: str | None, answer_table: str | None
) -> dict[int, float] | None:
    """Each rank's net points from the opening tables, if ``view`` is the pone's first
    lead or the dealer's first answer and such a table is named."""
    values = first_lead_values(view, table)
    return values if values is not None else first_answer_values(view, answer_table)


def _near_121_tables(view: PlayerView, search: PlaySearch) -> dict[int, float] | None:
    """The opening tables' net points for a search near 121 that corrects its winning
    chances by them (``tables_near_121``), when they answer for ``view``."""
    if not search.tables_near_121 or not search.keep_model:
        return None
    return _opening_values(view, search.lead_table, search.answer_table)


def _opening_reading(
    endgame: Endgame | None, keep_model: bool, tables: OpeningReading
) -> OpeningReading:
    """The opening cards are read when playing for points, as the opponent then opened by
    its tables (``_table_leads``; scores only rise, so the opening was for points too),
    and near 121 at the strengths ``tables`` gives for it."""
    if not keep_model:
        return UNREAD
    return tables if endgame is None else tables.near_121()


def _deals(
    view: PlayerView,
    plausibility: float,
    deal_limit: int,
    reading: float = 0.0,
    keep_model: bool = False,
    openings: OpeningReading = UNREAD,
    later_reading: float = 0.0,
    later_reading_deals: int = LATER_READING_DEALS,
    later_reading_keeps: bool = False,
    keep_strength: float = KEEP_STRENGTH,
    keep_table: str = KEEP_TABLE,
) -> tuple[list[Card], list[Root]]:
    """The legal cards (by index) and at most ``deal_limit`` weighted deals to search.
    With ``later_reading`` the opponent's cards after the opening are read by the solver
    (``analysis.laterplays``) instead of by the points they pegged."""
    legal = _legal(view)
    holdings = opponent_holdings(
        view,
        plausibility=plausibility,
        keep_model=keep_model,
        keep_strength=keep_strength,
        keep_table=keep_table,
    )
    choices = opponent_choices(view, play_points, answer_only=later_reading > 0) if reading else ()
    later = later_choices(view) if later_reading else ()
    my_role = view.is_dealer if later_reading_keeps else None
    if choices or later:
        holdings = Holdings(
            holdings.hands,
            tuple(
                weight
                * play_likelihood(hand, choices, reading)
                * later_likelihood(hand, later, later_reading, later_reading_deals, my_role)
                for hand, weight in zip(holdings.hands, holdings.weights, strict=True)
            ),
        )
    if openings:
        holdings = weigh_openings(view, holdings, openings)
    deals = sample_holdings(holdings, deal_limit)
    mine, _, series, count, _ = start_state(view, ())
    return legal, [((mine, hand, series, count), weight) for hand, weight in deals]
