"""The table block a player's view carries at a game between two people.

Kept apart from the games API so the view stays the engine's ``PlayerView`` and the
table's facts (names, seats, presence, the code to share, the rematch) sit beside it.
"""

from __future__ import annotations

import gettext
from typing import Any

from cribkit.web.table.friends.chat_view import chat_payload
from cribkit.web.table.friends.public_view import table_block
from cribkit.web.table.friends.tables import FriendTables, format_code
from cribkit.web.table.games.loaded import COMPUTER, HUMAN, LoadedGame
from cribkit.web.table.live.presence import PresenceBook

__all__ = ["with_table"]


def with_table(
    state: Any,
    loaded: LoadedGame,
    payload: dict[str, Any],
    translations: gettext.NullTranslations,
) -> dict[str, Any]:
    """``payload`` plus ``table`` when two people share the game (``state``: app.state),
    its chat as the reader's seat may read it (quick phrases in ``translations``)."""
    if not loaded.between_people:
        return payload
    friends: FriendTables = state.friends
    presence: PresenceBook = state.presence
    invite = friends.invite_of(loaded.id)
    code = None if invite is None else format_code(invite.code)
    may_sit = (
        invite is not None
        and invite.computer_fills_in
        and loaded.seat == HUMAN
        and not loaded.seated[COMPUTER]
    )
    payload["table"] = table_block(
        loaded,
        code=code,
        connected=presence.connected(loaded.id),
        chat=chat_payload(friends.chat, loaded, loaded.seat, translations),
        computer_may_sit=may_sit,
    )
    return payload
