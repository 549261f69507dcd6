"""The calibrated levels: legal, reproducible, erring more the weaker they are, and never
straying outside the expert's best options."""

from __future__ import annotations

import random

import pytest

from cribkit.actions import Discard, Play
from cribkit.analysis.discard import HOLDS
from cribkit.analysis.pegging import deal_count, evaluate_plays
from cribkit.cards import DECK
from cribkit.game import Game
from cribkit.players import CALIBRATED_LEVELS, LEVEL_SPECS, STRATEGIES, LevelSpec, make_strategy
from cribkit.players.levels import LevelStrategy, soft_choice
from cribkit.view import PlayerView
from game_support import play_checked_game
from state_support import discard_view

WEAKER_LEVELS = tuple(LEVEL_SPECS)


def _discard_views(count: int) -> list[PlayerView]:
    """Seeded six-card deals early in the game, alternately as dealer and pone."""
    rng = random.Random(2027)
    views = []
    for n in range(count):
        dealt = rng.sample(DECK, 6)
        views.append(discard_view(" ".join(map(str, dealt)), 10, 12, dealer=n % 2 == 0))
    return views


def _play_views() -> list[PlayerView]:
    """Views where a choice between ranks is to be made, from two seeded greedy games."""
    views: list[PlayerView] = []
    for seed in range(2):
        game = Game(seed=500 + seed)
        players = [make_strategy("greedy", seed=seed), make_strategy("greedy", seed=seed + 9)]
        while not game.is_over and len(views) < 30 * (seed + 1):
            player = game.state.players_to_move()[0]
            view = game.view(player)
            if len({a.card.rank for a in view.legal_actions if isinstance(a, Play)}) > 1:
                views.append(view)
            game.apply(players[player].choose(view))
    return views


def test_six_levels_weakest_first_each_a_strategy() -> None:
    assert CALIBRATED_LEVELS == ("beginner", "novice", "casual", "club", "strong", "expert")
    for name in CALIBRATED_LEVELS:
        assert make_strategy(name, seed=1).name == name
    assert {"random", "greedy", "expert-2026"} <= set(STRATEGIES)


@pytest.mark.parametrize("name", WEAKER_LEVELS)
def test_a_level_plays_a_whole_game_legally_from_either_seat(name: str) -> None:
    for seed, names in ((1, (name, "greedy")), (2, ("greedy", name))):
        assert play_checked_game(seed, names).state.outcome is not None


def test_deterministic_for_a_seed() -> None:
    views = _discard_views(12) + _play_views()[:12]
    for name in WEAKER_LEVELS:
        first, again = make_strategy(name, seed=4), make_strategy(name, seed=4)
        assert [first.choose(v) for v in views] == [again.choose(v) for v in views]


def _discard_misses(name: str, views: list[PlayerView]) -> int:
    level, expert = make_strategy(name, seed=3), make_strategy("expert", seed=3)
    return sum(level.choose(v) != expert.choose(v) for v in views)


def test_weaker_levels_miss_the_expert_s_discard_more_often() -> None:
    views = _discard_views(60)
    misses = [_discard_misses(name, views) for name in WEAKER_LEVELS]
    assert misses == sorted(misses, reverse=True), misses
    assert misses[0] > misses[-1] + 15, misses
    assert _discard_misses("expert", views) == 0


def test_weaker_levels_miss_the_expert_s_play_more_often() -> None:
    views = _play_views()
    expert = make_strategy("expert", seed=0)
    best = [expert.choose(v) for v in views]
    misses = []
    for name in ("beginner", "casual", "strong"):
        level = make_strategy(name, seed=3)
        misses.append(sum(level.choose(v) != b for v, b in zip(views, best, strict=True)))
    assert misses == sorted(misses, reverse=True) and misses[0] > misses[-1], misses


@pytest.mark.parametrize("name", WEAKER_LEVELS)
def test_a_discard_is_always_among_the_expert_s_best_options(name: str) -> None:
    level = make_strategy(name, seed=7)
    assert isinstance(level, LevelStrategy)
    allowed = level.spec.discard_options
    for view in _discard_views(30):
        points, _ = level.discard_values(view)
        ranked = sorted(range(len(HOLDS)), key=lambda h: (-points[h], h))
        top = {frozenset(view.hand[i] for i in HOLDS[h][1]) for h in ranked[:allowed]}
        action = level.choose(view)
        assert isinstance(action, Discard) and frozenset(action.cards) in top


@pytest.mark.parametrize("name", ["beginner", "club"])
def test_a_play_is_always_among_the_searched_best_ranks(name: str) -> None:
    level = make_strategy(name, seed=7)
    assert isinstance(level, LevelStrategy)
    for view in _play_views():
        limit = level.spec.play_deals or deal_count(view, endgame=False)
        ranks: list[int] = []
        for evaluation in evaluate_plays(view, deal_limit=limit):
            if int(evaluation.card.rank) not in ranks:
                ranks.append(int(evaluation.card.rank))
        action = level.choose(view)
        assert isinstance(action, Play)
        assert int(action.card.rank) in ranks[: level.spec.play_options]


def test_soft_choice_weights_by_value() -> None:
    assert soft_choice([1.0, 3.0, 2.0], 0.0, 0.99) == 1
    draws = [soft_choice([0.0, 1.0], 1.0, n / 1000) for n in range(1000)]
    share = draws.count(1) / len(draws)
    assert share == pytest.approx(1 / (1 + 2.718281828**-1), abs=0.01)


@pytest.mark.parametrize(
    "changes",
    [
        {"discard_temperature": -1.0},
        {"discard_options": 0},
        {"discard_options": 16},
        {"crib_memory": 1.5},
        {"miss_fifteen": -0.1},
        {"play_deals": 0},
    ],
)
def test_a_bad_spec_is_refused(changes: dict[str, float]) -> None:
    fields = {
        "name": "odd",
        "discard_temperature": 1.0,
        "discard_options": 3,
        "crib_memory": 1.0,
        "pegging_memory": 1.0,
        "play_temperature": 1.0,
        "play_options": 2,
        "play_deals": 8,
        "miss_fifteen": 0.1,
    }
    with pytest.raises(ValueError, match="level odd"):
        LevelSpec(**{**fields, **changes})  # type: ignore[arg-type]
