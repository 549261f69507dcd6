"""Numbers in words, as table talk says them ("fifteen two", "twenty-nine")."""

from __future__ import annotations

import pytest

from cribkit.talk import number_word


@pytest.mark.parametrize(
    ("n", "word"),
    [
        (0, "zero"),
        (1, "one"),
        (2, "two"),
        (12, "twelve"),
        (15, "fifteen"),
        (19, "nineteen"),
        (20, "twenty"),
        (21, "twenty-one"),
        (24, "twenty-four"),
        (29, "twenty-nine"),
        (30, "thirty"),
        (31, "thirty-one"),
        (45, "forty-five"),
        (58, "fifty-eight"),
        (60, "sixty"),
        (77, "seventy-seven"),
        (83, "eighty-three"),
        (90, "ninety"),
        (99, "ninety-nine"),
        (100, "one hundred"),
        (101, "one hundred and one"),
        (110, "one hundred and ten"),
        (119, "one hundred and nineteen"),
        (120, "one hundred and twenty"),
        (121, "one hundred and twenty-one"),
    ],
)
def test_number_word(n: int, word: str) -> None:
    assert number_word(n) == word


def test_every_score_on_the_board_has_its_own_word() -> None:
    words = [number_word(n) for n in range(122)]
    assert len(set(words)) == 122
    assert all(word == word.strip().lower() and "  " not in word for word in words)
    # a compound below a hundred is always "<tens>-<ones>"
    for n in range(21, 100):
        if n % 10:
            assert number_word(n) == f"{number_word(n - n % 10)}-{number_word(n % 10)}"


@pytest.mark.parametrize("n", [-1, 1000])
def test_out_of_range_is_refused(n: int) -> None:
    with pytest.raises(ValueError, match=str(n)):
        number_word(n)
