"""``cribkit distribution``: the exhaustive show-score counts, as JSON and as a table."""

from __future__ import annotations

import pytest
from cli_support import invoke, json_out
from rich.console import Console

from cribkit.cli.distribution_cmd import BAR_WIDTH, distribution_table
from cribkit.distribution import HANDS, ScoreDistribution


@pytest.mark.heavy
@pytest.mark.parametrize("crib", [False, True])
def test_json_is_the_exact_distribution(crib: bool) -> None:
    data = json_out(invoke(["distribution", "--json", *(["--crib"] if crib else [])]))
    assert isinstance(data, dict)
    assert set(data) == {"kind", "hands", "counts", "mean", "seconds"}
    assert data["kind"] == ("crib" if crib else "hand")
    assert data["hands"] == 12_994_800
    counts = {int(score): count for score, count in data["counts"].items()}
    assert sorted(counts) == list(range(30))
    assert sum(counts.values()) == data["hands"]
    assert counts[29] == 4
    assert counts[19] == counts[25] == counts[26] == counts[27] == 0
    mean = sum(score * count for score, count in counts.items()) / data["hands"]
    assert data["mean"] == pytest.approx(mean)
    assert data["seconds"] > 0
    if not crib:
        assert round(data["mean"], 3) == 4.769  # the published figure


@pytest.mark.heavy
def test_crib_differs_only_by_the_flush_rule() -> None:
    hand = json_out(invoke(["distribution", "--json"]))
    crib = json_out(invoke(["distribution", "--json", "--crib"]))
    assert isinstance(hand, dict) and isinstance(crib, dict)
    # A crib loses every four-card flush (4 points), so its mean is lower and the
    # highest hands, which cannot hold a four-card flush, are counted alike.
    assert crib["mean"] < hand["mean"]
    assert crib["counts"]["29"] == hand["counts"]["29"]
    assert crib["counts"]["28"] == hand["counts"]["28"]
    assert crib["counts"] != hand["counts"]


@pytest.mark.heavy
def test_human_form_has_a_row_per_score_and_the_mean() -> None:
    result = invoke(["distribution"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "hand scores over 12,994,800 hands" in out
    assert "mean 4.769" in out
    rows = [line.split("│")[1:-1] for line in out.splitlines() if line.count("│") == 5]
    assert [int(row[0]) for row in rows] == list(range(30))
    assert sum(int(row[1].replace(",", "")) for row in rows) == 12_994_800


def test_bars_scale_to_the_most_common_score() -> None:
    counts = (HANDS // 2, HANDS // 4, 0, HANDS // 4 - 1, 1)
    table = distribution_table(ScoreDistribution("hand", HANDS, counts, 0.1))
    console = Console(width=120, record=True)
    console.print(table)
    rows = [line.split("│")[1:-1] for line in console.export_text().splitlines()]
    rows = [row for row in rows if len(row) == 4]
    bars = [row[3].strip() for row in rows]
    assert bars[0] == "█" * BAR_WIDTH
    assert bars[1] == "█" * (BAR_WIDTH // 2)
    assert bars[2] == ""  # an impossible score has no bar
    assert bars[4] == "▏"  # a rare score still shows it happens
    assert [row[2].strip() for row in rows[:2]] == ["50.0000", "25.0000"]
