"""The home page's "Resume" card: the player's unfinished game, said in a line or two.

The home page (``/``) no longer drops the player into their last game: it shows that
game as a card (who against, the score, whose turn) beside "Play the computer" and
"Play a friend", so a new game is always one click away and the old one too.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass

from cribkit.web.site.level_words import LEVEL_NAMES
from cribkit.web.table.games.loaded import GameNotFoundError, LoadedGame
from cribkit.web.table.games.pacing import paced_view
from cribkit.web.table.games.seat_words import words_for
from cribkit.web.table.games.service import GameService

__all__ = ["ResumeCard", "resume_card"]


@dataclass(frozen=True, slots=True)
class ResumeCard:
    """What the card says of an unfinished game, from the player's seat."""

    id: str
    opponent: str
    """The computer's level ("Casual") or the friend's name."""
    mine: int
    theirs: int
    your_turn: bool
    hand_number: int
    between_people: bool


def resume_card(
    service: GameService,
    player_id: str | None,
    tr: gettext.NullTranslations,
) -> ResumeCard | None:
    """The card of the player's most recently touched unfinished game, if any."""
    game_id = service.latest_active(player_id)
    if game_id is None:
        return None
    try:
        loaded = service.load(player_id, game_id)
    except GameNotFoundError:  # gone between the two reads
        return None
    return _card(loaded, tr)


def _card(loaded: LoadedGame, tr: gettext.NullTranslations) -> ResumeCard:
    seat = 0 if loaded.seat is None else loaded.seat
    view = paced_view(loaded.game, seat, loaded.show_step)
    if loaded.between_people:
        opponent = words_for(tr, loaded).who[1 - seat]
    else:
        opponent = tr.gettext(LEVEL_NAMES.get(loaded.level, loaded.level))
    your_turn = bool(view.legal_actions) and not loaded.waiting_for_friend
    return ResumeCard(
        loaded.id,
        opponent,
        view.scores[seat],
        view.scores[1 - seat],
        your_turn or loaded.counting,
        view.hand_number,
        loaded.between_people,
    )
