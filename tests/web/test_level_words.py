"""Each level has a shown name, a one-line description and its ladder rating, in both languages."""

from __future__ import annotations

import gettext

from cribkit.players import CALIBRATED_LEVELS, LEVELS
from cribkit.players.level_ratings import level_rating
from cribkit.web.site.i18n import LOCALE_DIR
from cribkit.web.site.level_words import LEVEL_NAMES, LEVEL_NOTES, level_choices


def test_every_level_has_a_name_and_a_line_in_both_languages() -> None:
    assert tuple(LEVEL_NAMES) == tuple(LEVEL_NOTES) == CALIBRATED_LEVELS == tuple(LEVELS)
    zh = gettext.translation("messages", localedir=LOCALE_DIR, languages=["zh_CN"])
    for text in (*LEVEL_NAMES.values(), *LEVEL_NOTES.values()):
        assert zh.gettext(text) != text


def test_the_picker_offers_the_levels_with_the_rating_table_s_numbers() -> None:
    choices = level_choices()
    assert [c.value for c in choices] == list(CALIBRATED_LEVELS)
    assert [c.rating for c in choices] == [round(level_rating(c.value).rating) for c in choices]
    assert [c.rating for c in choices] == sorted(c.rating for c in choices)
