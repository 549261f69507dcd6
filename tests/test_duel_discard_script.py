"""scripts/duel_discard.py: the expert's discard against itself gains exactly nothing, and a
variant's gain is its own seat's net points of the whole hand (heels, play and show) read
off the pegs, with the variant's throw against with the expert's."""

from __future__ import annotations

from typing import Any

import pytest

from script_support import load_script

duel = load_script("duel_discard")
duel_play = load_script("duel_play")
table_build = load_script("table_build")

PEGGING_FIRST: dict[str, Any] = {"pegging_weight": 4.0, "dealer_pegging_weight": 4.0}
"""A variant that keeps what pegs over what counts: it lays away differently, often."""


def test_the_expert_against_itself_gains_nothing() -> None:
    for deal in range(3):
        assert duel.play_deal(table_build.hand_seed(3, deal), {}) == (0.0, 0.0, 0.0, 0.0)


def _hand_end(seed: int, variant_seat: int | None) -> Any:
    """The game after the hand's show, the variant laying away for ``variant_seat`` (none:
    the expert for both), the expert playing both seats."""

    def throw(state: Any, player: int) -> Any:
        settings = PEGGING_FIRST if player == variant_seat else {}
        return duel.throw_of(
            duel.ExpertStrategy(seed=player, **settings), duel.view_of(state, player)
        )

    start, _ = table_build.hand_to_play(seed, throw)
    end, _ = table_build.play_out(start, duel_play.duel_chooser(seed, 0, {}))
    return end


def _pegs_net(end: Any, seat: int) -> int:
    """``seat``'s points less the other's for the whole hand, read off the pegs."""
    return int(end.pegs[seat].front - end.pegs[1 - seat].front)


def _show_net(end: Any, seat: int, source: Any) -> int:
    """``seat``'s points less the other's from the hand or the crib, read off the shows."""
    return sum(
        show.breakdown.total if show.player == seat else -show.breakdown.total
        for show in end.shows
        if show.context is source
    )


def _source_nets(end: Any, seat: int) -> list[int]:
    """``seat``'s net points from the play, the hand and the crib: the hand's and the
    crib's off the shows, the play's the rest of the pegs' (heels and all, the same either
    way, cancel in a gain)."""
    shows = [_show_net(end, seat, source) for source in duel.SOURCES[1:]]
    return [_pegs_net(end, seat) - sum(shows), *shows]


@pytest.mark.heavy
def test_a_variant_gains_its_own_seats_net_points_of_the_hand() -> None:
    """The gain is read off the pegs, its hand and crib off the shows, and the sources
    add up to it (the heels never differ)."""
    for deal in range(40):
        seed = table_build.hand_seed(9, deal)
        gain, *parts = duel.play_deal(seed, PEGGING_FIRST)
        if gain != 0.0:
            expert_end = _hand_end(seed, None)
            variant_ends = [_hand_end(seed, seat) for seat in (0, 1)]
            by_seat = [
                _pegs_net(variant_ends[seat], seat) - _pegs_net(expert_end, seat) for seat in (0, 1)
            ]
            assert gain == pytest.approx(sum(by_seat) / 2)
            by_seat_source = [
                [
                    variant - expert
                    for variant, expert in zip(
                        _source_nets(variant_ends[seat], seat),
                        _source_nets(expert_end, seat),
                        strict=True,
                    )
                ]
                for seat in (0, 1)
            ]
            assert parts == pytest.approx(
                [(a + b) / 2 for a, b in zip(*by_seat_source, strict=True)]
            )
            assert sum(parts) == pytest.approx(gain)
            return
    pytest.fail("a discard four times as keen on pegging laid away as the expert in 40 deals")


@pytest.mark.heavy
def test_the_command_prints_the_mean_and_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert duel.main(["-n", "4", "-j", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "points a hand +0.000 [+0.000, +0.000] over 4 deals (0 changed)" in out
    for source in ("play", "hand", "crib"):
        assert f"  {source}: +0.000 [+0.000, +0.000]" in out
