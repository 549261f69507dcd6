"""A stored game rebuilt in memory, the seats at the table, and the service's errors.

Every feature of the table reads a game as a ``LoadedGame``: the engine's ``Game`` plus the
columns the API reports (version, show step, the reader's seat, names, who is seated).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from cribkit.errors import CribkitError
from cribkit.game import Game
from cribkit.web.site.preferences import Preferences
from cribkit.web.table.games.pacing import clamp_step, counts_in_show

__all__ = [
    "ACTIVE",
    "COMPUTER",
    "FINISHED",
    "FRIEND",
    "HUMAN",
    "FriendNotSeatedError",
    "GameNotFoundError",
    "LoadedGame",
    "StaleVersionError",
    "check_seated",
]

DEFAULT_PACE = Preferences()
"""The pace of a player who saved no preferences."""
HUMAN = 0
"""The person at the table always sits in seat 0."""
COMPUTER = 1
FRIEND = "friend"
"""The level of a game between two people: both seats belong to players' cookies."""
ACTIVE, FINISHED = "active", "finished"


class GameNotFoundError(CribkitError):
    """No game with that id belongs to this player (someone else's looks the same)."""


class FriendNotSeatedError(CribkitError):
    """A move at a table between two people before the second seat is taken."""


class StaleVersionError(CribkitError):
    """The move was made on an older position than the stored one."""

    def __init__(self, message: str, current: LoadedGame, *, code: str) -> None:
        super().__init__(message, code=code)
        self.current = current


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A stored game rebuilt in memory, with the columns the API reports."""

    id: str
    level: str
    version: int
    game: Game
    show_step: int = 1
    """How many counts of the current show are on the table."""
    seat: int | None = HUMAN
    """The seat of whoever loaded it (None: a spectator)."""
    names: tuple[str | None, str | None] = (None, None)
    seated: tuple[bool, bool] = (True, True)
    """Whether each seat has its player (seat 1 waits for an invited friend)."""
    rematch_id: str | None = None
    steps: tuple[int, int] = (1, 1)
    """Each seat's own show step at a table between two people (``show_step`` is the
    reader's: their seat's, or the farther one for a spectator)."""
    waiting_since: datetime | None = None
    """When one friend finished reading the show and began to wait for the other."""
    move_on_at: datetime | None = None
    """When the friend who has read the whole show may move on without the other (None:
    nobody waits)."""
    owners: tuple[str | None, str | None] = (None, None)
    """The player id owning each seat (seat 1 is None against the computer)."""
    pace: Preferences = DEFAULT_PACE
    """The preferences of whoever loaded it: the pace their table keeps."""

    @property
    def counting(self) -> bool:
        """Whether counts of the show are still to be laid down (the view hides them)."""
        return clamp_step(self.game, self.show_step) < counts_in_show(self.game)

    @property
    def status(self) -> str:
        return FINISHED if self.game.is_over and not self.counting else ACTIVE

    @property
    def between_people(self) -> bool:
        return self.level == FRIEND

    @property
    def waiting_for_friend(self) -> bool:
        """A table between two people whose second seat is still empty: nobody moves yet
        (not even the cut for deal), since the game is between the two who sit there."""
        return self.between_people and not self.seated[COMPUTER]


def check_seated(loaded: LoadedGame) -> None:
    """Refuse any move (or hint) at a table whose second seat is still empty."""
    if loaded.waiting_for_friend:
        raise FriendNotSeatedError(
            "your friend has not sat down yet: the game starts when they take their seat",
            code="friend_not_seated",
        )
