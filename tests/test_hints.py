"""Hints: a legal recommendation for any view, with numbers that agree with the
analyses they come from, and a JSON form."""

from __future__ import annotations

import json

import pytest

from cribkit.actions import Discard, Go, NextHand, Play
from cribkit.analysis.discard import HOLDS, analyze_discard
from cribkit.analysis.hints import TOP_OPTIONS, expert_analysis, hint
from cribkit.analysis.keepmodel import crib_throws
from cribkit.analysis.pegging import expert_plays
from cribkit.analysis.pegvalue import hold_pegging, hold_values_with_pegging
from cribkit.analysis.winprob import endgame_for_play
from cribkit.errors import CribkitError
from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.state import Phase
from state_support import past_the_cut


def _views(seed: int, games: int = 2):
    for n in range(games):
        game = Game(seed=seed + n)
        players = [make_strategy("greedy", seed=n), make_strategy("random", seed=n)]
        while not game.is_over:
            player = game.state.players_to_move()[0]
            view = game.view(player)
            yield view
            game.apply(players[player].choose(view))


@pytest.mark.heavy
def test_hints_are_legal_and_agree_with_the_analyses() -> None:
    kinds = set()
    for view in _views(40):
        advice = hint(view)
        assert advice.action in view.legal_actions
        assert advice.explanation
        json.dumps(advice.to_dict())
        kinds.add(type(advice.action).__name__)
        if isinstance(advice.action, Discard) and not advice.win_chances:
            # the expert's values: hand and crib (against the opponent's likely throws),
            # plus the pegging of the kept ranks
            values = hold_values_with_pegging(view.hand, dealer=view.is_dealer)
            value_of = {
                frozenset(view.hand[i] for i in throw): values[h]
                for h, (_, throw) in enumerate(HOLDS)
            }
            top = sorted(values, reverse=True)[:TOP_OPTIONS]
            shown = [value_of[frozenset(option.throw)] for option in advice.discards]
            assert shown == pytest.approx(top)
            assert value_of[frozenset(advice.action.cards)] == pytest.approx(top[0])
            expert = make_strategy("expert").choose(view)
            assert isinstance(expert, Discard)
            assert value_of[frozenset(expert.cards)] == pytest.approx(top[0])
        elif isinstance(advice.action, Play) and len(view.legal_actions) > 1:
            expected = expert_plays(view, endgame_for_play(view))
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


def test_a_throw_the_pegging_decides_is_explained_by_the_play() -> None:
    """Where the pegging turns the choice from the most hand-and-crib points, the hint
    says what each keep should net in the play."""
    found = 0
    for seed in range(60):
        view = past_the_cut(Game(seed=seed)).view(0)
        analysis = expert_analysis(view.hand, dealer=view.is_dealer)
        advice = hint(view)
        assert isinstance(advice.action, Discard)
        if set(advice.action.cards) == set(analysis.best.throw):
            continue
        pegging = hold_pegging(view.hand, dealer=view.is_dealer)
        chosen = next(
            h
            for h, (_, throw) in enumerate(HOLDS)
            if {view.hand[i] for i in throw} == set(advice.action.cards)
        )
        assert f"{pegging[chosen]:+.2f} points in the play" in advice.explanation
        assert f"{analysis.best.total_ev:.2f}" in advice.explanation
        found += 1
    assert found >= 2


def test_the_expert_analysis_values_the_crib_as_the_expert_does() -> None:
    """``expert_analysis`` is the exact analysis with the crib against the opponent's
    likely throws: its crib values are the expert's, not the every-pair-alike ones."""
    for dealer in (True, False):
        view = past_the_cut(Game(seed=8)).view(0 if dealer else 1)
        analysis = expert_analysis(view.hand, dealer=view.is_dealer)
        modelled = analyze_discard(
            view.hand, dealer=view.is_dealer, opponent_throws=crib_throws(dealer=view.is_dealer)
        )
        assert analysis == modelled
        assert analysis != analyze_discard(view.hand, dealer=view.is_dealer)
