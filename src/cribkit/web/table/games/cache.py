"""Rebuilt games kept in memory, so a request need not replay a long record again."""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict

from cribkit.actions import parse_action
from cribkit.errors import CribkitError
from cribkit.game import Game

__all__ = ["GameCache"]

CACHE_SIZE = 1024
"""How many rebuilt games one process keeps by default (the least recently used go first;
``CRIBKIT_GAME_CACHE`` sets it)."""


def _clone(game: Game) -> Game:
    """A copy whose history lists can grow without touching the cached original."""
    twin = copy.copy(game)
    twin.actions = list(game.actions)
    twin.events = list(game.events)
    return twin


def _continued(held_record: str, held_game: Game, record: str) -> Game | None:
    """A clone of ``held_game`` with the lines ``record`` adds to ``held_record`` applied,
    or None when ``record`` is not a plain continuation (the caller replays it whole)."""
    if not (held_record.endswith("\n") and record.startswith(held_record)):
        return None  # only whole new lines continue a record
    game = _clone(held_game)
    try:
        game.replay_more(parse_action(line) for line in record[len(held_record) :].splitlines())
    except (CribkitError, ValueError):
        return None
    return game


class GameCache:
    """Rebuilt games by id, valid only while the stored record is unchanged.

    Replaying a long record costs milliseconds; the stored text is compared on every hit,
    and a move made by another process (a record that grew) applies only its new lines.
    """

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._size = size
        self._games: OrderedDict[str, tuple[str, Game]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, record: str) -> Game | None:
        """The game rebuilt from ``record``: held as it is, or caught up from a held earlier
        record of the same game (records only grow: a move by another process adds its
        lines), so only the new actions are applied. None when neither is held."""
        with self._lock:
            found = self._games.get(game_id)
            if found is None:
                return None
            held_record, held_game = found
            if held_record == record:
                self._games.move_to_end(game_id)
                return _clone(held_game)
        game = _continued(held_record, held_game, record)
        if game is not None:
            self.put(game_id, record, game)  # keeps a clone of its own: this one is the caller's
        return game

    def catch_up(self, game_id: str, record: str) -> None:
        """Bring a held game forward to ``record`` when it continues the held one (another
        process's move, carried by its news), so the next read finds it rebuilt. Nobody
        holds the caught-up game but the cache, so it is kept as made, not cloned again."""
        with self._lock:
            found = self._games.get(game_id)
        if found is None or found[0] == record:
            return
        game = _continued(found[0], found[1], record)
        if game is not None:
            self._keep(game_id, record, game)

    def holds(self, game_id: str, record: str) -> bool:
        """Whether ``get`` would find the game rebuilt from exactly ``record``."""
        with self._lock:
            found = self._games.get(game_id)
            return found is not None and found[0] == record

    def put(self, game_id: str, record: str, game: Game) -> None:
        """Keep ``game`` as rebuilt from ``record``; a finished game is let go instead: it
        is read a few times more at most (the last views, a review), while a process that
        has seen thousands of games would otherwise hold a thousand finished ones."""
        self._keep(game_id, record, _clone(game))

    def _keep(self, game_id: str, record: str, game: Game) -> None:
        """``put`` without the clone: ``game`` is the cache's own from now on."""
        with self._lock:
            if game.is_over:
                self._games.pop(game_id, None)
                return
            self._games[game_id] = (record, game)
            self._games.move_to_end(game_id)
            while len(self._games) > self._size:
                self._games.popitem(last=False)
