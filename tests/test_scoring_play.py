"""The play: points for the card just played, RULES.md's pegging examples, and a property
check of random legal series against the naive reference in ``reference_scoring``."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribkit.cards import DECK, Card, Rank, Suit, parse_card, parse_cards
from cribkit.errors import CribkitError, DuplicateCardError, IllegalActionError
from cribkit.scoring import (
    MAX_COUNT,
    Breakdown,
    ScoreKind,
    go_item,
    heels_item,
    last_card_item,
    score_play,
)
from reference_scoring import reference_play


def _pegs(sequence: str) -> list[int]:
    """Points pegged by each card of one series played from a fresh count."""
    cards = parse_cards(sequence)
    return [score_play(cards[:i], card).total for i, card in enumerate(cards)]


def _last(sequence: str) -> Breakdown:
    cards = parse_cards(sequence)
    return score_play(cards[:-1], cards[-1])


# one series from a fresh count, and what each card pegs
PEGGING = [
    # RULES.md / seeds 000 and 004
    ("A♦ 7♣ 7♥", [0, 0, 4]),  # fifteen two and a pair
    ("6C 4D 5H 3S", [0, 0, 5, 4]),  # fifteen and a run of 3, then a run of 4
    ("8C 6D 7H", [0, 0, 3]),  # a run out of order
    ("QC 9D 8H 4S", [0, 0, 0, 2]),  # 31 for 2 (the go is not added here)
    ("2H 8C 6D 7H 5S", [0, 0, 0, 3, 4]),  # 8-6-7, then a run of 4 on the 5 (not the 2)
    ("5C 7C 7D 6S", [0, 0, 2, 0]),  # the second 7 breaks 5-6-7
    # pairs: only with the previous card, then royal and double royal
    ("4C 4D 4H 4S", [0, 2, 6, 12]),
    ("5C 5D 5H", [0, 2, 8]),  # pair royal on 15
    ("5C 6D 5H", [0, 0, 0]),  # not adjacent: no pair
    ("QC KD", [0, 0]),  # Q-K is no pair
    ("KC 5D 8H 8S", [0, 2, 0, 4]),  # 31 for two and a pair
    # runs: any order, extended, broken by a pair, never wrapping
    ("3C 5D 4H", [0, 0, 3]),
    ("AC 2D 3H 4S 5C", [0, 0, 3, 4, 7]),  # the 5 makes 15 and a run of 5
    ("6C 2D 4H 3S 5D", [0, 0, 0, 5, 5]),  # 15 and 2-4-3, then 6-2-4-3-5
    ("3C 4D 4H 5S", [0, 0, 2, 0]),
    ("3C 4D 5H 4S", [0, 0, 3, 0]),
    ("KC AD 2H", [0, 0, 0]),  # K-A-2 is no run
    ("JC QD KH", [0, 0, 3]),
    ("7C 8D 9H 7S", [0, 2, 3, 5]),  # 7 then 8 is 15; 8-9-7 is a run of 3 and 31
]


@pytest.mark.parametrize(("sequence", "pegs"), PEGGING, ids=[s for s, _ in PEGGING])
def test_pegging_examples(sequence: str, pegs: list[int]) -> None:
    assert _pegs(sequence) == pegs
    cards = parse_cards(sequence)
    assert [reference_play(cards[:i], card) for i, card in enumerate(cards)] == pegs


def test_fifteen_two_and_a_pair_is_four() -> None:
    breakdown = _last("AD 7C 7H")
    assert [(i.kind, i.points) for i in breakdown.items] == [
        (ScoreKind.FIFTEEN, 2),
        (ScoreKind.PAIR, 2),
    ]
    assert breakdown.call == "fifteen two and a pair is four"
    assert breakdown.items[1].cards == parse_cards("7C 7H")


def test_fifteen_and_a_run_then_the_run_grows() -> None:
    five = _last("6C 4D 5H")
    assert [(i.kind, i.points) for i in five.items] == [
        (ScoreKind.FIFTEEN, 2),
        (ScoreKind.RUN, 3),
    ]
    assert five.call == "fifteen two and a run of three is five"
    three = _last("6C 4D 5H 3S")
    assert [(i.kind, i.points, i.call) for i in three.items] == [
        (ScoreKind.RUN, 4, "a run of four")
    ]
    assert three.items[0].cards == parse_cards("6C 4D 5H 3S")


def test_run_of_four_on_the_five_names_its_cards() -> None:
    (run,) = _last("2H 8C 6D 7H 5S").items
    assert (run.kind, run.points) == (ScoreKind.RUN, 4)
    assert run.cards == parse_cards("8C 6D 7H 5S")


def test_thirty_one_scores_two_not_three() -> None:
    breakdown = _last("QC 9D 8H 4S")
    assert [(i.kind, i.points, i.call) for i in breakdown.items] == [
        (ScoreKind.THIRTY_ONE, 2, "thirty-one for two")
    ]
    assert ScoreKind.GO not in {item.kind for item in breakdown.items}


@pytest.mark.parametrize(
    ("sequence", "kind", "points", "call"),
    [
        ("4C 4D 4H", ScoreKind.PAIR_ROYAL, 6, "pair royal for six"),
        ("2C 2D 2H 2S", ScoreKind.DOUBLE_PAIR_ROYAL, 12, "double pair royal for twelve"),
        ("9C 9D", ScoreKind.PAIR, 2, "a pair"),
    ],
)
def test_pair_items(sequence: str, kind: ScoreKind, points: int, call: str) -> None:
    (item,) = _last(sequence).items
    assert (item.kind, item.points, item.call) == (kind, points, call)
    assert item.cards == parse_cards(sequence)


@pytest.mark.parametrize(
    ("series", "card", "count"),
    [("KC QD 9H", "3S", 32), ("KC QD JH", "2S", 32), ("5C 5D 5H KS", "KH", 35)],
)
def test_passing_31_is_refused_naming_the_count(series: str, card: str, count: int) -> None:
    with pytest.raises(IllegalActionError, match=f"count would be {count}"):
        score_play(parse_cards(series), parse_card(card))


def test_a_card_already_played_is_refused() -> None:
    with pytest.raises(DuplicateCardError, match="5H"):
        score_play(parse_cards("5H 6D"), parse_card("5H"))
    assert issubclass(IllegalActionError, CribkitError)


def test_a_lead_never_scores() -> None:
    """Nothing spans a reset: the first card of a series has nothing to pair or run with."""
    assert all(not score_play((), card) for card in DECK)


def test_go_last_card_and_heels_items() -> None:
    card = parse_card("7H")
    assert (go_item(card).kind, go_item(card).points, go_item(card).call) == (
        ScoreKind.GO,
        1,
        "one for the go",
    )
    last = last_card_item(card)
    assert (last.kind, last.points, last.call, last.cards) == (
        ScoreKind.LAST_CARD,
        1,
        "one for last",
        (card,),
    )
    jack = Card(Rank.JACK, Suit.CLUBS)
    heels = heels_item(jack)
    assert (heels.kind, heels.points, heels.call, heels.cards) == (
        ScoreKind.HEELS,
        2,
        "two for his heels",
        (jack,),
    )


# ------------------------------------------------------------------ properties


def _legal_series(cards: list[Card]) -> list[Card]:
    """The longest prefix of ``cards`` whose running count stays within 31."""
    series: list[Card] = []
    count = 0
    for card in cards:
        if count + card.pips > MAX_COUNT:
            break
        series.append(card)
        count += card.pips
    return series


series_cards = st.one_of(
    st.permutations(DECK).map(list),
    # low cards make long series full of runs and pairs
    st.lists(
        st.sampled_from([c for c in DECK if c.rank <= Rank.SIX]),
        min_size=1,
        max_size=12,
        unique=True,
    ),
    st.lists(
        st.sampled_from([c for c in DECK if Rank.THREE <= c.rank <= Rank.SEVEN]),
        min_size=1,
        max_size=8,
        unique=True,
    ),
)


@given(series_cards)
def test_play_agrees_with_reference(cards: list[Card]) -> None:
    series = _legal_series(cards)
    count = 0
    for i, card in enumerate(series):
        count += card.pips
        assert count <= MAX_COUNT
        breakdown = score_play(series[:i], card)
        assert breakdown.total == reference_play(series[:i], card)
        for item in breakdown.items:
            assert item.cards == tuple(series[i + 1 - len(item.cards) : i + 1])
            if item.kind in (ScoreKind.FIFTEEN, ScoreKind.THIRTY_ONE):
                assert item.points == 2 and sum(c.pips for c in item.cards) == count
            elif item.kind is ScoreKind.RUN:
                assert item.points == len(item.cards) >= 3
            else:
                assert len({c.rank for c in item.cards}) == 1
    if len(series) < len(cards):
        with pytest.raises(IllegalActionError, match=str(count + cards[len(series)].pips)):
            score_play(series, cards[len(series)])
