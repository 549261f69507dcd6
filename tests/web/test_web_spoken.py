"""A count said aloud in the reader's language: Chinese first, built item by item from the
engine's breakdown, with the English call beside; English readers keep the engine's call."""

from __future__ import annotations

import gettext
from typing import Any

import pytest
from html_support import parse_html

from cribkit.cards import parse_card, parse_cards
from cribkit.scoring import Breakdown, score_play, score_show
from cribkit.web.site.i18n import Catalogues, language_by_code
from cribkit.web.site.spoken import chinese_number, spoken_count, spoken_item, spoken_items

ZH = {"Accept-Language": "zh-CN"}


@pytest.fixture(scope="module")
def zh() -> gettext.NullTranslations:
    language = language_by_code("zh")
    assert language is not None
    return Catalogues().get(language)


def show(hand: str, starter: str, *, crib: bool = False) -> Breakdown:
    return score_show(parse_cards(hand), parse_card(starter), crib=crib)


@pytest.mark.parametrize(
    ("n", "words"),
    [(0, "零"), (2, "二"), (10, "十"), (16, "十六"), (20, "二十"), (29, "二十九"),
     (100, "一百"), (105, "一百零五"), (110, "一百一十"), (115, "一百一十五"), (121, "一百二十一")],
)  # fmt: skip
def test_chinese_numerals(n: int, words: str) -> None:
    assert chinese_number(n) == words


def test_numbers_out_of_range_are_refused() -> None:
    for bad in (-1, 1000):
        with pytest.raises(ValueError, match="no words"):
            chinese_number(bad)


def test_the_issue_example_is_said_in_chinese_with_the_english_beside(zh: Any) -> None:
    breakdown = show("5H 5D KC 2S", "9H")
    assert breakdown.call == "fifteen two, fifteen four and a pair is six"
    assert spoken_count(breakdown, zh) == (
        "十五得二、十五得四，一对共六分（fifteen two, fifteen four and a pair is six）"
    )
    assert spoken_items(breakdown, zh) == [
        "十五得二（fifteen two）",
        "十五得四（fifteen four）",
        "一对（a pair）",
    ]


def test_every_item_kind_of_a_show_is_said_in_chinese(zh: Any) -> None:
    double_run = show("7H 7D 8C 9S", "KH")
    assert spoken_count(double_run, zh).startswith("十五得二、十五得四，三张双顺得八共十二分（")
    nineteen_nobs = show("5H 5D 5C JS", "5S")
    said = spoken_count(nineteen_nobs, zh)
    assert "十五得十六，四条得十二共二十八分，右杰克得一共二十九分（" in said
    flush = show("2H 3H 6H 8H", "KC", crib=False)
    assert spoken_count(flush, zh).startswith("十五得二，同花得四共六分（")
    assert spoken_count(show("2C 4D 6H 8S", "KH"), zh) == "没有得分（nothing）"


def test_a_card_in_the_play_is_said_in_chinese(zh: Any) -> None:
    run = score_play(parse_cards("4H 5D"), parse_card("6C"))
    assert [spoken_item(item, zh) for item in run.items] == [
        "十五得二（fifteen two）",
        "三张顺（a run of three）",
    ]
    thirty_one = score_play(parse_cards("KH QD 5C"), parse_card("6C"))
    assert spoken_item(thirty_one.items[0], zh) == "三十一得二（thirty-one for two）"


def test_an_english_reader_hears_the_engines_call_unchanged() -> None:
    english = gettext.NullTranslations()
    breakdown = show("5H 5D KC 2S", "9H")
    assert spoken_count(breakdown, english) == breakdown.call
    assert spoken_items(breakdown, english) == [item.call for item in breakdown.items]


def test_the_calculator_says_the_count_in_chinese_first(client: Any) -> None:
    page = parse_html(client.get("/calculator?hand=5H+5D+KC+2S&starter=9H", headers=ZH).text)
    said = page.find_all("p", cls="call")[0].text()
    assert "十五得二、十五得四，一对共六分（fifteen two, fifteen four and a pair is six）" in said
    talk = [cell.text() for cell in page.find_all("td", cls="talk")]
    assert talk == ["十五得二（fifteen two）", "十五得四（fifteen four）", "一对（a pair）"]
    english = parse_html(client.get("/calculator?hand=5H+5D+KC+2S&starter=9H").text)
    assert [cell.text() for cell in english.find_all("td", cls="talk")] == [
        "fifteen two",
        "fifteen four",
        "a pair",
    ]
