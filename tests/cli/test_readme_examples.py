"""The README's command-line examples are what the commands print, and its replay example
can be made from scratch with the commands it gives."""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_support import invoke

README = Path(__file__).resolve().parents[2] / "README.md"
ELISION = "…"
UNSTABLE = ("distribution",)
"""Examples whose output holds a timing, so it cannot be compared."""


def _fences() -> list[tuple[str, list[str]]]:
    """Every fenced block of the README, in order: its language tag and its lines."""
    blocks: list[tuple[str, list[str]]] = []
    current: list[str] | None = None
    for line in README.read_text(encoding="utf-8").splitlines():
        if current is None and line.startswith("```"):
            current = []
            blocks.append((line[3:].strip(), current))
        elif current is not None and line == "```":
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def _blocks(language: str) -> Iterator[list[str]]:
    for tag, lines in _fences():
        if tag == language:
            yield lines


def _examples() -> list[tuple[str, list[str]]]:
    """Each ``$ cribkit ...`` line of the README with the lines printed after it."""
    examples: list[tuple[str, list[str]]] = []
    for lines in _blocks(""):
        for line in lines:
            if line.startswith("$ cribkit "):
                examples.append((line[2:], []))
            elif examples and line.strip():
                examples[-1][1].append(line)
    return examples


def _run(command: str) -> list[str]:
    """Run ``cribkit ...`` (with an optional ``; echo "exit $?"``) as the shell would."""
    echo = command.endswith('; echo "exit $?"')
    args = shlex.split(command.removesuffix('; echo "exit $?"'))[1:]
    result = invoke(args)
    lines = (result.stderr + result.stdout).splitlines()
    if echo:
        lines.append(f"exit {result.exit_code}")
    else:
        assert result.exit_code == 0, result.output
    return [line.rstrip() for line in lines]


def _words(lines: list[str]) -> str:
    """The text with every run of whitespace as one space: line wrapping does not count."""
    return " ".join(" ".join(lines).split())


def _assert_shown(shown: list[str], printed: list[str]) -> None:
    """``shown`` is ``printed``, where a line starting with … stands for lines left out.

    Compared word for word, so prose wrapped at another width still matches; the first
    piece starts the output, each next piece follows the last, and without a final …
    the last piece ends it.
    """
    pieces: list[list[str]] = [[]]
    for line in shown:
        if line.strip().startswith(ELISION):
            pieces.append([])
        else:
            pieces[-1].append(line)
    text = _words(printed)
    at = 0
    for number, piece in enumerate(pieces):
        words = _words(piece)
        if not words:
            continue
        found = text.find(words, at)
        assert found >= 0, f"README shows {words!r}\nbut the command printed {text[at:]!r}"
        if number == 0:
            assert found == 0, f"the output starts with {text[:found]!r}, not in the README"
        at = found + len(words)
    if pieces[-1]:
        assert at == len(text), f"the README leaves out the end: {text[at:]!r}"


EXAMPLES = [
    (command, shown)
    for command, shown in _examples()
    if not command.startswith(tuple(f"cribkit {name}" for name in UNSTABLE))
]


def test_the_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 6
    assert any("peg QS 9D 8C go 7H" in command for command, _ in EXAMPLES)


@pytest.mark.parametrize(("command", "shown"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_each_example_prints_what_the_readme_shows(
    command: str, shown: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    _assert_shown(shown, _run(command))


@pytest.mark.heavy
def test_the_replay_example_is_made_by_the_commands_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    scripts = [lines for lines in _blocks("sh") if any("cribkit replay" in x for x in lines)]
    assert len(scripts) == 1, "one sh block makes and replays a record"
    commands = [line.split("#", 1)[0].strip() for line in scripts[0]]
    outputs = [_run(command) for command in commands if command]
    fences = _fences()
    where = next(i for i, (tag, lines) in enumerate(fences) if lines == scripts[0])
    shown = fences[where + 1][1]
    _assert_shown([*shown, ELISION], outputs[-1])  # the first hand of the game
