"""Cards: liberal parsing, one canonical output form, the deck, ordering and bad input."""

from __future__ import annotations

import re
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribkit.cards import (
    DECK,
    Card,
    Rank,
    Suit,
    check_distinct,
    format_cards,
    format_cards_unicode,
    parse_card,
    parse_cards,
)
from cribkit.errors import CribkitError, DuplicateCardError, InvalidNotationError

FIVE_OF_HEARTS = Card(Rank.FIVE, Suit.HEARTS)
TEN_OF_HEARTS = Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5h", FIVE_OF_HEARTS),
        ("5H", FIVE_OF_HEARTS),
        ("5♥", FIVE_OF_HEARTS),
        ("5♡", FIVE_OF_HEARTS),
        ("h5", FIVE_OF_HEARTS),
        ("♥5", FIVE_OF_HEARTS),
        ("  5h\t", FIVE_OF_HEARTS),
        ("10h", TEN_OF_HEARTS),
        ("10H", TEN_OF_HEARTS),
        ("Th", TEN_OF_HEARTS),
        ("tH", TEN_OF_HEARTS),
        ("0h", TEN_OF_HEARTS),
        ("10♥", TEN_OF_HEARTS),
        ("ah", Card(Rank.ACE, Suit.HEARTS)),
        ("Js", Card(Rank.JACK, Suit.SPADES)),
        ("qd", Card(Rank.QUEEN, Suit.DIAMONDS)),
        ("K♣", Card(Rank.KING, Suit.CLUBS)),
        ("2♦", Card(Rank.TWO, Suit.DIAMONDS)),
        ("9♠", Card(Rank.NINE, Suit.SPADES)),
    ],
)
def test_parse_card_accepts_every_documented_notation(text: str, expected: Card) -> None:
    assert parse_card(text) == expected
    assert Card.parse(text) == expected


@pytest.mark.parametrize(
    "text",
    ["5h 6d 7c", "5h,6d,7c", "5h, 6d, 7c", " 5h ,6d\n7c ", "5♥ 6♦ 7♣", "5h;6d;7c", "h5 d6 c7"],
)
def test_parse_cards_accepts_spaces_and_commas(text: str) -> None:
    assert parse_cards(text) == (
        Card(Rank.FIVE, Suit.HEARTS),
        Card(Rank.SIX, Suit.DIAMONDS),
        Card(Rank.SEVEN, Suit.CLUBS),
    )


def test_parse_cards_takes_tokens_and_cards_mixed() -> None:
    assert parse_cards(["5h", TEN_OF_HEARTS, "J♠"]) == (
        FIVE_OF_HEARTS,
        TEN_OF_HEARTS,
        Card(Rank.JACK, Suit.SPADES),
    )


def test_parse_cards_of_blank_text_is_no_cards() -> None:
    assert parse_cards("") == ()
    assert parse_cards(" , ") == ()


@pytest.mark.parametrize(
    ("card", "ascii_form", "unicode_form"),
    [
        (FIVE_OF_HEARTS, "5H", "5♥"),
        (TEN_OF_HEARTS, "TH", "10♥"),
        (Card(Rank.ACE, Suit.CLUBS), "AC", "A♣"),
        (Card(Rank.JACK, Suit.SPADES), "JS", "J♠"),
        (Card(Rank.QUEEN, Suit.DIAMONDS), "QD", "Q♦"),
        (Card(Rank.KING, Suit.HEARTS), "KH", "K♥"),
    ],
)
def test_canonical_and_unicode_forms(card: Card, ascii_form: str, unicode_form: str) -> None:
    assert str(card) == ascii_form
    assert card.unicode == unicode_form
    assert parse_card(ascii_form) == card
    assert parse_card(unicode_form) == card


def test_format_cards_forms() -> None:
    cards = parse_cards("5h 10s jd")
    assert format_cards(cards) == "5H TS JD"
    assert format_cards_unicode(cards) == "5♥ 10♠ J♦"


@pytest.mark.parametrize("card", DECK, ids=str)
def test_every_card_round_trips_through_repr_str_unicode_and_index(card: Card) -> None:
    assert eval(repr(card), {"Card": Card}) == card
    assert parse_card(str(card)) is card
    assert parse_card(card.unicode) is card
    assert Card.from_index(card.index) is card
    assert card.index == (card.rank - 1) * 4 + card.suit.index


