"""Pegging search: the value of each legal card, solved to the end of the play.

The opponent's cards are unknown, so the search deals them (``cribkit.analysis.holdings``
says which rank multisets they may hold and how likely each is). Each deal is then
solved exactly by minimax to the end of the play (at most eight cards remain), both
players seeing both hands; the card with the best weighted value is chosen.

Why it is fast: pegging depends only on ranks, so positions are rank tuples; a position
is stored from the side of the player to move (their hand first), so a position reached
by either seat, in any deal, decision or game, is solved once (the memo is shared, the
value negated for the other seat); the series keeps only the cards that can still
score, so more positions coincide; what a rank does to a (series, count) is worked out
once; forced gos and skips are folded into the moves. Near 121 the winning chances are
searched with alpha-beta (exact: chances are only compared), and the expert's
``best_play`` skips the net points unless winning chances tie.

Two values are available: the expected net pegging points (this player's minus the
opponent's, for the rest of the play), and, near the end of the game, the probability
of winning, with an ``Endgame`` giving what each final pegging outcome is worth.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from cribkit.analysis.holdings import (
    PIPS,
    Holdings,
    opponent_holdings,
    sample_holdings,
)
from cribkit.analysis.leads import LEAD_TABLE, first_lead_values
from cribkit.analysis.reading import READING, opponent_choices, play_likelihood
from cribkit.cards import Card
from cribkit.errors import CribkitError
from cribkit.limits import expert_memo_positions
from cribkit.scoring import MAX_COUNT
from cribkit.state import Phase
from cribkit.view import PlayerView

__all__ = [
    "DEAL_LIMITS",
    "PIPS",
    "PLAUSIBILITY",
    "POINTS_DEAL_LIMITS",
    "Endgame",
    "Holdings",
    "Node",
    "PlayEvaluation",
    "State",
    "best_play",
    "canonical_series",
    "deal_count",
    "evaluate_plays",
    "lead_nets",
    "net_value",
    "opponent_holdings",
    "play_points",
    "reset_memo",
    "sample_holdings",
    "start_state",
    "successors",
    "win_value",
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
    after = _trim_runs(canonical_series((*series, rank)), MAX_COUNT - total)
    return _points(series, count, rank), after, total


def _trim_runs(series: tuple[int, ...], room: int) -> tuple[int, ...]:
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


def _net(node: Node, moves_of: dict[Node, list[Move]] | None = None) -> int:
    """The mover's pegging points minus the other's for the rest of the play.

    ``moves_of``, when given, keeps the moves for a win search of the same decision.
    """
    value = _NET.get(node)
    if value is not None:
        return value
    moves = _expand(node, moves_of)
    best = -1000
    for _, points, after, swap in moves:
        if after is None:
            total = points
        elif swap:
            total = points - _net(after, moves_of)
        else:
            total = points + _net(after, moves_of)
        if total > best:
            best = total
    if len(_NET) > _MEMO_LIMIT:
        _NET.clear()
        _STEPS.clear()
    _NET[node] = best
    return best


def _node(state: State) -> tuple[Node, int]:
    h0, h1, series, count, mover = state
    return ((h0, h1, series, count) if mover == 0 else (h1, h0, series, count)), mover


def _state(node: Node, mover: int) -> State:
    hand, other, series, count = node
    return (hand, other, series, count, 0) if mover == 0 else (other, hand, series, count, 1)


def successors(state: State) -> list[Edge]:
    """Every distinct rank the player to choose may play, with its points and result
    (forced gos, skips, 31s and the last card settled within the edge)."""
    node, mover = _node(state)
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
    node, mover = _node(state)
    value = _net(node)
    return value if mover == 0 else -value


@dataclass(frozen=True, slots=True)
class Endgame:
    """What the end of the play is worth near 121, for searching on winning chances.

    ``need`` is the points each seat (0 = searching player) still needs to win; a seat
    reaching it during the play wins at once. ``after_play(mine, theirs)`` is seat 0's
    probability of winning when the play ends with those pegging points added.
    """

    need: tuple[int, int]
    after_play: Callable[[int, int], float]


WinSolver = Callable[[Node, int, int, int], float]
"""(node, seat to move, seat 0's points so far, seat 1's) -> seat 0's winning chance."""


def win_value(state: State, endgame: Endgame) -> float:
    """Seat 0's probability of winning from ``state``, both playing to win."""
    node, mover = _node(state)
    return _win_solver(endgame)(node, mover, 0, 0)


