"""The table's words as one reader hears them: "you" for their own seat, a name for the other.

Against the computer these are the script's strings as they are. At a table between two
people the other seat is called by its name wherever the page would say "the computer"
(seat 1 reads seat 0's name), and a spectator hears both names. ``friend.js`` does the
same to the script's strings for the views it receives live; the server uses these for
what it draws itself: the scriptless table, the score sheet, the labels and the retold talk.
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass

from markupsafe import Markup, escape

from cribkit.web.table.games.friend_words import FRIEND_STRINGS
from cribkit.web.table.games.loaded import HUMAN, LoadedGame
from cribkit.web.table.games.words import SCRIPT_STRINGS

__all__ = ["SeatWords", "fill", "seat_words", "words_for"]

_PLACE = re.compile(r"\{(\w+)\}")

_NAMED = {
    # the script's key: the friend table's sentence with {name} for the other seat
    "computer_deals": "they_deal",
    "computer_crib": "their_crib",
    "computer_hand": "their_hand",
    "choose_two_theirs": "choose_two_named",
    "computer_turn": "their_turn",
    "computer_wins": "they_win",
    "skunk_given": "skunk_named",
    "double_given": "double_named",
}
_SPECTATOR_NAMED = {
    # what a spectator hears for seat 0, which a player hears as "you"
    "you_deal": "they_deal",
    "your_crib": "their_crib",
    "your_hand": "their_hand",
    "you_win": "seat_wins",
    "skunk_taken": "skunk_named",
    "double_taken": "double_named",
}


def fill(template: str, **values: object) -> str:
    """``template`` with the named places given filled in, the others left for later
    (``str.format`` would refuse the card places a name sentence keeps)."""
    return _PLACE.sub(lambda m: str(values.get(m[1], m[0])), template)


@dataclass(frozen=True, slots=True)
class SeatWords:
    """The sentences and seat labels for a reader in ``seat`` (0 for a spectator)."""

    seat: int
    strings: dict[str, str]
    who: tuple[str, str]
    """Each seat's label, by seat number: "You" for the reader's own, else a name."""
    deals: tuple[str, str]
    """The score sheet's dealer mark for each seat ("you deal", "Bo deals")."""
    spectator: bool = False
    """The reader has no seat: every action is told by its seat's name, none as "you"."""

    def say(self, key: str, **values: object) -> str:
        return fill(self.strings[key], **values)

    def say_html(self, key: str, **values: object) -> Markup:
        """``say`` for a page: the sentence and its plain values escaped (a name is the
        player's own text), markup values (a drawn card) kept."""
        escaped = {name: escape(value) for name, value in values.items()}
        return Markup(fill(str(escape(self.strings[key])), **escaped))


def seat_words(
    tr: gettext.NullTranslations,
    *,
    seat: int | None,
    names: tuple[str | None, str | None] = (None, None),
    between_people: bool = False,
) -> SeatWords:
    """The words for a reader in ``seat`` (None: a spectator) at a table with ``names``."""
    strings = {key: tr.gettext(text) for key, text in SCRIPT_STRINGS.items()}
    you_mark, computer_mark = strings["you_deal_mark"], strings["computer_deals_mark"]
    me = HUMAN if seat is None else seat
    if not between_people:
        who = (strings["you"], strings["computer"])
        return SeatWords(me, strings, who, (you_mark, computer_mark))
    friend = {key: tr.gettext(text) for key, text in FRIEND_STRINGS.items()}

    def name_of(player: int) -> str:
        given = names[player]
        if given:
            return given
        return fill(friend["seat_name"], n=player + 1) if seat is None else friend["friend"]

    them = name_of(1 - me)
    strings["computer"] = them
    for key, named in _NAMED.items():
        strings[key] = fill(friend[named], name=them)
    first = strings["you"]
    if seat is None:
        first = strings["you"] = name_of(HUMAN)
        for key, named in _SPECTATOR_NAMED.items():
            strings[key] = fill(friend[named], name=first)
    strings["board_title"] = fill(friend["board_named"], first=first, second=them)
    strings["cut_line"] = fill(friend["cut_named"], first=first, second=them)
    labels = [first, them] if me == HUMAN else [them, first]
    marks = [fill(friend["they_deal_mark"], name=label) for label in labels]
    if seat is not None:
        marks[me] = you_mark
    return SeatWords(
        me, strings, (labels[0], labels[1]), (marks[0], marks[1]), spectator=seat is None
    )


def words_for(tr: gettext.NullTranslations, loaded: LoadedGame | None) -> SeatWords:
    """The words for whoever loaded ``loaded`` (the plain defaults with no game)."""
    if loaded is None:
        return seat_words(tr, seat=HUMAN)
    return seat_words(
        tr, seat=loaded.seat, names=loaded.names, between_people=loaded.between_people
    )
