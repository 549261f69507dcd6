"""The engine's errors in the reader's language, read from their ``code`` and ``params``.

The engine (and the game service) say what went wrong in English and tag the message
with a stable code. Each code here names a catalogue message whose English text is the
engine's own template, so a reader of a translated language gets the same sentence in
their language. English readers, and any code without a translation yet, get the
engine's message unchanged.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping

from cribkit.cards import format_cards_unicode, parse_cards
from cribkit.errors import CribkitError
from cribkit.state import Phase
from cribkit.web.site.i18n import N_

__all__ = ["ERROR_MESSAGES", "PHASE_NAMES", "error_message", "error_template"]

ERROR_MESSAGES: dict[str, str] = {
    # cribkit.state: the rules
    "wrong_phase/discard": N_("cannot discard now: the game is in the %(phase)s phase"),
    "wrong_phase/play": N_("cannot play a card now: the game is in the %(phase)s phase"),
    "wrong_phase/go": N_("cannot say go now: the game is in the %(phase)s phase"),
    "wrong_phase/cut": N_("cannot cut now: the game is in the %(phase)s phase"),
    "wrong_phase/next": N_("cannot move to the next hand now: the game is in the %(phase)s phase"),
    "not_your_turn/discard": N_("it is not player %(player)d's turn to discard"),
    "not_your_turn/play": N_("it is not player %(player)d's turn to play"),
    "not_your_turn/go": N_("it is not player %(player)d's turn to say go"),
    "not_your_turn/cut": N_("it is not player %(player)d's turn to cut"),
    "wrong_phase/claim": N_("cannot claim a count now: the game is in the %(phase)s phase"),
    "not_your_turn/claim": N_("it is not player %(player)d's turn to count"),
    "cut_range": N_("choose a card of the spread, 0 to %(high)d"),
    "cut_position_taken": N_("the other player drew the card at %(position)d; choose another"),
    "starter_cut_range": N_(
        "cut the pack between %(low)d and %(high)d cards, "
        "leaving at least %(packet)d in each packet"
    ),
    "no_such_player": N_("there is no player %(player)d; seats are 0 and 1"),
    "discard_same_card": N_("lay away two different cards"),
    "discard_count": N_("lay away exactly two cards, not %(cards)d"),
    "discard_not_held": N_("%(cards)s not in your hand (%(hand)s)"),
    "card_not_held": N_("you do not hold %(card)s"),
    "count_past_31": N_("the count would be %(total)d; play a card of %(room)d or less, or say go"),
    "go_not_allowed": N_("you can play without passing 31 (the count is %(count)d): no go"),
    "game_over_resign": N_("the game is over: there is nothing left to resign"),
    # cribkit.actions: reading a move sent as JSON
    "action_not_object": N_("an action is a JSON object with a 'type'"),
    "action_bad_player": N_("an action needs 'player': 0 or 1"),
    "action_unknown_type": N_(
        "unknown action type %(type)s: expected cut, discard, play, go, next or resign"
    ),
    # The engine adds the reader's detail in English; the translation says what is expected.
    "action_unreadable": N_(
        "bad %(type)s action: a play names one card (like 5H), a discard a list of two"
    ),
    # cribkit.web.table.games (service, loaded, moves): the table's own rules
    "not_your_seat": N_("you sit in seat 0; the computer makes its own moves"),
    "unknown_level": N_(
        "unknown level %(level)s: choose beginner, novice, casual, club, strong or expert"
    ),
    "muggins_needs_count_own": N_(
        "muggins needs “count my own hand”: the computer takes what your count misses"
    ),
    "unknown_language": N_("unknown language %(language)s: choose en or zh"),
    "unknown_theme": N_("unknown theme %(theme)s: choose auto, light or dark"),
    "unknown_speed": N_("unknown speed %(speed)s: choose relaxed, normal or fast"),
    "game_not_found": N_("there is no such game at this table"),
    "finished_game_not_found": N_("there is no such finished game"),
    "record_game_unfinished": N_("the game is not over: its record would show hidden cards"),
    "review_game_unfinished": N_("the game is not over yet: a review is made once it is finished"),
    "version_missing": N_("send the game's 'version' (a whole number) with your move"),
    "stale_version": N_(
        "that move was made on an older position (another tab or a double click); "
        "the table now shows the current one"
    ),
    "stale_race": N_("another move was made at the same moment; the table now shows it"),
    "stale_friend": N_("your friend moved first; the table now shows their move"),
    "show_wait": N_("your friend is still reading the show: you may move on in %(seconds)d s"),
    "show_not_read": N_("you are still reading the show: press on when you have read it"),
    "show_waiting": N_("you have read the show; the next deal comes when your friend has too"),
    "hint_not_your_turn": N_("nothing to do right now: it is not your turn"),
    "hint_count_yourself": N_("no hint for your own count: that is the count you are asked for"),
    "hint_cut": N_(
        "no hint for a cut: the deck is shuffled out of sight, so every place is as good"
    ),
    "claim_range": N_("a count is a whole number from 0 to %(high)d"),
    "claim_first": N_("the show is not over: a hand or crib is waiting for its count"),
    "no_count_to_claim": N_("there is no hand or crib waiting for your count now"),
    "show_not_counted": N_("the show is still being counted: lay down the next count first"),
    "no_count_to_show": N_("there is no count left to show now"),
    "bad_seed": N_("a seed is a whole number from 0 to %(max)d"),
    "muggins_needs_manual_count": N_(
        "muggins needs manual counting: nobody overlooks points the engine counts"
    ),
    # cribkit.web.table.friends.tables: tables between two people
    "not_your_seat_friend": N_("that seat is not yours; your friend makes their own moves"),
    "invite_not_found": N_("no table has that code, or its invite lapsed after a day unused"),
    "table_full": N_("both seats at this table are taken; you can still watch"),
    "computer_not_invited": N_("this table was opened for a friend only"),
    "friend_not_seated": N_(
        "your friend has not sat down yet: the game starts when they take their seat"
    ),
    "no_rematch": N_("a rematch is offered once a game between two people is over"),
    # cribkit.web.table.friends.chat: the table chat
    "chat_empty": N_("say something: an empty line is not sent"),
    "chat_too_long": N_("a line holds at most %(max)d characters"),
    "chat_phrase": N_("no such quick phrase"),
    "chat_spectator": N_("spectators read the table chat; only the two players write"),
    "chat_no_friend": N_("the computer sits at this table: there is no one to chat with"),
}
"""Catalogue message by code, or by ``code/action`` where the action changes the words."""

PHASE_NAMES: dict[str, str] = {
    Phase.CUT_FOR_DEAL.value: N_("the cut for deal"),
    Phase.DEAL.value: N_("the deal"),
    Phase.DISCARD.value: N_("the discard to the crib"),
    Phase.STARTER.value: N_("turning the starter"),
    Phase.PLAY.value: N_("the play"),
    Phase.SHOW.value: N_("the show"),
    Phase.GAME_OVER.value: N_("the end of the game"),
}
"""A phase said in words, for the ``phase`` parameter of a translated message."""

_CARD_PARAMS = frozenset({"card", "cards", "hand"})
"""Parameters holding cards in canonical notation (``5H 6D``), shown as ``5♥ 6♦``."""


def error_template(error: CribkitError) -> str | None:
    """The catalogue message for ``error``'s code, or None when it has none."""
    if error.code is None:
        return None
    action = error.params.get("action")
    return ERROR_MESSAGES.get(f"{error.code}/{action}") or ERROR_MESSAGES.get(error.code)


def _words(
    params: Mapping[str, str | int], translations: gettext.NullTranslations
) -> dict[str, object]:
    """Parameters as the reader says them: a phase by its name, cards as the table draws them."""
    words: dict[str, object] = dict(params)
    phase = params.get("phase")
    if isinstance(phase, str) and phase in PHASE_NAMES:
        words["phase"] = translations.gettext(PHASE_NAMES[phase])
    for key in _CARD_PARAMS.intersection(params):
        value = params[key]
        if isinstance(value, str):  # a number of cards (discard_count) stays a number
            words[key] = format_cards_unicode(parse_cards(value, distinct=False))
    return words


def error_message(error: CribkitError, translations: gettext.NullTranslations) -> str:
    """``error`` said in the reader's language, or its English message when untranslated."""
    template = error_template(error)
    if template is None:
        return str(error)
    translated = translations.gettext(template)
    if translated == template:  # the source language, or no translation yet
        return str(error)
    try:
        return translated % _words(error.params, translations)
    except (KeyError, TypeError, ValueError):  # params not as the template expects
        return str(error)