def _win_solver(endgame: Endgame, moves_of: dict[Node, list[Move]] | None = None) -> WinSolver:
    """An exact win solver for one decision: alpha-beta with a memo of bounds.

    Chances are compared, never added, so a position's value is one of the leaves'
    values and the window search returns it exactly. The memo keeps, per position and
    points so far, the bounds each search proved (low = high once it is exact); the
    moves of each position are cached with it.
    """
    need0, need1 = endgame.need
    after_play = endgame.after_play
    memo: dict[tuple[Node, int, int, int], tuple[float, float]] = {}
    if moves_of is None:
        moves_of = {}

    def search(node: Node, mover: int, got0: int, got1: int, alpha: float, beta: float) -> float:
        key = (node, mover, got0, got1)
        low, high = memo.get(key, (0.0, 1.0))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        window = alpha, beta
        moves = _expand(node, moves_of)
        if mover == 0:
            best = -1.0
            for _, points, after, swap in moves:
                mine = got0 + points
                if mine >= need0:
                    value = 1.0
                elif after is None:
                    value = after_play(mine, got1)
                else:
                    value = search(after, 1 if swap else 0, mine, got1, alpha, beta)
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
                    value = search(after, 0 if swap else 1, got0, theirs, alpha, beta)
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
        return search(node, mover, got0, got1, -1.0, 2.0)

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


# ------------------------------------------------------------ from a view


def start_state(view: PlayerView, opponent_hand: Sequence[int]) -> State:
    """The position of ``view`` with the opponent holding ``opponent_hand`` (ranks)."""
    mine = tuple(sorted(int(card.rank) for card in view.hand))
    series = canonical_series([int(card.rank) for card in view.series])
    series = _trim_runs(series, MAX_COUNT - view.count)
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


def evaluate_plays(
    view: PlayerView,
    *,
    plausibility: float = PLAUSIBILITY,
    endgame: Endgame | None = None,
    deal_limit: int | None = None,
    keep_model: bool = True,
    reading: float = READING,
    lead_table: str | None = LEAD_TABLE,
) -> list[PlayEvaluation]:
    """Each legal card's expected net pegging points (and, with ``endgame``, winning
    chance), best first: by winning chance when given, then by net points. The deals
    searched are ``deal_count``'s unless ``deal_limit`` says; the opponent's holdings are
    weighed as ``best_play`` weighs them, and the pone's first lead is looked up in
    ``lead_table`` as ``best_play`` looks it up."""
    leads = _table_leads(view, endgame, keep_model, lead_table)
    if leads is not None:
        legal, wins, net = _legal(view), None, leads
    else:
        limit = deal_limit or deal_count(view, endgame=endgame is not None)
        legal, roots = _deals(view, plausibility, limit, reading, keep_model)
        moves_of = None if endgame is None else _shared_moves()
        wins = None if endgame is None else _wins(roots, endgame, moves_of)
        net = _nets(roots, None, moves_of)
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
    view: PlayerView,
    *,
    plausibility: float = PLAUSIBILITY,
    endgame: Endgame | None = None,
    reading: float = READING,
    points_limits: Mapping[int, int] = POINTS_DEAL_LIMITS,
    endgame_limits: Mapping[int, int] = DEAL_LIMITS,
    keep_model: bool = True,
    lead_table: str | None = LEAD_TABLE,
) -> Card:
    """The first card of ``evaluate_plays``, found with less work: near the end, net
    points are only worked out for the cards tied for the best winning chance.
    ``reading`` weights the opponent's holdings by their plays (``analysis.reading``),
    ``keep_model`` by the expert's keeps in their role (``analysis.keepmodel``);
    ``points_limits`` / ``endgame_limits`` the deals searched (``deal_count``). The
    pone's first lead, when playing for points with the keep model, is read from
    ``lead_table`` (``analysis.leads``: every dealer holding weighed, not a sample)."""
    leads = _table_leads(view, endgame, keep_model, lead_table)
    if leads is not None:
        return _most_net(_legal(view), leads)
    limit = deal_count(
        view,
        endgame=endgame is not None,
        points_limits=points_limits,
        endgame_limits=endgame_limits,
    )
    legal, roots = _deals(view, plausibility, limit, reading, keep_model)
    ranks: set[int] | None = None
    moves_of: dict[Node, list[Move]] | None = None
    if endgame is not None:
        moves_of = _shared_moves()
        wins = _wins(roots, endgame, moves_of)
        top = max(wins[int(card.rank)] for card in legal)
        ranks = {int(card.rank) for card in legal if wins[int(card.rank)] == top}
        legal = [card for card in legal if int(card.rank) in ranks]
        if len(ranks) == 1:
            return legal[0]
    return _most_net(legal, _nets(roots, ranks, moves_of))


