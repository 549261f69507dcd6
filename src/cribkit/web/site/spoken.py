"""A count as a player says it aloud, in the reader's language, with the English call beside.

The engine says each count in English table talk (``Breakdown.call``: "fifteen two,
fifteen four and a pair is six"). A Chinese reader hears it in Chinese first, built here
from the same breakdown item by item with catalogue messages and Chinese numerals
("十五得二、十五得四，一对共六分"), never by rewriting the English words; the English call
stands beside it in brackets, as players at a mixed table say it. An English reader gets
the engine's call unchanged.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence

from cribkit.events import ScoreEvent, Show
from cribkit.scoring import Breakdown, ScoreItem, ScoreKind
from cribkit.web.site.i18n import N_

__all__ = [
    "chinese_number",
    "spoken_count",
    "spoken_event",
    "spoken_item",
    "spoken_items",
    "spoken_show",
]

_DIGITS = "零一二三四五六七八九"


def chinese_number(n: int) -> str:
    """Chinese numerals for 0 <= n < 1000, as a score is said: 六, 十二, 二十九, 一百零五."""
    if not 0 <= n < 1000:
        raise ValueError(f"no words for {n}")
    if n < 10:
        return _DIGITS[n]
    if n < 20:
        return "十" + ("" if n == 10 else _DIGITS[n - 10])
    if n < 100:
        tens, ones = divmod(n, 10)
        return _DIGITS[tens] + "十" + ("" if ones == 0 else _DIGITS[ones])
    hundreds, rest = divmod(n, 100)
    head = _DIGITS[hundreds] + "百"
    if rest == 0:
        return head
    if rest < 10:
        return head + "零" + _DIGITS[rest]
    return head + ("一" if rest < 20 else "") + chinese_number(rest)  # 一百一十五


_NUMBERS: dict[str, Callable[[int], str]] = {"zh": chinese_number}
"""How each translated language says a number (by the catalogue's own language tag)."""

_ITEMS: dict[ScoreKind, str] = {
    ScoreKind.FIFTEEN: N_("fifteen %(n)s"),
    ScoreKind.THIRTY_ONE: N_("thirty-one for %(n)s"),
    ScoreKind.PAIR: N_("a pair"),
    ScoreKind.PAIR_ROYAL: N_("pair royal for %(n)s"),
    ScoreKind.DOUBLE_PAIR_ROYAL: N_("double pair royal for %(n)s"),
    ScoreKind.RUN: N_("a run of %(length)s"),
    ScoreKind.DOUBLE_RUN: N_("a double run of %(length)s for %(n)s"),
    ScoreKind.TRIPLE_RUN: N_("a triple run of %(length)s for %(n)s"),
    ScoreKind.DOUBLE_DOUBLE_RUN: N_("a double double run of %(length)s for %(n)s"),
    ScoreKind.FLUSH: N_("a flush for %(n)s"),
    ScoreKind.NOBS: N_("his nobs for %(n)s"),
    ScoreKind.HEELS: N_("his heels for %(n)s"),
    ScoreKind.GO: N_("one for the go"),
    ScoreKind.LAST_CARD: N_("one for last"),
    ScoreKind.CLAIM: N_("%(n)s, as counted"),
    ScoreKind.MUGGINS: N_("muggins for %(n)s"),
}
"""Each item as said on its own; ``n`` is its points (a fifteen's: the fifteens so far)."""


def _number_speaker(translations: gettext.NullTranslations) -> Callable[[int], str] | None:
    """The reader's way of saying numbers, or None for English (the engine's own words)."""
    tag = str(translations.info().get("language", ""))
    return _NUMBERS.get(tag.split("_")[0].split("-")[0].lower())


def _said(
    item: ScoreItem, n: int, number: Callable[[int], str], tr: gettext.NullTranslations
) -> str:
    """One item in the reader's words alone (no English)."""
    length = len({card.rank for card in item.cards})
    return tr.gettext(_ITEMS[item.kind]) % {"n": number(n), "length": number(length)}


def _points_said(items: Sequence[ScoreItem]) -> list[int]:
    """The number said with each item: a fifteen's running count of fifteens, else its points."""
    said, fifteens = [], 0
    for item in items:
        if item.kind is ScoreKind.FIFTEEN:
            fifteens += item.points
            said.append(fifteens)
        else:
            said.append(item.points)
    return said


def _beside(said: str, call: str, tr: gettext.NullTranslations) -> str:
    return tr.gettext(N_("%(said)s (%(call)s)")) % {"said": said, "call": call}


def spoken_items(breakdown: Breakdown, translations: gettext.NullTranslations) -> list[str]:
    """Each item of ``breakdown`` as said aloud, in the reader's language with the English
    call beside (English alone for an English reader)."""
    number = _number_speaker(translations)
    if number is None:
        return [item.call for item in breakdown.items]
    return [
        _beside(_said(item, n, number, translations), item.call, translations)
        for item, n in zip(breakdown.items, _points_said(breakdown.items), strict=True)
    ]


def spoken_item(item: ScoreItem, translations: gettext.NullTranslations) -> str:
    """One item scored on its own (a card in the play, heels, a go) as said aloud."""
    return spoken_items(Breakdown((item,)), translations)[0]


def spoken_count(breakdown: Breakdown, translations: gettext.NullTranslations) -> str:
    """The whole count as said aloud: "十五得二、十五得四，一对共六分（fifteen two, fifteen
    four and a pair is six）" in Chinese, the engine's call alone in English."""
    number = _number_speaker(translations)
    if number is None:
        return breakdown.call
    tr = translations.gettext
    if not breakdown.items:
        return _beside(tr(N_("no points")), breakdown.call, translations)
    said, running = "", 0
    for item, n in zip(breakdown.items, _points_said(breakdown.items), strict=True):
        running += item.points
        words = _said(item, n, number, translations)
        if not said:
            said = words
        elif item.kind is ScoreKind.FIFTEEN:
            said = tr(N_("%(said)s, %(fifteen)s")) % {"said": said, "fifteen": words}
        else:
            said = tr(N_("%(said)s and %(item)s is %(total)s")) % {
                "said": said,
                "item": words,
                "total": number(running),
            }
    return _beside(said, breakdown.call, translations)


def spoken_show(show: Show, translations: gettext.NullTranslations) -> dict[str, object]:
    """A show's JSON plus its count said aloud (whole and item by item) for the page."""
    return {
        **show.to_dict(),
        "spoken": spoken_count(show.breakdown, translations),
        "spoken_items": spoken_items(show.breakdown, translations),
    }


def spoken_event(event: ScoreEvent, translations: gettext.NullTranslations) -> dict[str, object]:
    """A score event's JSON plus its item said aloud."""
    return {**event.to_dict(), "spoken": spoken_item(event.item, translations)}
