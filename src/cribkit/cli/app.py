"""The Typer application object and the error handling every command shares."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

import typer

from cribkit.errors import CribkitError

__all__ = ["EXIT_BAD_INPUT", "app", "fail", "friendly_errors", "main"]

EXIT_BAD_INPUT = 2
"""Exit status for anything the user typed wrong (bad card, illegal play...)."""

app = typer.Typer(
    name="cribkit",
    help="Cribbage by the ACC rules: score hands, peg, analyse discards, play the computer.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

P = ParamSpec("P")
R = TypeVar("R")


def fail(message: str) -> typer.Exit:
    """Print ``message`` on stderr and return the exit to raise (status 2)."""
    typer.echo(f"cribkit: {message}", err=True)
    return typer.Exit(EXIT_BAD_INPUT)


def friendly_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a ``CribkitError`` raised by a command into a message and exit status 2."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except CribkitError as exc:
            raise fail(str(exc)) from None

    return wrapper


def main() -> None:
    """Console-script entry point."""
    # Import here so that ``cribkit.cli.app`` stays importable on its own.
    import cribkit.cli  # noqa: F401  (registers the commands)

    sys.exit(app())
