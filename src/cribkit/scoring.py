"""Pure ACC scoring: the show (hand or crib) and the play, each with an itemized breakdown.

Every function here is pure: cards in, a ``Breakdown`` (or points) out. The breakdown
lists each scoring combination with its cards, its points and its table-talk call, in
counting order (fifteens, pairs, runs, flush, nobs). The total is derived from the items.

``show_points`` is the fast path (a rank-multiset table lookup plus two suit checks) for
callers that need only the number, such as the discard analysis and self-play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from cribkit.cards import Card, Rank, Suit, check_distinct, parse_cards
from cribkit.errors import DuplicateCardError, IllegalActionError, WrongCardCountError
from cribkit.talk import number_word

__all__ = [
    "GO_WORDS",
    "MAX_COUNT",
    "MAX_PLAY_CARDS",
    "Breakdown",
    "PegStep",
    "ScoreItem",
    "ScoreKind",
    "go_item",
    "heels_item",
    "last_card_item",
    "peg_sequence",
    "rank_points",
    "score_cards",
    "score_play",
    "score_show",
    "show_points",
]

MAX_COUNT = 31
"""The running count may never pass this."""
MAX_PLAY_CARDS = 8
"""A deal puts at most eight cards into the play, four from each hand."""
GO_WORDS = frozenset({"go", "|", "/"})
"""Words that mark a go in a written play (``QS 9D 8C go 7H``), lower case."""


class ScoreKind(StrEnum):
    """What a scoring item is; the string value is stable (JSON, records, the web)."""

    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty_one"
    PAIR = "pair"
    PAIR_ROYAL = "pair_royal"
    DOUBLE_PAIR_ROYAL = "double_pair_royal"
    RUN = "run"
    DOUBLE_RUN = "double_run"
    TRIPLE_RUN = "triple_run"
    DOUBLE_DOUBLE_RUN = "double_double_run"
    FLUSH = "flush"
    NOBS = "nobs"
    HEELS = "heels"
    GO = "go"
    LAST_CARD = "last_card"
    CLAIM = "claim"
    """A player's own count of their show, pegged when it is short of the true count."""
    MUGGINS = "muggins"
    """Points a player's own count overlooked, pegged by the opponent (muggins on)."""


_PAIR_KINDS = {2: ScoreKind.PAIR, 3: ScoreKind.PAIR_ROYAL, 4: ScoreKind.DOUBLE_PAIR_ROYAL}
_PAIR_POINTS = {2: 2, 3: 6, 4: 12}
_RUN_KINDS = {
    1: ScoreKind.RUN,
    2: ScoreKind.DOUBLE_RUN,
    3: ScoreKind.TRIPLE_RUN,
    4: ScoreKind.DOUBLE_DOUBLE_RUN,
}


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: its kind, points, the cards that make it and its call.

    ``call`` is the item on its own ("a pair", "a run of three", "one for his nobs");
    fifteens carry their running call ("fifteen two", "fifteen four") because that is
    how they are said.
    """

    kind: ScoreKind
    points: int
    cards: tuple[Card, ...]
    call: str

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form used by the CLI and the web API."""
        return {
            "kind": self.kind.value,
            "points": self.points,
            "cards": [str(card) for card in self.cards],
            "call": self.call,
        }


@dataclass(frozen=True, slots=True)
class Breakdown:
    """The itemized score of one show or one played card."""

    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def call(self) -> str:
        """The whole count as said aloud: "fifteen two, fifteen four and a pair is six"."""
        if not self.items:
            return "nothing"
        parts: list[str] = []
        running = 0
        for item in self.items:
            running += item.points
            if item.kind is ScoreKind.FIFTEEN:
                parts.append(item.call if not parts else f", {item.call}")
            elif not parts:
                parts.append(item.call)
            else:
                parts.append(f" and {item.call} is {number_word(running)}")
        return "".join(parts)

    def subtotals(self) -> dict[str, int]:
        """Points by family (fifteens, pairs, runs, flush, nobs, ...); multi-runs split.

        A double run of three (8) gives 6 to runs and 2 to pairs, as a score sheet shows it.
        """
        totals: Counter[str] = Counter()
        for item in self.items:
            family, run_points = _family(item)
            totals[family] += item.points - run_points
            if run_points:
                totals["runs"] += run_points
        return dict(totals)

    def __bool__(self) -> bool:
        return bool(self.items)


