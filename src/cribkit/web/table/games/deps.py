"""What the games API's routes are handed (FastAPI ``Depends``): the game service, the
player from the identity cookie, and the player's game loaded by its id.

A dependency that cannot give its value raises the API error the route would have answered
(404 for a game this player does not have, 422 for a move or hint before a friend sits),
so each route starts from a game it may use.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from cribkit.errors import CribkitError
from cribkit.web.site.errors import api_problem
from cribkit.web.site.loop_deps import on_the_loop
from cribkit.web.site.players_identity import player_id_of
from cribkit.web.table.games.loaded import GameNotFoundError, LoadedGame, check_seated
from cribkit.web.table.games.service import GameService

__all__ = ["OwnGame", "PlayerId", "SeatedGame", "Service", "own_game", "service_of"]


def service_of(request: Request) -> GameService:
    """The app's game service (built once by ``create_app``)."""
    service: GameService = request.app.state.games
    return service


Service = Annotated[GameService, Depends(on_the_loop(service_of))]
PlayerId = Annotated[str | None, Depends(on_the_loop(player_id_of))]
"""The player id in the signed identity cookie, or None (no cookie, or a forged one)."""


def own_game(request: Request, game_id: str, service: Service, player_id: PlayerId) -> LoadedGame:
    """The game ``game_id`` seen from this player's seat; 404 if it is not theirs."""
    try:
        return service.load(player_id, game_id)
    except GameNotFoundError as exc:
        raise api_problem(request, 404, exc) from None


OwnGame = Annotated[LoadedGame, Depends(own_game)]


async def seated_game(request: Request, loaded: OwnGame) -> LoadedGame:
    """The player's game once both seats are taken; 422 while a friend is awaited (on the
    loop: it only checks the game ``own_game`` loaded in a worker thread)."""
    try:
        check_seated(loaded)
    except CribkitError as exc:
        raise api_problem(request, 422, exc) from None
    return loaded


SeatedGame = Annotated[LoadedGame, Depends(seated_game)]
