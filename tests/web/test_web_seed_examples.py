"""Every example of the seeds on /rules and /reference, with the engine's live totals.

Each example is found by its id, its cards are read back from the page and scored again
here with the engine, and the number shown must be that score (and the rules' number, so
a broken engine cannot agree with itself). Both languages carry the same examples.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from html_support import Element, parse_html

from cribkit.cards import parse_card, parse_cards
from cribkit.scoring import score_cards, score_play, score_show

LANGUAGES = ["en", "zh-CN"]


def _page(client: Any, path: str, language: str) -> Element:
    response = client.get(path, headers={"Accept-Language": language})
    assert response.status_code == 200
    return parse_html(response.text)


def _cards(element: Element) -> list[str]:
    return [card.attrs["data-card"] for card in element.find_all(cls="card")]


def _family(cards: str, family: str) -> int:
    return score_cards(parse_cards(cards)).subtotals().get(family, 0)


def _show_family(cards: str, family: str, *, crib: bool = False) -> int:
    hand = parse_cards(cards)
    return score_show(hand[:4], hand[4], crib=crib).subtotals().get(family, 0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_way_to_score_has_the_seed_example(client: Any, language: str) -> None:
    page = _page(client, "/rules", language)
    fifteens = page.by_id("way-fifteen").find_all(cls="seed-line")
    assert [_cards(line) for line in fifteens] == [["9S", "6D"], ["KC", "5H"], ["7D", "5S", "3C"]]
    for line in fifteens:
        points = _family(" ".join(_cards(line)), "fifteens")
        assert int(line.attrs["data-points"]) == points == 2

    pairs = page.by_id("way-pairs")
    eights = pairs.find_all(cls="seed-line")
    assert _cards(eights[0]) == ["8S", "8C", "8H"]
    assert int(eights[0].attrs["data-points"]) == _family("8S 8C 8H", "pairs") == 6
    each = page.by_id("way-pairs-each").find_all(cls="seed-line")
    assert [_cards(two) for two in each] == [["8S", "8C"], ["8S", "8H"], ["8C", "8H"]]
    assert all(
        int(two.attrs["data-points"]) == _family(" ".join(_cards(two)), "pairs") == 2
        for two in each
    )

    run = page.by_id("way-run").find_all(cls="seed-line")[0]
    assert _cards(run) == ["4C", "5D", "6S"]
    assert int(run.attrs["data-points"]) == _family("4C 5D 6S", "runs") == 3
    double = page.by_id("way-double-run")
    assert _cards(double.find_all(cls="seed-line")[0]) == ["4C", "5D", "6S", "5H"]
    assert int(double.find_all(cls="seed-line")[0].attrs["data-points"]) == 6
    assert _family("4C 5D 6S 5H", "runs") + _family("4C 5D 6S 5H", "pairs") == 8
    assert re.search(r"\b8\b", double.text())

    flush = page.by_id("way-flush")
    totals = [int(p.attrs["data-total"]) for p in flush.find_all("strong", cls="points")]
    hand, crib = parse_cards("4S 5S 9S JS"), parse_card("2H")
    assert totals == [
        score_show(hand, crib, crib=False).total,
        score_show(hand, crib, crib=True).total,
    ]
    assert _show_family("4S 5S 9S JS 2H", "flush") == 4
    assert _show_family("4S 5S 9S JS 2H", "flush", crib=True) == 0
    note = page.by_id("way-flush-note").text()
    assert re.search(r"\b4\b.*\b0\b", note)

    nobs = page.by_id("way-nobs")
    assert "JH" in _cards(nobs) and _cards(nobs)[4] == "4H"
    assert _show_family("JH 6C 8D KS 4H", "nobs") == 1
    assert re.search(r"\b1\b", page.by_id("way-nobs-note").text())

    heels = page.by_id("way-heels")
    assert int(heels.attrs["data-points"]) == 2 and int(heels.attrs["data-score"]) == 121
    assert "119" in heels.text() and "121" in heels.text() and "J♥" in heels.text()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_play_shows_a_run_of_four_and_the_counter_example(client: Any, language: str) -> None:
    page = _page(client, "/rules", language)
    for element_id, play, expected in [
        ("play-run-of-four", "2H 8C 6D 7H 5S", 4),
        ("play-not-a-run", "2H 5C 7C 7D 6S", 0),
    ]:
        block = page.by_id(element_id)
        line = block.find_all(cls="example-line")[0]
        assert _cards(line) == play.split()
        cards = parse_cards(play)
        points = score_play(cards[:-1], cards[-1]).total
        assert int(line.attrs["data-points"]) == points == expected
        assert re.search(rf"\b{expected}\b", block.text())


SHOW_ITEMS = {  # row id -> (cards on the page, the family the row scores, seed's points)
    "show-jacks": ("JH JS 5C", "fifteens", 4),
    "show-queens": ("QS QD", "pairs", 2),
    "show-eights": ("8S 8C 8H", "pairs", 6),
    "show-aces": ("AH AS AD AC", "pairs", 12),
    "show-run": ("AS 2H 3C 4D", "runs", 4),
    "show-flush-four": ("AS 5S 9S JS 2D", "flush", 4),
    "show-flush-five": ("AS 5S 9S JS QS", "flush", 5),
    "show-nobs": ("JH 6C 8D KS 4H", "nobs", 1),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_show_examples_of_the_second_seed(client: Any, language: str) -> None:
    page = _page(client, "/rules", language)
    for row_id, (cards, family, points) in SHOW_ITEMS.items():
        row = page.by_id(row_id)
        shown = _cards(row.find_all("td")[0])
        assert shown == cards.split(), row_id
        engine = _show_family(cards, family) if len(shown) == 5 else _family(cards, family)
        assert int(row.attrs["data-points"]) == engine == points, row_id
        assert row.find_all("td")[-1].text() == str(points)
    jacks = page.by_id("show-jacks").find_all("td")[1]
    assert [_cards(cards) for cards in jacks.find_all(cls="cards")] == [
        ["5C", "JH"],
        ["5C", "JS"],
    ]


def test_the_history_in_both_languages(client: Any) -> None:
    english = _page(client, "/rules", "en").by_id("history").text()
    for words in ["Suckling", "Noddy", "sailors", "seventeenth century", "American colonies"]:
        assert words in english
    chinese = _page(client, "/rules", "zh-CN").by_id("history").text()
    for words in ["萨克林", "Suckling", "诺迪", "Noddy", "水手", "十七世纪"]:
        assert words in chinese


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_sheet_names_its_sources(client: Any, language: str) -> None:
    sources = _page(client, "/reference", language).by_id("sources")
    text = sources.text()
    for words in ["2025", "2026-11-04", "1.3", "1.5–1.7", "6.3", "7.1–7.2", "8.2", "9.2–9.3"]:
        assert words in text
    links = [a.attrs["href"] for a in sources.find_all("a")]
    assert links == [
        "https://www.cribbage.org/rules/",
        "https://www.cribbage.org/rules/rule1.asp",
        "https://www.pagat.com/adders/crib6.html",
        "http://www.cribbagecorner.com/",
    ]
    assert "ACC" in text and "pagat.com" in text and "Cribbage Corner" in text


SHEET_WORDS = {
    "en": {
        "rule-go": "plays every card they legally can",
        "rule-zero": "nineteen",
        "rule-skunk": "two games",
        "go-31": ("pone", "dealer"),
    },
    "zh-CN": {
        "rule-go": "所有还能合法打出的牌",
        "rule-zero": "十九",
        "rule-skunk": "两局",
        "go-31": ("闲家", "庄家"),
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_sheet_says_zero_go_and_skunk(client: Any, language: str) -> None:
    page = _page(client, "/reference", language)
    words = SHEET_WORDS[language]
    assert words["rule-go"] in page.by_id("rule-go").text()
    zero = page.by_id("rule-zero")
    assert words["rule-zero"] in zero.text()
    shown = zero.find_all("strong", cls="points")[0]
    assert int(shown.attrs["data-total"]) == 0
    assert score_show(parse_cards("2C 4D 6H 8S"), parse_card("KH"), crib=False).total == 0
    skunk = page.by_id("rule-skunk").text()
    assert words["rule-skunk"] in skunk and "91" in skunk and "61" in skunk


@pytest.mark.parametrize("language", LANGUAGES)
def test_example_four_says_who_played_which_card(client: Any, language: str) -> None:
    page = _page(client, "/reference", language)
    example = page.by_id("example-go-31")
    lines = example.find_all(cls="example-line")
    assert [_cards(line) for line in lines] == [["QS", "9D", "8C", "4H"], ["QS", "9D", "8C"]]
    assert [int(line.attrs["data-points"]) for line in lines] == [2, 1]
    cards = parse_cards("QS 9D 8C 4H")
    assert score_play(cards[:3], cards[3]).total == 2
    told = " ".join(p.text() for p in example.find_all("p")[1:])
    pone, dealer = SHEET_WORDS[language]["go-31"]
    for card in ["Q♠", "9♦", "8♣", "4♥"]:
        assert card in told
    # the pone plays the queen and the eight, the dealer the nine
    assert told.index(pone) < told.index("Q♠") < told.index(dealer) < told.index("9♦")
    assert "27" in told and "31" in told
