"""Winning chances near 121: the play searched for the win, not for points.

Chances are only compared, never added, so an alpha-beta search with a memo of bounds
finds each position's exact value; ``cribkit.analysis.pegging``'s ``best_play`` reads the
net points only when winning chances tie.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from cribkit.analysis.pegsolver import Move, Node, Root, State, expand, node_of

__all__ = [
    "TYPICAL_PEGGING",
    "AfterPlay",
    "Endgame",
    "WinSolver",
    "point_value",
    "rank_wins",
    "table_corrected_wins",
    "win_value",
]

AfterPlay = Callable[[int, int], float]
"""(seat 0's pegging points, seat 1's) at the end of the play -> seat 0's winning chance."""


@dataclass(frozen=True, slots=True)
class Endgame:
    """What the end of the play is worth near 121, for searching on winning chances.

    ``need`` is the points each seat (0 = searching player) still needs to win; a seat
    reaching it during the play wins at once. ``after_play(mine, theirs)`` is seat 0's
    probability of winning when the play ends with those pegging points added.
    ``knowing``, when set, gives that function for one deal from the cards the opponent
    still holds in it (ranks): the chances after the play then count the opponent's own
    hand as that deal has it, not as the average hand, the way the opponent, who sees
    it, plays for it. It must return the same object for deals alike in what it knows,
    so that the search can solve them together.
    """

    need: tuple[int, int]
    after_play: AfterPlay
    knowing: Callable[[tuple[int, ...]], AfterPlay] | None = None


WinSolver = Callable[[Node, int, int, int], float]
"""(node, seat to move, seat 0's points so far, seat 1's) -> seat 0's winning chance."""


class Search(Protocol):
    """The solver's window search, handed itself to recurse (see ``_win_solver``)."""

    def __call__(
        self,
        node: Node,
        mover: int,
        got0: int,
        got1: int,
        alpha: float,
        beta: float,
        again: Search,
    ) -> float: ...


def win_value(state: State, endgame: Endgame) -> float:
    """Seat 0's probability of winning from ``state``, both playing to win."""
    node, mover = node_of(state)
    return _win_solver(endgame)(node, mover, 0, 0)


def _win_solver(endgame: Endgame, moves_of: dict[Node, list[Move]] | None = None) -> WinSolver:
    """An exact win solver for one decision: alpha-beta with a memo of bounds.

    Chances are compared, never added, so a position's value is one of the leaves'
    values and the window search returns it exactly. The memo keeps, per position and
    points so far, the bounds each search proved (low = high once it is exact); the
    moves of each position are cached with it.

    ``search`` is handed itself to recurse rather than closing over its own name: a
    function that refers to itself through its closure is a reference cycle, so every
    decision's memo (some 30,000 tuples) would wait for the garbage collector instead of
    going when the decision is made.
    """
    need0, need1 = endgame.need
    after_play = endgame.after_play
    memo: dict[tuple[Node, int, int, int], tuple[float, float]] = {}
    if moves_of is None:
        moves_of = {}

    def search(
        node: Node, mover: int, got0: int, got1: int, alpha: float, beta: float, again: Search
    ) -> float:
        key = (node, mover, got0, got1)
        low, high = memo.get(key, (0.0, 1.0))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        window = alpha, beta
        moves = expand(node, moves_of)
        if mover == 0:
            best = -1.0
            for _, points, after, swap in moves:
                mine = got0 + points
                if mine >= need0:
                    value = 1.0
                elif after is None:
                    value = after_play(mine, got1)
                else:
                    value = again(after, 1 if swap else 0, mine, got1, alpha, beta, again)
                if value > best:
                    best = value
                    if best >= beta:
                        break
                    if best > alpha:
                        alpha = best
        else:
            best = 2.0
            for _, points, after, swap in moves:
                theirs = got1 + points
                if theirs >= need1:
                    value = 0.0
                elif after is None:
                    value = after_play(got0, theirs)
                else:
                    value = again(after, 0 if swap else 1, got0, theirs, alpha, beta, again)
                if value < best:
                    best = value
                    if best <= alpha:
                        break
                    if best < beta:
                        beta = best
        if best <= window[0]:
            memo[key] = (low, best)  # failed low: an upper bound
        elif best >= window[1]:
            memo[key] = (best, high)  # failed high: a lower bound
        else:
            memo[key] = (best, best)
        return best

    def solve(node: Node, mover: int, got0: int, got1: int) -> float:
        return search(node, mover, got0, got1, -1.0, 2.0, search)

    return solve


def _move_win(
    points: int, after: Node | None, swap: bool, endgame: Endgame, solve: WinSolver
) -> float:
    """Seat 0's winning chance after its own move worth ``points`` from the root."""
    if points >= endgame.need[0]:
        return 1.0
    if after is None:
        return endgame.after_play(points, 0)
    return solve(after, 1 if swap else 0, points, 0)


def rank_wins(
    roots: list[Root], endgame: Endgame, moves_of: dict[Node, list[Move]] | None
) -> defaultdict[int, float]:
    """Winning chance of each rank played now. With ``endgame.knowing``, the deals are
    solved in groups that share what the end of the play is worth (one memo a group)."""
    wins: defaultdict[int, float] = defaultdict(float)
    for group_endgame, group in _grouped(roots, endgame):
        solve = _win_solver(group_endgame, moves_of)
        for root, weight in group:
            for rank, points, after, swap in expand(root, moves_of):
                wins[rank] += weight * _move_win(points, after, swap, group_endgame, solve)
    return wins


def _grouped(roots: list[Root], endgame: Endgame) -> list[tuple[Endgame, list[Root]]]:
    """The deals by the ``Endgame`` each is searched with (all alike without ``knowing``)."""
    if endgame.knowing is None:
        return [(endgame, roots)]
    groups: dict[int, tuple[Endgame, list[Root]]] = {}
    for root in roots:
        after_play = endgame.knowing(root[0][1])
        key = id(after_play)
        if key not in groups:
            groups[key] = (Endgame(endgame.need, after_play), [])
        groups[key][1].append(root)
    return list(groups.values())


TYPICAL_PEGGING = 2
"""Pegging points each player typically has when a play ends: where ``point_value``
measures a net point's worth."""


def point_value(endgame: Endgame) -> float:
    """What one net pegging point is worth in winning chance when the play ends typically
    (0 when either player is near enough to peg out that the play's points stop being a
    sum: there the search alone decides)."""
    typical = TYPICAL_PEGGING
    if min(endgame.need) <= typical + 1:
        return 0.0
    after_play = endgame.after_play
    return (after_play(typical + 1, typical) - after_play(typical, typical + 1)) / 2


def table_corrected_wins(
    wins: Mapping[int, float],
    sampled_nets: Mapping[int, float],
    table_nets: Mapping[int, float],
    endgame: Endgame,
) -> dict[int, float]:
    """Winning chances of the ranks in ``table_nets``, with the deals' luck taken out: a
    few deals searched give each card's chance with a sampling error that mostly follows
    the error of their net points, which an opening table knows exactly over every
    holding. So each chance moves by the point's worth (``point_value``) times the table's
    net minus the deals' (a control variate; no bias, as that difference averages 0)."""
    worth = point_value(endgame)
    return {
        rank: min(1.0, max(0.0, wins[rank] + worth * (table - sampled_nets[rank])))
        for rank, table in table_nets.items()
    }
