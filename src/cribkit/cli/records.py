"""Game records written by the command line: where they go and the notes they carry.

A record file is ``GameRecord.to_text()`` with a few ``# `` note lines after its header
(who sat where, which match it came from). The record reader skips ``#`` lines, so a
file with notes replays exactly like one without; ``cribkit replay`` prints them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from cribkit.errors import CribkitError
from cribkit.limits import parse_record, read_bounded
from cribkit.record import GameRecord

__all__ = [
    "check_new_file",
    "check_records_dir",
    "read_record",
    "record_notes",
    "record_text",
    "write_record",
]

_NOTE = "# "


def record_text(record: GameRecord, notes: Sequence[str] = ()) -> str:
    """The finished game's text with ``notes`` as comment lines right after its header.

    An unfinished game is refused (``GameRecord.export_text``): its record would show the
    cards still hidden.
    """
    lines = record.export_text().splitlines(keepends=True)
    return "".join([*lines[:1], *(f"{_NOTE}{note}\n" for note in notes), *lines[1:]])


def record_notes(text: str) -> list[str]:
    """The note lines of a record's text: every ``#`` line but the header (the first)."""
    notes: list[str] = []
    seen_header = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line.startswith("#"):
            continue
        if not seen_header:
            seen_header = True
            continue
        notes.append(line.lstrip("#").strip())
    return notes


def check_new_file(path: Path) -> None:
    """Refuse a path that cannot take a new record: it exists, or its folder does not."""
    if path.exists():
        raise CribkitError(
            f"{path} already exists: give a new file name (a record is never overwritten)",
            code="file_exists",
            params={"path": str(path)},
        )
    if not path.parent.is_dir():
        raise CribkitError(
            f"cannot save to {path}: the folder {path.parent} does not exist",
            code="no_such_folder",
            params={"path": str(path)},
        )


def write_record(path: Path, record: GameRecord, notes: Sequence[str] = ()) -> None:
    """Write a new record file (never over an existing one); errors say why in words."""
    check_new_file(path)
    text = record_text(record, notes)  # refuses an unfinished game before any file exists
    try:
        with path.open("x", encoding="utf-8") as stream:
            stream.write(text)
    except OSError as exc:
        raise CribkitError(
            f"cannot save to {path}: {exc.strerror}",
            code="cannot_write",
            params={"path": str(path)},
        ) from None


def check_records_dir(directory: Path, names: Sequence[str]) -> None:
    """Make ``directory`` for a match's records; refuse one that holds any of ``names``."""
    if directory.exists() and not directory.is_dir():
        raise CribkitError(
            f"{directory} is a file: --records needs a folder",
            code="not_a_folder",
            params={"path": str(directory)},
        )
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CribkitError(
            f"cannot make the folder {directory}: {exc.strerror}",
            code="cannot_write",
            params={"path": str(directory)},
        ) from None
    clashes = [name for name in names if (directory / name).exists()]
    if clashes:
        raise CribkitError(
            f"{directory} already holds {clashes[0]}: give an empty or new folder "
            "(records are never overwritten)",
            code="file_exists",
            params={"path": str(directory / clashes[0])},
        )


def read_record(path: Path) -> tuple[GameRecord, list[str]]:
    """Load a record file and its notes; an unreadable file is the user's mistake (status 2),
    ``cannot_read`` in ``--json`` errors, as ``cribkit score --batch`` says for its file.
    A file past ``cribkit.limits`` (size, deals) is refused before it is replayed."""
    try:
        with path.open("rb") as stream:  # read in chunks: a huge file costs one past the limit
            text = read_bounded(stream, str(path)).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "it is not UTF-8 text"
        raise CribkitError(f"cannot read {path}: {reason}", code="cannot_read") from None
    return parse_record(text), record_notes(text)
