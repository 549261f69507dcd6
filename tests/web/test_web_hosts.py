"""No page loads anything from another host: no CDN, no web font, no outside form.

The one exception is a plain link a reader may follow: the score sheet names its sources
(the ACC rules, pagat.com, Cribbage Corner) in its ``#sources`` list, and nothing else.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from html_support import parse_html

PAGES = [
    "/calculator",
    "/calculator?hand=5H+5D+5C+JS&starter=5S&play=6D+4C+5H+3S",
    "/calculator?hand=5x",
    "/advisor",
    "/advisor?cards=5H+5D+5C+JS+4D+KC&dealer=0",
    "/rules",
    "/reference",
]
URL_ATTRIBUTES = ("href", "src", "action", "srcset", "poster", "data", "formaction")


@pytest.mark.parametrize("language", ["en", "zh-CN"])
@pytest.mark.parametrize("path", PAGES)
def test_pages_reference_only_this_host(client: Any, path: str, language: str) -> None:
    page = parse_html(client.get(path, headers={"Accept-Language": language}).text)
    sources = page.by_id("sources").iter() if page.has_id("sources") else []
    followed = {id(element) for element in sources if element.tag == "a"}
    addresses = [
        element.attrs[name]
        for element in page.iter()
        for name in URL_ATTRIBUTES
        if name in element.attrs and not (name == "href" and id(element) in followed)
    ]
    assert addresses
    outside = [a for a in addresses if re.match(r"^\s*([a-z][a-z0-9+.-]*:|//)", a, re.I)]
    assert outside == []
    assert all(a.startswith(("/", "#")) for a in addresses)


def test_static_files_load_nothing_from_outside(client: Any) -> None:
    for path in ("/static/css/site.css", "/static/js/tools.js", "/static/favicon.svg"):
        text = client.get(path).text
        assert not re.search(
            r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}",
            text.replace("http://www.w3.org/2000/svg", ""),
            re.I,
        )
        assert "@import" not in text and "@font-face" not in text
