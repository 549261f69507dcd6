"""MkDocs hook: the command-line reference is generated from the Typer app at build time.

The page ``cli.md`` holds the marker below; the hook replaces it with what Typer's own
documentation generator (``typer ... utils docs``) writes for ``cribkit``, so the reference
can never drift from the commands' help.
"""

from __future__ import annotations

import re
from typing import Any

MARKER = "<!-- cli-reference -->"
"""Where ``cli.md`` wants the generated reference."""

_HEADING = re.compile(r"^(#+) ", re.MULTILINE)


def cli_reference() -> str:
    """The Markdown reference of every ``cribkit`` command, headings one level down."""
    import typer
    from typer.cli import get_docs_for_click

    from cribkit.cli import app

    command = typer.main.get_command(app)
    context = typer.Context(command, info_name="cribkit")
    text = get_docs_for_click(obj=command, ctx=context, name="cribkit")
    text = text.strip().split("\n", 1)[1]  # drop its own title: the page has one
    return _HEADING.sub(lambda match: "#" + match.group(1) + " ", text)


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    """Fill the marker on the CLI page; every other page passes unchanged."""
    if MARKER not in markdown:
        return markdown
    return markdown.replace(MARKER, cli_reference())
