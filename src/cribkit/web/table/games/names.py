"""Display names at the table: what a typed name is cleaned to before it is kept."""

from __future__ import annotations

__all__ = ["NAME_LENGTH", "clean_name"]

NAME_LENGTH = 40


def clean_name(name: object) -> str | None:
    """A display name: printable (no NUL for PostgreSQL), single spaces, at most 40
    characters, blank is None.

    Braces go too: the table's sentences fill ``{places}``, and a name is filled in first.
    """
    if not isinstance(name, str):
        return None
    printable = "".join(ch if ch.isprintable() and ch not in "{}" else " " for ch in name)
    return " ".join(printable.split())[:NAME_LENGTH] or None
