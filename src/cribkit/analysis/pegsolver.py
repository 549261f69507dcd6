"""The pegging solver: positions by ranks, solved exactly by minimax to the end of the play.

Both players see both hands here (``cribkit.analysis.pegging`` deals the opponent's cards
and weighs the deals; ``cribkit.analysis.pegwin`` searches winning chances instead of
points). Why it is fast: pegging depends only on ranks, so positions are rank tuples; a
position is stored from the side of the player to move (their hand first), so a position
reached by either seat, in any deal, decision or game, is solved once (the memo is shared,
the value negated for the other seat); the series keeps only the cards that can still
score, so more positions coincide; what a rank does to a (series, count) is worked out
once; forced gos and skips are folded into the moves.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from cribkit.analysis.holdings import PIPS
from cribkit.limits import expert_memo_positions
from cribkit.scoring import MAX_COUNT

__all__ = [
    "Edge",
    "Move",
    "Node",
    "Root",
    "State",
    "canonical_series",
    "expand",
    "lead_nets",
    "mover_value",
    "net_value",
    "node_of",
    "play_points",
    "rank_nets",
    "reset_memo",
    "shared_moves",
    "successors",
    "trim_runs",
]

_PAIR_POINTS = (0, 0, 2, 6, 12, 0)
"""Points by copies of the rank at the end of the series (no deck has a fifth copy; the
last entry only keeps made-up positions from failing)."""

State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]
"""A play position by ranks, by seat: (hand of 0, hand of 1, series since the reset, count,
player to choose). Seat 0 is the searching player; the series is kept in
``canonical_series`` form. The player to choose always has a card that fits: forced
gos and skips are folded into the edges."""

Edge = tuple[int, int, State | None]
"""One choice: (rank played, points it earns the player who played it, next position or
``None`` when the play is over). The points include a go or last card it forces."""

Node = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""A position from the side of the player to choose: (their hand, the other hand, series,
count). The solver's memo key: the same for both seats."""

Move = tuple[int, int, Node | None, bool]
"""(rank, points for the mover, next node or ``None`` at the end, whether the other
player chooses next)."""

_MEMO_LIMIT = expert_memo_positions()
"""Positions kept in the shared memo before it starts again: ``CRIBKIT_EXPERT_MEMO``
(``cribkit.limits``; 200,000 by default, about 40 MB)."""


def play_points(series: Sequence[int], rank: int) -> int:
    """Points for playing ``rank`` onto ``series`` (ranks since the reset), as
    ``scoring.score_play`` counts them: 15 / 31, pairs, runs. Go and last are separate."""
    return _points(canonical_series(series), sum(PIPS[r] for r in series), rank)


def canonical_series(series: Sequence[int]) -> tuple[int, ...]:
    """The part of a series later cards can still score with.

    A pair needs the trailing block of equal ranks; a run needs distinct ranks, so
    nothing before the latest repeat can join one. Positions that differ only before
    that point score the same from here on, so the memo treats them as one.
    """
    tail = tuple(series)
    if len(tail) >= 2 and tail[-1] == tail[-2]:
        start = len(tail) - 2
        while start and tail[start - 1] == tail[-1]:
            start -= 1
        return tail[start:]
    start = len(tail)
    seen: set[int] = set()
    while start and tail[start - 1] not in seen:
        seen.add(tail[start - 1])
        start -= 1
    return tail[start:]


def _points(series: tuple[int, ...], count: int, rank: int) -> int:
    """``play_points`` on a canonical series with its count known."""
    total = count + PIPS[rank]
    points = 2 if total in (15, MAX_COUNT) else 0
    played = (*series, rank)
    same = 1
    while same < len(played) and played[-1 - same] == rank:
        same += 1
    points += _PAIR_POINTS[same]
    for n in range(len(played), 2, -1):
        tail = played[-n:]
        if len(set(tail)) == n and max(tail) - min(tail) == n - 1:
            points += n
            break
    return points


Step = tuple[int, tuple[int, ...], int] | None
"""What one rank does to a (series, count): (points, series after, count after), or
``None`` when it does not fit."""

