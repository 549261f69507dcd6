"""One error family, so callers can catch every cribkit problem with ``except CribkitError``.

Every error is a ``ValueError``: each one means the caller passed something the rules do
not allow, and its message says what, in words a player understands. Errors a player can
meet at the table also carry a stable ``code`` and its ``params``, so a front end can say
the same thing in another language without parsing the English message.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = [
    "CribkitError",
    "DuplicateCardError",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidRecordError",
    "InvalidSeatError",
    "UnfinishedGameError",
    "WrongCardCountError",
]


class CribkitError(ValueError):
    """Base class of every error cribkit raises on purpose.

    ``code`` (e.g. ``"count_past_31"``) names the message's template and ``params`` fills
    it; both are optional and never change the English message itself.
    """

    def __init__(
        self,
        *args: object,
        code: str | None = None,
        params: Mapping[str, str | int] | None = None,
    ) -> None:
        super().__init__(*args)
        self.code = code
        self.params: dict[str, str | int] = dict(params or {})


class InvalidNotationError(CribkitError):
    """A card (or list of cards) could not be read; the message names the bad token."""


class DuplicateCardError(CribkitError):
    """The same card appears twice where a deck holds it once."""


class WrongCardCountError(CribkitError):
    """A hand, crib or discard has the wrong number of cards."""


class IllegalActionError(CribkitError):
    """An action the rules do not allow now: out of turn, past 31, a card not held..."""


class InvalidSeatError(IllegalActionError):
    """A seat other than 0 or 1, in an action (``Play(2, card)``) or asked of a game
    (``game.view(2)``); an ``IllegalActionError``, so a table that catches those catches it."""


class InvalidRecordError(CribkitError):
    """A saved game record could not be read or does not replay."""


class UnfinishedGameError(CribkitError):
    """A record asked for while the game is on: it would show the cards still hidden."""
