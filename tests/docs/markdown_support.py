"""Reading the code examples out of the README and the docs pages, and comparing what a
command printed with what a page shows.

Conventions the pages follow: a ``python`` block runs (a block of ``>>>`` lines as a
doctest); a ``console`` block is a session of ``$ cribkit ...`` commands, each followed by
what it prints; a line starting with ``…`` stands for lines left out and ``…`` inside a line
for words left out (a timing, say). ``sh`` blocks are commands to type (make targets,
servers) and are not run.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "DOCS",
    "ELISION",
    "PAGES",
    "README",
    "ROOT",
    "Block",
    "Command",
    "assert_shown",
    "commands",
    "fenced_blocks",
    "page_id",
]

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = (README, *sorted(DOCS.rglob("*.md")))
"""Every page whose examples must run: the README and each docs page."""
ELISION = "…"
EXIT_ECHO = '; echo "exit $?"'


@dataclass(frozen=True, slots=True)
class Block:
    """One fenced block of a page: its language tag, its first line's number, its lines."""

    path: Path
    language: str
    line: int
    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


@dataclass(frozen=True, slots=True)
class Command:
    """One ``$ cribkit ...`` line of a console block and the lines shown after it."""

    args: tuple[str, ...]
    echo_exit: bool
    shown: tuple[str, ...]


def page_id(path: Path) -> str:
    return str(path.relative_to(ROOT))


def fenced_blocks(path: Path, language: str) -> list[Block]:
    """The page's top-level fenced blocks tagged ``language``, in order."""
    blocks: list[Block] = []
    tag: str | None = None
    start = 0
    lines: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if tag is None and line.startswith("```"):
            tag, start, lines = line[3:].strip().split(" ", 1)[0], number + 1, []
        elif tag is not None and line.rstrip() == "```":
            if tag == language:
                blocks.append(Block(path, tag, start, tuple(lines)))
            tag = None
        elif tag is not None:
            lines.append(line)
    assert tag is None, f"{page_id(path)}: a fenced block is never closed"
    return blocks


def commands(block: Block) -> list[Command]:
    """The console block's commands with what each is shown to print."""
    found: list[tuple[str, list[str]]] = []
    for line in block.lines:
        if line.startswith("$ "):
            found.append((line[2:], []))
        else:
            assert found, f"{block.where}: output before any command"
            found[-1][1].append(line)
    result = []
    for command, shown in found:
        echo = command.endswith(EXIT_ECHO)
        args = shlex.split(command.removesuffix(EXIT_ECHO))
        assert args[0] == "cribkit", f"{block.where}: a console block runs cribkit only"
        result.append(Command(tuple(args[1:]), echo, tuple(shown)))
    return result


def _words(text: str) -> str:
    """The text with every run of whitespace as one space: line wrapping does not count."""
    return " ".join(text.split())


def assert_shown(shown: tuple[str, ...], printed: str) -> None:
    """``shown`` is ``printed``, but for what the page leaves out with ``…``.

    Compared word for word, so prose wrapped at another width still matches. A line
    starting with ``…`` leaves out whole lines (what follows on it is a comment); ``…``
    inside a line leaves out words. The first piece starts the output, each piece follows
    the last, and unless the page ends on ``…`` the last piece ends the output.
    """
    if not shown:
        assert not printed.strip(), f"the page shows no output, but the command printed {printed!r}"
        return
    pieces: list[str] = []
    text = ""
    for line in shown:
        if line.strip().startswith(ELISION):
            pieces.append(text)
            text = ""
        else:
            parts = line.split(ELISION)
            for part in parts[:-1]:
                pieces.append(text + " " + part)
                text = ""
            text += " " + parts[-1]
    pieces.append(text)
    words = [_words(piece) for piece in pieces]
    out = _words(printed)
    at = 0
    for number, piece in enumerate(words):
        if not piece:
            continue
        found = out.find(piece, at)
        assert found >= 0, f"the page shows {piece!r}\nbut the command printed {out[at:][:800]!r}"
        if number == 0:
            assert found == 0, f"the output starts with {out[:found]!r}, not on the page"
        at = found + len(piece)
    if words[-1]:
        assert at == len(out), f"the page leaves out the end: {out[at:][:800]!r}"
