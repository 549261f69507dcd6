"""The rules page and the score sheet: every example is the engine's answer, both languages."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from html_support import Element, parse_html

from cribkit.cards import parse_card, parse_cards
from cribkit.scoring import ScoreKind, score_play, score_show

SHOW_EXAMPLES = {  # rules page id -> (hand, starter, crib)
    "example-thirteen": ("4S 5S 6S JS", "9H", False),
    "example-thirteen-crib": ("4S 5S 6S JS", "9H", True),
    "example-double-run": ("5C 6D 7H 7S", "8D", False),
    "example-perfect": ("5C 5D 5H JS", "5S", False),
}
PLAY_EXAMPLES = {  # rules page id -> cards in order; the last one's points
    "play-fifteen-pair": "AD 7C 7H",
    "play-run-out-of-order": "6D 4C 5H 3S",
    "play-run-of-three": "8C 6D 7H",
    "play-thirty-one": "QS 9D 8C 4H",
}


def _get(client: Any, path: str, language: str = "en") -> Element:
    response = client.get(path, headers={"Accept-Language": language})
    assert response.status_code == 200
    return parse_html(response.text)


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_rules_show_examples_come_from_the_engine(client: Any, language: str) -> None:
    page = _get(client, "/rules", language)
    for element_id, (hand, starter, crib) in SHOW_EXAMPLES.items():
        expected = score_show(parse_cards(hand), parse_card(starter), crib=crib)
        block = page.by_id(element_id)
        assert int(block.find_all("strong", cls="points")[0].attrs["data-total"]) == expected.total
        rows = block.find_all("table", cls="breakdown")[0].find_all("tbody")[0].find_all("tr")
        said = [row.find_all("td")[-1].text() for row in rows]
        if language == "en":
            assert said == [i.call for i in expected.items]
        else:  # Chinese first, the English call beside it
            assert [text.rsplit("（", 1)[1] for text in said] == [
                f"{i.call}）" for i in expected.items
            ]
        assert str(expected.total) in block.find_all("h3")[0].text()


def test_rules_numbers_match_rules_md(client: Any) -> None:
    page = _get(client, "/rules")
    totals = {
        element_id: int(
            page.by_id(element_id).find_all("strong", cls="points")[0].attrs["data-total"]
        )
        for element_id in SHOW_EXAMPLES
    }
    assert totals == {
        "example-thirteen": 13,
        "example-thirteen-crib": 9,
        "example-double-run": 14,
        "example-perfect": 29,
    }


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_rules_play_examples_come_from_the_engine(client: Any, language: str) -> None:
    page = _get(client, "/rules", language)
    for element_id, play in PLAY_EXAMPLES.items():
        cards = parse_cards(play)
        expected = score_play(cards[:-1], cards[-1]).total
        line = page.by_id(element_id).find_all(cls="example-line")[0]
        assert int(line.attrs["data-points"]) == expected
        assert re.search(rf"\b{expected}\b", page.by_id(element_id).text())
    go = page.by_id("play-go").find_all(cls="example-line")[0]
    assert "go" in go.text()


def test_rules_cover_the_deal_scoring_talk_and_disputes(client: Any) -> None:
    text = _get(client, "/rules").text()
    for words in [
        "two for his heels",
        "one for his nobs",
        "thirty-one for two",
        "one for the go",
        "Q-K-A is not",
        "muggins",
        "stinkhole",
        "four points wins before the dealer",
        "pone",
    ]:
        assert words.lower() in text.lower()
    zh = _get(client, "/rules", "zh-CN").text()
    for words in ["闲家", "庄家", "底牌", "翻牌", "fifteen two", "K-A-2 算顺子吗？", "stinkhole"]:
        assert words in zh


@pytest.mark.parametrize(("path", "examples"), [("/rules", 18), ("/reference", 8)])
def test_every_example_link_opens_the_same_answer_in_the_calculator(
    client: Any, path: str, examples: int
) -> None:
    page = _get(client, path)
    lines = page.find_all(cls="example-line")
    assert len(lines) == examples
    for line in lines:
        link = line.find_all("a", cls="try")[0].attrs["href"]
        assert link.startswith("/calculator?")
        answer = _get(client, link)
        if "data-points" in line.attrs:
            rows = answer.find_all("table", cls="pegging")[0].find_all("tbody")[0].find_all("tr")
            assert int(rows[-1].attrs["data-points"]) == int(line.attrs["data-points"])
            assert parse_qs(urlsplit(link).query)["play"]
        else:
            shown = int(line.find_all("strong", cls="points")[0].attrs["data-total"])
            assert int(answer.find_all(cls="big-number")[0].attrs["data-total"]) == shown


def test_score_sheet_multiple_runs_come_from_the_engine(client: Any) -> None:
    page = _get(client, "/reference")
    rows = page.by_id("multi-runs").find_all("tbody")[0].find_all("tr")
    points = []
    for row in rows:
        query = parse_qs(urlsplit(row.find_all("a")[0].attrs["href"]).query)
        hand = score_show(
            parse_cards(query["hand"][0]), parse_card(query["starter"][0]), crib=False
        )
        multi = [
            i
            for i in hand.items
            if i.kind in (ScoreKind.DOUBLE_RUN, ScoreKind.TRIPLE_RUN, ScoreKind.DOUBLE_DOUBLE_RUN)
        ]
        (item,) = multi
        shown = int(row.find_all("td", cls="num")[0].text())
        assert shown == item.points
        runs, pairs = row.find_all("td", cls="formula")[0].text().split(" + ")
        count, length = (int(n) for n in runs.split(" × "))
        assert count * length + int(pairs) == shown
        points.append(shown)
    assert sorted(points) == [8, 10, 15, 16]  # the shortcuts every score sheet prints


def test_score_sheet_has_its_parts_in_both_languages(client: Any) -> None:
    for language, words in [
        ("en", ["What scores where", "Exceptions", "Five worked examples", "Quick questions"]),
        ("zh-CN", ["各情境得分一览", "例外", "五个算例", "常见问题"]),
    ]:
        page = _get(client, "/reference", language)
        text = page.text()
        assert all(word in text for word in words)
        examples = page.by_id("examples").find_all("li")
        assert len([li for li in examples if li.find_all("h3")]) == 5
        # nothing to run: it prints as served (the site-wide worker registration aside)
        scripts = [s.attrs.get("src", "") for s in page.find_all("script")]
        assert [src for src in scripts if not src.startswith("/static/js/pwa.js?")] == []
    flush = _get(client, "/reference").by_id("examples").find_all(cls="example-line")
    hand_total = score_show(parse_cards("AH 3H 7H KH"), parse_card("QC"), crib=False).total
    crib_total = score_show(parse_cards("AH 3H 7H KH"), parse_card("QC"), crib=True).total
    shown = [int(line.find_all("strong")[0].attrs["data-total"]) for line in flush[:2]]
    assert shown == [hand_total, crib_total] == [4, 0]
