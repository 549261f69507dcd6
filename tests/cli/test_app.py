"""The command line as a whole: version, help style, command order and JSON errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from cli_support import assert_bad_input, assert_json_error, invoke

from cribkit.cli import app
from cribkit.cli.app import COMMAND_ORDER, error_code
from cribkit.errors import (
    CribkitError,
    DuplicateCardError,
    IllegalActionError,
    InvalidNotationError,
    InvalidRecordError,
    WrongCardCountError,
)

COMMANDS = [
    "score",
    "peg",
    "advise",
    "play",
    "replay",
    "review",
    "match",
    "ladder",
    "distribution",
    "serve",
]
JSON_COMMANDS = ["score", "peg", "advise", "replay", "review", "match", "ladder", "distribution"]
CLI_DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
"""The command line's page of the docs: where the README sends readers for the details."""


def _listed_commands(help_text: str) -> list[str]:
    section = help_text.split("Commands:", 1)[1]
    return [
        line.split()[0] for line in section.splitlines() if line.startswith("  ") and line.strip()
    ]


def test_version_is_the_installed_metadata() -> None:
    result = invoke(["--version"])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"cribkit {metadata.version('cribkit')}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+.*", metadata.version("cribkit"))


def test_installed_console_script_prints_the_metadata_version() -> None:
    script = Path(sys.executable).with_name("cribkit")
    done = subprocess.run([script, "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"cribkit {metadata.version('cribkit')}\n"


def test_commands_are_listed_in_the_order_people_use_them() -> None:
    result = invoke(["--help"])
    assert result.exit_code == 0, result.output
    assert _listed_commands(result.stdout) == COMMANDS
    assert [name for name in COMMAND_ORDER if name in COMMANDS] == COMMANDS[:-1]


def test_every_command_summary_fits_on_its_line() -> None:
    listed = invoke(["--help"]).stdout.split("Commands:", 1)[1]
    assert "..." not in listed


@pytest.mark.parametrize("name", ["", *COMMANDS])
def test_help_has_one_style_and_no_type_placeholders(name: str) -> None:
    result = invoke([name, "--help"] if name else ["--help"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "<" not in text and ">" not in text, text  # no <bool>, <str>, <list[str]>
    assert "{" not in text.split("\n\n", 1)[0], text  # no {cards} in the usage line
    assert "╭" not in text  # one plain style, no boxed panels
    usage = text.splitlines()[0]
    assert usage.startswith(f"Usage: cribkit {name}".rstrip() + " ")
    placeholders = re.findall(r"[A-Z][A-Z_]+(?:\.\.\.)?", usage.split("[OPTIONS]", 1)[1])
    for placeholder in placeholders:  # each argument in the usage line is explained by name
        if placeholder not in ("COMMAND", "ARGS"):
            assert re.search(rf"^  {re.escape(placeholder)}\s", text, re.MULTILINE), placeholder
    for line in text.splitlines():
        if re.match(r"^\s+(-\w, )?--[a-z-]+ [a-z]", line):
            pytest.fail(f"an option's value placeholder is not upper case: {line!r}")


def test_root_help_says_how_to_write_cards_and_that_1_is_an_ace() -> None:
    text = invoke(["--help"]).stdout
    assert "A (or 1)" in text
    assert "1s for the ace of spades" in text


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["peg", "--json"], "Missing argument 'MOVES'"),
        (["advise", "5H", "--bogus", "--json"], "No such option: --bogus"),
        (["match", "expert", "--json"], "Missing argument 'B'"),
        (["match", "expert", "greedy", "--games", "x", "--json"], "Invalid value for '--games'"),
        (["distribution", "--json", "extra"], "unexpected extra argument"),
    ],
)
def test_usage_errors_are_json_with_json(args: list[str], fragment: str) -> None:
    assert_json_error(invoke(args), "usage", fragment)


def test_usage_errors_without_json_keep_the_usage_line() -> None:
    result = invoke(["advise", "5H", "--bogus"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("Usage: cribkit advise [OPTIONS] CARDS...")
    assert "No such option: --bogus" in result.stderr


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["score", "5H", "5D", "5C", "ZZ", "5S"], "bad_card"),
        (["score", "5H", "5D", "5C", "5C", "5S"], "duplicate_card"),
        (["score", "5H", "5D"], "card_count"),
        (["score", "5H", "5D", "5C", "JS", "--starter", "5H"], "duplicate_card"),
        (["score"], "no_cards"),
        (["score", "5H", "--batch", "-"], "cards_and_batch"),
        (["replay", "/nonexistent/game.txt"], "cannot_read"),
        (["advise", "5H", "5D", "JS", "4C", "6S", "--dealer"], "card_count"),
        (["match", "expert", "greedy", "--games", "3"], "bad_input"),
        (["match", "expert", "chess"], "unknown_strategy"),
        pytest.param(["distribution", "--crib"], None, marks=pytest.mark.heavy),
    ],
)
def test_command_errors_are_json_with_json(args: list[str], code: str | None) -> None:
    text = invoke(args)
    with_json = invoke([*args, "--json"])
    if code is None:  # not an error: the check is that --json stays a normal run
        assert with_json.exit_code == 0, with_json.output
        return
    assert_bad_input(text)
    error = assert_json_error(with_json, code)
    assert text.stderr == f"cribkit: {error['error']}\n"


