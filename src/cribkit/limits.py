"""Bounds on what cribkit reads and keeps, shared by the command line and the web.

Every input is bounded before it costs: a record file is read at most
``MAX_RECORD_BYTES`` (checked while reading, never loaded whole first), and a record of
more than ``MAX_RECORD_DEALS`` deals is refused before it is replayed or reviewed (a
record's target may be any number, so its size alone does not bound a review's work).
A real game record is about 2.5 KB for nine deals (``cribkit match greedy greedy
--records``), and a long game rarely passes 20 deals, so both bounds are far above any
real game and far below what would cost. ``cribkit replay``, ``cribkit review`` and the
web's replay and review uploads all read records through here.

The expert's pegging memo is bounded in positions by ``CRIBKIT_EXPERT_MEMO`` (read once,
when ``cribkit.analysis.pegging`` is imported): the fewer kept, the less memory one
process holds and the more often a search starts cold.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import BinaryIO

from cribkit.actions import Deal
from cribkit.errors import CribkitError
from cribkit.record import GameRecord

__all__ = [
    "DEFAULT_EXPERT_MEMO",
    "MAX_RECORD_BYTES",
    "MAX_RECORD_DEALS",
    "RecordTooLargeError",
    "expert_memo_positions",
    "parse_record",
    "read_bounded",
    "too_large",
]

MAX_RECORD_BYTES = 256 * 1024
"""Bytes a record file may hold: about a hundred times a real game's."""
MAX_RECORD_DEALS = 60
"""Deals a record may hold: three times the longest real games."""
DEFAULT_EXPERT_MEMO = 200_000
"""Pegging positions the expert keeps solved (about 60 MB with their moves)."""
_CHUNK = 64 * 1024


class RecordTooLargeError(CribkitError):
    """A record past one of the bounds above: refused before the work it would cost."""


def too_large(what: str) -> RecordTooLargeError:
    """The refusal of a record file over ``MAX_RECORD_BYTES``, naming the limit."""
    return RecordTooLargeError(
        f"{what} is larger than {MAX_RECORD_BYTES // 1024} KB: "
        "no game record is that long (a real one is a few KB)",
        code="record_too_large",
        params={"kb": MAX_RECORD_BYTES // 1024},
    )


def read_bounded(stream: BinaryIO, what: str = "the file") -> bytes:
    """At most ``MAX_RECORD_BYTES`` from ``stream``, read in chunks; raises as soon as
    there is more (so a huge file costs one chunk past the limit, not its size)."""
    parts: list[bytes] = []
    size = 0
    while size <= MAX_RECORD_BYTES:
        chunk = stream.read(min(_CHUNK, MAX_RECORD_BYTES + 1 - size))
        if not chunk:
            return b"".join(parts)
        parts.append(chunk)
        size += len(chunk)
    raise too_large(what)


def parse_record(text: str) -> GameRecord:
    """``GameRecord.parse`` with the deal bound checked first, before the replay that
    checks every line (and before any review of it)."""
    unchecked = GameRecord.parse(text, check=False)
    deals = sum(1 for action in unchecked.actions if isinstance(action, Deal))
    if deals > MAX_RECORD_DEALS:
        raise RecordTooLargeError(
            f"the record has {deals} deals; at most {MAX_RECORD_DEALS} are read "
            "(a real game rarely passes 20)",
            code="record_too_many_deals",
            params={"deals": deals, "limit": MAX_RECORD_DEALS},
        )
    return GameRecord.parse(text)


def expert_memo_positions(environ: Mapping[str, str] | None = None) -> int:
    """``CRIBKIT_EXPERT_MEMO`` (pegging positions the expert keeps solved), or the default;
    a value that is not a whole number of at least 1,000 is refused, naming the setting."""
    raw = (os.environ if environ is None else environ).get("CRIBKIT_EXPERT_MEMO", "").strip()
    if not raw:
        return DEFAULT_EXPERT_MEMO
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1000:
        raise CribkitError(
            f"CRIBKIT_EXPERT_MEMO={raw!r}: give a whole number of positions, at least 1000",
            code="bad_setting",
        )
    return value
