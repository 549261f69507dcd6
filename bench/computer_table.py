"""A game against the computer driven over real HTTP, as the page plays it, for the crowd
bench's ``--computer LEVEL``.

One player with its own cookie posts a move from the view it was last given and waits for
the answer, which carries the computer's replies; the figure is that round trip (move ->
answer). A game that ends is followed by a new one at the same level.
"""

from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import httpx

__all__ = ["ComputerGame"]


@dataclass
class ComputerGame:
    """One person against the computer at ``level`` on one server."""

    http: httpx.AsyncClient
    level: str
    game_id: str = ""
    view: dict[str, Any] | None = None
    games: int = 0

    @classmethod
    async def open(cls, url: str, level: str) -> ComputerGame:
        game = cls(httpx.AsyncClient(base_url=url, timeout=60), level)
        await game.new_game()
        return game

    async def new_game(self) -> None:
        answer = await self.http.post("/api/games", json={"level": self.level})
        answer.raise_for_status()
        self.game_id, self.view = answer.json()["id"], answer.json()["view"]
        self.games += 1

    async def choose(self, rng: random.Random) -> dict[str, Any]:
        """The body of the next move (a new game first, once one ends)."""
        view = self.view
        if view is None or view["phase"] == "game_over":
            await self.new_game()
            view = self.view
        assert view is not None
        if not view["legal_actions"]:  # nothing to do yet: read the game again
            answer = await self.http.get(f"/api/games/{self.game_id}")
            answer.raise_for_status()
            self.view = view = answer.json()
            if view["phase"] == "game_over" or not view["legal_actions"]:
                await self.new_game()
                view = self.view
                assert view is not None
        return {"action": rng.choice(view["legal_actions"]), "version": view["version"]}

    async def next_move(self, rng: random.Random) -> Callable[[], Awaitable[float]]:
        """Choose the next move; the returned call posts it (see ``post``)."""
        body = await self.choose(rng)
        return lambda: self.post(body)

    async def post(self, body: dict[str, Any]) -> float:
        """Post the move; seconds until the answer (with the computer's replies) came."""
        started = time.perf_counter()
        answer = await self.http.post(f"/api/games/{self.game_id}/actions", json=body)
        elapsed = time.perf_counter() - started
        answer.raise_for_status()
        self.view = answer.json()
        return elapsed

    def games_begun(self) -> int:
        return self.games

    async def settle(self, result: object) -> None:
        """Nothing to add to the crowd's figures: no socket, and no answer is retried."""

    async def close(self) -> None:
        await self.http.aclose()
