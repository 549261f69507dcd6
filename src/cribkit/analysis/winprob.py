"""Winning chances from the scores, and what they make of choices near 121.

The table (``cribkit/data/winprob.npz``, built by ``scripts/build_winprob.py``, which
documents the method) holds, for a pone on ``a`` and a dealer on ``b``, the pone's
chance of winning at the start of a hand and once the play is over, plus the measured
per-hand distributions (pegging, pone hand, dealer hand, crib) it was built from. It is
loaded on first use.

Near the end the order of counting decides games: the play first (whoever reaches 121
wins at once), then the pone's hand, then the dealer's hand and crib. The expert then
compares its choices by the chance of winning: ``discard_win_chances`` for the 15 holds,
``endgame_for_play`` for the pegging search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from cribkit.analysis.cribknown import crib_distribution
from cribkit.analysis.discard import HOLDS, hold_showings
from cribkit.analysis.keepmodel import crib_throws
from cribkit.analysis.pegvalue import PEG_TABLE, hold_pegging, pegging_weight
from cribkit.analysis.pegwin import AfterPlay, Endgame
from cribkit.analysis.shipped import shipped_arrays
from cribkit.errors import CribkitError
from cribkit.scoring import rank_points, show_points
from cribkit.view import PlayerView

__all__ = [
    "ENDGAME_NEED",
    "MAX_PEG",
    "MAX_SHOW",
    "TABLE",
    "TABLE_2026",
    "TARGET",
    "WinTable",
    "discard_win_chances",
    "endgame_for_play",
    "expert_discard_chances",
    "show_stage",
    "stage_knowing_their_hand",
    "win_probability",
    "win_table",
]

TARGET = 121
"""The table is for the standard game; other targets get no endgame play."""
MAX_PEG = 40
"""Pegging points per player per hand are counted up to this (none comes close)."""
MAX_SHOW = 30
"""Show points of one hand or crib are below this (29 is the most)."""
ENDGAME_NEED = 31
"""Play for the win, not for points, once either player needs this many or fewer."""
TABLE = "winprob"
"""The table built by self-play of the expert (``cribkit/data/winprob.npz``)."""
TABLE_2026 = "winprob-2026"
"""The first table, kept for ``expert-2026`` so that the yardstick never moves."""

Array = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class WinTable:
    """The shipped table: pone-to-win chances and the per-hand distributions."""

    start: Array
    """``start[a, b]``: the pone (on ``a``) wins, from the start of a hand; dealer on ``b``."""
    after_play: Array
    """``after_play[a, b]``: the same once the play is over, before the show."""
    pegging: Array
    """Joint distribution of one hand's pegging points, [pone, dealer]."""
    pone_first: Array
    """``[x, y]``: the pone pegs x points before the dealer pegs y in one play."""
    dealer_first: Array
    """``[x, y]``: the dealer pegs y points before the pone pegs x."""
    pone_hand: Array
    dealer_hand: Array
    crib: Array
    dealer_total: Array
    """The dealer's hand plus crib, measured as one sum (the dynamic programming's input)."""
    seed: int
    """The build's seed: with the hand's number it gives each hand's shuffle."""
    digests: tuple[str, ...]
    """Fingerprints of the first chunks of hands played, for a test to replay."""


_ARRAYS = tuple(name for name in WinTable.__slots__ if name not in ("seed", "digests"))
"""The table's numeric arrays, as stored: every field but the build's sample."""


@cache
def win_table(name: str = TABLE) -> WinTable:
    """Load a table shipped with the package (once): ``TABLE`` or ``TABLE_2026``."""
    if name not in (TABLE, TABLE_2026):
        raise CribkitError(f"no win-probability table called {name!r}")
    data = shipped_arrays(name, "build_winprob.py")
    arrays = {key: np.asarray(data[key], dtype=np.float64) for key in _ARRAYS}
    seed, digests = int(data["seed"]), tuple(str(d) for d in data["digests"])
    return WinTable(**arrays, seed=seed, digests=digests)


def win_probability(mine: int, theirs: int, *, dealer: bool, table: str = TABLE) -> float:
    """My chance of winning at the start of a hand, the scores given, dealing or not."""
    if mine >= TARGET:
        return 1.0
    if theirs >= TARGET:
        return 0.0
    start = win_table(table).start
    return float(1.0 - start[theirs, mine] if dealer else start[mine, theirs])


def _shifted(distribution: Array, shift: int) -> Array:
    """The distribution of ``X + shift`` (clipped at 0 and at the top)."""
    moved = np.zeros_like(distribution)
    top = len(distribution) - 1
    for value, p in enumerate(distribution):
        moved[min(max(value + shift, 0), top)] += p
    return moved


