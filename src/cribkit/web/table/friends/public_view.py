"""What anyone at the rail may see of a game, and what both players see of their table.

The public view is built field by field from public facts only (the pegs, the cuts and
where they were made, the starter once turned, the cards played, the shows once counted,
how many cards each seat holds): there is no field that could carry a hand, the crib or
the deck. It keeps the player view's shape (empty hand, no legal actions) so the same
page draws both.
"""

from __future__ import annotations

import gettext
from typing import Any

from cribkit.state import GameState, Phase
from cribkit.web.site.spoken import spoken_event, spoken_show
from cribkit.web.table.games.loaded import HUMAN, LoadedGame
from cribkit.web.table.games.pacing import paced_view, visible_events

__all__ = ["public_payload", "table_block"]


def _cards_held(state: GameState) -> list[int]:
    if state.phase is Phase.DISCARD:
        return [len(state.dealt[p]) - len(state.discards[p]) for p in (0, 1)]
    return [len(state.held[p]) for p in (0, 1)]


def public_payload(loaded: LoadedGame, translations: gettext.NullTranslations) -> dict[str, Any]:
    """The spectator's view of a game: the board and the play, never a hidden card.

    During the show it is paced like the players' views: only the counts laid down so far,
    the pegs and scores as they stood after them, no outcome until the winning count.
    """
    state = loaded.game.state
    hand = state.hand_number
    held = _cards_held(state)
    # Only the public fields of this (paced) view are read: shows, pegs, scores, outcome.
    paced = paced_view(loaded.game, HUMAN, loaded.show_step)
    events = visible_events(loaded.game, loaded.show_step)
    return {  # in the order of the seat's view (friends.schemas.PublicView)
        "player": None,
        "phase": paced.phase.value,
        "hand_number": hand,
        "dealer": state.dealer,
        "scores": list(paced.scores),
        "pegs": [{"front": p.front, "back": p.back} for p in paced.pegs],
        "hand": [],
        "kept": [],
        "discarded": [],
        "cards_held": held,
        "has_discarded": [bool(state.discards[p]) for p in (0, 1)],
        "opponent_cards_held": held[1],
        "opponent_has_discarded": bool(state.discards[1]),
        "starter": None if state.starter is None else str(state.starter),
        "series": [str(c) for c in state.series],
        "count": state.count,
        "play_log": [entry.to_dict() for entry in state.play_log],
        "said_go": list(state.said_go),
        "to_play": state.to_play,
        "shows": [spoken_show(show, translations) for show in paced.shows],
        "to_count": None if paced.to_count is None else paced.to_count.to_dict(),
        "cut_for_deal": [[str(c) for c in cut.cards] for cut in state.cuts],
        # Where each seat cut, as the players see it: positions in a face-down spread or
        # the pack, never what lies there (the cards show once chance turns them).
        "cut_for_deal_positions": [list(cut.positions) for cut in state.cuts],
        "cut_positions": list(state.cut_positions),
        "starter_position": state.starter_position,
        "outcome": None if paced.outcome is None else paced.outcome.to_dict(),
        "legal_actions": [],
        "id": loaded.id,
        "version": loaded.version,
        "level": loaded.level,
        "status": loaded.status,
        "you": None,
        "spectator": True,
        "events": [
            {"seq": seq, **spoken_event(event, translations)}
            for seq, event in enumerate(events)
            if event.hand_number == hand
        ],
        "event_count": len(events),
    }


def table_block(
    loaded: LoadedGame,
    *,
    code: str | None,
    connected: tuple[bool, bool],
    chat: dict[str, Any],
    computer_may_sit: bool = False,
    rematch_code: str | None = None,
) -> dict[str, Any]:
    """Who sits where at a table between two people, whether each is connected, the
    rematch (its code, for the rail to follow the table to its next game) and the chat as
    the reader may read it (``chat_view.chat_payload``)."""
    return {
        "code": code,
        "computer_may_sit": computer_may_sit,
        "names": list(loaded.names),
        "seated": list(loaded.seated),
        "connected": list(connected),
        "rematch_id": loaded.rematch_id,
        "rematch_code": rematch_code,
        "chat": chat,
    }
