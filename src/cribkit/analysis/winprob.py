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

from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np
import numpy.typing as npt

from cribkit.analysis.discard import HOLDS, analyze_discard
from cribkit.analysis.pegging import Endgame
from cribkit.cards import DECK
from cribkit.errors import CribkitError
from cribkit.scoring import show_points
from cribkit.view import PlayerView

__all__ = [
    "ENDGAME_NEED",
    "MAX_PEG",
    "MAX_SHOW",
    "TARGET",
    "WinTable",
    "discard_win_chances",
    "endgame_for_play",
    "show_stage",
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


@cache
def win_table() -> WinTable:
    """Load the table shipped with the package (once)."""
    source = resources.files("cribkit").joinpath("data", "winprob.npz")
    try:
        with source.open("rb") as handle, np.load(handle) as data:
            arrays = {name: np.asarray(data[name], dtype=np.float64) for name in data.files}
    except FileNotFoundError as error:
        raise CribkitError(
            "the win-probability table is missing: run scripts/build_winprob.py"
        ) from error
    return WinTable(**{name: arrays[name] for name in WinTable.__slots__})


def win_probability(mine: int, theirs: int, *, dealer: bool) -> float:
    """My chance of winning at the start of a hand, the scores given, dealing or not."""
    if mine >= TARGET:
        return 1.0
    if theirs >= TARGET:
        return 0.0
    start = win_table().start
    return float(1.0 - start[theirs, mine] if dealer else start[mine, theirs])


def _shifted(distribution: Array, shift: int) -> Array:
    """The distribution of ``X + shift`` (clipped at 0 and at the top)."""
    moved = np.zeros_like(distribution)
    top = len(distribution) - 1
    for value, p in enumerate(distribution):
        moved[min(max(value + shift, 0), top)] += p
    return moved


def show_stage(mine: int, theirs: int, *, dealer: bool, crib_shift: int = 0) -> Array:
    """``B[u, q]``: my chance of winning once the play is over, when my score plus my
    own hand is ``mine + u`` and the opponent's score is ``theirs + q``.

    The order is the rules': the pone's hand, then the dealer's hand and crib, then
    the next hand with the deal swapped. ``crib_shift`` moves the crib's distribution
    (say, for a throw worth more or less than the average one).
    """
    table = win_table()
    start = table.start
    size_u, size_q = MAX_PEG + MAX_SHOW, MAX_PEG
    u = mine + np.arange(size_u)
    q = theirs + np.arange(size_q)
    crib = _shifted(table.crib, crib_shift)
    if not dealer:
        # I count first; then the dealer's hand and crib; then I deal (they are pone).
        dealer_total = np.convolve(table.dealer_hand, crib)
        t = np.arange(len(dealer_total))
        their = q[:, None] + t[None, :]  # (q, t)
        rows = np.minimum(their, TARGET - 1)[None, :, :]
        cols = np.minimum(u, TARGET - 1)[:, None, None]
        mine_next = np.where(their[None] >= TARGET, 0.0, 1.0 - start[rows, cols])
        stage: Array = mine_next @ dealer_total
        return np.where(u[:, None] >= TARGET, 1.0, stage)
    # They count first; then my hand (already in u) and crib; then I am pone.
    pone_hand = table.pone_hand
    their = theirs + np.arange(size_q + len(pone_hand))  # their score after their hand
    my_total = u[:, None] + np.arange(len(crib))[None, :]  # (u, c)
    rows = np.minimum(my_total, TARGET - 1)[:, None, :]
    cols = np.minimum(their, TARGET - 1)[None, :, None]
    chance = np.where(my_total[:, None, :] >= TARGET, 1.0, start[rows, cols])
    after_crib = np.where(their[None, :] >= TARGET, 0.0, chance @ crib)  # (u, their)
    t = np.arange(len(pone_hand))
    windows = after_crib[:, np.arange(size_q)[:, None] + t[None, :]]  # (u, q, t)
    result: Array = windows @ pone_hand
    return result


def _pegging_for(dealer: bool) -> Array:
    """The pegging distribution as [my points, their points]."""
    joint = win_table().pegging
    return joint.T if dealer else joint


def _first(mine_need: int, their_need: int, *, dealer: bool) -> float:
    """Chance I peg what I need before they peg what they need, in one play."""
    table = win_table()
    mine, theirs = min(mine_need, MAX_PEG), min(their_need, MAX_PEG)
    if dealer:
        return float(table.dealer_first[theirs, mine])
    return float(table.pone_first[mine, theirs])


def hand_win_chances(mine: int, theirs: int, *, dealer: bool, crib_shift: int = 0) -> Array:
    """``V[h]``: my chance of winning this hand from its start if my hand will count ``h``."""
    stage = show_stage(mine, theirs, dealer=dealer, crib_shift=crib_shift)
    joint = _pegging_for(dealer).copy()
    need_mine, need_theirs = TARGET - mine, TARGET - theirs
    joint[need_mine:, :] = 0.0  # those plays end the game: counted by _first
    joint[:, need_theirs:] = 0.0
    first = _first(need_mine, need_theirs, dealer=dealer)
    return np.array(
        [first + float((joint * stage[h : h + MAX_PEG, :]).sum()) for h in range(MAX_SHOW)]
    )


def discard_win_chances(view: PlayerView) -> list[float]:
    """My chance of winning with each of the 15 holds (``HOLDS`` order) of six cards.

    My hand's points are exact for each of the 46 starters; the crib is the measured
    distribution moved by how much this throw's exact crib value differs from average.
    """
    dealt = view.hand
    mine, theirs = view.scores[view.player], view.scores[view.opponent]
    analysis = analyze_discard(dealt, dealer=view.is_dealer)
    crib_ev = {frozenset(o.throw): o.crib_ev for o in analysis.options}
    mean_crib = float(win_table().crib @ np.arange(MAX_SHOW))
    unseen = [card for card in DECK if card not in dealt]
    by_shift: dict[int, Array] = {}
    chances: list[float] = []
    for keep, throw in HOLDS:
        kept = [dealt[i] for i in keep]
        shift = round(crib_ev[frozenset(dealt[i] for i in throw)] - mean_crib)
        if shift not in by_shift:
            by_shift[shift] = hand_win_chances(
                mine, theirs, dealer=view.is_dealer, crib_shift=shift
            )
        values = by_shift[shift]
        points = [show_points(kept, starter, crib=False) for starter in unseen]
        chances.append(sum(float(values[min(p, MAX_SHOW - 1)]) for p in points) / len(points))
    return chances


def in_endgame(view: PlayerView) -> bool:
    """Whether winning chances, not points, should decide (standard target only)."""
    if view.rules.target != TARGET or view.outcome is not None:
        return False
    mine, theirs = view.scores[view.player], view.scores[view.opponent]
    return min(TARGET - mine, TARGET - theirs) <= ENDGAME_NEED


def endgame_for_play(view: PlayerView) -> Endgame | None:
    """What the end of the play is worth to the pegging search, near 121; else ``None``.

    My hand is known exactly (my four kept cards and the starter); the rest comes from
    the table's distributions.
    """
    if not in_endgame(view) or view.starter is None or len(view.kept) != 4:
        return None
    mine, theirs = view.scores[view.player], view.scores[view.opponent]
    stage = show_stage(mine, theirs, dealer=view.is_dealer)
    hand = show_points(view.kept, view.starter, crib=False)
    # plain lists, read thousands of times per decision; clipped so that a winning
    # move (1.0) can end the search of a position
    rows: list[list[float]] = np.clip(stage[hand:], 0.0, 1.0).tolist()
    top_row, top_column = len(rows) - 1, MAX_PEG - 1

    def after_play(got_mine: int, got_theirs: int) -> float:
        row = rows[got_mine if got_mine < top_row else top_row]
        return row[got_theirs if got_theirs < top_column else top_column]

    return Endgame(need=(TARGET - mine, TARGET - theirs), after_play=after_play)
