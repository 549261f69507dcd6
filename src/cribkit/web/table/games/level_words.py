"""The calibrated levels as people read them: a name and a one-line description each,
marked for the catalogue (English and 简体中文) and translated where they are shown."""

from __future__ import annotations

from cribkit.web.site.i18n import N_

__all__ = ["CALIBRATED_LEVEL_NAMES", "CALIBRATED_LEVEL_NOTES"]

CALIBRATED_LEVEL_NAMES: dict[str, str] = {
    "beginner": N_("Beginner"),
    "novice": N_("Novice"),
    "casual": N_("Casual"),
    "club": N_("Club"),
    "strong": N_("Strong"),
    "expert": N_("Expert"),
}
"""Each level of ``cribkit.players.CALIBRATED_LEVELS`` by its shown name."""

CALIBRATED_LEVEL_NOTES: dict[str, str] = {
    "beginner": N_("knows the rules, keeps pretty cards and often misses a fifteen"),
    "novice": N_("keeps a decent hand but forgets the crib and pegs by feel"),
    "casual": N_("a kitchen-table player: sound keeps, a slip now and then"),
    "club": N_("plays like a club regular: weighs the crib and looks ahead"),
    "strong": N_("rarely errs and plays for the win near the end"),
    "expert": N_("counts every starter and plays for the win"),
}
"""What playing each level feels like, in one line."""