def show_stage(
    mine: int,
    theirs: int,
    *,
    dealer: bool,
    crib_shift: int = 0,
    table: str = TABLE,
    crib: Array | None = None,
) -> Array:
    """``B[u, q]``: my chance of winning once the play is over, when my score plus my
    own hand is ``mine + u`` and the opponent's score is ``theirs + q``.

    The order is the rules': the pone's hand, then the dealer's hand and crib, then
    the next hand with the deal swapped. ``crib_shift`` moves the crib's distribution
    (say, for a throw worth more or less than the average one); ``crib`` replaces it
    (``MAX_SHOW`` entries: a crib whose cards are partly known).
    """
    tables = win_table(table)
    crib = _shifted(tables.crib, crib_shift) if crib is None else crib
    after_shows = _after_shows(mine, theirs, dealer, table)
    u = mine + np.arange(MAX_PEG + MAX_SHOW)
    if not dealer:
        # I count first; then the dealer's hand and crib; then I deal (they are pone).
        stage: Array = after_shows @ np.convolve(tables.dealer_hand, crib)
        return np.where(u[:, None] >= TARGET, 1.0, stage)
    # They count first; then my hand (already in u) and crib; then I am pone.
    pone_hand = tables.pone_hand
    after_crib = _dealer_after_crib(after_shows, crib, theirs)
    t = np.arange(len(pone_hand))
    windows = after_crib[:, np.arange(MAX_PEG)[:, None] + t[None, :]]  # (u, q, t)
    result: Array = windows @ pone_hand
    return result


def _dealer_after_crib(after_shows: Array, crib: Array, theirs: int) -> Array:
    """A dealer's chances ``[u, s]`` once the pone has counted ``s`` more than ``theirs``
    (pegging and hand): the crib's distribution weighed in, and a pone on 121 has won."""
    their = theirs + np.arange(after_shows.shape[1])
    chances: Array = np.where(their[None, :] >= TARGET, 0.0, after_shows @ crib)
    return chances


def stage_knowing_their_hand(
    mine: int,
    theirs: int,
    *,
    dealer: bool,
    their_hand: int,
    table: str = TABLE,
    crib: Array | None = None,
) -> Array:
    """``show_stage`` when the opponent's own hand is known to count ``their_hand``: what
    a deal of the pegging search knows, where the opponent's cards are dealt. ``crib``
    as ``show_stage`` takes it."""
    tables = win_table(table)
    crib = tables.crib if crib is None else crib
    after_shows = _after_shows(mine, theirs, dealer, table)
    q = np.arange(MAX_PEG)
    if dealer:  # the pone counts their hand first
        after_crib = _dealer_after_crib(after_shows, crib, theirs)
        top = after_crib.shape[1] - 1
        known: Array = after_crib[:, np.minimum(q + their_hand, top)]
        return known
    # the dealer's hand and crib come after mine: the crib's distribution moved by the hand
    totals = after_shows.shape[2]
    column = np.minimum(their_hand + np.arange(len(crib)), totals - 1)
    stage: Array = after_shows[:, :, column] @ crib
    u = mine + np.arange(MAX_PEG + MAX_SHOW)
    return np.where(u[:, None] >= TARGET, 1.0, stage)


@lru_cache(maxsize=8)
def _after_shows(mine: int, theirs: int, dealer: bool, table: str) -> Array:
    """``show_stage``'s chances at the start of the next hand, before the crib's
    distribution weighs them: the same for every throw of one discard, so a discard's
    crib shifts share them (the costly part). A pone's ``[u, q, t]``: the dealer's hand and
    crib total ``t``; a dealer's ``[u, their, c]``: its crib ``c``."""
    tables = win_table(table)
    start = tables.start
    u = mine + np.arange(MAX_PEG + MAX_SHOW)
    if not dealer:
        q = theirs + np.arange(MAX_PEG)
        t = np.arange(len(tables.dealer_hand) + len(tables.crib) - 1)
        their = q[:, None] + t[None, :]  # (q, t)
        rows = np.minimum(their, TARGET - 1)[None, :, :]
        cols = np.minimum(u, TARGET - 1)[:, None, None]
        mine_next: Array = np.where(their[None] >= TARGET, 0.0, 1.0 - start[rows, cols])
        mine_next.flags.writeable = False  # shared by the cache
        return mine_next
    their = theirs + np.arange(MAX_PEG + len(tables.pone_hand))
    my_total = u[:, None] + np.arange(len(tables.crib))[None, :]  # (u, c)
    rows = np.minimum(my_total, TARGET - 1)[:, None, :]
    cols = np.minimum(their, TARGET - 1)[None, :, None]
    chance: Array = np.where(my_total[:, None, :] >= TARGET, 1.0, start[rows, cols])
    chance.flags.writeable = False  # shared by the cache
    return chance


