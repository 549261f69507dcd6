"""The show: RULES.md's worked examples as one table, itemized calls, and properties checked
against the naive reference scorer in ``reference_scoring``."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribkit.cards import DECK, Card, Rank, Suit, parse_card, parse_cards
from cribkit.errors import CribkitError, DuplicateCardError, WrongCardCountError
from cribkit.scoring import Breakdown, ScoreKind, rank_points, score_show, show_points
from reference_scoring import reference_show

# hand + starter, as a hand, as a crib, the hand's points by family (crib: flush 4 -> 0)
WORKED_EXAMPLES = [
    # RULES.md "Worked examples" (also seeds 000 and 004)
    ("5♣ 5♦ 5♥ J♠", "5♠", 29, 29, {"fifteens": 16, "pairs": 12, "nobs": 1}),
    ("4♠ 5♠ 6♠ J♠", "9♥", 13, 9, {"fifteens": 6, "runs": 3, "flush": 4}),
    ("5♣ 6♦ 7♥ 7♠", "8♦", 14, 14, {"fifteens": 4, "pairs": 2, "runs": 8}),
    ("A♥ 3♥ 7♥ K♥", "Q♣", 4, 0, {"flush": 4}),
    ("A♥ 3♥ 7♥ K♥", "Q♥", 5, 5, {"flush": 5}),
    ("2♣ 3♦ 3♥ 4♠", "A♣", 10, 10, {"pairs": 2, "runs": 8}),
    # seed 000: fifteens 9+6, K+5, 7+5+3; a 4-spade flush is 4 in a hand, 0 in a crib
    ("9♠ 6♦ K♣ 5♥", "2♣", 4, 4, {"fifteens": 4}),
    ("7♦ 5♠ 3♣ K♥", "9♣", 4, 4, {"fifteens": 4}),
    ("4♠ 5♠ 9♠ J♠", "2♥", 8, 4, {"fifteens": 4, "flush": 4}),
    # seed 000: three eights are three pairs, 6; 4-5-6 plus another 5 is a run twice
    ("8♣ 8♦ 8♥ 2♠", "K♣", 6, 6, {"pairs": 6}),
    ("4♣ 5♦ 6♠ 5♥", "K♣", 16, 16, {"fifteens": 8, "pairs": 2, "runs": 6}),
    # nobs: only the jack of the starter's suit, only in the hand; a starter jack never
    ("J♥ 2♣ 4♦ 6♠", "8♥", 1, 1, {"nobs": 1}),
    ("J♣ 2♣ 4♦ 6♠", "8♥", 0, 0, {}),
    ("8♥ 2♣ 4♦ 6♠", "J♥", 0, 0, {}),
    # "nineteen" is table talk for zero, never a score
    ("2♣ 4♦ 6♥ 8♠", "Q♣", 0, 0, {}),
    # nothing wraps: K-A-2 and Q-K-A are no runs; Q-K is no pair
    ("K♣ A♦ 2♥ 7♠", "9♣", 0, 0, {}),
    ("Q♣ K♦ A♥ 5♠", "8♣", 4, 4, {"fifteens": 4}),
    ("Q♣ K♦ 3♥ 8♠", "4♣", 2, 2, {"fifteens": 2}),
    ("A♣ 2♦ 3♥ 6♠", "K♣", 5, 5, {"fifteens": 2, "runs": 3}),
    # multiple runs, each including its pairs: 8, 10, 15, 16
    ("3♣ 4♦ 5♥ 5♠", "9♣", 8, 8, {"pairs": 2, "runs": 6}),
    ("8♣ 8♦ 8♥ 9♠", "T♣", 15, 15, {"pairs": 6, "runs": 9}),
    ("8♣ 8♦ 9♥ 9♠", "T♣", 16, 16, {"pairs": 4, "runs": 12}),
    ("9♣ T♦ J♥ J♠", "Q♣", 10, 10, {"pairs": 2, "runs": 8}),
    # a run of five, and a five-card crib flush with nobs
    ("A♣ 2♦ 3♥ 4♠", "5♣", 7, 7, {"fifteens": 2, "runs": 5}),
    ("2♦ 4♦ 6♦ J♦", "8♦", 6, 6, {"flush": 5, "nobs": 1}),
]


@pytest.mark.parametrize(
    ("hand_text", "starter_text", "as_hand", "as_crib", "families"),
    WORKED_EXAMPLES,
    ids=[f"{hand}+{starter}" for hand, starter, *_ in WORKED_EXAMPLES],
)
def test_worked_examples(
    hand_text: str, starter_text: str, as_hand: int, as_crib: int, families: dict[str, int]
) -> None:
    hand, starter = parse_cards(hand_text), parse_card(starter_text)
    crib_families = {k: v for k, v in families.items() if (k, v) != ("flush", 4)}
    for crib, total, expected in ((False, as_hand, families), (True, as_crib, crib_families)):
        breakdown = score_show(hand, starter, crib=crib)
        assert breakdown.total == total
        assert show_points(hand, starter, crib=crib) == total
        assert reference_show(hand, starter, crib=crib).total == total
        assert breakdown.subtotals() == expected
        assert bool(breakdown) == (total > 0)


def _items(breakdown: Breakdown) -> list[tuple[ScoreKind, int, frozenset[str]]]:
    return [(i.kind, i.points, frozenset(str(c) for c in i.cards)) for i in breakdown.items]


def _show(hand: str, starter: str, *, crib: bool = False) -> Breakdown:
    return score_show(parse_cards(hand), parse_card(starter), crib=crib)


def test_twenty_nine_items_and_call() -> None:
    breakdown = _show("5C 5D 5H JS", "5S")
    items = _items(breakdown)
    fifteens = [cards for kind, points, cards in items if kind is ScoreKind.FIFTEEN]
    assert len(fifteens) == len(set(fifteens)) == 8
    assert all(points == 2 for kind, points, _ in items if kind is ScoreKind.FIFTEEN)
    assert sum(1 for cards in fifteens if "JS" in cards) == 4
    assert items[8:] == [
        (ScoreKind.DOUBLE_PAIR_ROYAL, 12, frozenset({"5C", "5D", "5H", "5S"})),
        (ScoreKind.NOBS, 1, frozenset({"JS"})),
    ]
    assert [item.call for item in breakdown.items[:8]] == [
        f"fifteen {word}" for word in "two four six eight ten twelve fourteen sixteen".split()
    ]
    assert breakdown.call == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, "
        "fifteen fourteen, fifteen sixteen and double pair royal for twelve is twenty-eight "
        "and one for his nobs is twenty-nine"
    )


def test_four_spades_hand_items_in_counting_order() -> None:
    breakdown = _show("4S 5S 6S JS", "9H")
    assert [item.kind for item in breakdown.items] == [
        ScoreKind.FIFTEEN,
        ScoreKind.FIFTEEN,
        ScoreKind.FIFTEEN,
        ScoreKind.RUN,
        ScoreKind.FLUSH,
    ]
    assert {cards for kind, _, cards in _items(breakdown) if kind is ScoreKind.FIFTEEN} == {
        frozenset({"4S", "5S", "6S"}),
        frozenset({"6S", "9H"}),
        frozenset({"5S", "JS"}),
    }
    run, flush = breakdown.items[3:]
    assert (run.points, run.call, [str(c) for c in run.cards]) == (
        3,
        "a run of three",
        ["4S", "5S", "6S"],
    )
    assert (flush.points, {str(c) for c in flush.cards}) == (4, {"4S", "5S", "6S", "JS"})
    assert "9H" not in {str(c) for c in flush.cards}
    crib = _show("4S 5S 6S JS", "9H", crib=True)
    assert ScoreKind.FLUSH not in {item.kind for item in crib.items}


def test_running_call_fifteen_two_fifteen_four_and_a_pair_is_six() -> None:
    breakdown = _show("7C 7D 8H KS", "2C")
    assert breakdown.total == 6
    assert breakdown.call == "fifteen two, fifteen four and a pair is six"
    assert [item.call for item in breakdown.items] == ["fifteen two", "fifteen four", "a pair"]
    assert breakdown.items[2].cards == (parse_card("7C"), parse_card("7D"))


@pytest.mark.parametrize(
    ("hand", "starter", "kind", "points", "call"),
    [
        ("3C 4D 5H 5S", "9C", ScoreKind.DOUBLE_RUN, 8, "a double run of three for eight"),
        ("2C 3D 3H 4S", "AC", ScoreKind.DOUBLE_RUN, 10, "a double run of four for ten"),
        ("8C 8D 8H 9S", "TC", ScoreKind.TRIPLE_RUN, 15, "a triple run of three for fifteen"),
        (
            "8C 8D 9H 9S",
            "TC",
            ScoreKind.DOUBLE_DOUBLE_RUN,
            16,
            "a double double run of three for sixteen",
        ),
        ("8C 8D 8H 2S", "KC", ScoreKind.PAIR_ROYAL, 6, "pair royal for six"),
        ("AC 2D 3H 4S", "5C", ScoreKind.RUN, 5, "a run of five"),
        ("AH 3H 7H KH", "QH", ScoreKind.FLUSH, 5, "a flush for five"),
        ("JH 2C 4D 6S", "8H", ScoreKind.NOBS, 1, "one for his nobs"),
    ],
)
def test_single_item_hands(
    hand: str, starter: str, kind: ScoreKind, points: int, call: str
) -> None:
    """Hands whose whole score (bar fifteens) is one item: a multi-run holds its pairs."""
    items = [i for i in _show(hand, starter).items if i.kind is not ScoreKind.FIFTEEN]
    assert [(i.kind, i.points, i.call) for i in items] == [(kind, points, call)]
    in_item = set(items[0].cards)
    if kind is ScoreKind.FLUSH:
        assert len(in_item) == 5
    elif kind is not ScoreKind.NOBS:
        # every card whose rank is in the run or pair belongs to the item
        ranks = {card.rank for card in in_item}
        cards = [*parse_cards(hand), parse_card(starter)]
        assert in_item == {card for card in cards if card.rank in ranks}


def test_a_starter_jack_is_never_nobs() -> None:
    for suit in Suit:
        starter = Card(Rank.JACK, suit)
        others = [c for c in DECK if c.rank is Rank.JACK and c.suit is not suit]
        breakdown = score_show((*others, parse_card("2" + suit.value)), starter, crib=False)
        assert ScoreKind.NOBS not in {item.kind for item in breakdown.items}


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize("hand", ["5C 5D 5H", "5C 5D 5H JS 2C", "", "AC"])
def test_wrong_number_of_cards(hand: str) -> None:
    cards = parse_cards(hand)
    for score in (score_show, show_points):
        with pytest.raises(WrongCardCountError, match=str(len(cards))):
            score(cards, parse_card("5S"), crib=False)


@pytest.mark.parametrize(
    ("hand", "starter", "message"),
    [
        ("5C 5D 5H 5S", "5S", "starter 5S is also among the hand"),
        ("5C 5D 5C JS", "5S", "5C appears twice"),
        ("AH AH AH AH", "2C", "AH appears twice"),
    ],
)
def test_starter_in_hand_and_duplicates_are_refused(hand: str, starter: str, message: str) -> None:
    cards = parse_cards(hand, distinct=False)
    for score in (score_show, show_points):
        for crib in (False, True):
            with pytest.raises(DuplicateCardError, match=message):
                score(cards, parse_card(starter), crib=crib)


def test_errors_are_cribkit_errors() -> None:
    assert issubclass(WrongCardCountError, CribkitError)
    assert issubclass(DuplicateCardError, CribkitError)


# ------------------------------------------------------------------ properties

RUN_KINDS = {
    1: ScoreKind.RUN,
    2: ScoreKind.DOUBLE_RUN,
    3: ScoreKind.TRIPLE_RUN,
    4: ScoreKind.DOUBLE_DOUBLE_RUN,
}
"""How many runs share the same ranks -> the item kind that holds them."""

five_cards = st.one_of(
    st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
    # few ranks: pairs, multiple runs, pair royals
    st.lists(
        st.sampled_from([c for c in DECK if 4 <= c.rank <= 8]), min_size=5, max_size=5, unique=True
    ),
    # few suits: flushes, crib flushes, nobs
    st.lists(
        st.sampled_from([c for c in DECK if c.suit in (Suit.HEARTS, Suit.SPADES)]),
        min_size=5,
        max_size=5,
        unique=True,
    ),
)


@given(five_cards, st.booleans())
def test_engine_agrees_with_reference(cards: list[Card], crib: bool) -> None:
    hand, starter = cards[:4], cards[4]
    expected = reference_show(hand, starter, crib=crib)
    breakdown = score_show(hand, starter, crib=crib)
    assert breakdown.total == show_points(hand, starter, crib=crib) == expected.total
    assert breakdown.subtotals() == expected.families()
    assert sum(breakdown.subtotals().values()) == breakdown.total
    assert breakdown.total != 19


@given(five_cards)
def test_crib_differs_from_hand_only_by_the_four_card_flush(cards: list[Card]) -> None:
    hand, starter = cards[:4], cards[4]
    as_hand = score_show(hand, starter, crib=False).total
    as_crib = score_show(hand, starter, crib=True).total
    assert as_crib <= as_hand
    four_flush = len({c.suit for c in hand}) == 1 and starter.suit is not hand[0].suit
    assert as_hand - as_crib == (4 if four_flush else 0)


@given(five_cards, st.booleans())
def test_every_item_is_what_it_claims(cards: list[Card], crib: bool) -> None:
    hand, starter = cards[:4], cards[4]
    breakdown = score_show(hand, starter, crib=crib)
    for item in breakdown.items:
        assert len(set(item.cards)) == len(item.cards) and set(item.cards) <= set(cards)
        ranks = Counter(card.rank for card in item.cards)
        if item.kind is ScoreKind.FIFTEEN:
            assert item.points == 2 and sum(c.pips for c in item.cards) == 15
        elif item.kind in (ScoreKind.PAIR, ScoreKind.PAIR_ROYAL, ScoreKind.DOUBLE_PAIR_ROYAL):
            n = len(item.cards)
            assert len(ranks) == 1 and item.points == n * (n - 1)
        elif item.kind is ScoreKind.FLUSH:
            assert len({c.suit for c in item.cards}) == 1
            assert item.points == len(item.cards) == (5 if starter in item.cards else 4)
            assert item.points == 5 or not crib
        elif item.kind is ScoreKind.NOBS:
            (jack,) = item.cards
            assert jack in hand and jack.rank is Rank.JACK and jack.suit is starter.suit
            assert item.points == 1
        else:
            low, length = min(ranks), len(ranks)
            assert set(ranks) == set(range(low, low + length)) and length >= 3
            runs = 1
            for count in ranks.values():
                runs *= count
            pairs = sum(count * (count - 1) for count in ranks.values())
            assert item.points == length * runs + pairs
            assert item.kind is RUN_KINDS[runs]
    fifteen_sets = [frozenset(i.cards) for i in breakdown.items if i.kind is ScoreKind.FIFTEEN]
    assert len(fifteen_sets) == len(set(fifteen_sets))


@given(five_cards, st.booleans())
def test_reordering_the_hand_changes_nothing(cards: list[Card], crib: bool) -> None:
    hand, starter = cards[:4], cards[4]
    reference = score_show(hand, starter, crib=crib)
    for order in permutations(hand):
        again = score_show(order, starter, crib=crib)
        assert sorted(_items(again), key=repr) == sorted(_items(reference), key=repr)
        assert again.call == reference.call
        assert show_points(order, starter, crib=crib) == reference.total


@pytest.mark.heavy
def test_every_rank_multiset_matches_the_reference() -> None:
    """All 6,175 five-rank multisets: the rank table, the fast path and the breakdown."""
    suits = list(Suit)
    checked = 0
    for ranks in combinations_with_replacement(list(Rank), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        seen: Counter[Rank] = Counter()
        cards = []
        for rank in ranks:
            cards.append(Card(rank, suits[seen[rank]]))
            seen[rank] += 1
        # starter first so the four hand cards never share one suit: no flush, no nobs
        starter, hand = cards[0], cards[1:]
        if len({c.suit for c in hand}) == 1:
            starter, hand = cards[-1], cards[:-1]
        expected = reference_show(hand, starter, crib=False)
        points = expected.fifteens + expected.pairs + expected.runs
        assert rank_points(int(r) for r in ranks) == points, ranks
        nobs = expected.nobs
        assert show_points(hand, starter, crib=False) == points + nobs + expected.flush
        assert score_show(hand, starter, crib=False).total == expected.total
        checked += 1
    assert checked == 6175
