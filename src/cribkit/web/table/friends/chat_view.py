"""The table chat as one reader gets it: in the API, in every view of the table, on the page.

One function builds it for all three, from the reader's seat (None: a spectator), so the
mute is applied in one place: the socket's payloads, ``GET /api/games/{id}``, the public
view, the chat API and both pages all read what ``TableChat.read`` lets that reader read.
"""

from __future__ import annotations

import gettext
from typing import Any

from cribkit.web.table.friends.chat import QUICK_PHRASES, TableChat
from cribkit.web.table.games.loaded import LoadedGame

__all__ = ["chat_page", "chat_payload", "quick_phrases"]


def chat_payload(
    chat: TableChat, loaded: LoadedGame, reader: int | None, translations: gettext.NullTranslations
) -> dict[str, Any]:
    """The newest lines ``reader`` may read (``friends.schemas.ChatOut``), phrases said in
    the reader's language, each with its speaker's name."""
    log = chat.read(loaded.id, reader)
    return {
        "messages": [
            {
                "id": line.id,
                "seat": line.seat,
                "name": loaded.names[line.seat],
                "text": translations.gettext(QUICK_PHRASES[line.phrase])
                if line.phrase
                else line.body,
                "phrase": line.phrase,
                "at": line.at.isoformat(),
            }
            for line in log.lines
        ],
        "muted": None if reader is None else log.muted,
        "can_write": reader is not None and loaded.between_people,
    }


def quick_phrases(translations: gettext.NullTranslations) -> list[tuple[str, str]]:
    """The quick phrases' keys and words in the reader's language, for the buttons."""
    return [(key, translations.gettext(text)) for key, text in QUICK_PHRASES.items()]


def chat_page(
    chat: TableChat,
    loaded: LoadedGame | None,
    translations: gettext.NullTranslations,
    problem: str = "",
) -> dict[str, Any] | None:
    """What the page draws of the chat (None: no table between two people here), with a
    refused line's reason (``problem``, already in the reader's language)."""
    if loaded is None or not loaded.between_people:
        return None
    return {
        **chat_payload(chat, loaded, loaded.seat, translations),
        "phrases": quick_phrases(translations),
        "problem": problem,
    }
