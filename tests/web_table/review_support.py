"""Finished games for the review tests: played through the API, or stored straight away."""

from __future__ import annotations

from typing import Any

from table_support import play_out

from cribkit.players import make_strategy
from cribkit.web.site.models import GameRow


def api_finished_game(client: Any, app: Any, seed: int) -> str:
    """A whole game played through the API by random legal moves (the real path)."""
    game_id, seen = play_out(client, app, level="random", seed=seed, rng_seed=seed, check=False)
    assert seen.views[-1]["status"] == "finished"
    return game_id


def player_of(app: Any, game_id: str) -> str:
    with app.state.database.session() as session:
        row = session.get(GameRow, game_id)
        assert row is not None
        return row.player_id


def stored_finished_game(app: Any, player_id: str, seed: int) -> str:
    """A finished game of ``player_id``'s stored as the table stores one, played in memory
    (a few milliseconds instead of a hundred requests)."""
    service = app.state.games
    loaded = service.create(player_id, "random", seed=seed)
    game = loaded.game
    strategy = make_strategy("random", seed=seed)
    while not game.is_over:
        player = game.state.players_to_move()[0]
        game.apply(strategy.choose(game.view(player)))
    assert service.store(loaded.id, game, loaded.version, 99)  # every count shown
    game_id: str = loaded.id
    return game_id
