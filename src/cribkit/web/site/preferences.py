"""What a player chose once and should not choose again, kept on their identity.

The next game's level and counting options, the table's pace (speed, "say go for me",
"play my last card for me"), the your-turn signals (sound, notification), the language
and the colour theme live in one row per player id. The new-game form is filled from them,
the game service applies the pace, and the language and the theme apply when no cookie
(the header's switches) overrides them. A player without a row has the defaults.

Every move and every socket's view reads the movers' pace, so each process keeps the rows
it read for ``HELD_SECONDS`` (a bounded map): a change made here is seen here at once, one
made through another process within that time.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal, get_args

from starlette.requests import HTTPConnection

from cribkit.errors import CribkitError
from cribkit.players import DEFAULT_LEVEL, canonical_level
from cribkit.web.site.db import Database
from cribkit.web.site.held import HeldAnswers
from cribkit.web.site.i18n import N_, language_by_code
from cribkit.web.site.models import PreferencesRow, utcnow
from cribkit.web.site.theme import THEMES

__all__ = [
    "PAUSE_MS",
    "SPEEDS",
    "SPEED_NAMES",
    "THEME_NAMES",
    "PreferenceBook",
    "Preferences",
    "Speed",
    "book_of",
]

Speed = Literal["relaxed", "normal", "fast"]
SPEEDS: tuple[str, ...] = get_args(Speed)
PAUSE_MS = {"relaxed": 1600, "normal": 900, "fast": 0}
"""How long the table shows the person's card before the computer's (fast: no pause)."""
SPEED_NAMES = {
    "relaxed": N_("Relaxed: a long pause before the computer's card"),
    "normal": N_("Normal: a short pause before the computer's card"),
    "fast": N_("Fast: the computer's card at once"),
}
THEME_NAMES = {"auto": N_("Auto"), "light": N_("Light"), "dark": N_("Dark")}


@dataclass(frozen=True, slots=True)
class Preferences:
    """One player's choices; every field has the default a new player gets."""

    level: str = DEFAULT_LEVEL
    """A calibrated level (an old name, easy/medium/hard, is mapped on read and write)."""
    count_own: bool = False
    muggins: bool = False
    speed: str = "normal"
    auto_go: bool = True
    auto_last: bool = False
    sound: bool = False
    notify: bool = False
    language: str = ""
    theme: str = "auto"
    """The colour theme (auto: as the system asks); the header's switch (a cookie) wins."""

    @property
    def pause_ms(self) -> int:
        return PAUSE_MS[self.speed]

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "pause_ms": self.pause_ms}

    def changed(self, changes: Mapping[str, Any]) -> Preferences:
        """These preferences with ``changes`` (already typed by the API) made, checked."""
        chosen = replace(self, **{k: v for k, v in changes.items() if v is not None})
        chosen = replace(chosen, level=canonical_level(chosen.level))
        if chosen.muggins and not chosen.count_own:
            raise CribkitError(
                "muggins needs “count my own hand”: the computer takes what your count misses",
                code="muggins_needs_count_own",
            )
        if chosen.language and language_by_code(chosen.language) is None:
            raise CribkitError(
                f"unknown language {chosen.language!r}: choose en or zh",
                code="unknown_language",
                params={"language": repr(chosen.language)},
            )
        if chosen.theme not in THEMES:
            raise CribkitError(
                f"unknown theme {chosen.theme!r}: choose auto, light or dark",
                code="unknown_theme",
                params={"theme": repr(chosen.theme)},
            )
        return chosen


_FIELDS = tuple(field.name for field in fields(Preferences))


HELD_SECONDS = 60.0
"""How long a process trusts a player's preferences it read (a change through another
process takes at most this long to apply here; one made here applies at once). Each
socket's view reads its reader's pace: at 15 s the expiring reads (an ORM read and a
thread hand-off each) were a tenth of a friend move's server time."""
HELD_PLAYERS = 1024
"""Players whose preferences one process holds by default (the least recent go first)."""


def _read_level(stored: str) -> str:
    """A saved level as today's levels name it: an old row's easy/medium/hard mapped (no
    migration rewrites them), anything no longer offered read as the default."""
    try:
        return canonical_level(stored)
    except CribkitError:
        return DEFAULT_LEVEL


class PreferenceBook:
    """The preferences of one database's players: read and write one row a player."""

    def __init__(
        self, database: Database, *, held: int = HELD_PLAYERS, seconds: float = HELD_SECONDS
    ) -> None:
        self.database = database
        self._held: HeldAnswers[str, Preferences] = HeldAnswers(held, seconds)

    @property
    def seconds(self) -> float:
        """How long a read is trusted (0: every call reads, as another process's would)."""
        return self._held.seconds

    @seconds.setter
    def seconds(self, seconds: float) -> None:
        self._held.seconds = seconds

    def of(self, player_id: str | None) -> Preferences:
        """The player's preferences (the defaults for no id, or nothing saved yet)."""
        if player_id is None:
            return Preferences()
        started = time.monotonic()
        held = self._held.fresh(player_id)
        if held is not None:
            return held
        found = self._read(player_id)
        self._held.hold(player_id, started, found)
        return found

    def holds(self, player_id: str | None) -> bool:
        """Whether ``of(player_id)`` would answer without reading the database."""
        return player_id is None or self._held.fresh(player_id) is not None

    def _read(self, player_id: str) -> Preferences:
        with self.database.session() as session:
            row = session.get(PreferencesRow, player_id)
            if row is None:
                return Preferences()
            saved = {name: getattr(row, name) for name in _FIELDS}
            return Preferences(**{**saved, "level": _read_level(saved["level"])})

    def change(self, player_id: str, changes: Mapping[str, Any]) -> Preferences:
        """Save ``changes`` over the player's preferences; a refused change saves nothing."""
        chosen = self._read(player_id).changed(changes)  # over the stored row, not a held one
        values = {name: getattr(chosen, name) for name in _FIELDS}
        with self.database.session() as session:
            row = session.get(PreferencesRow, player_id)
            if row is None:
                session.add(PreferencesRow(player_id=player_id, updated_at=utcnow(), **values))
            else:
                for name, value in values.items():
                    setattr(row, name, value)
                row.updated_at = utcnow()
            session.commit()
        self._held.hold(player_id, time.monotonic(), chosen)
        return chosen


def book_of(request: HTTPConnection) -> PreferenceBook:
    """The app's preference book (one per app, made at start-up)."""
    book: PreferenceBook = request.app.state.preferences
    return book
