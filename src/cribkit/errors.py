"""One error family, so callers can catch every cribkit problem with ``except CribkitError``.

Every error is a ``ValueError``: each one means the caller passed something the rules do
not allow, and its message says what, in words a player understands.
"""

from __future__ import annotations

__all__ = [
    "CribkitError",
    "DuplicateCardError",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidRecordError",
    "WrongCardCountError",
]


class CribkitError(ValueError):
    """Base class of every error cribkit raises on purpose."""


class InvalidNotationError(CribkitError):
    """A card (or list of cards) could not be read; the message names the bad token."""


class DuplicateCardError(CribkitError):
    """The same card appears twice where a deck holds it once."""


class WrongCardCountError(CribkitError):
    """A hand, crib or discard has the wrong number of cards."""


class IllegalActionError(CribkitError):
    """An action the rules do not allow now: out of turn, past 31, a card not held..."""


class InvalidRecordError(CribkitError):
    """A saved game record could not be read or does not replay."""