def _family(item: ScoreItem) -> tuple[str, int]:
    """The sheet family of an item, and how much of it is run points (for multi-runs)."""
    kind = item.kind
    if kind is ScoreKind.FIFTEEN:
        return "fifteens", 0
    if kind in (ScoreKind.PAIR, ScoreKind.PAIR_ROYAL, ScoreKind.DOUBLE_PAIR_ROYAL):
        return "pairs", 0
    if kind is ScoreKind.RUN:
        return "runs", 0
    if kind in (ScoreKind.DOUBLE_RUN, ScoreKind.TRIPLE_RUN, ScoreKind.DOUBLE_DOUBLE_RUN):
        length = len({card.rank for card in item.cards})
        multiplicity = {ScoreKind.DOUBLE_RUN: 2, ScoreKind.TRIPLE_RUN: 3}.get(kind, 4)
        return "pairs", length * multiplicity
    return kind.value, 0


# ---------------------------------------------------------------- the show


def score_show(hand: str | Iterable[str | Card], starter: str | Card, *, crib: bool) -> Breakdown:
    """Itemized score of four hand (or crib) cards plus the starter.

    The cards are ``Card`` objects or card text, read as ``analyze_discard`` reads them
    (``parse_cards``): ``"5C 6D 7H 7S"``, ``["5C", "6D", "7H", "7S"]``, ``"5H"``.
    ``crib`` is required: a crib scores a flush only when all five cards share a suit.
    Raises ``WrongCardCountError`` / ``DuplicateCardError`` for impossible input and
    ``InvalidNotationError`` for a card that cannot be read.

    >>> score_show("5C 6D 7H 7S", "8C", crib=False).call
    'fifteen two, fifteen four and a double run of four for ten is fourteen'
    >>> score_show(["5C", "6D", "7H", "7S"], "8C", crib=False).total
    14
    """
    hand, starter = _show_cards(hand, starter)
    _check_show(hand, starter)
    cards = sorted((*hand, starter))
    items: list[ScoreItem] = []
    items.extend(_fifteens(cards))
    items.extend(_pairs_and_runs(cards))
    flush = _flush_points(hand, starter, crib=crib)
    if flush:
        flush_cards = tuple(sorted(hand)) + ((starter,) if flush == 5 else ())
        items.append(
            ScoreItem(ScoreKind.FLUSH, flush, flush_cards, f"a flush for {number_word(flush)}")
        )
    items.extend(
        ScoreItem(ScoreKind.NOBS, 1, (card,), "one for his nobs")
        for card in hand
        if card.rank is Rank.JACK and card.suit is starter.suit
    )
    return Breakdown(tuple(items))


def _show_cards(
    hand: str | Iterable[str | Card], starter: str | Card
) -> tuple[tuple[Card, ...], Card]:
    """The hand and the starter as cards, any text read by the one card parser (repeats
    are left for ``_check_show`` to name)."""
    return parse_cards(hand, distinct=False), parse_cards([starter], distinct=False)[0]


def _check_show(hand: Sequence[Card], starter: Card) -> None:
    if len(hand) != 4:
        raise WrongCardCountError(f"a hand or crib has 4 cards, not {len(hand)}")
    try:
        check_distinct((*hand, starter))
    except DuplicateCardError:
        if starter in hand:  # say which mistake it is; checked only once something is wrong
            raise DuplicateCardError(
                f"the starter {starter} is also among the hand or crib cards; "
                "the starter is the shared fifth card"
            ) from None
        raise


def _fifteens(cards: Sequence[Card]) -> Iterable[ScoreItem]:
    valued = [(card.pips, card) for card in cards]
    points = 0
    for size in range(2, len(valued) + 1):
        for combo in combinations(valued, size):
            if sum(pips for pips, _ in combo) == 15:
                points += 2
                combo_cards = tuple(card for _, card in combo)
                yield ScoreItem(ScoreKind.FIFTEEN, 2, combo_cards, f"fifteen {number_word(points)}")


