"""The installable app as served: the manifest's fields and icons, the service worker at
the site's root with what it keeps, the offline page, and every page linking them."""

from __future__ import annotations

import json
import struct
from typing import Any

import pytest

from cribkit.web.site.app_shell import OFFLINE_PAGES, SHELL_FILES


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_names_the_app_and_its_icons(client: Any) -> None:
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["name"] == manifest["short_name"] == "cribkit"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/",
        "/",
        "standalone",
    )
    sizes: dict[str, tuple[int, int]] = {}
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200, icon
        if icon["type"] == "image/png":
            width, height = png_size(image.content)
            assert icon["sizes"] == f"{width}x{height}"
            sizes[icon.get("purpose", "any")] = (width, height)
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    assert sizes["maskable"] == (512, 512)


def test_the_manifest_speaks_the_readers_language(client: Any) -> None:
    english = client.get("/manifest.webmanifest").json()["description"]
    chinese = client.get("/manifest.webmanifest", headers={"Accept-Language": "zh-CN"}).json()
    assert chinese["description"] != english and chinese["name"] == "cribkit"


def test_the_worker_is_served_at_the_root_with_what_it_keeps(client: Any) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    first, _, body = answer.text.partition("\n")
    assert first.startswith("const SHELL = ") and first.endswith(";")
    shell = json.loads(first.removeprefix("const SHELL = ").removesuffix(";"))
    assert shell["pages"] == list(OFFLINE_PAGES) and shell["offline"] == "/offline"
    assert len(shell["files"]) == len(SHELL_FILES)
    for address in shell["files"]:  # each kept file answers at its versioned address
        assert "?v=" in address and client.get(address).status_code == 200
    assert 'addEventListener("fetch"' in body


@pytest.mark.parametrize("path", ["/", "/calculator", "/rules", "/reference", "/offline"])
def test_every_page_links_the_manifest_and_registers_the_worker(client: Any, path: str) -> None:
    page = client.get(path).text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'src="/static/js/pwa.js?v=' in page


def test_the_offline_page_says_the_game_needs_the_server(client: Any) -> None:
    english = client.get("/offline").text
    assert "The game against the computer needs the server" in english
    for path in OFFLINE_PAGES:
        assert f'href="{path}"' in english
    chinese = client.get("/offline", headers={"Accept-Language": "zh-CN"}).text
    assert "The game against the computer" not in chinese
