"""The installable app in Chromium, the checks Lighthouse makes for installability: the
manifest's fields and icons, a service worker registered that controls the page, and with
the network gone the calculator, the rules and the score sheet load from its cache while
the table says that it needs the server."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def wait_controlled(page: Any) -> None:
    """Until the service worker controls the page (bounded: 15 s)."""
    deadline = time.monotonic() + 15
    while not page.evaluate("() => navigator.serviceWorker.controller !== null"):
        assert time.monotonic() < deadline, "no service worker took control of the page"
        page.wait_for_timeout(100)


def test_the_site_installs_and_its_documents_open_offline(
    browser: Any, live_server: str, shots_dir: Any
) -> None:
    context = browser.new_context(viewport=PHONE, base_url=live_server)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto("/calculator")
    href = page.get_attribute('link[rel="manifest"]', "href")
    manifest = page.request.get(f"{live_server}{href}").json()
    assert manifest["name"] and manifest["short_name"] and manifest["start_url"] == "/"
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    pngs = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= pngs
    wait_controlled(page)
    scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
    assert scope == f"{live_server}/"
    assert errors == []  # the CSP let the worker and the manifest load
    context.set_offline(True)
    for path, heading in (("/calculator", "h1"), ("/rules", "h1"), ("/reference", "h1")):
        page.goto(path)
        assert page.locator(heading).count() == 1 and page.locator("footer.site").count() == 1
        assert page.evaluate("() => getComputedStyle(document.body).margin") == "0px"  # css
    page.goto("/")  # the table: offline it says that the game needs the server
    assert "needs the server" in page.inner_text("#offline-needs-server")
    page.screenshot(path=str(shots_dir / "offline-table-phone.png"))
    page.goto("/games/no-such-game")
    assert page.locator("#offline").count() == 1
    context.set_offline(False)
    page.goto("/")
    assert page.locator("#offline").count() == 0  # back online: the real table
    context.close()