def _pairs_and_runs(cards: Sequence[Card]) -> Iterable[ScoreItem]:
    by_rank: dict[Rank, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    run = _longest_run(sorted(by_rank))
    in_run = set(run)
    for rank, group in by_rank.items():
        if len(group) >= 2 and rank not in in_run:
            yield _pair_item(group)
    if run:
        multiplicity = 1
        for rank in run:
            multiplicity *= len(by_rank[rank])
        run_cards = tuple(card for rank in run for card in by_rank[rank])
        yield _run_item(len(run), multiplicity, run_cards)


def _pair_item(group: Sequence[Card]) -> ScoreItem:
    size = len(group)
    kind = _PAIR_KINDS[size]
    call = (
        "a pair"
        if size == 2
        else f"{kind.value.replace('_', ' ')} for " + number_word(_PAIR_POINTS[size])
    )
    return ScoreItem(kind, _PAIR_POINTS[size], tuple(group), call)


def _run_item(length: int, multiplicity: int, cards: tuple[Card, ...]) -> ScoreItem:
    """One item for all the runs over the same ranks, pairs inside them included."""
    kind = _RUN_KINDS[multiplicity]
    pair_points = {1: 0, 2: 2, 3: 6, 4: 4}[multiplicity]
    points = length * multiplicity + pair_points
    if multiplicity == 1:
        call = f"a run of {number_word(length)}"
    else:
        name = {2: "a double run", 3: "a triple run", 4: "a double double run"}[multiplicity]
        call = f"{name} of {number_word(length)} for {number_word(points)}"
    return ScoreItem(kind, points, cards, call)


def _longest_run(ranks: Sequence[Rank]) -> tuple[Rank, ...]:
    """The longest stretch (3+) of consecutive distinct ranks, or ``()``; ranks sorted."""
    best: tuple[Rank, ...] = ()
    start = 0
    for i in range(1, len(ranks) + 1):
        if i == len(ranks) or ranks[i] != ranks[i - 1] + 1:
            if i - start >= 3 and i - start > len(best):
                best = tuple(ranks[start:i])
            start = i
    return best


def _flush_points(hand: Sequence[Card], starter: Card, *, crib: bool) -> int:
    suit = hand[0].suit
    if any(card.suit is not suit for card in hand):
        return 0
    if starter.suit is suit:
        return 5
    return 0 if crib else 4


# ---------------------------------------------------------------- the fast path


def rank_points(ranks: Iterable[int]) -> int:
    """Fifteens + pairs + runs of five ranks (1..13), the part of a show suits cannot change."""
    ranks = tuple(ranks)
    key = _rank_key(ranks)
    points = _RANK_POINTS.get(key)
    if points is None:
        points = _RANK_POINTS[key] = _score_ranks(ranks)
    return points


def _rank_key(ranks: Iterable[int]) -> int:
    return sum(_RANK_WEIGHT[r] for r in ranks)


_RANK_WEIGHT = tuple(0 if r == 0 else 1 << (3 * (r - 1)) for r in range(14))
_RANK_POINTS: dict[int, int] = {}
"""Memo of ``rank_points`` by rank multiset (at most 6,175 entries), filled on demand."""


def _score_ranks(ranks: Sequence[int]) -> int:
    """Score five ranks by giving equal ranks different suits (suits cannot matter here)."""
    seen: Counter[int] = Counter()
    cards: list[Card] = []
    for rank in sorted(ranks):
        if seen[rank] == len(_SUITS):
            raise WrongCardCountError(f"a deck has only four cards of rank {rank}")
        cards.append(Card(Rank(rank), _SUITS[seen[rank]]))
        seen[rank] += 1
    return sum(item.points for item in (*_fifteens(cards), *_pairs_and_runs(cards)))


_SUITS = tuple(Suit)


def show_points(hand: Sequence[Card], starter: Card, *, crib: bool) -> int:
    """The show total only, fast: a table lookup by ranks, then flush and nobs.

    Same rules and checks as ``score_show``, without the breakdown.
    """
    _check_show(hand, starter)
    return _show_points_unchecked(hand, starter, crib=crib)


def _show_points_unchecked(hand: Sequence[Card], starter: Card, *, crib: bool) -> int:
    a, b, c, d = hand
    key = (
        _RANK_WEIGHT[a.rank]
        + _RANK_WEIGHT[b.rank]
        + _RANK_WEIGHT[c.rank]
        + _RANK_WEIGHT[d.rank]
        + _RANK_WEIGHT[starter.rank]
    )
    total = _RANK_POINTS.get(key)
    if total is None:
        total = rank_points((a.rank, b.rank, c.rank, d.rank, starter.rank))
    suit = a.suit
    if b.suit is suit and c.suit is suit and d.suit is suit:
        if starter.suit is suit:
            total += 5
        elif not crib:
            total += 4
    for card in hand:
        if card.rank is Rank.JACK and card.suit is starter.suit:
            total += 1
    return total


# ---------------------------------------------------------------- the play


def score_play(series: Sequence[Card], card: Card) -> Breakdown:
    """Points for ``card`` played onto ``series`` (the cards since the count last reset).

    Raises ``IllegalActionError`` if the card would take the count past 31. Go and last
    card are not scored here: they depend on what the other player can do (see
    ``go_item`` / ``last_card_item``).
    """
    check_distinct((*series, card))
    count = sum(c.pips for c in series) + card.pips
    if count > MAX_COUNT:
        before = count - card.pips
        raise IllegalActionError(
            f"the count would be {count}; {card} does not fit on {before} "
            f"(play a card of {MAX_COUNT - before} or less, or say go)"
        )
    played = (*series, card)
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem(ScoreKind.FIFTEEN, 2, played, "fifteen two"))
    elif count == MAX_COUNT:
        items.append(ScoreItem(ScoreKind.THIRTY_ONE, 2, played, "thirty-one for two"))
    same = 1
    while same < len(played) and played[-1 - same].rank is card.rank:
        same += 1
    if same >= 2:
        items.append(_pair_item(played[-same:]))
    run = _play_run_length(played)
    if run:
        items.append(ScoreItem(ScoreKind.RUN, run, played[-run:], f"a run of {number_word(run)}"))
    return Breakdown(tuple(items))


