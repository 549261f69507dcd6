"""The first pegging search, kept as a slow reference for the fast one.

``cribkit.analysis.pegging`` (with ``cribkit.analysis.holdings``) was rewritten for
speed: positions from the mover's side, step tables, trimmed series, an alpha-beta win
search. It must give exactly the same evaluations as this straightforward version,
which ``tests/test_pegging_reference.py`` checks on fixed views.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

# What the rewrite kept word for word is imported, not copied: only the search and the
# holdings enumeration, which the rewrite changed, are kept here in their first form.
from cribkit.analysis.holdings import PIPS, _go_floor, _seen_cards
from cribkit.analysis.pegging import DEAL_LIMITS, PLAUSIBILITY, Endgame, PlayEvaluation
from cribkit.analysis.pegsolver import canonical_series, play_points
from cribkit.cards import Rank
from cribkit.errors import CribkitError
from cribkit.scoring import MAX_COUNT, rank_points
from cribkit.state import KEEP_SIZE, Phase
from cribkit.view import PlayerView

__all__ = [
    "DEAL_LIMITS",
    "PIPS",
    "PLAUSIBILITY",
    "Endgame",
    "Holdings",
    "PlayEvaluation",
    "State",
    "canonical_series",
    "evaluate_plays",
    "net_value",
    "opponent_holdings",
    "play_points",
    "sample_holdings",
    "start_state",
    "successors",
    "win_value",
]


_PAIR_POINTS = (0, 0, 2, 6, 12)

State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, int]
"""A play position by ranks: (hand of 0, hand of 1, series since the reset, count,
player to choose, player of the last card or 0 when the series is empty). Seat 0 is the
searching player; the series is kept in ``canonical_series`` form. The player
to choose always has a card that fits: forced gos and skips are folded into the edges.
"""

Edge = tuple[int, int, State | None]
"""One choice: (rank played, points it earns the player who played it, next position or
``None`` when the play is over). The points include a go or last card it forces."""

_MEMO_LIMIT = 500_000
"""Positions kept in the shared memo before it starts again (about 100 MB)."""


@cache
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


@cache
def _after(series: tuple[int, ...], count: int, rank: int) -> tuple[tuple[int, ...], int]:
    """The canonical series and count once ``rank`` is played (31 starts a new series)."""
    total = count + PIPS[rank]
    if total == MAX_COUNT:
        return (), 0
    return canonical_series((*series, rank)), total


def successors(state: State) -> list[Edge]:
    """Every distinct rank the player to choose may play, with its points and result.

    After the card, forced moves are settled here: a 31 or a go where neither can play
    resets the count (one for the go to the last card's player), a player with nothing
    that fits is skipped, and the last card of all takes one unless it made 31.
    """
    h0, h1, series, count, mover, _ = state
    hand = h0 if mover == 0 else h1
    room = MAX_COUNT - count
    found: list[Edge] = []
    previous = 0
    for i, rank in enumerate(hand):
        if rank == previous:
            continue
        previous = rank
        if PIPS[rank] > room:
            break
        rest = hand[:i] + hand[i + 1 :]
        a, b = (rest, h1) if mover == 0 else (h0, rest)
        points = _points(series, count, rank)
        after_series, after_count = _after(series, count, rank)
        nxt = 1 - mover
        while True:
            if not a and not b:
                found.append((rank, points + (1 if after_series else 0), None))
                break
            free = MAX_COUNT - after_count
            if not (a if nxt == 0 else b) or PIPS[(a if nxt == 0 else b)[0]] > free:
                other = b if nxt == 0 else a
                if other and PIPS[other[0]] <= free:
                    nxt = 1 - nxt
                else:  # neither can play: one for the go, the count back to 0
                    points += 1
                    after_series, after_count, nxt = (), 0, 1 - mover
                    continue
            owner = mover if after_series else 0
            found.append((rank, points, (a, b, after_series, after_count, nxt, owner)))
            break
    return found


_NET: dict[State, int] = {}


def net_value(state: State) -> int:
    """Seat 0's pegging points minus seat 1's for the rest of the play, both perfect."""
    value = _NET.get(state)
    if value is not None:
        return value
    maximize = state[4] == 0
    best: int | None = None
    for _, points, after in successors(state):
        rest = net_value(after) if after is not None else 0
        total = rest + points if maximize else rest - points
        if best is None or (total > best if maximize else total < best):
            best = total
    assert best is not None, "a position always has a card to play"
    if len(_NET) > _MEMO_LIMIT:
        _NET.clear()
    _NET[state] = best
    return best


def win_value(state: State, endgame: Endgame) -> float:
    """Seat 0's probability of winning from ``state``, both playing to win."""
    return _solver(endgame)(state, 0, 0)


def _edge_win(
    mine: int,
    theirs: int,
    after: State | None,
    endgame: Endgame,
    solve: Callable[[State, int, int], float],
) -> float:
    """Winning chance after an edge: a seat reaching its target wins on the spot."""
    if mine >= endgame.need[0]:
        return 1.0
    if theirs >= endgame.need[1]:
        return 0.0
    if after is None:
        return endgame.after_play(mine, theirs)
    return solve(after, mine, theirs)


# ------------------------------------------------------------ the unseen cards


@cache
def _keep_value(ranks: tuple[int, ...]) -> float:
    """Average fifteens/pairs/runs of four kept ranks with a starter of each rank: how
    attractive keeping them looks before the cut (suits ignored)."""
    starters = [s for s in range(1, 14) if ranks.count(s) < 4]
    return sum(rank_points((*ranks, s)) for s in starters) / len(starters)


@dataclass(frozen=True, slots=True)
class Holdings:
    """The opponent's possible rank multisets with their (unnormalized) weights."""

    hands: tuple[tuple[int, ...], ...]
    weights: tuple[float, ...]


def opponent_holdings(view: PlayerView, *, plausibility: float = 0.0) -> Holdings:
    """Every rank multiset the opponent may hold now, weighted.

    Unseen cards are the 52 less this player's six, the starter and the cards played.
    A go at count c shows they then held nothing of c's room (31 - c) or less; their
    cards now are a subset of those, so every card must be above the largest such room.
    Weights: the number of suit choices times ``exp(plausibility * value)``, value being
    what the four cards they kept (played ones included) average before the cut.
    """
    size = view.opponent_cards_held
    seen = Counter(card.rank for card in _seen_cards(view))
    available = {int(rank): 4 - seen[rank] for rank in Rank}
    floor = _go_floor(view)
    ranks = [r for r in range(1, 14) if available[r] > 0 and PIPS[r] > floor]
    played = tuple(
        int(entry.card.rank)
        for entry in view.play_log
        if entry.card is not None and entry.player == view.opponent
    )
    hands: list[tuple[int, ...]] = []
    weights: list[float] = []
    plausible = bool(plausibility) and len(played) + size == KEEP_SIZE
    for combo, ways in _multisets([(r, available[r]) for r in ranks], size):
        weight = float(ways)
        if plausible:
            weight *= _plausibility(tuple(sorted(played + combo)), plausibility)
        hands.append(combo)
        weights.append(weight)
    if not hands:
        raise CribkitError("no opponent hand is consistent with this view")
    return Holdings(tuple(hands), tuple(weights))


def _multisets(ranks: Sequence[tuple[int, int]], size: int) -> list[tuple[tuple[int, ...], int]]:
    """Every multiset of ``size`` ranks drawn from (rank, copies available) pairs, with
    the number of ways to pick the actual cards."""
    if size == 0:
        return [((), 1)]
    if not ranks:
        return []
    (rank, copies), rest = ranks[0], ranks[1:]
    found: list[tuple[tuple[int, ...], int]] = []
    for take in range(min(copies, size) + 1):
        for combo, ways in _multisets(rest, size - take):
            found.append(((rank,) * take + combo, ways * math.comb(copies, take)))
    return found


@cache
def _plausibility(kept: tuple[int, ...], strength: float) -> float:
    return math.exp(strength * _keep_value(kept))


def sample_holdings(holdings: Holdings, limit: int) -> list[tuple[tuple[int, ...], float]]:
    """At most ``limit`` distinct holdings with weights summing to 1.

    All of them when few enough; otherwise systematic sampling (evenly spaced points on
    the cumulative weights), which is deterministic and spreads the picks by weight.
    """
    total = sum(holdings.weights)
    if len(holdings.hands) <= limit:
        return [(h, w / total) for h, w in zip(holdings.hands, holdings.weights, strict=True)]
    picked: Counter[tuple[int, ...]] = Counter()
    step = total / limit
    target = step / 2
    cumulative = 0.0
    for hand, weight in zip(holdings.hands, holdings.weights, strict=True):
        cumulative += weight
        while target < cumulative and sum(picked.values()) < limit:
            picked[hand] += 1
            target += step
    count = sum(picked.values())
    return [(hand, n / count) for hand, n in picked.items()]


# ------------------------------------------------------------ from a view


def start_state(view: PlayerView, opponent_hand: Sequence[int]) -> State:
    """The position of ``view`` with the opponent holding ``opponent_hand`` (ranks)."""
    mine = tuple(sorted(int(card.rank) for card in view.hand))
    series = canonical_series([int(card.rank) for card in view.series])
    last = 0
    if series:
        last_entry = next(e for e in reversed(view.play_log) if e.card is not None)
        last = 0 if last_entry.player == view.player else 1
    return (mine, tuple(sorted(opponent_hand)), series, view.count, 0, last)


def evaluate_plays(
    view: PlayerView,
    *,
    plausibility: float = PLAUSIBILITY,
    endgame: Endgame | None = None,
    deal_limit: int | None = None,
) -> list[PlayEvaluation]:
    """Each legal card's expected net pegging points (and, with ``endgame``, winning
    chance), best first: by winning chance when given, then by net points."""
    if view.phase is not Phase.PLAY or view.to_play != view.player:
        raise CribkitError("there is no card to choose: it is not your turn to play")
    legal = sorted({card for card in view.hand if card.pips <= MAX_COUNT - view.count})
    if not legal:
        raise CribkitError("no card fits: say go")
    holdings = opponent_holdings(view, plausibility=plausibility)
    remaining = len(view.hand) + view.opponent_cards_held
    limit = deal_limit or DEAL_LIMITS.get(remaining, 400)
    deals = sample_holdings(holdings, limit)
    net: defaultdict[int, float] = defaultdict(float)
    wins: defaultdict[int, float] = defaultdict(float)
    solve = _solver(endgame) if endgame is not None else None
    for opponent_hand, weight in deals:
        state = start_state(view, opponent_hand)
        for rank, points, after in successors(state):
            rest = net_value(after) if after is not None else 0
            net[rank] += weight * (points + rest)
            if endgame is not None and solve is not None:
                wins[rank] += weight * _edge_win(points, 0, after, endgame, solve)
    series = tuple(int(card.rank) for card in view.series)
    evaluations = [
        PlayEvaluation(
            card=card,
            expected_net_points=net[int(card.rank)],
            points_now=play_points(series, int(card.rank)),
            win_probability=None if endgame is None else wins[int(card.rank)],
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


def _solver(endgame: Endgame) -> Callable[[State, int, int], float]:
    """A memoized win solver for one decision, starting from given pegging points."""
    memo: dict[tuple[State, int, int], float] = {}

    def solve(state: State, got0: int, got1: int) -> float:
        key = (state, got0, got1)
        value = memo.get(key)
        if value is None:
            mover = state[4]
            results = [
                _edge_win(
                    got0 + points if mover == 0 else got0,
                    got1 + points if mover == 1 else got1,
                    after,
                    endgame,
                    solve,
                )
                for _, points, after in successors(state)
            ]
            value = max(results) if mover == 0 else min(results)
            memo[key] = value
        return value

    return solve
