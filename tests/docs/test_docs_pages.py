"""The README stays a front door, the docs link nothing outside the repository, the
command-line reference covers every command, and the site builds strictly."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import typer
from markdown_support import DOCS, PAGES, README, ROOT, page_id

from cribkit.cli import app


def _load_hook() -> ModuleType:
    """The MkDocs hook, loaded from its file as MkDocs loads it."""
    spec = importlib.util.spec_from_file_location(
        "cli_reference", DOCS / "hooks" / "cli_reference.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cli_reference = _load_hook()

README_LINES = 150
IMAGE_BYTES = 200_000
_FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)[^)]*\)")


def _links(page: Path) -> list[str]:
    """The targets of the page's Markdown links and images, outside code."""
    text = _CODE.sub("", _FENCE.sub("", page.read_text(encoding="utf-8")))
    return _LINK.findall(text)


def test_the_readme_is_a_front_door() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_LINES
    assert text.index("make serve") < text.index("## "), "the two commands come first"
    assert "make test" in text and "docs/img/table.png" in text


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_link_stays_in_the_repository(page: Path) -> None:
    """A link is relative and names a file of the repository (an anchor may follow)."""
    for target in _links(page):
        assert "://" not in target and not target.startswith(("/", "mailto:")), target
        path = target.split("#", 1)[0]
        if path:
            assert (page.parent / path).resolve().is_file(), f"{page_id(page)}: {target}"
            assert ROOT in (page.parent / path).resolve().parents


def test_the_screenshot_is_small() -> None:
    image = DOCS / "img" / "table.png"
    assert image.read_bytes().startswith(b"\x89PNG")
    assert image.stat().st_size < IMAGE_BYTES


def test_the_cli_reference_covers_every_command() -> None:
    text = cli_reference.cli_reference()
    names = list(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    assert names and all(f"### `cribkit {name}`" in text for name in names)
    assert "--starter CARD" in text and "--workers N" in text
    assert not text.startswith("# "), "the page has its own title"
    marked = cli_reference.on_page_markdown(f"# CLI\n\n{cli_reference.MARKER}\n", page=None)
    assert cli_reference.MARKER not in marked and "### `cribkit score`" in marked


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    mkdocs = Path(sys.executable).with_name("mkdocs")
    done = subprocess.run(
        [str(mkdocs), "build", "--strict", "-d", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    cli = (tmp_path / "site" / "cli.html").read_text(encoding="utf-8")
    assert "cribkit distribution" in cli and "Generated" not in cli
    reference = (tmp_path / "site" / "reference" / "scoring.html").read_text(encoding="utf-8")
    assert "score_show" in reference
