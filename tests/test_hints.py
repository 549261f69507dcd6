"""Hints: a legal recommendation for any view, with numbers that agree with the
analyses they come from, and a JSON form."""

from __future__ import annotations

import json

import pytest

from cribkit.actions import Discard, Go, NextHand, Play
from cribkit.analysis.discard import analyze_discard
from cribkit.analysis.hints import TOP_OPTIONS, hint
from cribkit.analysis.pegging import evaluate_plays
from cribkit.analysis.winprob import endgame_for_play
from cribkit.errors import CribkitError
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.state import Phase


def _views(seed: int, games: int = 2):
    for n in range(games):
        game = Game(seed=seed + n)
        players = [make_strategy("greedy", seed=n), make_strategy("random", seed=n)]
        while not game.is_over:
            player = game.state.players_to_move()[0]
            view = game.view(player)
            yield view
            game.apply(players[player].choose(view))


def test_hints_are_legal_and_agree_with_the_analyses() -> None:
    kinds = set()
    for view in _views(40):
        advice = hint(view)
        assert advice.action in view.legal_actions
        assert advice.explanation
        json.dumps(advice.to_dict())
        kinds.add(type(advice.action).__name__)
        if isinstance(advice.action, Discard) and not advice.win_chances:
            analysis = analyze_discard(view.hand, dealer=view.is_dealer)
            assert advice.discards == analysis.options[:TOP_OPTIONS]
            assert set(advice.action.cards) == set(analysis.best.throw)
        elif isinstance(advice.action, Play) and len(view.legal_actions) > 1:
            expected = evaluate_plays(view, endgame=endgame_for_play(view))
            assert list(advice.plays) == expected
            assert advice.action.card == expected[0].card
            assert f"{expected[0].expected_net_points:+.2f}" in advice.explanation
        elif isinstance(advice.action, Go):
            assert str(view.count) in advice.explanation
        elif isinstance(advice.action, NextHand):
            assert view.phase is Phase.SHOW
    assert {"Discard", "Play", "Go", "NextHand"} <= kinds


def test_endgame_hint_reports_the_winning_chance() -> None:
    from test_expert import winning_eight_view

    view = winning_eight_view()
    advice = hint(view)
    assert advice.plays[0].win_probability == pytest.approx(1.0)
    assert "chance to win: 100%" in advice.explanation


def test_no_hint_when_the_player_has_nothing_to_do() -> None:
    game = Game(seed=3)
    game.apply(game.view(0).legal_actions[0])  # seat 0 has discarded; seat 1 has not
    view = game.view(0)
    assert view.legal_actions == ()
    with pytest.raises(CribkitError, match="not your turn") as raised:
        hint(view)
    assert raised.value.code == "hint_not_your_turn"
