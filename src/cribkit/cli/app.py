"""The Typer application object and the error handling every command shares.

Every mistake a user can make ends the same way: one line on stderr and exit status 2.
With ``--json`` on the command line that line is one JSON object,
``{"error": "...", "code": "..."}``, so a script can read it; this holds for the
engine's errors, the commands' own checks and the argument parser's usage errors alike.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from functools import wraps
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from typer.core import TyperGroup

from cribkit import __version__
from cribkit.cli.help import CommandContext, CribkitCommand
from cribkit.errors import (
    CribkitError,
    DuplicateCardError,
    IllegalActionError,
    InvalidNotationError,
    InvalidRecordError,
    WrongCardCountError,
)

__all__ = [
    "COMMAND_ORDER",
    "EXIT_BAD_INPUT",
    "LAST_COMMAND",
    "CommandError",
    "app",
    "command",
    "error_code",
    "fail",
    "friendly_errors",
    "main",
]

EXIT_BAD_INPUT = 2
"""Exit status for anything the user typed wrong (bad card, illegal play, bad option...)."""

COMMAND_ORDER = (
    "score",
    "peg",
    "advise",
    "play",
    "replay",
    "review",
    "match",
    "ladder",
    "distribution",
)
"""Commands in the order people meet them; any command not named here comes next, in the
order it was registered, and ``serve`` always last."""

LAST_COMMAND = "serve"

JSON_FLAG = "--json"

_CODES_BY_CLASS: tuple[tuple[type[CribkitError], str], ...] = (
    (InvalidNotationError, "bad_card"),
    (DuplicateCardError, "duplicate_card"),
    (WrongCardCountError, "card_count"),
    (IllegalActionError, "illegal_action"),
    (InvalidRecordError, "bad_record"),
)


def error_code(exc: CribkitError) -> str:
    """The error's own ``code``, else one named after its family (``bad_card``...)."""
    if exc.code:
        return exc.code
    for cls, code in _CODES_BY_CLASS:
        if isinstance(exc, cls):
            return code
    return "bad_input"


class CommandError(typer.BadParameter):
    """A user's mistake found by a command: printed as ``cribkit: message``, status 2.

    ``typer.BadParameter`` is the one public error that Typer's own main loop prints and
    exits on (status 2); the message is shown as given, without its "Invalid value" prefix.
    """

    exit_code = EXIT_BAD_INPUT

    def __init__(self, message: str, *, code: str = "bad_input") -> None:
        super().__init__(message)
        self.code = code

    def format_message(self) -> str:
        return self.message

    def show(self, file: Any = None) -> None:
        typer.echo(f"cribkit: {self.format_message()}", err=True)


def _usage_code(exc: typer.TyperException) -> str:
    return exc.code if isinstance(exc, CommandError) else "usage"


def _print_json_error(exc: typer.TyperException) -> None:
    """One JSON object on stderr: the message and a stable code."""
    error = {"error": exc.format_message(), "code": _usage_code(exc)}
    sys.stderr.write(json.dumps(error, ensure_ascii=False) + "\n")
    sys.stderr.flush()


class CribkitGroup(TyperGroup):
    """The top-level group: commands in the order people use them, JSON errors on ``--json``."""

    def list_commands(self, ctx: CommandContext) -> list[str]:
        registered = super().list_commands(ctx)
        first = [name for name in COMMAND_ORDER if name in registered]
        rest = [name for name in registered if name not in first and name != LAST_COMMAND]
        last = [LAST_COMMAND] if LAST_COMMAND in registered else []
        return first + rest + last

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        wants_json = JSON_FLAG in argv[: argv.index("--")] if "--" in argv else JSON_FLAG in argv
        if not (standalone_mode and wants_json):
            return super().main(
                argv, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:
            status = super().main(
                argv, prog_name, complete_var, False, windows_expand_args, **extra
            )
        except typer.TyperException as exc:
            _print_json_error(exc)
            sys.exit(EXIT_BAD_INPUT)
        except typer.Abort:
            sys.exit(1)
        sys.exit(status if isinstance(status, int) else 0)


app = typer.Typer(
    name="cribkit",
    cls=CribkitGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"cribkit {__version__}")
        raise typer.Exit


@app.callback()
def _root(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,
            callback=_print_version,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """Cribbage by the ACC rules: score hands, peg, analyse discards, play the computer.

    Cards are written rank then suit: A (or 1), 2-10 (or T, 0), J, Q, K and C, D, H, S
    (or ♣ ♦ ♥ ♠), in either case: 5h, 10H, Th, 1s for the ace of spades.
    """


P = ParamSpec("P")
R = TypeVar("R")


def command(
    name: str | None = None, *, summary: str, help: str | None = None
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Register a command on ``app`` with the shared help and usage style.

    ``summary`` is the command's line in ``cribkit --help`` (short enough not to be cut).
    """
    return app.command(name, cls=CribkitCommand, help=help, short_help=summary)


def fail(message: str, *, code: str = "bad_input") -> CommandError:
    """The error to raise for a user's mistake: ``cribkit: message`` on stderr, status 2."""
    return CommandError(message, code=code)


def friendly_errors(function: Callable[P, R]) -> Callable[P, R]:
    """Turn a ``CribkitError`` raised by a command into a message and exit status 2."""

    @wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        except CribkitError as exc:
            raise fail(str(exc), code=error_code(exc)) from None

    return wrapper


def main() -> None:
    """Console-script entry point."""
    # Import here so that ``cribkit.cli.app`` stays importable on its own.
    import cribkit.cli  # noqa: F401  (registers the commands)

    sys.exit(app())
