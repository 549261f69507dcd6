"""``cribkit review``: the review printed for people and as one JSON object."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import assert_bad_input, assert_json_error, invoke, json_out

from cribkit.game import Game
from cribkit.players import make_strategy
from cribkit.record import GameRecord


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = Game(seed=5)
    players = [make_strategy("greedy", seed=1), make_strategy("expert", seed=2)]
    while not game.is_over:
        player = game.state.players_to_move()[0]
        game.apply(players[player].choose(game.view(player)))
    path = tmp_path_factory.mktemp("review") / "game.txt"
    GameRecord.of(game).save(path)
    return path


def test_json_review_has_the_documented_schema(record_file: Path) -> None:
    data = json_out(invoke(["review", str(record_file), "--seat", "0", "--json"]))
    assert isinstance(data, dict)
    assert data["seat"] == 0
    assert isinstance(data["lost_points"], float) and data["lost_points"] > 0
    assert isinstance(data["lost_win_chance"], float)
    assert data["per_hand"] and all("hand" in hand for hand in data["per_hand"])
    kinds = set()
    for decision in data["decisions"]:
        assert set(decision) >= {"hand", "kind", "chosen", "best", "lost", "unit"}
        assert decision["lost"] >= 0
        kinds.add(decision["kind"])
        if decision["chosen"] == decision["best"]:
            assert decision["lost"] == 0
    assert {"discard", "play"} <= kinds


def test_the_expert_seat_loses_nothing(record_file: Path) -> None:
    data = json_out(invoke(["review", str(record_file), "--seat", "1", "--json"]))
    assert isinstance(data, dict)
    assert data["lost_points"] == 0 and data["lost_win_chance"] == 0
    assert all(decision["lost"] == 0 for decision in data["decisions"])


def test_text_review_lists_the_biggest_mistakes_first(record_file: Path) -> None:
    result = invoke(["review", str(record_file)])
    assert result.exit_code == 0, result.output
    assert "Seat p0:" in result.stdout and "expected points lost" in result.stdout
    assert "Points lost per hand" in result.stdout
    assert "The costliest decisions, biggest first" in result.stdout
    assert "1. hand" in result.stdout and "better:" in result.stdout


def test_a_perfect_seat_is_told_so(record_file: Path) -> None:
    result = invoke(["review", str(record_file), "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert "Every decision was the best one the analyses know." in result.stdout


def test_bad_seat_and_missing_file_are_refused(record_file: Path, tmp_path: Path) -> None:
    assert_bad_input(invoke(["review", str(record_file), "--seat", "2"]), "no player 2")
    assert_bad_input(invoke(["review", str(tmp_path / "none.txt")]), "cannot read")
    assert_json_error(
        invoke(["review", str(tmp_path / "none.txt"), "--json"]), "cannot_read", "cannot read"
    )
    broken = tmp_path / "broken.txt"
    broken.write_text(record_file.read_text().replace("seed ", "seed x"), encoding="utf-8")
    assert_bad_input(invoke(["review", str(broken)]), "line")