def test_a_card_named_json_after_double_dash_is_not_the_flag() -> None:
    result = invoke(["peg", "--", "ZZ"])
    assert_bad_input(result, "'ZZ' is not a card")


@pytest.mark.parametrize(
    ("exc", "code"),
    [
        (InvalidNotationError("x"), "bad_card"),
        (DuplicateCardError("x"), "duplicate_card"),
        (WrongCardCountError("x"), "card_count"),
        (IllegalActionError("x"), "illegal_action"),
        (IllegalActionError("x", code="count_past_31"), "count_past_31"),
        (InvalidRecordError("x"), "bad_record"),
        (CribkitError("x"), "bad_input"),
    ],
)
def test_error_codes(exc: CribkitError, code: str) -> None:
    assert error_code(exc) == code


@pytest.mark.heavy
def test_installed_script_prints_json_errors_from_its_own_argv() -> None:
    script = Path(sys.executable).with_name("cribkit")
    run = subprocess.run(
        [str(script), "peg", "KS", "QS", "9H", "5C", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2
    assert run.stdout == ""
    error = json.loads(run.stderr)
    assert error["code"] == "count_past_31"
    assert "write go before 5C" in error["error"]
    usage = subprocess.run(
        [str(script), "advise", "--json"], capture_output=True, text=True, check=False
    )
    assert usage.returncode == 2
    assert json.loads(usage.stderr)["code"] == "usage"


@pytest.mark.parametrize("name", JSON_COMMANDS)
def test_the_commands_that_take_json(name: str) -> None:
    assert "--json" in invoke([name, "--help"]).stdout


@pytest.mark.parametrize("name", sorted(set(COMMANDS) - set(JSON_COMMANDS)))
def test_the_commands_without_json_refuse_it_plainly(name: str) -> None:
    assert "--json" not in invoke([name, "--help"]).stdout
    assert_json_error(invoke([name, "--json"]), "usage", "No such option: --json")


def test_cli_docs_say_which_commands_take_json() -> None:
    readme = CLI_DOCS.read_text(encoding="utf-8")
    assert "Every command takes `--json`" not in readme
    claim = next(para for para in readme.split("\n\n") if "take `--json`" in para)
    for name in JSON_COMMANDS:
        assert f"`{name}`" in claim, claim
    assert "`play` (a game at the\nkeyboard) and `serve` do not" in claim
    assert "`1` is read as an ace" in claim


def test_app_object_is_the_typer_app() -> None:
    assert app.info.name == "cribkit"
