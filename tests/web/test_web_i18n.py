"""Languages: negotiation, the sticky switch, and table talk kept in English beside Chinese."""

from __future__ import annotations

from typing import Any

import pytest
from html_support import parse_html

from cribkit.web.site.i18n import LANG_COOKIE, negotiate
from cribkit.web.site.routes_site import safe_next


@pytest.mark.parametrize(
    ("cookie", "header", "expected"),
    [
        (None, None, "en"),
        (None, "zh-CN,zh;q=0.9,en;q=0.8", "zh"),
        (None, "en-US,en;q=0.9,zh-CN;q=0.8", "en"),
        (None, "fr-FR, en;q=0.5, zh;q=0.7", "zh"),
        (None, "zh-Hans", "zh"),
        (None, "zh_TW", "zh"),
        (None, "de, fr", "en"),
        (None, "zh;q=0, en;q=0.1", "en"),
        (None, "zh;q=oops, en", "en"),
        ("zh", "en", "zh"),
        ("en", "zh-CN", "en"),
        ("klingon", "zh-CN", "zh"),
    ],
)
def test_negotiation(cookie: str | None, header: str | None, expected: str) -> None:
    assert negotiate(cookie, header).code == expected


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("/rules", "/rules"),
        ("/calculator?hand=5H+5D", "/calculator?hand=5H+5D"),
        ("//evil.example/x", "/"),
        ("/\\evil.example", "/"),
        ("https://evil.example/", "/"),
        ("", "/"),
        (None, "/"),
    ],
)
def test_switch_only_returns_to_this_site(target: str | None, expected: str) -> None:
    assert safe_next(target) == expected


def _h1(response: Any) -> str:
    return parse_html(response.text).find_all("h1")[0].text()


def test_accept_language_chooses_chinese(client: Any) -> None:
    response = client.get("/calculator", headers={"Accept-Language": "zh-CN,zh;q=0.9"})
    assert _h1(response) == "算分器"
    assert '<html lang="zh-Hans" ' in response.text
    assert response.headers["content-language"] == "zh-Hans"
    english = client.get("/calculator", headers={"Accept-Language": "en-GB"})
    assert _h1(english) == "Score calculator" and '<html lang="en" ' in english.text


def test_switch_sets_a_cookie_that_sticks(client: Any) -> None:
    response = client.get(
        "/lang/zh",
        params={"next": "/rules"},
        headers={"Accept-Language": "en"},
        follow_redirects=False,
    )
    assert response.status_code == 303 and response.headers["location"] == "/rules"
    assert f"{LANG_COOKIE}=zh" in response.headers["set-cookie"]
    assert "Max-Age" in response.headers["set-cookie"]
    for path, title in [("/rules", "克里比奇怎么玩"), ("/reference", "克里比奇计分速查表")]:
        assert _h1(client.get(path, headers={"Accept-Language": "en"})) == title
    client.get("/lang/en", params={"next": "/rules"})
    assert _h1(client.get("/rules", headers={"Accept-Language": "zh-CN"})) == "How to play cribbage"


def test_unknown_language_changes_nothing(client: Any) -> None:
    response = client.get("/lang/xx", params={"next": "/rules"}, follow_redirects=False)
    assert response.status_code == 303 and "set-cookie" not in response.headers


def test_switch_links_come_back_to_the_same_page_and_state(client: Any) -> None:
    page = parse_html(client.get("/calculator?hand=5H+5D+5C+JS&starter=5S&crib=0").text)
    links = {a.text(): a.attrs["href"] for a in page.find_all("a") if "/lang/" in a.attrs["href"]}
    assert links == {
        "简体中文": "/lang/zh?next=/calculator%3Fhand%3D5H%2B5D%2B5C%2BJS%26starter%3D5S%26crib%3D0"
    }
    followed = client.get(links["简体中文"])
    assert "hand=5H" in str(followed.url) and _h1(followed) == "算分器"


def test_table_talk_keeps_english_calls_beside_chinese_terms(client: Any) -> None:
    page = parse_html(
        client.get(
            "/calculator?hand=5H+5D+5C+JS&starter=5S", headers={"Accept-Language": "zh-CN"}
        ).text
    )
    first = page.find_all("table", cls="breakdown")[0].find_all("tbody")[0].find_all("tr")[0]
    cells = [cell.text() for cell in first.find_all("td")]
    assert cells[0] == "十五点" and cells[-1] == "十五得二（fifteen two）"
    call = page.find_all("p", cls="call")[0].text()
    assert call.startswith("报分： 十五得二、") and "右杰克得一共二十九分" in call
    assert "one for his nobs is twenty-nine）" in call


def test_errors_are_translated(client: Any) -> None:
    html = client.get("/calculator?hand=5H+5D+5C+JS", headers={"Accept-Language": "zh-CN"}).text
    assert "还没有翻牌" in parse_html(html).by_id("starter-error").text()
