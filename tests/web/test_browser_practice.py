"""/practice in Chromium: by keyboard, with and without JavaScript, in both languages."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from cribkit.analysis.discard import HOLDS
from cribkit.analysis.drills import CountKind, count_drill
from cribkit.analysis.pegvalue import hold_values_with_pegging
from cribkit.players.drills import discard_drill
from screenshots import Snap

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("javascript", [True, False])
def test_count_a_hand_by_keyboard(
    browser: Any, live_server: str, snap: Snap, javascript: bool
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        base_url=live_server,
        java_script_enabled=javascript,
    )
    page = context.new_page()
    page.goto("/practice/count?kind=hard&seed=21")
    clock = page.locator(".clock")
    if javascript:
        clock.wait_for()
        assert clock.inner_text().endswith(" s")
    else:
        assert not clock.is_visible()
    total = count_drill(21, CountKind.HARD).answer.total
    page.keyboard.type(str(total))  # the answer field has the focus
    page.keyboard.press("Enter")
    verdict = page.locator(".verdict")
    assert verdict.get_attribute("data-correct") == "1"
    snap(page, f"practice-count-js{int(javascript)}.png", full_page=True)
    page.keyboard.press("Enter")  # the next hand has the focus
    page.wait_for_url("**/practice/count?kind=hard&seed=*")
    assert parse_qs(urlsplit(page.url).query)["seed"] != ["21"]  # a new hand, not seed 21 again
    assert page.locator(".verdict").count() == 0
    context.close()


def test_the_discard_drill_without_javascript_in_chinese(
    browser: Any, live_server: str, snap: Snap
) -> None:
    context = browser.new_context(
        viewport={"width": 1366, "height": 768},
        base_url=live_server,
        java_script_enabled=False,
        locale="zh-CN",
        extra_http_headers={"Accept-Language": "zh-CN"},
    )
    page = context.new_page()
    page.goto("/practice/discard?seed=11")
    assert "选择弃牌" in page.content()
    view = discard_drill(11)
    values = hold_values_with_pegging(view.hand, dealer=view.is_dealer)  # the expert's values
    best = HOLDS[int(values.argmax())][1]
    for card in (view.hand[i] for i in best):
        page.locator(f'input[name="throw"][value="{card}"]').check()
    page.locator("form.drill-form button[type=submit]").click()
    assert page.locator(".verdict").get_attribute("data-correct") == "1"
    assert "这是最佳选择。" in page.locator(".verdict").inner_text()
    snap(page, "practice-discard-zh.png", full_page=True)
    page.goto("/practice")
    assert "连对 1 次" in page.locator("#drill-discard").inner_text()
    snap(page, "practice-zh.png", full_page=True)
    context.close()
