"""The accuracy chart's geometry: one point per game, oldest left, higher loss drawn higher."""

from __future__ import annotations

import pytest

from cribkit.web.table.stats.accuracy_chart import GameFigure, accuracy_chart


def figures(*values: float) -> list[GameFigure]:
    return [GameFigure(f"g{n}", value, None) for n, value in enumerate(values)]


def test_no_reviewed_game_draws_no_chart() -> None:
    assert accuracy_chart([]) is None


def test_points_run_left_to_right_and_a_bigger_loss_stands_higher() -> None:
    chart = accuracy_chart(figures(2.0, 5.5, 0.0, 3.1))
    assert chart is not None
    xs = [p.x for p in chart.points]
    assert xs == sorted(xs) and len(set(xs)) == 4
    assert chart.left < xs[0] and xs[-1] < chart.right  # clear of the axes
    y = {p.figure.accuracy: p.y for p in chart.points}
    assert y[0.0] == pytest.approx(chart.bottom)  # 0 sits on the game axis
    assert y[5.5] < y[3.1] < y[2.0] < y[0.0]
    assert [p.number for p in chart.points] == [1, 2, 3, 4]
    assert chart.mean == pytest.approx((2.0 + 5.5 + 0.0 + 3.1) / 4)
    assert chart.path.startswith(f"M{xs[0]:.1f},") and chart.path.count("L") == 3


def test_the_value_axis_ends_on_a_round_number_above_the_worst_game() -> None:
    chart = accuracy_chart(figures(1.3, 5.5))
    assert chart is not None
    labels = [tick.label for tick in chart.value_ticks]
    assert labels == ["0", "2", "4", "6"]
    top = chart.value_ticks[-1].at
    assert top == pytest.approx(chart.top)
    assert min(p.y for p in chart.points) >= top
    small = accuracy_chart(figures(0.12, 0.31))
    assert small is not None
    assert [t.label for t in small.value_ticks] == ["0.0", "0.1", "0.2", "0.3", "0.4"]


def test_one_game_stands_in_the_middle_and_many_games_label_a_few() -> None:
    one = accuracy_chart(figures(2.0))
    assert one is not None
    assert one.points[0].x == pytest.approx((one.left + one.right) / 2)
    assert [t.label for t in one.game_ticks] == ["1"]
    many = accuracy_chart(figures(*[1.0] * 40))
    assert many is not None
    labels = [int(t.label) for t in many.game_ticks]
    assert labels[0] == 1 and labels[-1] == 40 and len(labels) <= 7
    assert labels == sorted(set(labels))