def _pegging_for(dealer: bool, table: str) -> Array:
    """The pegging distribution as [my points, their points]."""
    joint = win_table(table).pegging
    return joint.T if dealer else joint


def _first(mine_need: int, their_need: int, *, dealer: bool, table: str) -> float:
    """Chance I peg what I need before they peg what they need, in one play."""
    tables = win_table(table)
    mine, theirs = min(mine_need, MAX_PEG), min(their_need, MAX_PEG)
    if dealer:
        return float(tables.dealer_first[theirs, mine])
    return float(tables.pone_first[mine, theirs])


@lru_cache(maxsize=16)
def _peg_shifted(dealer: bool, mine: int, theirs: int, table: str) -> Array:
    """The pegging joint distribution [mine, theirs] with each side moved by a whole
    number of points (clipped at 0 and at the top)."""
    moved = _pegging_for(dealer, table)
    for axis, shift in ((0, mine), (1, theirs)):
        if shift:
            moved = np.apply_along_axis(_shifted, axis, moved, shift)
    return moved


def hand_win_chances(
    mine: int,
    theirs: int,
    *,
    dealer: bool,
    crib_shift: int = 0,
    peg_shift: tuple[int, int] = (0, 0),
    table: str = TABLE,
) -> Array:
    """``V[h]``: my chance of winning this hand from its start if my hand will count ``h``.

    ``peg_shift`` moves my and their pegging by whole points (a hold that pegs better).
    """
    stage = _stage(mine, theirs, dealer, crib_shift, table)
    return _hand_chances(stage, mine, theirs, dealer=dealer, peg_shift=peg_shift, table=table)


@lru_cache(maxsize=256)
def _stage(mine: int, theirs: int, dealer: bool, crib_shift: int, table: str) -> Array:
    return show_stage(mine, theirs, dealer=dealer, crib_shift=crib_shift, table=table)


def _hand_chances(
    stage: Array,
    mine: int,
    theirs: int,
    *,
    dealer: bool,
    peg_shift: tuple[int, int],
    table: str,
) -> Array:
    joint = _peg_shifted(dealer, *peg_shift, table).copy()
    need_mine, need_theirs = TARGET - mine, TARGET - theirs
    joint[need_mine:, :] = 0.0  # those plays end the game: counted by _first
    joint[:, need_theirs:] = 0.0
    first = _first(
        max(need_mine - peg_shift[0], 1),
        max(need_theirs - peg_shift[1], 1),
        dealer=dealer,
        table=table,
    )
    windows = np.lib.stride_tricks.sliding_window_view(stage, MAX_PEG, axis=0)[:MAX_SHOW]
    chances: Array = first + np.einsum("hyx,xy->h", windows, joint)
    return chances


def discard_win_chances(
    view: PlayerView,
    *,
    pegging: Sequence[float] | None = None,
    mix_crib: bool = True,
    showings: tuple[npt.NDArray[np.int8], Array] | None = None,
    table: str = TABLE,
) -> list[float]:
    """My chance of winning with each of the 15 holds (``HOLDS`` order) of six cards.

    My hand's points are exact for each of the 46 starters; the crib is the measured
    distribution moved by how much this throw's exact crib value differs from average
    (a fractional move mixes the two whole moves around it; ``mix_crib=False`` rounds
    it, as ``expert-2026`` did). ``pegging``, when given,
    is each hold's expected net pegging (mine less theirs): a hold that pegs ``d`` more
    than the average hold gains half of ``d`` for me and half against them, valued at
    what one more point of pegging is worth to each side in this position.
    ``showings`` passes ``hold_showings(view.hand)`` when the caller has it already.
    """
    mine, theirs = view.scores[view.player], view.scores[view.opponent]
    hands, cribs = hold_showings(view.hand) if showings is None else showings
    hands = np.minimum(hands, MAX_SHOW - 1)
    mean_crib = float(win_table(table).crib @ np.arange(MAX_SHOW))
    dealer = view.is_dealer
    by_shift: dict[int, tuple[Array, Array, Array]] = {}

    def chances_for(shift: int) -> tuple[Array, Array, Array]:
        if shift not in by_shift:
            stage = _stage(mine, theirs, dealer, shift, table)
            base, mine_up, theirs_down = (
                _hand_chances(stage, mine, theirs, dealer=dealer, peg_shift=move, table=table)
                for move in ((0, 0), (1, 0), (0, -1))
            )
            by_shift[shift] = base, mine_up, theirs_down
        return by_shift[shift]

    mean_peg = 0.0 if pegging is None else sum(pegging) / len(pegging)
    chances: list[float] = []
    for h in range(len(HOLDS)):
        points = hands[h]
        offset = float(cribs[h]) - mean_crib
        low = int(np.floor(offset)) if mix_crib else round(offset)
        part = offset - low if mix_crib else 0.0
        value = 0.0
        for shift, share in ((low, 1.0 - part), (low + 1, part)):
            if share <= 0.0:
                continue
            base, mine_up, theirs_down = (float(v[points].mean()) for v in chances_for(shift))
            if pegging is not None:
                half = (pegging[h] - mean_peg) / 2
                base += half * (mine_up - base) + half * (theirs_down - base)
            value += share * base
        chances.append(min(max(value, 0.0), 1.0))  # the pegging term is a straight line
    return chances


