"""A resignation: the last line of a record, read back by the replay and the review."""

from __future__ import annotations

import random

import pytest

from cribkit.actions import Resign, parse_action
from cribkit.analysis.review import review_game
from cribkit.errors import IllegalActionError, InvalidRecordError
from cribkit.game import Game
from cribkit.record import GameRecord
from cribkit.rules import Skunk
from cribkit.state import Phase


def _game_in_the_play(seed: int = 11) -> Game:
    """A game played at random until its first play begins (the pone to lead)."""
    game, rng = Game(seed=seed), random.Random(seed)
    while game.state.phase is not Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_resignation_ends_the_game_for_the_other_seat() -> None:
    game = _game_in_the_play()
    scores = game.state.scores
    events = game.apply(Resign(1))  # seat 1 need not be the one to play
    assert events == ()
    assert game.is_over and game.to_move is None
    outcome = game.state.outcome
    assert outcome is not None
    assert (outcome.winner, outcome.scores, outcome.skunk) == (0, scores, Skunk.NONE)
    assert outcome.resigned and outcome.to_dict()["resigned"] is True


def test_a_resigned_game_is_over_for_good() -> None:
    game = _game_in_the_play()
    game.apply(Resign(0))
    with pytest.raises(IllegalActionError, match="the game is over") as info:
        game.apply(Resign(1))
    assert info.value.code == "game_over_resign"


def test_the_record_ends_with_the_resignation_and_replays() -> None:
    game = _game_in_the_play()
    game.apply(Resign(0))
    text = GameRecord.of(game).to_text()
    assert text.splitlines()[-1] == "p0 resign"
    assert parse_action("p1 resign") == Resign(1)
    record = GameRecord.parse(text)
    final = record.final_state()
    assert final == game.state and final.outcome == game.state.outcome
    assert record.export_text() == text  # a resigned game is finished: it can be downloaded


def test_a_resignation_before_the_first_deal_replays() -> None:
    """Resigning before any card is dealt leaves chance's count where it was."""
    game = Game(seed=3)
    game.apply(Resign(1))
    again = GameRecord.parse(GameRecord.of(game).to_text()).to_game()
    assert again.state.outcome == game.state.outcome and again.state.hand_number == 0


def test_nothing_follows_a_resignation_in_a_record() -> None:
    game = _game_in_the_play()
    game.apply(Resign(1))
    text = GameRecord.of(game).to_text() + "p0 go\n"
    with pytest.raises(InvalidRecordError, match="game_over"):
        GameRecord.parse(text)


def test_the_review_reads_a_resigned_game() -> None:
    game = _game_in_the_play(seed=12)
    game.apply(Resign(0))
    review = review_game(GameRecord.of(game), 0)
    assert review.resigned_by == 0