Root = tuple[Node, float]
"""One deal of the opponent's cards: the position from this player's side, its weight."""


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
    view: PlayerView, endgame: Endgame | None, keep_model: bool, table: str | None
) -> dict[int, float] | None:
    """The lead table's values when it answers for this search: the pone's first lead,
    playing for points, the holdings weighed by the keep model (as the table was built)."""
    if endgame is not None or not keep_model:
        return None
    return first_lead_values(view, table)


def _deals(
    view: PlayerView,
    plausibility: float,
    deal_limit: int,
    reading: float = 0.0,
    keep_model: bool = False,
) -> tuple[list[Card], list[Root]]:
    """The legal cards (by index) and at most ``deal_limit`` weighted deals to search."""
    legal = _legal(view)
    holdings = opponent_holdings(view, plausibility=plausibility, keep_model=keep_model)
    choices = opponent_choices(view, play_points) if reading else ()
    if choices:
        holdings = Holdings(
            holdings.hands,
            tuple(
                weight * play_likelihood(hand, choices, reading)
                for hand, weight in zip(holdings.hands, holdings.weights, strict=True)
            ),
        )
    deals = sample_holdings(holdings, deal_limit)
    mine, _, series, count, _ = start_state(view, ())
    return legal, [((mine, hand, series, count), weight) for hand, weight in deals]


_MOVES: dict[Node, list[Move]] = {}
"""The moves of positions the winning-chance search met, kept across decisions: the play
near 121 meets the same positions again at the next card (its bounds are per decision,
the moves are not)."""

_MOVES_LIMIT = _MEMO_LIMIT // 6
"""Positions whose moves are kept before the store starts again (a sixth of the memo's
count: each holds its moves, about 600 bytes)."""


def _shared_moves() -> dict[Node, list[Move]]:
    """The moves store for one decision's winning-chance search."""
    if len(_MOVES) > _MOVES_LIMIT:
        _MOVES.clear()
    return _MOVES


def _expand(node: Node, moves_of: dict[Node, list[Move]] | None) -> list[Move]:
    if moves_of is None:
        return _moves(node)
    moves = moves_of.get(node)
    if moves is None:
        if len(moves_of) >= _MOVES_LIMIT:  # bounded within one search too, not only between
            moves_of.clear()
        moves = moves_of[node] = _moves(node)
    return moves


def _nets(
    roots: list[Root], ranks: set[int] | None, moves_of: dict[Node, list[Move]] | None
) -> defaultdict[int, float]:
    """Expected net points of each rank played now (only ``ranks``, when given)."""
    net: defaultdict[int, float] = defaultdict(float)
    for root, weight in roots:
        for rank, points, after, swap in _expand(root, moves_of):
            if ranks is not None and rank not in ranks:
                continue
            if after is None:
                value = points
            elif swap:
                value = points - _net(after, moves_of)
            else:
                value = points + _net(after, moves_of)
            net[rank] += weight * value
    return net


def lead_nets(
    keep: tuple[int, ...], opponents: Sequence[tuple[int, ...]], weights: Sequence[float]
) -> dict[int, float]:
    """The pone's expected net pegging for each rank it may lead from ``keep`` (sorted
    ranks) against the dealer holding each of ``opponents`` with its weight, both playing
    the perfect-information search: what ``evaluate_plays`` samples at the first lead."""
    pairs = zip(opponents, weights, strict=True)
    empty: tuple[int, ...] = ()
    roots: list[Root] = [((keep, other, empty, 0), weight) for other, weight in pairs]
    return dict(_nets(roots, None, None))


def _wins(
    roots: list[Root], endgame: Endgame, moves_of: dict[Node, list[Move]] | None
) -> defaultdict[int, float]:
    """Winning chance of each rank played now."""
    solve = _win_solver(endgame, moves_of)
    wins: defaultdict[int, float] = defaultdict(float)
    for root, weight in roots:
        for rank, points, after, swap in _expand(root, moves_of):
            wins[rank] += weight * _move_win(points, after, swap, endgame, solve)
    return wins
