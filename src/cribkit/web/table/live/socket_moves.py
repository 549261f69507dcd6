"""A move sent over the game's socket: the same move, checks and answer as
``POST /api/games/{id}/actions``, without an HTTP request around it.

A seated player's page sends ``{"type": "move", "id": ID, "action": ..., "version": N}``
(the action API's body plus an ``id`` of its choosing) and gets ``{"type": "answer",
"id": ID, "status": 200, "body": VIEW}``, or the API's error body with its status: 404,
409 with the current view, 422, 429 with ``retry_after``. The same budget is spent as by
the API (``moves``), and the same ``apply_move`` makes or refuses the move.

Why: the HTTP request around a friend's move (parsing, the middleware chain, routing,
the answer's headers) was about a third of the server's CPU per move, and the page
already holds this socket. The answer is the mover's new view, so the socket does not
read and send that version a second time (``SentViews``).
"""

from __future__ import annotations

import asyncio
import json
import math
from typing import Any

from fastapi import WebSocket
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from cribkit.web.site.errors import ApiProblem, invalid_request, problem_content
from cribkit.web.site.i18n import translator
from cribkit.web.site.players_identity import player_id_of
from cribkit.web.site.rate_limits import RATE_LIMITED_MESSAGE, RateLimits, client_address
from cribkit.web.table.games.api import MoveRequest, apply_move, seat_view
from cribkit.web.table.games.service import GameService

__all__ = ["MAX_MOVE_ID", "SentViews", "answer_move"]

MAX_MOVE_ID = 64
"""Characters a move's ``id`` may have (the page sends a counter)."""


class SentViews:
    """The newest view this socket has sent, by version and text.

    Two tasks send views on one socket: the loop that follows the channel's news and a
    move's answer. Neither sends a view older than the newest one sent, nor the same one
    twice; news of a version the socket has already answered with needs no reading at all.
    A move in flight holds the news back until its answer is out, so the answer comes first.
    """

    def __init__(self) -> None:
        self.version = -1
        self.text = ""
        self._idle = asyncio.Event()
        self._idle.set()

    def is_new(self, version: int, text: str) -> bool:
        """Whether a view is worth sending: newer, or the same version changed (presence,
        chat and the show's pace change the view without a new version)."""
        return version > self.version or (version == self.version and text != self.text)

    def record(self, version: int, text: str) -> None:
        if version >= self.version:
            self.version, self.text = version, text

    def covers(self, news: int | None) -> bool:
        """Whether news of version ``news`` is already answered (not "read again" news)."""
        return news is not None and news >= 0 and news <= self.version

    def moving(self) -> None:
        self._idle.clear()

    def moved(self) -> None:
        self._idle.set()

    async def settled(self) -> None:
        """Return once no move of this socket is in flight."""
        await self._idle.wait()


def _frame(move_id: str | int | None, status: int, body_json: str) -> str:
    """The answer frame, around a body already encoded (a view is encoded once)."""
    head = json.dumps({"type": "answer", "id": move_id, "status": status})
    return f'{head[:-1]}, "body": {body_json}}}'


def _move_id(data: dict[str, Any]) -> str | int | None:
    """The frame's ``id``, echoed as given: a short string or a whole number, else None."""
    move_id = data.get("id")
    if isinstance(move_id, bool) or not isinstance(move_id, (str, int)):
        return None
    return move_id if len(str(move_id)) <= MAX_MOVE_ID else None


async def answer_move(
    websocket: WebSocket, game_id: str, data: dict[str, Any], sent: SentViews
) -> None:
    """Make the move ``data`` carries for the socket's player and send the answer.

    A refused move is an answer like the API's, with nothing changed. News of the move
    reaching this socket waits until the answer is out (``SentViews``).
    """
    sent.moving()
    try:
        status, body = await _answer(websocket, game_id, data, sent)
        await websocket.send_text(_frame(_move_id(data), status, body))
    finally:
        sent.moved()


async def _answer(
    websocket: WebSocket, game_id: str, data: dict[str, Any], sent: SentViews
) -> tuple[int, str]:
    """The answer's status and JSON body."""
    state = websocket.app.state
    player_id = player_id_of(websocket)
    limits: RateLimits = state.rate_limits  # spent first, as the API's middleware does
    wait = await limits.spend("moves", player_id, client_address(websocket.scope))
    if wait:
        seconds = math.ceil(wait)
        detail = translator(websocket).gettext(RATE_LIMITED_MESSAGE) % {"seconds": seconds}
        refused = ApiProblem(429, detail, code="rate_limited", extra={"retry_after": seconds})
        return 429, json.dumps(problem_content(refused))
    body = {key: value for key, value in data.items() if key not in ("type", "id")}
    try:
        move = MoveRequest.model_validate(body)
    except ValidationError as exc:
        problem = invalid_request(websocket, exc.errors(include_input=False))
        return problem.status_code, json.dumps(problem_content(problem))
    games: GameService = state.games
    words = translator(websocket)

    def made() -> dict[str, Any]:
        return seat_view(state, apply_move(websocket, games, player_id, game_id, move), words)

    try:
        view = await run_in_threadpool(made)
    except ApiProblem as problem:
        return problem.status_code, json.dumps(problem_content(problem))
    text = json.dumps(view, sort_keys=True)
    sent.record(int(view["version"]), text)
    return 200, text
