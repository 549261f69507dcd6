"""The tool pages in headless Chromium: clicking cards, the advisor, the printed sheet.

Screenshots only when asked (``CRIBKIT_SCREENSHOTS=dir``); the printed pages go there too,
else to a temporary folder, to be read back.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from pypdf import PdfReader

from cribkit.cards import parse_cards
from cribkit.scoring import score_show
from screenshots import Snap

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def page(browser: Any, live_server: str) -> Iterator[Any]:
    """A fresh page (own cookies) that records every URL the browser asks for."""
    context = browser.new_context(viewport=DESKTOP, base_url=live_server)
    tab = context.new_page()
    tab.requested = []
    tab.on("request", lambda request: tab.requested.append(request.url))
    yield tab
    context.close()


def _click_cards(page: Any, *cards: str) -> None:
    for card in cards:
        page.locator(f'.deck a.pick[data-card="{card}"]').click()
        page.locator(f'.deck a.pick.chosen[data-card="{card}"]').wait_for()


def _only_this_host(page: Any, base_url: str) -> None:
    foreign = [url for url in page.requested if not url.startswith((base_url, "data:"))]
    assert foreign == []


def test_calculator_by_clicking_cards(page: Any, live_server: str, snap: Snap) -> None:
    page.goto("/calculator")
    _click_cards(page, "5H", "5D", "5C", "JS", "5S")
    expected = score_show(parse_cards("5H 5D 5C JS"), parse_cards("5S")[0], crib=False)
    assert page.locator(".big-number").inner_text() == str(expected.total)
    assert page.locator(".breakdown tbody tr").count() == len(expected.items)
    assert page.locator(".call").get_attribute("data-call") == expected.call
    assert expected.call in page.locator(".call").inner_text()
    query = parse_qs(urlsplit(page.url).query)
    assert query["hand"] == ["5H 5D 5C JS"] and query["starter"] == ["5S"]
    snap(page, "calculator-desktop.png", full_page=True)
    _only_this_host(page, live_server)


def test_calculator_clicks_work_without_javascript(
    browser: Any, live_server: str, snap: Snap
) -> None:
    context = browser.new_context(
        viewport=PHONE, base_url=live_server, java_script_enabled=False, is_mobile=True
    )
    page = context.new_page()
    page.goto("/calculator")
    for card in ("4S", "5S", "6S", "JS", "9H"):
        with page.expect_navigation():  # each pick is a new page; read the new one, not the old
            page.locator(f'.deck a.pick[data-card="{card}"]').click()
    hand = score_show(parse_cards("4S 5S 6S JS"), parse_cards("9H")[0], crib=False)
    assert page.locator(".big-number").inner_text() == str(hand.total)
    with page.expect_navigation():
        page.get_by_role("link", name="Count it as a crib").click()
    crib = score_show(parse_cards("4S 5S 6S JS"), parse_cards("9H")[0], crib=True)
    assert page.locator(".big-number").inner_text() == str(crib.total)
    snap(page, "calculator-phone-nojs.png", full_page=True)
    context.close()


def test_typed_cards_and_friendly_errors(page: Any, snap: Snap) -> None:
    page.goto("/calculator")
    page.fill("#hand", "5h 5x")
    page.locator("#show form button[type=submit]").click()
    error = page.locator("#hand-error")
    assert "5x" in error.inner_text()
    page.fill("#play", "QS 9D 8C 5H")
    page.locator("#peg form button[type=submit]").click()
    assert "31" in page.locator("#play-error").inner_text()
    snap(page, "calculator-errors.png", full_page=True)


def test_pegging_calculator(page: Any) -> None:
    page.goto("/calculator")
    page.fill("#play", "6d 4c 5h 3s")
    page.locator("#peg form button[type=submit]").click()
    rows = page.locator(".pegging tbody tr")
    assert rows.count() == 4
    assert rows.nth(2).locator("td").nth(2).inner_text() == "5"
    assert rows.nth(3).locator("td").nth(1).inner_text() == "18"


def test_advisor_by_clicking(page: Any, live_server: str, snap: Snap) -> None:
    page.goto("/advisor")
    _click_cards(page, "5H", "5D", "5C", "JS", "4D", "KC")
    rows = page.locator(".holds tbody tr")
    assert rows.count() == 15
    assert page.locator(".holds tr.best").count() == 1
    assert rows.first.get_attribute("class").startswith("best")
    assert page.locator(".explanation").inner_text().startswith("Keep")
    page.get_by_role("link", name="Switch dealer").click()
    page.locator(".who").filter(has_text="Your opponent deals").wait_for()
    snap(page, "advisor-desktop.png", full_page=True)
    page.set_viewport_size(PHONE)
    snap(page, "advisor-phone.png", full_page=True)
    _only_this_host(page, live_server)


def test_language_switch_sticks(page: Any, live_server: str, snap: Snap) -> None:
    page.goto("/calculator?hand=5H+5D+5C+JS&starter=5S&crib=0")
    page.get_by_role("link", name="简体中文").click()
    assert page.locator("html").get_attribute("lang") == "zh-Hans"
    assert page.locator("h1").inner_text() == "算分器"
    assert "hand=5H" in page.url
    page.get_by_role("link", name="规则").click()
    assert page.locator("h1").inner_text() == "克里比奇怎么玩"
    snap(page, "rules-zh.png", full_page=True)
    page.goto("/calculator?hand=5H+5D+5C+JS&starter=5S&crib=0")
    snap(page, "calculator-zh.png", full_page=True)
    _only_this_host(page, live_server)


# The Chinese sheet prints in the slow tier.
@pytest.mark.parametrize("language", ["en", pytest.param("zh", marks=pytest.mark.slow)])
def test_reference_prints_on_two_pages(
    browser: Any, live_server: str, shots_dir: Path, snap: Snap, language: str
) -> None:
    context = browser.new_context(base_url=live_server)
    page = context.new_page()
    page.goto(f"/lang/{language}?next=/reference")
    snap(page, f"reference-screen-{language}.png", full_page=True)
    for paper in ("A4", "Letter"):
        pdf = shots_dir / f"reference-{language}-{paper}.pdf"
        page.pdf(path=str(pdf), format=paper, print_background=True)
        pages = len(PdfReader(pdf).pages)
        assert 1 <= pages <= 2, f"{paper}: {pages} pages"
        text = "".join(page_.extract_text() for page_ in PdfReader(pdf).pages)
        assert "cribkit" in text and "Calculator" not in text  # no site navigation
        if shutil.which("pdftoppm"):
            subprocess.run(
                ["pdftoppm", "-png", "-r", "60", str(pdf), str(shots_dir / pdf.stem)],
                check=True,
            )
            assert sorted(shots_dir.glob(f"{pdf.stem}*.png"))
    context.close()


@pytest.mark.parametrize("path", ["/", "/calculator", "/advisor", "/rules", "/reference"])
def test_pages_request_nothing_from_other_hosts(page: Any, live_server: str, path: str) -> None:
    page.goto(path + ("?cards=5H+5D+5C+JS+4D+KC" if path == "/advisor" else ""))
    page.wait_for_load_state("networkidle")
    assert any(url.endswith(".css") or ".css?" in url for url in page.requested)
    _only_this_host(page, live_server)
