"""Each calibrated level has a shown name and a one-line description, in both languages."""

from __future__ import annotations

import gettext

from cribkit.players import CALIBRATED_LEVELS
from cribkit.web.site.i18n import LOCALE_DIR
from cribkit.web.table.games.level_words import CALIBRATED_LEVEL_NAMES, CALIBRATED_LEVEL_NOTES


def test_every_level_has_a_name_and_a_line_in_both_languages() -> None:
    assert tuple(CALIBRATED_LEVEL_NAMES) == tuple(CALIBRATED_LEVEL_NOTES) == CALIBRATED_LEVELS
    zh = gettext.translation("messages", localedir=LOCALE_DIR, languages=["zh_CN"])
    for text in (*CALIBRATED_LEVEL_NAMES.values(), *CALIBRATED_LEVEL_NOTES.values()):
        assert zh.gettext(text) != text
