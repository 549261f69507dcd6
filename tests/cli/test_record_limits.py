"""Record files are bounded before they cost: ``cribkit replay`` and ``cribkit review``
read at most ``MAX_RECORD_BYTES`` (in chunks) and refuse more than ``MAX_RECORD_DEALS``
deals before replaying a line."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

import pytest
from cli_support import assert_bad_input, invoke

from cribkit.errors import CribkitError
from cribkit.game import Game
from cribkit.limits import (
    DEFAULT_EXPERT_MEMO,
    MAX_RECORD_BYTES,
    MAX_RECORD_DEALS,
    RecordTooLargeError,
    expert_memo_positions,
    parse_record,
    read_bounded,
)
from cribkit.players import make_strategy
from cribkit.record import GameRecord

COMMANDS = (["replay"], ["review", "--seat", "0"])


def real_game() -> str:
    """A finished game's record: greedy against greedy."""
    game = Game(seed=3)
    players = [make_strategy("greedy", seed=1), make_strategy("greedy", seed=2)]
    while not game.is_over:
        player = game.state.players_to_move()[0]
        game.apply(players[player].choose(game.view(player)))
    return GameRecord.of(game).to_text()


def many_deals(deals: int) -> str:
    """A record whose first deal line is repeated ``deals`` times (each line reads; the
    whole would not replay, so only a bound checked before the replay refuses it alone)."""
    lines = real_game().splitlines()
    deal = next(line for line in lines if line.startswith("deal "))
    head = [line for line in lines if line.startswith(("#", "rules ", "seed "))]
    return "\n".join([*head, *[deal] * deals]) + "\n"


@pytest.fixture(scope="module")
def huge_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """50 MB of nothing (a sparse file: it takes no disk)."""
    path = tmp_path_factory.mktemp("huge") / "huge.txt"
    with path.open("wb") as stream:
        stream.truncate(50 * 1024 * 1024)
    return path


@pytest.mark.parametrize("command", COMMANDS)
def test_a_50_mb_file_is_refused_after_reading_one_chunk_past_the_limit(
    huge_file: Path, command: list[str]
) -> None:
    tracemalloc.start()
    try:
        result = invoke([command[0], str(huge_file), *command[1:]])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert_bad_input(result, "larger than 256 KB", str(huge_file))
    assert peak < 16 * 1024 * 1024  # the 50 MB were never held (the review's imports are)


def test_read_bounded_stops_at_the_limit() -> None:
    class Counting(io.BytesIO):
        taken = 0

        def read(self, size: int | None = -1) -> bytes:
            chunk = super().read(size)
            self.taken += len(chunk)
            return chunk

    stream = Counting(b"x" * (10 * MAX_RECORD_BYTES))
    with pytest.raises(RecordTooLargeError, match="larger than 256 KB"):
        read_bounded(stream)
    assert stream.taken == MAX_RECORD_BYTES + 1
    exact = b"y" * MAX_RECORD_BYTES
    assert read_bounded(io.BytesIO(exact)) == exact


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("deals", [MAX_RECORD_DEALS + 1, 1000])
def test_a_record_of_too_many_deals_is_refused_before_its_replay(
    tmp_path: Path, command: list[str], deals: int
) -> None:
    path = tmp_path / "long.txt"
    path.write_text(many_deals(deals), encoding="utf-8")
    assert path.stat().st_size < MAX_RECORD_BYTES  # the deal bound refuses it, not the size
    result = invoke([command[0], str(path), *command[1:]])
    assert_bad_input(result, f"the record has {deals} deals", f"at most {MAX_RECORD_DEALS}")


def test_a_real_record_is_far_inside_both_bounds() -> None:
    text = real_game()
    record = parse_record(text)
    assert record.final_state().is_over
    assert len(text.encode()) < MAX_RECORD_BYTES // 50
    assert sum(line.startswith("deal ") for line in text.splitlines()) < MAX_RECORD_DEALS // 3


def test_the_expert_memo_setting() -> None:
    assert expert_memo_positions({}) == DEFAULT_EXPERT_MEMO
    assert expert_memo_positions({"CRIBKIT_EXPERT_MEMO": " 5000 "}) == 5000
    for bad in ("lots", "10", "-5000"):
        with pytest.raises(CribkitError, match="CRIBKIT_EXPERT_MEMO"):
            expert_memo_positions({"CRIBKIT_EXPERT_MEMO": bad})
