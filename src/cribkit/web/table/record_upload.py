"""Reading a record someone uploads to the replay page, and saying what is wrong with it.

A record file comes from ``cribkit play --save``, ``cribkit match --records`` or the
download link of a finished game. It is read with ``GameRecord.parse``, which replays
every line (and re-derives the cards from the seed), so a damaged or edited file is
refused; the refusal is said in the reader's language, naming the line.
"""

from __future__ import annotations

import gettext
import re

from cribkit.errors import CribkitError
from cribkit.record import GameRecord
from cribkit.web.site.errors_i18n import error_message
from cribkit.web.site.i18n import N_

__all__ = ["MAX_RECORD_BYTES", "RecordUploadError", "read_record", "record_error_message"]

MAX_RECORD_BYTES = 256 * 1024
"""Far above any real game (a long one is about 5 KB)."""

_LINE = re.compile(r"^line (\d+): ")

_NO_FILE = N_("Choose a record file (or paste a record) first.")
_TOO_BIG = N_("That file is too large to be a game record (at most %(kb)d KB).")
_EMPTY = N_("That record has no moves to replay.")
_NOT_TEXT = N_("That file is not text: a game record is a plain text file.")
_BAD_LINE = N_("Line %(line)d of the record: %(reason)s")
_BAD_LINE_ENGLISH = N_("Line %(line)d of the record is not a step of this game: %(reason)s")
_NOT_RECORD = N_("That is not a cribkit game record: %(reason)s")


class RecordUploadError(CribkitError):
    """An upload that is not a record at all (missing, too large, not text)."""


def read_record(data: bytes) -> GameRecord:
    """The record in ``data``, checked line by line; raises with what is wrong."""
    if not data.strip():
        raise RecordUploadError("no record given", code="record_missing")
    if len(data) > MAX_RECORD_BYTES:
        raise RecordUploadError("the file is too large", code="record_too_large")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordUploadError("the file is not UTF-8 text", code="record_not_text") from exc
    record = GameRecord.parse(text)
    if not record.actions:
        raise RecordUploadError("the record has no moves", code="record_empty")
    return record


def _root_cause(error: BaseException) -> BaseException:
    """The first error in the chain that carries a code (the engine's own refusal)."""
    current: BaseException | None = error
    while current is not None:
        if isinstance(current, CribkitError) and current.code is not None:
            return current
        current = current.__cause__
    return error


def _line_of(error: CribkitError) -> tuple[int | None, str]:
    """The line number the error names, and the rest of its English message."""
    line = error.params.get("line")
    text = str(error)
    found = _LINE.match(text)
    if found:
        text = text[found.end() :]
        line = int(found.group(1)) if line is None else line
    return (int(line) if line is not None else None), text


def record_error_message(error: CribkitError, tr: gettext.NullTranslations) -> str:
    """What is wrong with an uploaded record, said in the reader's language."""
    if isinstance(error, RecordUploadError):
        if error.code == "record_too_large":
            return tr.gettext(_TOO_BIG) % {"kb": MAX_RECORD_BYTES // 1024}
        plain = {"record_not_text": _NOT_TEXT, "record_empty": _EMPTY}
        return tr.gettext(plain.get(error.code or "", _NO_FILE))
    line, english = _line_of(error)
    cause = _root_cause(error)
    reason, translated = english, False
    if cause is not error and isinstance(cause, CribkitError):
        said = error_message(cause, tr)
        if said != str(cause):  # translated: the reader's words instead of the English
            reason, translated = said, True
    if line is None:
        return tr.gettext(_NOT_RECORD) % {"reason": reason}
    template = _BAD_LINE if translated else _BAD_LINE_ENGLISH
    return tr.gettext(template) % {"line": line, "reason": reason}
