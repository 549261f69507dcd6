"""scripts/time_expert.py: a variant is timed on the bench's own games and printed by kind,
and a setting reaches the strategies the games are played with."""

from __future__ import annotations

import pytest

from script_support import load_script

timing = load_script("time_expert")


def test_a_variant_is_timed_by_kind_on_the_benchs_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bench import bench_expert  # importable once the script put the repository first

    monkeypatch.setattr(bench_expert, "GAMES", 1)
    made: list[int] = []
    original = timing.ExpertStrategy

    def recording(**settings: object) -> object:
        made.append(int(str(settings["later_reading_deals"])))
        return original(**settings)

    monkeypatch.setattr(timing, "ExpertStrategy", recording)
    assert timing.main(["--set", "later_reading_deals=4"]) == 0
    printed = capsys.readouterr().out
    assert "{'later_reading_deals': 4}, 1 self-play games" in printed
    assert "discard" in printed and "play" in printed and "p95" in printed
    assert made == [4, 4]  # both seats of the one game
