"""Each computer player's place on the rating scale, as the last full ladder measured it.

The table shows these beside the level picker and the player's own Glicko-2 rating is
updated against them (a level's rating is fixed: it is a yardstick, not a learner). The
figures live in ``cribkit/data/level_ratings.json``, written from ``cribkit ladder``'s fit
so the docs, the picker and the rating updates quote one source.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from cribkit.errors import CribkitError

__all__ = ["LevelRating", "level_rating", "level_ratings"]


@dataclass(frozen=True, slots=True)
class LevelRating:
    """A strategy's rating on the ladder's Elo-like scale, with its 95% interval if fitted."""

    name: str
    rating: float
    low: float | None
    high: float | None
    games: int


@cache
def level_ratings() -> dict[str, LevelRating]:
    """Every rated strategy by name, weakest first."""
    text = resources.files("cribkit").joinpath("data/level_ratings.json").read_text("utf-8")
    table = json.loads(text)["ratings"]
    rows = [
        LevelRating(name, float(row["rating"]), row["low"], row["high"], int(row["games"]))
        for name, row in table.items()
    ]
    return {row.name: row for row in sorted(rows, key=lambda row: row.rating)}


def level_rating(name: str) -> LevelRating:
    """The rating of the strategy ``name``; a clear error for one the ladder never rated."""
    try:
        return level_ratings()[name]
    except KeyError:
        known = ", ".join(level_ratings())
        raise CribkitError(f"no rating for {name!r}: rated are {known}") from None
