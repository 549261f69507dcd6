"""scripts/duel_play.py: the expert against itself nets exactly nothing, both games of a
deal start from the same kept cards, and a variant's net is its own seat's points (checked
against the pegs, which count every point the play scored)."""

from __future__ import annotations

import pytest

from cribkit.state import Phase
from script_support import load_script

duel = load_script("duel_play")
table_build = load_script("table_build")

ONE_DEAL = {"points_limits": {8: 1, 7: 1, 6: 1, 5: 1}}
"""A variant that searches a single opponent holding: it plays differently, often."""


def test_the_expert_against_itself_nets_nothing() -> None:
    for deal in range(3):
        assert duel.play_deal(table_build.hand_seed(5, deal), {}) == 0.0


def test_a_deal_is_dealt_the_same_for_both_games() -> None:
    first, _ = table_build.hand_to_play(11, duel.expert_throw)
    again, _ = table_build.hand_to_play(11, duel.expert_throw)
    assert first == again
    assert first.phase is Phase.PLAY
    assert all(len(first.kept(seat)) == 4 for seat in (0, 1))


def _pegs_net(seed: int, variant_seat: int) -> int:
    """The variant's play points less the expert's, read off the pegs."""
    start, _ = table_build.hand_to_play(seed, duel.expert_throw)
    end, _ = table_build.play_out(start, duel.duel_chooser(seed, variant_seat, ONE_DEAL))
    gained = [end.pegs[seat].front - start.pegs[seat].front for seat in (0, 1)]
    return gained[variant_seat] - gained[1 - variant_seat]


@pytest.mark.heavy
def test_a_variant_is_scored_from_its_own_seat() -> None:
    for deal in range(40):
        seed = table_build.hand_seed(7, deal)
        net = duel.play_deal(seed, ONE_DEAL)
        if net != 0.0:
            assert net == pytest.approx((_pegs_net(seed, 0) + _pegs_net(seed, 1)) / 2)
            return
    pytest.fail("a one-deal search played as the expert on 40 deals")


@pytest.mark.heavy
def test_the_command_prints_the_mean_and_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert duel.main(["-n", "4", "-j", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "play points a hand +0.000 [+0.000, +0.000] over 4 deals (0 changed)" in out


def test_the_face_up_reference_plays_the_solve_s_best_card_against_the_real_hand() -> None:
    start, _ = table_build.hand_to_play(table_build.hand_seed(3, 0), duel.expert_throw)
    seat = start.to_play
    assert seat is not None
    view = duel.view_of(start, seat)
    theirs = [int(card.rank) for card in start.kept(1 - seat)]
    mine, hand, series, count, _ = duel.start_state(view, theirs)
    nets = duel.rank_nets([((mine, hand, series, count), 1.0)], None, None)
    chosen = duel.face_up_chooser(start, seat)(view)
    assert isinstance(chosen, duel.Play)
    assert nets[int(chosen.card.rank)] == max(nets.values())
    with pytest.raises(ValueError, match="needs the deal's start"):
        duel.duel_chooser(3, seat, {duel.SEES_OPPONENT: True})


@pytest.mark.heavy
def test_seeing_the_opponent_s_hand_pegs_more_than_the_expert() -> None:
    nets = [
        duel.play_deal(table_build.hand_seed(13, deal), {duel.SEES_OPPONENT: True})
        for deal in range(20)
    ]
    assert sum(nets) > 0
    assert any(net != 0 for net in nets)


def test_the_face_up_reference_can_see_the_first_card_only_or_only_the_later_ones() -> None:
    start, _ = table_build.hand_to_play(table_build.hand_seed(3, 0), duel.expert_throw)
    seat = start.to_play
    assert seat is not None
    first_view = duel.view_of(start, seat)
    face_up = duel.face_up_chooser(start, seat)(first_view)
    expert = duel.ExpertStrategy(seed=3).choose(first_view)
    first = duel.duel_chooser(3, seat, {duel.SEES_OPPONENT: "first"}, start)(first_view)
    later = duel.duel_chooser(3, seat, {duel.SEES_OPPONENT: "later"}, start)(first_view)
    assert face_up != expert  # this deal's lead: a five face up, a jack for the expert
    assert (first, later) == (face_up, expert)
    with pytest.raises(ValueError, match="true, 'first' or 'later'"):
        duel.duel_chooser(3, seat, {duel.SEES_OPPONENT: "sometimes"}, start)
