"""Record files written by the command line (``cribkit.cli.records``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import random_game

from cribkit.cli.records import record_notes, record_text, write_record
from cribkit.errors import CribkitError
from cribkit.record import GameRecord


def test_notes_follow_the_header_and_the_record_still_reads() -> None:
    record = GameRecord.of(random_game(4))
    text = record_text(record, ["first note", "second note"])
    lines = text.splitlines()
    assert lines[0].startswith("# cribkit game record")
    assert lines[1:3] == ["# first note", "# second note"]
    assert GameRecord.parse(text) == record
    assert record_notes(text) == ["first note", "second note"]
    assert record_notes(record.to_text()) == []


def test_an_unfinished_game_is_never_written(tmp_path: Path) -> None:
    record = GameRecord.of(random_game(4, max_actions=10))
    with pytest.raises(CribkitError, match="not over"):
        write_record(tmp_path / "g.txt", record)
    assert not (tmp_path / "g.txt").exists()


def test_a_record_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text("mine\n", encoding="utf-8")
    with pytest.raises(CribkitError, match="already exists") as error:
        write_record(path, GameRecord.of(random_game(4)))
    assert error.value.code == "file_exists"
    assert path.read_text(encoding="utf-8") == "mine\n"