def expert_discard_chances(
    view: PlayerView,
    *,
    weight: float | None = None,
    showings: tuple[npt.NDArray[np.int8], Array] | None = None,
    table: str = TABLE,
    pegging_table: str = PEG_TABLE,
) -> list[float]:
    """The expert's winning chance of each hold: ``discard_win_chances`` with the
    pegging table's value of the kept ranks at ``weight`` (``None``: the role's
    ``pegging_weight``; what hints and reviews show), and by default the crib valued as
    the expert values it (``crib_throws``)."""
    if showings is None:
        showings = hold_showings(view.hand, opponent_throws=crib_throws(dealer=view.is_dealer))
    if weight is None:
        weight = pegging_weight(dealer=view.is_dealer)
    pegging = None
    if weight:
        values = hold_pegging(view.hand, dealer=view.is_dealer, table=pegging_table)
        pegging = (weight * values).tolist()
    return discard_win_chances(view, pegging=pegging, showings=showings, table=table)


def in_endgame(view: PlayerView, *, need: int = ENDGAME_NEED) -> bool:
    """Whether winning chances, not points, should decide (standard target only): once
    either player needs ``need`` points or fewer (``TARGET``: the whole game)."""
    if view.rules.target != TARGET or view.outcome is not None:
        return False
    mine, theirs = view.scores[view.player], view.scores[view.opponent]
    return min(TARGET - mine, TARGET - theirs) <= need


def endgame_for_play(
    view: PlayerView,
    *,
    need: int = ENDGAME_NEED,
    table: str = TABLE,
    knowing_hands: bool = False,
    knowing_crib: bool = False,
) -> Endgame | None:
    """What the end of the play is worth to the pegging search, near 121; else ``None``.

    My hand is known exactly (my four kept cards and the starter); the rest comes from
    the table's distributions, or with ``knowing_hands`` the opponent's hand from each
    deal searched (its ranks' fifteens, pairs and runs with the starter; a flush or
    his nobs, which need suits, are left out), and with ``knowing_crib`` the crib from
    the three of its cards I know (``cribknown.crib_distribution``).
    """
    if not in_endgame(view, need=need) or view.starter is None or len(view.kept) != 4:
        return None
    mine, theirs = view.scores[view.player], view.scores[view.opponent]
    dealer = view.is_dealer
    hand = show_points(view.kept, view.starter, crib=False)
    crib = None
    if knowing_crib and len(view.discarded) == 2:
        thrown = (view.discarded[0], view.discarded[1])
        dealt = frozenset((*view.kept, *view.discarded))
        crib = crib_distribution(thrown, view.starter, dealt, dealer=dealer, size=MAX_SHOW)
    stage = show_stage(mine, theirs, dealer=dealer, table=table, crib=crib)
    after_play = _after_play(stage, hand)
    knowing: Callable[[tuple[int, ...]], AfterPlay] | None = None
    if knowing_hands:
        known = (
            int(view.starter.rank),
            *(
                int(entry.card.rank)
                for entry in view.play_log
                if entry.card is not None and entry.player == view.opponent
            ),
        )
        by_count: dict[int, AfterPlay] = {}

        def for_deal(held: tuple[int, ...]) -> AfterPlay:
            their_hand = rank_points((*known, *held))
            if their_hand not in by_count:
                stage = stage_knowing_their_hand(
                    mine, theirs, dealer=dealer, their_hand=their_hand, table=table, crib=crib
                )
                by_count[their_hand] = _after_play(stage, hand)
            return by_count[their_hand]

        knowing = for_deal

    return Endgame(need=(TARGET - mine, TARGET - theirs), after_play=after_play, knowing=knowing)


def _after_play(stage: Array, hand: int) -> AfterPlay:
    """``stage`` read from my hand's count on, as the search reads it."""
    # plain lists, read thousands of times per decision; clipped so that a winning
    # move (1.0) can end the search of a position
    rows: list[list[float]] = np.clip(stage[hand:], 0.0, 1.0).tolist()
    top_row, top_column = len(rows) - 1, MAX_PEG - 1

    def after_play(got_mine: int, got_theirs: int) -> float:
        row = rows[got_mine if got_mine < top_row else top_row]
        return row[got_theirs if got_theirs < top_column else top_column]

    return after_play
