"""scripts/duel_endgame.py: hands start from scores near 121 as games reach them, the
expert against itself gains nothing, and a variant's gain is its own seat's winning
chance after the hand (1 or 0 when the hand ended the game, else the win table's)."""

from __future__ import annotations

import pytest

from cribkit.analysis.winprob import ENDGAME_NEED, TARGET, win_probability
from cribkit.state import Phase
from script_support import load_script

duel = load_script("duel_endgame")
duel_play = load_script("duel_play")
table_build = load_script("table_build")

ONE_DEAL = {"endgame_limits": {8: 1, 7: 1, 6: 1, 5: 1}}
"""A variant that searches a single opponent holding near 121: it plays differently, often."""


def test_hands_start_near_121_and_from_the_scores_given() -> None:
    scores = duel.endgame_scores(300, 3)
    assert len(scores) == 300 and scores == duel.endgame_scores(300, 3)
    assert all(max(pair) >= TARGET - ENDGAME_NEED and max(pair) < TARGET for pair in scores)
    assert len(set(scores)) > 100  # spread over the board, not one position
    start, _ = table_build.hand_to_play(11, duel_play.expert_throw, (100, 95))
    assert start.phase is Phase.PLAY and start.rules.target == TARGET
    assert start.scores[1] == 95 and start.scores[0] in (100, 102)  # his heels: two


def test_the_expert_against_itself_gains_nothing() -> None:
    for deal, scores in enumerate(duel.endgame_scores(3, 5)):
        assert duel.play_deal((table_build.hand_seed(5, deal), scores), {}) == 0.0


def _chance_after(seed: int, scores: tuple[int, int], variant_seat: int) -> float:
    """The variant's winning chance after the hand, read off the game as it ended."""
    start, _ = table_build.hand_to_play(seed, duel_play.expert_throw, scores)
    end, _ = table_build.play_out(start, duel_play.duel_chooser(seed, variant_seat, ONE_DEAL))
    if end.outcome is not None:
        return float(end.outcome.winner == variant_seat)
    assert end.phase is Phase.SHOW and len(end.shows) == 3  # the whole show was counted
    mine, theirs = end.scores[variant_seat], end.scores[1 - variant_seat]
    return win_probability(mine, theirs, dealer=variant_seat == 1)


@pytest.mark.heavy
def test_a_variant_is_scored_from_its_own_seat() -> None:
    for deal, scores in enumerate(duel.endgame_scores(40, 7)):
        seed = table_build.hand_seed(7, deal)
        gain = duel.play_deal((seed, scores), ONE_DEAL)
        if gain != 0.0:
            seats = [_chance_after(seed, scores, seat) for seat in (0, 1)]
            assert gain == pytest.approx((seats[0] + seats[1]) / 2 - 0.5)
            return
    pytest.fail("a one-deal search played as the expert on 40 hands near 121")


@pytest.mark.heavy
def test_the_command_prints_the_mean_and_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert duel.main(["-n", "3", "-j", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "near 121 +0.0000 [+0.0000, +0.0000] over 3 deals (0 changed)" in out
