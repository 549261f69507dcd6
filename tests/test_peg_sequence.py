"""A written play pegged by ``peg_sequence``: RULES.md's play examples, go and 31, the
mistakes it refuses, and random written plays against the naive reference."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribkit.cards import DECK, Card, parse_card
from cribkit.errors import DuplicateCardError, IllegalActionError, WrongCardCountError
from cribkit.scoring import GO_WORDS, MAX_COUNT, PegStep, ScoreKind, peg_sequence
from reference_scoring import reference_play


def _moves(text: str) -> list[Card | None]:
    return [None if word.lower() in GO_WORDS else parse_card(word) for word in text.split()]


def _pegged(text: str) -> tuple[PegStep, ...]:
    return peg_sequence(_moves(text))


# a written play, what each step pegs and the count after it (a go keeps the count it ended)
RULES_PLAYS = [
    ("AD 7C 7H", [0, 0, 4], [1, 8, 15]),  # fifteen two and a pair: "fifteen four"
    ("6C 4D 5H 3S", [0, 0, 5, 4], [6, 10, 15, 18]),  # fifteen and a run of 3, then run of 4
    ("8C 6D 7H", [0, 0, 3], [8, 14, 21]),  # a run out of order
    ("QC 9D 8H 4S", [0, 0, 0, 2], [10, 19, 27, 31]),  # 31 for 2, not 3
    ("QC 9D 8H go 7S", [0, 0, 0, 1, 0], [10, 19, 27, 27, 7]),  # one for the go
]


@pytest.mark.parametrize(
    ("play", "pegs", "counts"), RULES_PLAYS, ids=[p for p, _, _ in RULES_PLAYS]
)
def test_the_rules_play_examples(play: str, pegs: list[int], counts: list[int]) -> None:
    steps = _pegged(play)
    assert [step.points for step in steps] == pegs
    assert [step.count for step in steps] == counts


def test_fifteen_two_and_a_pair_is_said_fifteen_four() -> None:
    last = _pegged("AD 7C 7H")[-1]
    assert [item.kind for item in last.items] == [ScoreKind.FIFTEEN, ScoreKind.PAIR]
    assert last.breakdown.call == "fifteen two and a pair is four"


def test_thirty_one_scores_two_and_a_go_after_it_adds_nothing() -> None:
    steps = _pegged("QC 9D 8H 4S go 5C")
    assert [item.kind for item in steps[3].items] == [ScoreKind.THIRTY_ONE]
    assert [step.card for step in steps] == [parse_card(c) for c in "QC 9D 8H 4S 5C".split()]
    assert sum(step.points for step in steps) == 2
    assert steps[-1].count == 5  # the count started again after 31


def test_one_for_the_go_goes_to_the_card_before_it() -> None:
    go = _pegged("QC 9D 8H go 7S")[3]
    assert go.is_go and go.card is None
    assert [(item.kind, item.cards) for item in go.items] == [(ScoreKind.GO, (parse_card("8H"),))]
    assert go.to_dict() == {
        "card": None,
        "go": True,
        "count": 27,
        "points": 1,
        "items": [{"kind": "go", "points": 1, "cards": ["8H"], "call": "one for the go"}],
        "call": "one for the go",
    }


def test_a_second_go_adds_nothing_and_a_trailing_go_pegs_the_last_card() -> None:
    assert [step.points for step in _pegged("7H 8D go go 6C")] == [0, 2, 1, 0]
    assert [step.is_go for step in _pegged("6D 4C 5H 3S go")] == [False] * 4 + [True]


def test_pairs_and_runs_never_span_a_go() -> None:
    assert [step.points for step in _pegged("5H 5D 5C go 5S")] == [0, 2, 8, 1, 0]
    # the 5 makes no run with 2-3-4 across the go; 5-6-7 and 5-6-7-8 are the new series'
    after_go = [step.points for step in _pegged("AS 2S 3S 4S go 5S 6S 7S 8S")]
    assert after_go == [0, 0, 3, 4, 1, 0, 0, 3, 4]
    assert _pegged("") == ()


@pytest.mark.parametrize(
    ("play", "error", "code", "fragment"),
    [
        ("go 5C", IllegalActionError, "go_before_card", "a go comes after a card"),
        ("KS QS 9H 5C", IllegalActionError, "count_past_31", "write go before 5C"),
        ("6D KS 6D", DuplicateCardError, None, "6D appears twice"),
        ("AS 2S 3S 4S AH 2H 3H 4H AD", WrongCardCountError, None, "at most 8"),
    ],
)
def test_mistakes_are_refused_with_a_reason(
    play: str, error: type[Exception], code: str | None, fragment: str
) -> None:
    with pytest.raises(error, match=fragment) as raised:
        _pegged(play)
    assert getattr(raised.value, "code", None) == code


def test_passing_31_names_the_card_the_count_and_the_room() -> None:
    with pytest.raises(IllegalActionError) as raised:
        _pegged("KS QS 9H 5C")
    assert raised.value.params == {"card": "5C", "count": 29, "total": 34, "room": 2}


@st.composite
def written_plays(draw: st.DrawFn) -> list[Card | None]:
    """Up to eight distinct cards in a random order, a go wherever the next card would not
    fit, and now and then a go where it would."""
    size = draw(st.integers(0, 8))
    cards = draw(st.permutations(DECK))[:size]
    moves: list[Card | None] = []
    count = 0
    for card in cards:
        if count and (count + card.pips > MAX_COUNT or draw(st.booleans())):
            moves.append(None)
            count = 0
        moves.append(card)
        count = 0 if count + card.pips == MAX_COUNT else count + card.pips
    return moves


@given(written_plays())
def test_random_written_plays_peg_what_the_reference_says(moves: list[Card | None]) -> None:
    expected: list[int] = []
    series: list[Card] = []
    for move in moves:
        if move is None:
            if series:
                expected.append(1)
            series = []
            continue
        expected.append(reference_play(series, move))
        series = [] if sum(c.pips for c in (*series, move)) == MAX_COUNT else [*series, move]
    assert [step.points for step in peg_sequence(moves)] == expected
