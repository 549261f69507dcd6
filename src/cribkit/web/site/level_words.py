"""The levels as people read them: a name, a one-line description and the rating the
ladder measured, marked for the catalogue (English and 简体中文) and translated where
they are shown; the table's picker and the settings page draw their choices from here."""

from __future__ import annotations

from dataclasses import dataclass

from cribkit.players import LEVEL_ALIASES, LEVELS
from cribkit.players.level_ratings import level_rating
from cribkit.web.site.i18n import N_

__all__ = ["LEVEL_FIELD", "LEVEL_NAMES", "LEVEL_NOTES", "LevelChoice", "level_choices"]

LEVEL_FIELD = (
    f"The computer's level, weakest first: {', '.join(LEVELS)}. The old names are still "
    "read: " + ", ".join(f"{old} as {new}" for old, new in LEVEL_ALIASES.items()) + "."
)
"""The API's description of a ``level`` field (the new game's and the preferences')."""

LEVEL_NAMES: dict[str, str] = {
    "beginner": N_("Beginner"),
    "novice": N_("Novice"),
    "casual": N_("Casual"),
    "club": N_("Club"),
    "strong": N_("Strong"),
    "expert": N_("Expert"),
}
"""Each level of ``cribkit.players.LEVELS`` by its shown name."""

LEVEL_NOTES: dict[str, str] = {
    "beginner": N_("knows the rules, keeps pretty cards and often misses a fifteen"),
    "novice": N_("keeps a decent hand but forgets the crib and pegs by feel"),
    "casual": N_("a kitchen-table player: sound keeps, a slip now and then"),
    "club": N_("plays like a club regular: weighs the crib and looks ahead"),
    "strong": N_("rarely errs and plays for the win near the end"),
    "expert": N_("counts every starter and plays for the win"),
}
"""What playing each level feels like, in one line."""


@dataclass(frozen=True, slots=True)
class LevelChoice:
    """One level as a picker offers it (name and note still to be translated)."""

    value: str
    name: str
    note: str
    rating: int
    """Its rating on the ladder's scale (``cribkit.players.level_ratings``), rounded."""


def level_choices() -> list[LevelChoice]:
    """Every level, weakest first, as the picker shows it."""
    return [
        LevelChoice(
            level, LEVEL_NAMES[level], LEVEL_NOTES[level], round(level_rating(level).rating)
        )
        for level in LEVELS
    ]