_STEPS: dict[tuple[tuple[int, ...], int], dict[int, Step]] = {}
"""Steps met so far, by (series, count) then rank; cleared with the position memo."""


def _step(series: tuple[int, ...], count: int, rank: int) -> Step:
    """Play ``rank`` onto (series, count): a 31 starts a new series."""
    total = count + PIPS[rank]
    if total > MAX_COUNT:
        return None
    if total == MAX_COUNT:
        return _points(series, count, rank), (), 0
    after = trim_runs(canonical_series((*series, rank)), MAX_COUNT - total)
    return _points(series, count, rank), after, total


def trim_runs(series: tuple[int, ...], room: int) -> tuple[int, ...]:
    """Drop the leading cards of a distinct series that no later card can join in a run.

    A run through an earlier card needs every rank missing between it and the others
    to be played before the count resets: when those ranks' pips exceed the room left
    (31 - count), that card and all before it can never score again, so positions that
    differ only there are the same position.
    """
    if len(series) < 3 or series[-1] == series[-2]:
        return series
    for start in range(len(series) - 2):
        part = series[start:]
        low, high = min(part), max(part)
        missing = sum(PIPS[r] for r in range(low + 1, high) if r not in part)
        if missing <= room:
            return part
    return series[-2:]


Choice = tuple[int, tuple[int, ...], int]
"""A distinct rank of a hand, the hand without one of it, and that rest's lowest pips."""

_NO_CARD = MAX_COUNT + 1
"""The lowest pips of an empty hand: nothing fits."""

_CHOICES: dict[tuple[int, ...], tuple[Choice, ...]] = {}
"""Choices of each hand met so far (a few thousand sorted rank tuples at most)."""


def _choices(hand: tuple[int, ...]) -> tuple[Choice, ...]:
    found: list[Choice] = []
    for i, rank in enumerate(hand):
        if i and hand[i - 1] == rank:
            continue
        rest = hand[:i] + hand[i + 1 :]
        found.append((rank, rest, PIPS[rest[0]] if rest else _NO_CARD))
    choices = _CHOICES[hand] = tuple(found)
    return choices


def _moves(node: Node) -> list[Move]:
    """Every distinct rank the player to choose may play, with its points and result.

    After the card, forced moves are settled here: a 31 or a go where neither can play
    resets the count (one for the go to the last card's player), a player with nothing
    that fits is skipped, and the last card of all takes one unless it made 31.
    """
    hand, other, series, count = node
    steps = _STEPS.get((series, count))
    if steps is None:
        steps = _STEPS[(series, count)] = {}
    other_low = PIPS[other[0]] if other else _NO_CARD
    moves: list[Move] = []
    for rank, rest, rest_low in _CHOICES.get(hand) or _choices(hand):
        step = steps.get(rank)
        if step is None:
            if rank in steps:
                break
            step = steps[rank] = _step(series, count, rank)
            if step is None:
                break  # hands are sorted, so no later rank fits either
        points, after, total = step
        room = MAX_COUNT - total
        if other_low <= room:
            moves.append((rank, points, (other, rest, after, total), True))
        elif rest_low <= room:
            moves.append((rank, points, (rest, other, after, total), False))
        elif not rest and not other:
            moves.append((rank, points + (1 if after else 0), None, False))
        elif other:  # neither can play: one for the go; the other leads
            moves.append((rank, points + 1, (other, rest, (), 0), True))
        else:
            moves.append((rank, points + 1, (rest, other, (), 0), False))
    return moves


_NET: dict[Node, int] = {}


def _net(
    node: Node, moves_of: dict[Node, list[Move]] | None = None, memo: dict[Node, int] = _NET
) -> int:
    """The mover's pegging points minus the other's for the rest of the play.

    ``moves_of``, when given, keeps the moves for a win search of the same decision;
    ``memo`` is the shared memo unless a search keeps its own (``rank_nets``).
    """
    value = memo.get(node)
    if value is not None:
        return value
    moves = expand(node, moves_of)
    best = -1000
    for _, points, after, swap in moves:
        if after is None:
            total = points
        elif swap:
            total = points - _net(after, moves_of, memo)
        else:
            total = points + _net(after, moves_of, memo)
        if total > best:
            best = total
    if len(memo) > _MEMO_LIMIT:
        memo.clear()
        _STEPS.clear()
    memo[node] = best
    return best


