"""The advisor page: fifteen holds from the engine, the best highlighted and explained."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from html_support import Element, parse_html

from cribkit.analysis import analyze_discard
from cribkit.cards import DECK, format_cards


def _rows(page: Element) -> list[Element]:
    return page.find_all("table", cls="holds")[0].find_all("tbody")[0].find_all("tr")


def _keep(row: Element) -> list[str]:
    return [
        span.attrs["data-card"] for span in row.find_all("td", cls="keep")[0].find_all(cls="card")
    ]


def test_holds_ranked_as_the_engine_ranks_them(client: Any) -> None:
    cards = "5H 5D 5C JS 4D KC"
    page = parse_html(client.get("/advisor", params={"cards": cards, "dealer": "1"}).text)
    rows = _rows(page)
    analysis = analyze_discard(cards, dealer=True)
    assert len(rows) == 15
    assert [_keep(row) for row in rows] == [[str(c) for c in o.keep] for o in analysis.options]
    assert sum("best" in row.classes for row in rows) == 1
    assert "best" in rows[0].classes
    total = rows[0].find_all("td", cls="total")[0].text()
    assert total == f"{analysis.best.total_ev:.2f}"


def test_crib_column_is_signed_by_whose_crib(client: Any) -> None:
    cards = "5H 5D 5C JS 4D KC"
    for dealer, sign in (("1", "+"), ("0", "-")):
        page = parse_html(client.get("/advisor", params={"cards": cards, "dealer": dealer}).text)
        cribs = [row.find_all("td")[-1].text() for row in _rows(page)]
        assert all(value.startswith(sign) for value in cribs)


def _deal_where_the_best_hand_is_not_best(dealer: bool) -> str:
    """Search a fixed slice of deals for one where the crib changes the answer."""
    for six in combinations(DECK[::3], 6):
        analysis = analyze_discard(six, dealer=dealer)
        top = max(analysis.options, key=lambda option: option.hand_ev)
        if top.hand_ev > analysis.best.hand_ev:
            return format_cards(six)
    raise AssertionError("no such deal in the slice")


def test_explains_why_the_best_beats_the_highest_hand(client: Any) -> None:
    for dealer in (True, False):
        cards = _deal_where_the_best_hand_is_not_best(dealer)
        page = parse_html(
            client.get("/advisor", params={"cards": cards, "dealer": "1" if dealer else "0"}).text
        )
        explanation = page.find_all("p", cls="explanation")[0].text()
        assert "rather than" in explanation
        assert ("the crib is yours" if dealer else "the crib is the dealer's") in explanation
        marked = [row for row in _rows(page) if "top-hand" in row.classes]
        assert len(marked) == 1 and "best" not in marked[0].classes
        assert "best hand alone" in marked[0].text()


def test_unfinished_or_bad_deals_are_explained(client: Any) -> None:
    for cards, words in [
        ("5H 5D 5C", "you gave 3"),
        ("5H 5D 5C JS 4D KC 2C", "you gave 7"),
        ("5H 5D 5C JS 4D 4D", "appears twice"),
        ("5H 5D 5C JS 4D 1X", "is not a card"),
    ]:
        response = client.get("/advisor", params={"cards": cards})
        assert response.status_code == 200
        page = parse_html(response.text)
        assert words in page.by_id("cards-error").text()
        assert page.find_all("table", cls="holds") == []


def test_grid_stops_at_six_cards(client: Any) -> None:
    page = parse_html(client.get("/advisor", params={"cards": "5H 5D 5C JS 4D KC"}).text)
    links = page.find_all("a", cls="pick")
    assert {a.attrs["data-card"] for a in links} == {"5H", "5D", "5C", "JS", "4D", "KC"}
    page = parse_html(client.get("/advisor", params={"cards": "5H", "dealer": "0"}).text)
    add = next(a for a in page.find_all("a", cls="pick") if a.attrs["data-card"] == "2C")
    assert add.attrs["href"] == "/advisor?cards=5H+2C&dealer=0"


def test_chinese_page(client: Any) -> None:
    page = parse_html(
        client.get(
            "/advisor", params={"cards": "5H 5D 5C JS 4D KC"}, headers={"Accept-Language": "zh"}
        ).text
    )
    assert page.find_all("h1")[0].text() == "弃牌建议"
    assert page.find_all("p", cls="explanation")[0].text().startswith("留 ")
