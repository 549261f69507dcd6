"""The table talk of the current deal, said for the scriptless table.

Without the script nobody hears the live talk, so the server tells what happened in this
deal (the cut, each card and go, each score, each count shown) from the same history a
reloaded scripted table reads: only public facts, only as far as the person's view goes.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass

from cribkit.web.table.games.history import History, talk_text
from cribkit.web.table.games.seat_words import SeatWords

__all__ = ["SaidLine", "deal_talk"]


@dataclass(frozen=True, slots=True)
class SaidLine:
    """One line of talk in the reader's language, with the class the live talk gives it."""

    css: str
    text: str


def deal_talk(
    history: History, hand: int, tr: gettext.NullTranslations, words: SeatWords
) -> tuple[SaidLine, ...]:
    """The lines of deal ``hand`` (oldest first), as the live table says them to ``words``."""
    return tuple(
        SaidLine(line.css, talk_text(line, tr, words)) for line in history.talk if line.hand == hand
    )
