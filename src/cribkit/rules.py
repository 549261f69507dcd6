"""The rule settings of a game: the target and the skunk lines. House rules stay off.

Standard ACC two-player rules are the default. Nothing here is a house rule that changes
scoring silently: muggins, stinkhole and skunk stakes are simply not played.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cribkit.errors import CribkitError

__all__ = ["STANDARD", "GameRules", "Skunk"]


class Skunk(StrEnum):
    """How badly the loser lost."""

    NONE = "none"
    SKUNK = "skunk"
    DOUBLE = "double_skunk"


@dataclass(frozen=True, slots=True)
class GameRules:
    """Target score and skunk lines (loser below ``skunk_line`` is skunked)."""

    target: int = 121
    skunk_line: int = 91
    double_skunk_line: int = 61

    def __post_init__(self) -> None:
        if not 0 < self.double_skunk_line <= self.skunk_line <= self.target:
            raise CribkitError(
                "rules need 0 < double skunk line <= skunk line <= target, got "
                f"{self.double_skunk_line}, {self.skunk_line}, {self.target}"
            )

    def skunk(self, loser_score: int) -> Skunk:
        """Skunk for a loser on 90 or less, double skunk on 60 or less (standard lines)."""
        if loser_score < self.double_skunk_line:
            return Skunk.DOUBLE
        if loser_score < self.skunk_line:
            return Skunk.SKUNK
        return Skunk.NONE

    def to_text(self) -> str:
        """``target=121 skunk=91 double_skunk=61``: the form game records store."""
        return f"target={self.target} skunk={self.skunk_line} double_skunk={self.double_skunk_line}"

    @staticmethod
    def parse(text: str) -> GameRules:
        """Read the ``to_text`` form; unknown keys are an error (no silent house rules)."""
        fields = {"target": 121, "skunk": 91, "double_skunk": 61}
        for token in text.split():
            key, sep, value = token.partition("=")
            if not sep or key not in fields or not value.isdigit():
                raise CribkitError(f"unknown rule setting {token!r}")
            fields[key] = int(value)
        return GameRules(fields["target"], fields["skunk"], fields["double_skunk"])


STANDARD = GameRules()
"""Two-player six-card cribbage to 121, skunk under 91, double skunk under 61."""
