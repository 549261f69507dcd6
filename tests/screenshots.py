"""Screenshots only when asked: ``CRIBKIT_SCREENSHOTS=dir`` keeps them there to look at.

A full-page screenshot costs a render and a PNG encode; the browser tests take 60 of them,
so by default they take none.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

__all__ = ["SCREENSHOTS_ENV", "Snap", "screenshots_folder"]

SCREENSHOTS_ENV = "CRIBKIT_SCREENSHOTS"


def screenshots_folder() -> Path | None:
    """The folder ``$CRIBKIT_SCREENSHOTS`` names (created), or None when none was asked for."""
    chosen = os.environ.get(SCREENSHOTS_ENV, "").strip()
    if not chosen:
        return None
    folder = Path(chosen)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Snap:
    """Takes a page's (or an element's) screenshot into the folder, if there is one."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def __call__(self, target: Any, name: str, **options: Any) -> Path | None:
        if self.folder is None:
            return None
        path = self.folder / name
        target.screenshot(path=str(path), **options)
        return path
