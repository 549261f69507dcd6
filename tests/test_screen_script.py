"""scripts/screen_expert.py: the variant is the expert with the given settings, a saved
run resumes where it stopped, and the summary reads the saved games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cribkit.players import STRATEGIES
from cribkit.tournament import PairTask, pair_seed, play_pair
from script_support import load_script

screen = load_script("screen_expert")


def test_settings_are_json_values_and_deal_limits_get_int_keys() -> None:
    settings = screen.parse_settings(["pegging_weight=0.4", 'points_limits={"8": 12, "7": 20}'])
    assert settings == {"pegging_weight": 0.4, "points_limits": {8: 12, 7: 20}}
    with pytest.raises(SystemExit):
        screen.parse_settings(["pegging_weight"])


@pytest.mark.heavy
def test_the_variant_without_settings_plays_as_the_expert() -> None:
    screen.register({})
    try:
        task = ((0, pair_seed(5, 0)),)
        variant = play_pair(PairTask(screen.VARIANT, "random", task))
        expert = play_pair(PairTask("expert", "random", task))
        assert variant == expert
        screen.register({"pegging_weight": 0.0})
        weightless = STRATEGIES[screen.VARIANT]()
        assert weightless.pegging_weight == 0.0  # type: ignore[attr-defined]
    finally:
        del STRATEGIES[screen.VARIANT]


@pytest.fixture
def strategies_kept() -> Iterator[None]:
    """With one job the script registers its variant in this process: put them back."""
    kept = dict(STRATEGIES)
    yield
    STRATEGIES.clear()
    STRATEGIES.update(kept)


@pytest.mark.heavy
@pytest.mark.usefixtures("strategies_kept")
def test_a_saved_run_resumes_and_summarizes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "run.jsonl"
    common = ["--against", "random", "--seed", "3", "-j", "1", "--chunk", "1", "--save", str(saved)]
    assert screen.main([*common, "-n", "2"]) == 0
    first = saved.read_text().splitlines()
    assert len(first) == 2
    assert screen.main([*common, "-n", "4"]) == 0  # plays pair 1 only
    lines = saved.read_text().splitlines()
    assert lines[:2] == first and len(lines) == 4
    assert sorted({screen.from_line(line).pair for line in lines}) == [0, 1]
    capsys.readouterr()
    assert screen.main([*common, "-n", "4", "--summarize"]) == 0
    out = capsys.readouterr().out
    assert "variant vs random: 4 games in duplicate pairs (seed 3)" in out
    assert "games per second" not in out  # a saved run read back has no speed
    without_seed = [arg for arg in common if arg not in ("--seed", "3")]
    assert screen.main([*without_seed, "-n", "4", "--summarize"]) == 0
    out = capsys.readouterr().out
    assert "variant vs random: 4 games in duplicate pairs" in out
    assert "(seed" not in out  # the save does not say which seed it was played on
    restored = screen.load(saved)
    assert [screen.to_line(result) for result in restored] == lines