def node_of(state: State) -> tuple[Node, int]:
    h0, h1, series, count, mover = state
    return ((h0, h1, series, count) if mover == 0 else (h1, h0, series, count)), mover


def _state(node: Node, mover: int) -> State:
    hand, other, series, count = node
    return (hand, other, series, count, 0) if mover == 0 else (other, hand, series, count, 1)


def successors(state: State) -> list[Edge]:
    """Every distinct rank the player to choose may play, with its points and result
    (forced gos, skips, 31s and the last card settled within the edge)."""
    node, mover = node_of(state)
    return [
        (rank, points, None if after is None else _state(after, 1 - mover if swap else mover))
        for rank, points, after, swap in _moves(node)
    ]


def reset_memo() -> None:
    """Forget every solved position (for timing a cold start; play never needs it)."""
    _NET.clear()
    _STEPS.clear()
    _CHOICES.clear()
    _MOVES.clear()


def net_value(state: State) -> int:
    """Seat 0's pegging points minus seat 1's for the rest of the play, both perfect."""
    node, mover = node_of(state)
    value = _net(node)
    return value if mover == 0 else -value


Root = tuple[Node, float]
"""One deal of the opponent's cards: the position from this player's side, its weight."""


_MOVES: dict[Node, list[Move]] = {}
"""The moves of positions the winning-chance search met, kept across decisions: the play
near 121 meets the same positions again at the next card (its bounds are per decision,
the moves are not)."""

_MOVES_LIMIT = _MEMO_LIMIT // 6
"""Positions whose moves are kept before the store starts again (a sixth of the memo's
count: each holds its moves, about 600 bytes)."""


def shared_moves() -> dict[Node, list[Move]]:
    """The moves store for one decision's winning-chance search."""
    if len(_MOVES) > _MOVES_LIMIT:
        _MOVES.clear()
    return _MOVES


def expand(node: Node, moves_of: dict[Node, list[Move]] | None) -> list[Move]:
    if moves_of is None:
        return _moves(node)
    moves = moves_of.get(node)
    if moves is None:
        if len(moves_of) >= _MOVES_LIMIT:  # bounded within one search too, not only between
            moves_of.clear()
        moves = moves_of[node] = _moves(node)
    return moves


def rank_nets(
    roots: list[Root],
    ranks: set[int] | None,
    moves_of: dict[Node, list[Move]] | None,
    memo: dict[Node, int] = _NET,
) -> defaultdict[int, float]:
    """Expected net points of each rank played now (only ``ranks``, when given); ``memo``
    a memo of the caller's own, for searches whose positions the play rarely meets (so
    they neither crowd out the shared memo nor are crowded out by it)."""
    net: defaultdict[int, float] = defaultdict(float)
    for root, weight in roots:
        for move in expand(root, moves_of):
            if ranks is None or move[0] in ranks:
                net[move[0]] += weight * mover_value(move, moves_of, memo)
    return net


def mover_value(
    move: Move, moves_of: dict[Node, list[Move]] | None = None, memo: dict[Node, int] = _NET
) -> int:
    """The net points a move is worth to the player who makes it, the rest solved."""
    _, points, after, swap = move
    if after is None:
        return points
    rest = _net(after, moves_of, memo)
    return points - rest if swap else points + rest


def lead_nets(
    keep: tuple[int, ...], opponents: Sequence[tuple[int, ...]], weights: Sequence[float]
) -> dict[int, float]:
    """The pone's expected net pegging for each rank it may lead from ``keep`` (sorted
    ranks) against the dealer holding each of ``opponents`` with its weight, both playing
    the perfect-information search: what ``evaluate_plays`` samples at the first lead."""
    pairs = zip(opponents, weights, strict=True)
    empty: tuple[int, ...] = ()
    roots: list[Root] = [((keep, other, empty, 0), weight) for other, weight in pairs]
    return dict(rank_nets(roots, None, None))
