"""The colour theme: auto (the system's prefers-color-scheme) until the header's switch
chooses light or dark, kept in a cookie and written on ``<html>`` by the server."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cribkit.web.site.theme import THEME_COOKIE, next_theme


def theme_on_page(html: str) -> str:
    found = re.search(r'<html [^>]*data-theme="(\w+)"', html)
    assert found, "no data-theme on <html>"
    return found.group(1)


def switch_link(html: str) -> str:
    found = re.search(r'<a class="theme-switch"[^>]*href="([^"]+)"', html)
    assert found, "no theme switch in the header"
    return found.group(1)


def test_a_page_follows_the_system_until_a_theme_is_chosen(client: Any) -> None:
    html = client.get("/rules").text
    assert theme_on_page(html) == "auto"
    assert switch_link(html) == "/theme/light?next=/rules"
    assert "/static/css/theme.css" in html


@pytest.mark.parametrize("theme", ["light", "dark", "auto"])
def test_the_switch_keeps_the_choice_and_comes_back(client: Any, theme: str) -> None:
    answer = client.get(f"/theme/{theme}", params={"next": "/calculator"}, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/calculator"
    assert client.cookies.get(THEME_COOKIE) == theme
    html = client.get("/calculator").text
    assert theme_on_page(html) == theme
    assert switch_link(html).startswith(f"/theme/{next_theme(theme)}?")


def test_an_unknown_theme_changes_nothing_and_never_leaves_the_site(client: Any) -> None:
    client.get("/theme/dark")
    answer = client.get("/theme/purple", params={"next": "//evil.example"}, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/"
    assert client.cookies.get(THEME_COOKIE) == "dark"
    client.cookies.set(THEME_COOKIE, "<script>")
    assert theme_on_page(client.get("/").text) == "auto"


def test_the_switch_steps_through_every_theme() -> None:
    assert [next_theme(t) for t in ("auto", "light", "dark")] == ["light", "dark", "auto"]


def test_the_switch_is_named_in_chinese(client: Any) -> None:
    html = client.get("/", headers={"Accept-Language": "zh-CN"}).text
    assert "主题：" in html and "自动" in html
