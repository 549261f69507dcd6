"""The calculator page: the worked examples, state in the address, the card grid, errors."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from html_support import Element, parse_html

from cribkit.cards import parse_card, parse_cards
from cribkit.scoring import score_show

# RULES.md "Worked examples (every engine must agree)": cards, as a hand, as a crib.
RULES_EXAMPLES = [
    ("5C 5D 5H JS", "5S", 29, 29),
    ("4S 5S 6S JS", "9H", 13, 9),
    ("5C 6D 7H 7S", "8D", 14, 14),
    ("AH 3H 7H KH", "QC", 4, 0),
    ("AH 3H 7H KH", "QH", 5, 5),
    ("2C 3D 3H 4S", "AC", 10, 10),
]


def _page(client: Any, **params: str) -> Element:
    response = client.get("/calculator", params=params)
    assert response.status_code == 200
    return parse_html(response.text)


def _total(page: Element) -> int:
    return int(page.find_all(cls="big-number")[0].attrs["data-total"])


@pytest.mark.parametrize(("hand", "starter", "as_hand", "as_crib"), RULES_EXAMPLES)
def test_worked_examples(client: Any, hand: str, starter: str, as_hand: int, as_crib: int) -> None:
    assert _total(_page(client, hand=hand, starter=starter, crib="0")) == as_hand
    assert _total(_page(client, hand=hand, starter=starter, crib="1")) == as_crib


def test_breakdown_lists_every_item_in_counting_order(client: Any) -> None:
    page = _page(client, hand="5H 5D 5C JS", starter="5S")
    expected = score_show(parse_cards("5H 5D 5C JS"), parse_card("5S"), crib=False)
    rows = page.find_all("table", cls="breakdown")[0].find_all("tbody")[0].find_all("tr")
    assert [row.find_all("td")[-1].text() for row in rows] == [i.call for i in expected.items]
    assert [int(row.find_all("td")[2].text()) for row in rows] == [i.points for i in expected.items]
    first_cards = [span.attrs["data-card"] for span in rows[0].find_all(cls="card")]
    assert first_cards == [str(card) for card in expected.items[0].cards]
    assert expected.call in page.find_all("p", cls="call")[0].text()
    assert expected.call.endswith("one for his nobs is twenty-nine")


def test_five_cards_in_one_field_and_liberal_notation(client: Any) -> None:
    typed = _page(client, hand="5h, 5d 5c js 5♠")
    assert _total(typed) == 29
    assert typed.by_id("hand").attrs["value"] == "5H 5D 5C JS"
    assert typed.by_id("starter").attrs["value"] == "5S"


def test_zero_hand_says_so(client: Any) -> None:
    page = _page(client, hand="2C 4D 6H 8S", starter="KC")
    assert _total(page) == 0
    assert "Nothing scores" in page.find_all("table", cls="breakdown")[0].text()


def _grid_links(page: Element) -> dict[str, str]:
    return {a.attrs["data-card"]: a.attrs["href"] for a in page.find_all("a", cls="pick")}


def _query(url: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(url).query)


def test_grid_links_fill_the_hand_then_the_starter(client: Any) -> None:
    url = "/calculator"
    for card in ("5H", "5D", "5C", "JS", "5S"):
        url = _grid_links(parse_html(client.get(url).text))[card]
    assert _query(url) == {"hand": ["5H 5D 5C JS"], "starter": ["5S"], "crib": ["0"]}
    page = parse_html(client.get(url).text)
    assert _total(page) == 29
    chosen = {a.attrs["data-card"]: a.classes for a in page.find_all("a", cls="chosen")}
    assert set(chosen) == {"5H", "5D", "5C", "JS", "5S"} and "starter" in chosen["5S"]
    links = _grid_links(page)
    assert _query(links["5D"]) == {"hand": ["5H 5C JS"], "starter": ["5S"], "crib": ["0"]}
    assert _query(links["5S"]) == {"hand": ["5H 5D 5C JS"], "crib": ["0"]}
    assert _query(links["KC"])["starter"] == ["KC"]  # hand full: a new card replaces the starter


def test_crib_toggle_and_play_are_kept_in_links(client: Any) -> None:
    page = _page(client, hand="AH 3H 7H KH", starter="QC", crib="0", play="6D 4C")
    toggle = next(a for a in page.find_all("a", cls="toggle") if "crib" in a.text())
    assert _query(toggle.attrs["href"])["crib"] == ["1"]
    assert _query(toggle.attrs["href"])["play"] == ["6D 4C"]
    assert _total(parse_html(client.get(toggle.attrs["href"]).text)) == 0


@pytest.mark.parametrize(
    ("params", "field", "words"),
    [
        ({"hand": "5H 5H 5C JS", "starter": "5S"}, "hand", "5♥ appears twice"),
        ({"hand": "5H 5D 5C JS", "starter": "JS"}, "starter", "The starter J♠ is also in the hand"),
        ({"hand": "5H 5D 5C JS JS"}, "starter", "The starter J♠ is also in the hand"),
        ({"hand": "5H 5D 5C JS"}, "starter", "no starter"),
        ({"hand": "5H 5x 5C JS", "starter": "5S"}, "hand", "“5x” is not a card"),
        ({"hand": "5H 5D", "starter": "5S"}, "hand", "you chose 2"),
        ({"hand": "AH 2H 3H 4H 5H 6H"}, "hand", "you gave 6"),
        ({"hand": "5H 5D 5C JS", "starter": "5S 6S"}, "starter", "one card"),
        ({"hand": "5H " * 80}, "hand", "too long"),
    ],
)
def test_bad_input_is_explained_beside_its_field(
    client: Any, params: dict[str, str], field: str, words: str
) -> None:
    response = client.get("/calculator", params=params)
    assert response.status_code == 200
    page = parse_html(response.text)
    assert words in page.by_id(f"{field}-error").text()
    assert page.by_id(field).attrs["aria-invalid"] == "true"
    assert page.find_all(cls="big-number") == []


def test_pegging_examples_from_the_rules(client: Any) -> None:
    def points(play: str) -> list[tuple[int, int]]:
        page = _page(client, play=play)
        rows = page.find_all("table", cls="pegging")[0].find_all("tbody")[0].find_all("tr")
        return [(int(r.attrs["data-count"]), int(r.attrs["data-points"])) for r in rows]

    assert points("AD 7C 7H") == [(1, 0), (8, 0), (15, 4)]
    assert points("6D 4C 5H 3S") == [(6, 0), (10, 0), (15, 5), (18, 4)]
    assert points("8C 6D 7H") == [(8, 0), (14, 0), (21, 3)]
    assert points("QS 9D 8C 4H") == [(10, 0), (19, 0), (27, 0), (31, 2)]
    assert points("QS 9D 8C go 7H") == [(10, 0), (19, 0), (27, 0), (27, 1), (7, 0)]
    assert points("QS 9D 8C 4H go 7H") == [(10, 0), (19, 0), (27, 0), (31, 2), (7, 0)]


@pytest.mark.parametrize(
    ("play", "words"),
    [
        ("QS 9D 8C 5H", "from 27 to 32, past 31"),
        ("go 5H", "A go comes after a card"),
        ("5H 5H", "appears twice"),
        ("AC 2C 3C 4C AD 2D 3D 4D AH", "you gave 9"),
        ("6D 4C zz", "“zz” is not a card"),
    ],
)
def test_pegging_errors(client: Any, play: str, words: str) -> None:
    response = client.get("/calculator", params={"play": play})
    assert response.status_code == 200
    page = parse_html(response.text)
    assert words in page.by_id("play-error").text()
    assert page.find_all("table", cls="pegging") == []


def test_both_calculators_keep_each_others_state(client: Any) -> None:
    page = _page(client, hand="5H 5D 5C JS", starter="5S", play="6D 4C 5H 3S")
    assert _total(page) == 29
    assert len(page.find_all("table", cls="pegging")[0].find_all("tbody")[0].find_all("tr")) == 4
    peg_form = page.by_id("peg").find_all("form")[0]
    hidden = {
        i.attrs["name"]: i.attrs["value"]
        for i in peg_form.find_all("input")
        if i.attrs.get("type") == "hidden"
    }
    assert hidden == {"hand": "5H 5D 5C JS", "starter": "5S", "crib": "0"}