def test_deck_is_52_distinct_cards_in_index_order() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert [card.index for card in DECK] == list(range(52))
    assert {(card.rank, card.suit) for card in DECK} == {(r, s) for r in Rank for s in Suit}
    assert len({str(card) for card in DECK}) == 52
    assert len({card.unicode for card in DECK}) == 52


@pytest.mark.parametrize("index", [-1, 52, 100])
def test_from_index_out_of_range(index: int) -> None:
    with pytest.raises(InvalidNotationError, match=str(index)):
        Card.from_index(index)


def test_pips_and_rank_order() -> None:
    assert [rank.pips for rank in Rank] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert Rank.ACE < Rank.TWO < Rank.KING
    assert parse_card("QS").pips == parse_card("KS").pips == 10
    assert parse_card("QS").rank != parse_card("KS").rank


def test_sorting_is_rank_then_clubs_diamonds_hearts_spades() -> None:
    shuffled = parse_cards("KS 2S AD 2C 2H TC AS 2D")
    assert format_cards(sorted(shuffled)) == "AD AS 2C 2D 2H 2S TC KS"


def test_all_comparison_operators_agree_with_the_index() -> None:
    """``<=``/``>=`` must work too (not only ``<``), including on cards of one rank."""
    for a, b in combinations(DECK, 2):
        assert a < b and a <= b and b > a and b >= a
        assert not (a > b or a >= b or b < a or b <= a)
    assert all(card <= card and card >= card for card in DECK)


@pytest.mark.parametrize("bad", ["5x", "11h", "5hh", "hh", "55", "x", "1O5h", "♥", "10", "ZZ"])
def test_invalid_notation_names_the_token(bad: str) -> None:
    with pytest.raises(InvalidNotationError, match=re.escape(repr(bad))):
        parse_card(bad)


def test_empty_card_is_invalid() -> None:
    with pytest.raises(InvalidNotationError, match="''"):
        parse_card("")
    with pytest.raises(InvalidNotationError, match="''"):
        parse_card("   ")


def test_parse_cards_names_the_bad_token_among_good_ones() -> None:
    with pytest.raises(InvalidNotationError, match="'5x'") as info:
        parse_cards("5h 6d 5x 7c")
    assert "6D" not in str(info.value) and "'7c'" not in str(info.value)


@pytest.mark.parametrize("text", ["5h 5H", "5h 6d 5♥", "th 10h", "0h, TH"])
def test_duplicate_cards_are_refused(text: str) -> None:
    with pytest.raises(DuplicateCardError):
        parse_cards(text)
    assert len(parse_cards(text, distinct=False)) == len(text.replace(",", " ").split())


def test_duplicate_error_names_the_card() -> None:
    with pytest.raises(DuplicateCardError, match="5H"):
        check_distinct(parse_cards("5h 6d 5H", distinct=False))


def test_errors_are_value_errors_of_one_family() -> None:
    for error in (InvalidNotationError, DuplicateCardError):
        assert issubclass(error, CribkitError)
        assert issubclass(error, ValueError)


card_subsets = st.lists(st.sampled_from(DECK), unique=True, max_size=52)


@given(card_subsets)
def test_parse_format_round_trip_ascii(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)


@given(card_subsets)
def test_parse_format_round_trip_unicode(cards: list[Card]) -> None:
    assert parse_cards(format_cards_unicode(cards)) == tuple(cards)


@given(card_subsets, st.sampled_from([",", ", ", " , ", "\n", ";"]))
def test_parse_round_trip_lowercase_with_other_separators(cards: list[Card], sep: str) -> None:
    assert parse_cards(sep.join(str(card).lower() for card in cards)) == tuple(cards)


_CARDISH = st.text(alphabet="A23456789TJQK10CDHSacdhs♣♦♥♠♡xX ,;\t", max_size=30)


@given(st.one_of(st.text(max_size=30), _CARDISH))
def test_garbage_only_ever_raises_cribkit_errors(text: str) -> None:
    try:
        cards = parse_cards(text)
    except CribkitError:
        return
    assert all(isinstance(card, Card) for card in cards)
    assert len(set(cards)) == len(cards)
    assert parse_cards(format_cards(cards)) == cards


@given(st.one_of(st.text(max_size=6), _CARDISH))
def test_garbage_single_card_is_a_card_or_a_notation_error(text: str) -> None:
    try:
        card = parse_card(text)
    except InvalidNotationError as error:
        assert repr(text.strip()) in str(error)
        return
    assert card in DECK
