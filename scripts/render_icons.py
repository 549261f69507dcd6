"""Render the app's PNG icons from the SVG art once, in Chromium (no image library needed).

Run ``.venv/bin/python scripts/render_icons.py`` after changing ``icon.svg``; the PNGs are
committed beside it. The maskable icon keeps the club inside the central safe circle
(80 % of the side) on a full-bleed felt, as launchers crop it to any shape.
"""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "src/cribkit/web/site/static/icons"
CHROMIUM = os.environ.get("CRIBKIT_CHROMIUM", "/usr/bin/chromium")
RENDERS = (
    ("icon-192.png", 192, "icon.svg"),
    ("icon-512.png", 512, "icon.svg"),
    ("icon-maskable-512.png", 512, "icon-maskable.svg"),
)


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for name, size, source in RENDERS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / source).read_text()
            page.set_content(
                "<style>html,body{margin:0;background:transparent}svg{display:block;"
                f"width:{size}px;height:{size}px}}</style>{svg}"
            )
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
