"""The game cache catches a held game up when its stored record grew (a move made by
another process), applying only the new lines, and gives up on anything else."""

from __future__ import annotations

import random

from cribkit.game import Game
from cribkit.record import GameRecord
from cribkit.web.table.games.cache import GameCache

GAME_ID = "g" * 12


def _played(seed: int, moves: int) -> Game:
    game = Game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _text(game: Game) -> str:
    return GameRecord.of(game).to_text()


def test_a_record_that_grew_is_caught_up_to_the_same_game_as_a_whole_replay() -> None:
    cache = GameCache(4)
    early = _played(5, 30)
    cache.put(GAME_ID, _text(early), early)
    later = _played(5, 75)  # the same game, 45 moves on
    grown = _text(later)
    caught = cache.get(GAME_ID, grown)
    replayed = GameRecord.parse(grown).to_game()
    assert caught is not None
    assert caught.state == replayed.state and caught.actions == replayed.actions
    assert caught.events == replayed.events
    assert cache.holds(GAME_ID, grown)  # held from now on at the new record


def test_another_game_s_record_or_a_bad_tail_is_not_caught_up() -> None:
    cache = GameCache(4)
    early = _played(5, 30)
    record = _text(early)
    cache.put(GAME_ID, record, early)
    assert cache.get(GAME_ID, _text(_played(6, 40))) is None  # not a continuation
    assert cache.get(GAME_ID, record + "this is no action\n") is None
    repeated = record + record.splitlines()[-1] + "\n"  # the last action again: illegal now
    assert cache.get(GAME_ID, repeated) is None
    assert cache.get(GAME_ID, record) is not None and cache.holds(GAME_ID, record)


def test_catch_up_keeps_a_continued_record_and_nothing_else() -> None:
    cache = GameCache(4)
    early = _played(7, 30)
    cache.put(GAME_ID, _text(early), early)
    grown = _text(_played(7, 60))
    cache.catch_up(GAME_ID, _text(_played(8, 60)))  # another game's record: not kept
    assert not cache.holds(GAME_ID, _text(_played(8, 60)))
    cache.catch_up(GAME_ID, grown)
    assert cache.holds(GAME_ID, grown)
    caught = cache.get(GAME_ID, grown)
    assert caught is not None and caught.state == GameRecord.parse(grown).to_game().state
