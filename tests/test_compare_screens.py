"""scripts/compare_screens.py: two saved screens compared pair by pair on the pairs both
finished, each figure's difference over pairs as ``cribkit match`` takes its figures."""

from __future__ import annotations

from pathlib import Path

import pytest

from cribkit.tournament import GameResult, pair_figures
from match_support import made_up_game
from script_support import load_script

screen = load_script("screen_expert")
compare = load_script("compare_screens")


def game(pair: int, a_seat: int, a_won: bool, play: int, hands: int = 10) -> GameResult:
    """A made-up game won 121-100: A scores ``play`` more than B in the play, nothing else
    differs."""
    points = [(10, 70, 20), (10, 70, 20)]
    points[a_seat] = (10 + play, 70, 20)
    return made_up_game(
        pair, a_seat, a_won=a_won, loser=100, hands=hands, points=(points[0], points[1])
    )


def save(path: Path, games: list[GameResult]) -> Path:
    path.write_text("".join(screen.to_line(g) + "\n" for g in games))
    return path


def test_pair_figures_are_a_share_a_margin_and_gains_per_hand() -> None:
    figures = pair_figures([game(0, 0, True, 4), game(0, 1, False, -2)])
    assert figures.score == 0.5
    assert figures.margin == 0.0  # +21, then -21
    assert figures.gains == (2 / 20, 0.0, 0.0)


def test_the_difference_is_taken_over_the_pairs_both_runs_finished(tmp_path: Path) -> None:
    a = save(
        tmp_path / "a.jsonl",
        [game(p, s, a_won=s == 0, play=0) for p in range(3) for s in (0, 1)],
    )
    b_games = [game(p, s, a_won=True, play=p) for p in range(3) for s in (0, 1)]
    b_games.append(game(3, 0, True, 50))  # a pair A never played, half finished: left out
    b = save(tmp_path / "b.jsonl", b_games)
    pairs, differences = compare.compare(a, b)
    assert pairs == 3
    by_figure = {d.figure: d for d in differences}
    win = by_figure["win rate"]
    assert (win.a, win.b, win.difference) == (0.5, 1.0, 0.5)
    assert win.interval is not None and win.interval.low == win.interval.high == 0.5
    play = by_figure["play a hand"]
    assert play.a == 0.0 and play.difference == pytest.approx((0 + 0.1 + 0.2) / 3)
    assert play.interval is not None and play.interval.low < play.difference < play.interval.high
    assert by_figure["hand a hand"].difference == 0.0


def test_the_script_prints_each_figure_and_refuses_runs_that_share_no_pairs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = save(tmp_path / "a.jsonl", [game(p, s, True, 1) for p in range(2) for s in (0, 1)])
    b = save(tmp_path / "b.jsonl", [game(p, s, False, 0) for p in range(2) for s in (0, 1)])
    assert compare.main([str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "b minus a, 2 pairs both played" in out
    assert "-100.00" in out and "crib a hand" in out
    other = save(tmp_path / "c.jsonl", [game(7, s, True, 1) for s in (0, 1)])
    with pytest.raises(SystemExit, match="share 0 whole pairs"):
        compare.compare(a, other)
