"""The two seats, 0 and 1, and the one check every public method taking a seat makes.

Tuples indexed by seat would answer ``-1`` with seat 1's cards and ``2`` with a bare
``IndexError``; ``check_seat`` turns both into an ``InvalidSeatError`` that says which
seats there are.
"""

from __future__ import annotations

from numbers import Integral

from cribkit.errors import InvalidSeatError

__all__ = ["SEATS", "check_seat"]

SEATS = (0, 1)
"""The seats of a two-player game."""


def check_seat(seat: object) -> int:
    """Return ``seat`` as an ``int`` if it is 0 or 1; otherwise raise ``InvalidSeatError``.

    >>> check_seat(1)
    1
    >>> check_seat(2)
    Traceback (most recent call last):
    ...
    cribkit.errors.InvalidSeatError: there is no player 2; seats are 0 and 1
    """
    if type(seat) is int and (seat == 0 or seat == 1):  # the common case, cheaply
        return seat
    if isinstance(seat, Integral) and not isinstance(seat, bool):
        number = int(seat)
        if number in SEATS:
            return number
        raise InvalidSeatError(
            f"there is no player {number}; seats are 0 and 1",
            code="no_such_player",
            params={"player": number},
        )
    raise InvalidSeatError(f"there is no player {seat!r}; seats are the numbers 0 and 1")
