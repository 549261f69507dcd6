"""``cribkit replay`` of games where players counted their own hands, with muggins: the
rules line, every claim told in words, and the JSON accounting for every point."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import invoke, json_out, random_game

from cribkit.events import ScoreContext
from cribkit.record import GameRecord
from cribkit.rules import GameRules

RULES = GameRules(manual_count=frozenset({0, 1}), muggins=True)


def _saved(tmp_path: Path, seed: int) -> tuple[Path, GameRecord]:
    record = GameRecord.of(random_game(seed, rules=RULES))  # random claims, 0 to 29
    path = tmp_path / f"claims{seed}.txt"
    record.save(path)
    return path, record


@pytest.mark.parametrize("seed", range(4))
def test_json_keeps_the_options_and_accounts_for_muggins(tmp_path: Path, seed: int) -> None:
    path, record = _saved(tmp_path, seed)
    data = json_out(invoke(["replay", str(path), "--json"]))
    assert isinstance(data, dict)
    assert data["rules"] == {
        "target": 121, "skunk": 91, "double_skunk": 61, "manual_count": [0, 1], "muggins": True
    }  # fmt: skip
    pegged = [0, 0]
    for hand in data["hands"]:
        events = [*hand["heels"], *(e for line in hand["play"] for e in line["events"])]
        events += [e for show in hand["shows"] for e in show["events"]]
        events.sort(key=lambda e: (e["score"], e["player"]))
        for event in events:
            pegged[event["player"]] += event["points"]
        for show in hand["shows"]:
            assert show["claim"] is not None
            taken = [e for e in show["events"] if e["context"] == "muggins"]
            assert sum(e["points"] for e in taken) == show["muggins"]
    final = record.final_state()
    assert [min(p, 121) for p in pegged] == list(final.scores)
    assert any(e.context is ScoreContext.MUGGINS for step in record.replay() for e in step.events)


def test_human_output_tells_each_claim(tmp_path: Path) -> None:
    path, record = _saved(tmp_path, 1)
    text = " ".join(invoke(["replay", str(path)]).stdout.split())  # as read, not as wrapped
    assert "manual_count=0,1 muggins=on" in text
    shows = [s for step in record.replay() for s in step.after.shows]
    assert "missed; muggins: " in text and " for p" in text
    if any(s.over_claimed for s in shows):
        assert "over-claimed by" in text
