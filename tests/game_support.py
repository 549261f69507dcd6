"""Whole games between named strategies, every action checked legal on the way."""

from __future__ import annotations

from cribkit.game import Game
from cribkit.players import make_strategy


def play_checked_game(seed: int, names: tuple[str, str]) -> Game:
    """A game on ``seed`` of ``names[0]`` (seat 0) against ``names[1]``, each seeded apart,
    played to its end; fails at the first action not among the view's legal ones."""
    game = Game(seed=seed)
    players = [make_strategy(name, seed=seed + i) for i, name in enumerate(names)]
    while not game.is_over:
        player = game.state.players_to_move()[0]
        view = game.view(player)
        action = players[player].choose(view)
        assert action in view.legal_actions
        game.apply(action)
    return game