def _play_run_length(played: Sequence[Card]) -> int:
    """Length of the longest run made by the last n >= 3 cards, or 0."""
    for n in range(len(played), 2, -1):
        ranks = {card.rank for card in played[-n:]}
        if len(ranks) == n and max(ranks) - min(ranks) == n - 1:
            return n
    return 0


def go_item(card: Card) -> ScoreItem:
    """One for the go: ``card`` ended a series under 31 (a go, not the last card of all)."""
    return ScoreItem(ScoreKind.GO, 1, (card,), "one for the go")


def last_card_item(card: Card) -> ScoreItem:
    """One for last: ``card`` is the last of the whole play and did not make 31."""
    return ScoreItem(ScoreKind.LAST_CARD, 1, (card,), "one for last")


@dataclass(frozen=True, slots=True)
class PegStep:
    """One step of a pegged play: a card with the count after it and what it scored, or a
    go (``card`` is None) that ends the series, with the count it ended on."""

    card: Card | None
    count: int
    breakdown: Breakdown

    @property
    def is_go(self) -> bool:
        return self.card is None

    @property
    def items(self) -> tuple[ScoreItem, ...]:
        return self.breakdown.items

    @property
    def points(self) -> int:
        return self.breakdown.total

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form: what ``cribkit peg --json`` and ``/api/peg`` list."""
        return {
            "card": None if self.card is None else str(self.card),
            "go": self.is_go,
            "count": self.count,
            "points": self.points,
            "items": [item.to_dict() for item in self.items],
            "call": self.breakdown.call,
        }


def peg_sequence(moves: Sequence[Card | None]) -> tuple[PegStep, ...]:
    """Peg a written play: cards in the order played from a fresh count, ``None`` for a go.

    A card scores what it makes on the series (``score_play``). A go means nobody could
    play: the card before it pegs one for the go and the count starts again from 0, as it
    also does after 31; a go right after 31 (which already scored two) or after another go
    adds nothing. Last card is not scored: a written play does not say whether the deal
    ended there. This is the one reading of a play shared by ``cribkit peg`` and the web's
    pegging calculator.

    Raises ``DuplicateCardError`` for a card played twice, ``WrongCardCountError`` for more
    than eight cards, and ``IllegalActionError`` for a go before any card
    (``go_before_card``) or a card that would pass 31 (``count_past_31``, with the
    ``card``, the ``count`` before it, the ``total`` and the ``room`` left).
    """
    cards = [move for move in moves if move is not None]
    check_distinct(cards)
    if len(cards) > MAX_PLAY_CARDS:
        raise WrongCardCountError(
            f"a deal has at most {MAX_PLAY_CARDS} cards in play (four each); you gave {len(cards)}"
        )
    steps: list[PegStep] = []
    series: list[Card] = []
    for move in moves:
        count = sum(card.pips for card in series)
        if move is None:
            if not steps:
                raise IllegalActionError(
                    "a go comes after a card: it ends the series and scores one for the go",
                    code="go_before_card",
                )
            if series:
                steps.append(PegStep(None, count, Breakdown((go_item(series[-1]),))))
                series = []
            continue
        total = count + move.pips
        if total > MAX_COUNT:
            raise IllegalActionError(
                f"the count would be {total}; {move} does not fit on {count}: "
                f"write go before {move} to end the series and count again from 0",
                code="count_past_31",
                params={
                    "card": str(move),
                    "count": count,
                    "total": total,
                    "room": MAX_COUNT - count,
                },
            )
        steps.append(PegStep(move, total, score_play(series, move)))
        series.append(move)
        if total == MAX_COUNT:
            series = []
    return tuple(steps)


def heels_item(starter: Card) -> ScoreItem:
    """Two for his heels: the starter is a jack, scored to the dealer at the cut."""
    return ScoreItem(ScoreKind.HEELS, 2, (starter,), "two for his heels")


def score_cards(cards: Sequence[Card]) -> Breakdown:
    """Fifteens, pairs and runs of any cards on their own (no starter, flush or nobs).

    What a player sees in four kept cards before the cut; greedy play keeps the best.
    """
    check_distinct(cards)
    ordered = sorted(cards)
    return Breakdown((*_fifteens(ordered), *_pairs_and_runs(ordered)))
