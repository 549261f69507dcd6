"""One help and usage style for every command, in the classic form people know.

Typer's own plain help shows Python types (``<bool>`` after a flag, ``<list[str]>``
after the cards) and writes required arguments as ``{cards}...``. Here every value is
named by an upper-case placeholder (``CARDS...``, ``--starter CARD``, ``--seed N``),
flags show none, optional arguments are bracketed, and the usage line and the help
table name each argument the same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol, TypeAlias

from typer.core import TyperArgument, TyperCommand, TyperOption

__all__ = ["CommandContext", "CribkitCommand", "HelpWriter", "argument_label", "option_label"]

CommandContext: TypeAlias = Any
"""Typer's command context, only passed back to Typer here: its class lives in Typer's
private vendored Click (``typer._click``), which Typer says applications must not import."""


class HelpWriter(Protocol):
    """The part of Typer's help formatter that the help below writes with."""

    def section(self, name: str) -> AbstractContextManager[None]: ...

    def write_dl(self, rows: Sequence[tuple[str, str]]) -> None: ...


def argument_label(param: TyperArgument) -> str:
    """``CARDS...`` for a list argument, ``FILE`` for a single one (its metavar if set)."""
    name = param.metavar or (param.name or "value").upper()
    return f"{name}..." if param.nargs != 1 else name


def option_label(param: TyperOption) -> str:
    """``-s, --starter CARD``; a flag is only its names (``--dealer``, ``--crib``)."""
    names = ", ".join(sorted(param.opts, key=lambda opt: (opt.startswith("--"), opt)))
    if param.secondary_opts:
        names += " / " + ", ".join(param.secondary_opts)
    if param.is_flag or param.count:
        return names
    return f"{names} {param.metavar or (param.name or 'value').upper()}"


_RANGE_WORDS = (
    (re.compile(r"(-?\d+)<=x<=(-?\d+)"), r"\1 to \2"),
    (re.compile(r"x>=(-?\d+)"), r"at least \1"),
    (re.compile(r"x<=(-?\d+)"), r"at most \1"),
)


def _option_help(param: TyperOption, ctx: CommandContext) -> str:
    """The option's help with Typer's extras (default, required) and its range in words."""
    record = param.get_help_record(ctx)
    text = "" if record is None else record[1]
    for pattern, words in _RANGE_WORDS:
        text = pattern.sub(words, text)
    return text


class CribkitCommand(TyperCommand):
    """A Typer command whose usage line and help use upper-case placeholders."""

    def collect_usage_pieces(self, ctx: CommandContext) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                label = argument_label(param)
                pieces.append(label if param.required else f"[{label}]")
        return pieces

    def format_options(self, ctx: CommandContext, formatter: HelpWriter) -> None:
        arguments: list[tuple[str, str]] = []
        options: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            if getattr(param, "hidden", False):
                continue
            if isinstance(param, TyperArgument):
                arguments.append((argument_label(param), param.help or ""))
            elif isinstance(param, TyperOption):
                options.append((option_label(param), _option_help(param, ctx)))
        if arguments:
            with formatter.section("Arguments"):
                formatter.write_dl(arguments)
        if options:
            with formatter.section("Options"):
                formatter.write_dl(options)
