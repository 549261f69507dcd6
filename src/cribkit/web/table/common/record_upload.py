"""Reading a record someone uploads to the replay page, and saying what is wrong with it.

A record file comes from ``cribkit play --save``, ``cribkit match --records`` or the
download link of a finished game. It is read with ``GameRecord.parse``, which replays
every line (and re-derives the cards from the seed), so a damaged or edited file is
refused; the refusal is said in the reader's language, naming the line.
"""

from __future__ import annotations

import gettext
import re

from cribkit.cards import format_cards_unicode, parse_cards
from cribkit.errors import CribkitError
from cribkit.limits import MAX_RECORD_BYTES, MAX_RECORD_DEALS, parse_record
from cribkit.record import GameRecord
from cribkit.web.site.errors_i18n import error_message, error_template
from cribkit.web.site.i18n import N_

__all__ = ["MAX_RECORD_BYTES", "RecordUploadError", "read_record", "record_error_message"]

_LINE = re.compile(r"^line (\d+): ")

_NO_FILE = N_("Choose a record file (or paste a record) first.")
_TOO_BIG = N_("That file is too large to be a game record (at most %(kb)d KB).")
_TOO_MANY_DEALS = N_(
    "That record has %(deals)d deals: no real game is that long (at most %(limit)d)."
)
_EMPTY = N_("That record has no moves to replay.")
_NOT_TEXT = N_("That file is not text: a game record is a plain text file.")
_BAD_LINE = N_("Line %(line)d of the record: %(reason)s")
_BAD_LINE_ENGLISH = N_("Line %(line)d of the record is not a step of this game: %(reason)s")
_UNREADABLE = N_("Line %(line)d of the record cannot be read: %(reason)s")
_NOT_THE_SEEDS = N_(
    "these cards do not follow from the record's seed (%(seed)s): "
    "it gives %(expected)s, the record says %(given)s"
)
_OLD_FORMAT = N_(
    "this record is in an older format, from before the players cut the cards; "
    "it cannot be replayed"
)
_NOT_RECORD = N_("That is not a cribkit game record: %(reason)s")


class RecordUploadError(CribkitError):
    """An upload that is not a record at all (missing, too large, not text)."""


def read_record(data: bytes) -> GameRecord:
    """The record in ``data``, checked line by line; raises with what is wrong. The bounds
    are the command line's own (``cribkit.limits``): size first, then deals, then replay."""
    if not data.strip():
        raise RecordUploadError("no record given", code="record_missing")
    if len(data) > MAX_RECORD_BYTES:
        raise RecordUploadError("the file is too large", code="record_too_large")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordUploadError("the file is not UTF-8 text", code="record_not_text") from exc
    record = parse_record(text)
    if not record.actions:
        raise RecordUploadError("the record has no moves", code="record_empty")
    return record


def _translated_cause(error: BaseException, tr: gettext.NullTranslations) -> str | None:
    """The engine's own refusal under ``error`` (the deepest one with a catalogue
    message), said in the reader's language; None when there is none to translate."""
    said: str | None = None
    current: BaseException | None = error
    while current is not None:
        if isinstance(current, CribkitError) and error_template(current) is not None:
            words = error_message(current, tr)
            said = words if words != str(current) else None
        current = current.__cause__
    return said


def _cards(text: str) -> str:
    """Cards in a record's notation (``5H 6D / 7C ...``) as the table draws them."""
    try:
        return " / ".join(format_cards_unicode(parse_cards(part)) for part in text.split("/"))
    except CribkitError:
        return text


def _reason(error: CribkitError, tr: gettext.NullTranslations) -> str | None:
    """Why the line is refused, in the reader's language (None: only the English exists)."""
    if error.code == "record_chance_mismatch":
        expected, given = str(error.params["expected"]), str(error.params["given"])
        seed = error.params["seed"]
        return tr.gettext(_NOT_THE_SEEDS) % {
            "seed": seed,
            "expected": _cards(expected),
            "given": _cards(given),
        }
    if error.code == "record_old_format":
        return tr.gettext(_OLD_FORMAT)
    return _translated_cause(error, tr)


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
    if error.code == "record_too_many_deals":
        return tr.gettext(_TOO_MANY_DEALS) % {
            "deals": error.params["deals"],
            "limit": MAX_RECORD_DEALS,
        }
    line, english = _line_of(error)
    reason = _reason(error, tr)
    if line is None:
        return tr.gettext(_NOT_RECORD) % {"reason": reason or english}
    if reason is not None:
        return tr.gettext(_BAD_LINE) % {"line": line, "reason": reason}
    template = _UNREADABLE if error.code == "record_unreadable" else _BAD_LINE_ENGLISH
    return tr.gettext(template) % {"line": line, "reason": english}
