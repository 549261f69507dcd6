"""The rule settings of a game: the target, the skunk lines and the opt-in options.

Standard ACC two-player rules are the default. Nothing here changes scoring silently:
stinkhole and skunk stakes are not played, and the two counting options are off unless a
game turns them on. ``manual_count`` names the seats that count their own hand and crib
(the engine counts the others); ``muggins`` (ACC rule, only with manual counting) lets
the opponent peg the points a player's own count overlooks.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cribkit.errors import CribkitError
from cribkit.seats import check_seat

__all__ = ["STANDARD", "GameRules", "Skunk"]


class Skunk(StrEnum):
    """How badly the loser lost."""

    NONE = "none"
    SKUNK = "skunk"
    DOUBLE = "double_skunk"


@dataclass(frozen=True, slots=True)
class GameRules:
    """Target score and skunk lines (loser below ``skunk_line`` is skunked), and the
    counting options: seats that count their own show, and muggins."""

    target: int = 121
    skunk_line: int = 91
    double_skunk_line: int = 61
    manual_count: frozenset[int] = frozenset()
    """Seats that announce their own count at the show (empty: the engine counts all)."""
    muggins: bool = False
    """Whether the opponent pegs the points a manual count overlooks."""

    def __post_init__(self) -> None:
        if not 0 < self.double_skunk_line <= self.skunk_line <= self.target:
            raise CribkitError(
                "rules need 0 < double skunk line <= skunk line <= target, got "
                f"{self.double_skunk_line}, {self.skunk_line}, {self.target}"
            )
        seats = frozenset(self.manual_count)
        if not seats <= {0, 1}:
            raise CribkitError(
                f"manual counting is for seats 0 and 1, not {sorted(seats)}",
                code="manual_count_seats",
            )
        object.__setattr__(self, "manual_count", seats)
        if self.muggins and not seats:
            raise CribkitError(
                "muggins needs manual counting: nobody overlooks points the engine counts",
                code="muggins_needs_manual_count",
            )

    def counts_own(self, player: int) -> bool:
        """Whether ``player`` announces their own count at the show."""
        return check_seat(player) in self.manual_count

    def skunk(self, loser_score: int) -> Skunk:
        """Skunk for a loser on 90 or less, double skunk on 60 or less (standard lines)."""
        if loser_score < self.double_skunk_line:
            return Skunk.DOUBLE
        if loser_score < self.skunk_line:
            return Skunk.SKUNK
        return Skunk.NONE

    def to_text(self) -> str:
        """``target=121 skunk=91 double_skunk=61``: the form game records store; the
        counting options follow only when on (``manual_count=0 muggins=on``), so a record
        of standard rules reads as it always has."""
        text = f"target={self.target} skunk={self.skunk_line} double_skunk={self.double_skunk_line}"
        if self.manual_count:
            text += " manual_count=" + ",".join(str(seat) for seat in sorted(self.manual_count))
        if self.muggins:
            text += " muggins=on"
        return text

    @staticmethod
    def parse(text: str) -> GameRules:
        """Read the ``to_text`` form; unknown keys are an error (no silent house rules)."""
        fields = {"target": 121, "skunk": 91, "double_skunk": 61}
        seats: frozenset[int] = frozenset()
        muggins = False
        for token in text.split():
            key, sep, value = token.partition("=")
            if key == "manual_count" and sep and _is_seat_list(value):
                seats = frozenset(int(seat) for seat in value.split(","))
            elif key == "muggins" and value == "on":
                muggins = True
            elif not sep or key not in fields or not value.isdigit() or not value.isascii():
                raise CribkitError(f"unknown rule setting {token!r}")
            else:
                fields[key] = int(value)
        return GameRules(fields["target"], fields["skunk"], fields["double_skunk"], seats, muggins)


def _is_seat_list(value: str) -> bool:
    """``0``, ``1`` or ``0,1``: the seats that count their own hands."""
    return bool(value) and all(seat in ("0", "1") for seat in value.split(","))


STANDARD = GameRules()
"""Two-player six-card cribbage to 121, skunk under 91, double skunk under 61."""
