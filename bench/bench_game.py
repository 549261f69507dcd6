"""Game speed: a random game to 121, a greedy-vs-greedy game, and one ``apply`` call.

A game is played through ``Game`` (chance drawn from the seed, players choosing from
``legal_actions`` or from their views), so the figures are what a simulation or the web
table pays per game and per action.
"""

from __future__ import annotations

import random
import time

from bench import Report, measure
from cribkit.actions import Action
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.state import GameState

GAMES = 200
"""Games per timing: different seeds, so no one game's length decides the figure."""


def random_game(seed: int) -> Game:
    game = Game(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.state.legal_actions()))
    return game


def greedy_game(seed: int) -> Game:
    game = Game(seed=seed)
    players = (make_strategy("greedy", seed=seed), make_strategy("greedy", seed=seed + 1))
    while not game.is_over:
        mover = game.state.players_to_move()[0]
        game.apply(players[mover].choose(game.view(mover)))
    return game


def _per_game(play: object, count: int) -> float:
    """Mean seconds per game over ``count`` seeded games (best of three passes)."""
    assert callable(play)
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        for seed in range(count):
            play(seed)
        best = min(best, (time.perf_counter() - started) / count)
    return best


def run(report: Report) -> None:
    games = [random_game(seed) for seed in range(GAMES)]
    actions = sum(len(game.actions) for game in games)
    report.timing("random game to 121 (Game, seeded chance)", _per_game(random_game, GAMES))
    report.figure("  actions per game (chance included)", actions / GAMES, "actions")
    report.timing("greedy vs greedy game to 121", _per_game(greedy_game, GAMES // 4))

    steps: list[tuple[GameState, Action]] = []
    for game in games[:50]:
        state = GameState(rules=game.rules)
        for action in game.actions:
            steps.append((state, action))
            state = state.apply(action).state

    def apply_all() -> None:
        for state, action in steps:
            state.apply(action)

    def legal_all() -> None:
        for state, _ in steps:
            state.legal_actions()

    report.timing("GameState.apply, one action", measure(apply_all, repeat=3) / len(steps))
    report.timing("GameState.legal_actions, one state", measure(legal_all, repeat=3) / len(steps))
