"""Bulk NumPy scoring agrees with the one-hand scorer, row by row."""

from __future__ import annotations

from itertools import combinations, permutations

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.bulk import (
    cards_to_array,
    combinations_array,
    rank_code,
    rank_points_bulk,
    rank_table,
    show_points_bulk,
    suit_points_bulk,
)
from cribkit.cards import DECK, Card, parse_card, parse_cards
from cribkit.errors import CribkitError, InvalidNotationError, WrongCardCountError
from cribkit.scoring import rank_points, score_show, show_points
from profiles import examples

WORKED_EXAMPLES = [
    # hand, starter, as a hand, as a crib (RULES.md)
    ("5C 5D 5H JS", "5S", 29, 29),
    ("4S 5S 6S JS", "9H", 13, 9),
    ("5C 6D 7H 7S", "8D", 14, 14),
    ("AH 3H 7H KH", "QC", 4, 0),
    ("AH 3H 7H KH", "QH", 5, 5),
    ("2C 3D 3H 4S", "AC", 10, 10),
]

five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@pytest.mark.parametrize(("hand", "starter", "as_hand", "as_crib"), WORKED_EXAMPLES)
def test_worked_examples(hand: str, starter: str, as_hand: int, as_crib: int) -> None:
    rows = cards_to_array([parse_cards(hand)] * 2)
    starters = np.array([parse_card(starter).index] * 2)
    assert show_points_bulk(rows, starters, crib=False).tolist() == [as_hand] * 2
    assert show_points_bulk(rows, starters, crib=True).tolist() == [as_crib] * 2


@settings(max_examples=examples(300))
@given(five_cards, st.booleans())
def test_one_row_equals_show_points(cards: list[Card], crib: bool) -> None:
    *hand, starter = cards
    bulk = show_points_bulk(cards_to_array([hand]), np.array([starter.index]), crib=crib)
    assert int(bulk[0]) == show_points(hand, starter, crib=crib)


@settings(max_examples=examples(50))
@given(st.lists(five_cards, min_size=1, max_size=40), st.booleans())
def test_batch_equals_show_points(rows: list[list[Card]], crib: bool) -> None:
    array = cards_to_array(rows)
    bulk = show_points_bulk(array[:, :4], array[:, 4], crib=crib)
    expected = [show_points(row[:4], row[4], crib=crib) for row in rows]
    assert bulk.tolist() == expected


@pytest.mark.parametrize("crib", [False, True])
def test_random_sample_equals_itemized_breakdown(crib: bool) -> None:
    """Against score_show's item-by-item count, which does not use any rank table."""
    rng = np.random.default_rng(11)
    rows = np.argsort(rng.random((3000, 52)), axis=1)[:, :5]
    bulk = show_points_bulk(rows[:, :4], rows[:, 4], crib=crib)
    expected = [
        score_show([DECK[i] for i in row[:4]], DECK[row[4]], crib=crib).total for row in rows
    ]
    assert bulk.tolist() == expected


def test_rank_table_ignores_order_and_matches_rank_points() -> None:
    table = rank_table()
    rng = np.random.default_rng(3)
    for ranks in rng.integers(0, 13, size=(200, 5)):
        if len(set(ranks.tolist())) == 1:
            continue
        expected = rank_points(int(r) + 1 for r in ranks)
        codes = {
            int(rank_code(np.array([[4 * r for r in order]]))[0]) for order in permutations(ranks)
        }
        assert {int(table[code]) for code in codes} == {expected}


def test_rank_table_is_read_only() -> None:
    with pytest.raises(ValueError):
        rank_table()[0] = 1


def test_rank_points_bulk_any_card_order() -> None:
    cards = cards_to_array([parse_cards("5S 5C JS 5D 5H"), parse_cards("9H 4S 5S 6S JS")])
    assert rank_points_bulk(cards).tolist() == [28, 9]


def test_suit_points_flush_and_nobs() -> None:
    hands = cards_to_array(
        [parse_cards("AH 3H 7H KH"), parse_cards("AH 3H 7H KH"), parse_cards("JD 2C 3C 4C")]
    )
    starters = np.array([parse_card(c).index for c in ("QC", "QH", "9D")])
    assert suit_points_bulk(hands, starters, crib=False).tolist() == [4, 5, 1]
    assert suit_points_bulk(hands, starters, crib=True).tolist() == [0, 5, 1]


def test_starter_jack_is_not_nobs() -> None:
    hand = cards_to_array([parse_cards("2D 4C 6H 8S")])
    assert suit_points_bulk(hand, np.array([parse_card("JD").index]), crib=False).tolist() == [0]


@pytest.mark.parametrize(
    ("hand", "starter"),
    [
        (np.zeros((3, 5), dtype=np.uint8), np.zeros(3, dtype=np.uint8)),
        (np.zeros(4, dtype=np.uint8), np.zeros(1, dtype=np.uint8)),
        (np.zeros((3, 4), dtype=np.uint8), np.zeros(2, dtype=np.uint8)),
    ],
)
def test_wrong_shapes_are_refused(
    hand: npt.NDArray[np.uint8], starter: npt.NDArray[np.uint8]
) -> None:
    with pytest.raises(WrongCardCountError):
        show_points_bulk(hand, starter, crib=False)


@pytest.mark.parametrize("bad", [52, -1])
def test_out_of_range_indices_are_refused(bad: int) -> None:
    hand = np.array([[0, 1, 2, bad]])
    with pytest.raises(InvalidNotationError, match="between 0 and 51"):
        show_points_bulk(hand, np.array([5]), crib=False)


def test_non_integer_indices_are_refused() -> None:
    with pytest.raises(CribkitError, match="integers"):
        show_points_bulk(np.zeros((1, 4)), np.zeros(1), crib=False)


def test_empty_batch() -> None:
    empty = np.zeros((0, 4), dtype=np.uint8)
    assert show_points_bulk(empty, np.zeros(0, dtype=np.uint8), crib=True).shape == (0,)


@pytest.mark.parametrize(("n", "k"), [(6, 2), (10, 3), (8, 0), (7, 7), (46, 2), (13, 5)])
def test_combinations_array_matches_itertools(n: int, k: int) -> None:
    assert combinations_array(n, k).tolist() == [list(c) for c in combinations(range(n), k)]


def test_combinations_array_refuses_impossible() -> None:
    with pytest.raises(ValueError):
        combinations_array(3, 4)
