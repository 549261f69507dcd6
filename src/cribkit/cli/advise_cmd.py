"""The `cribkit advise` command: all 15 holds of six dealt cards, ranked, and why."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from cribkit.analysis import DiscardAnalysis, analyze_discard
from cribkit.cli.app import command, fail, friendly_errors
from cribkit.cli.output import cards_text, make_console, print_json

__all__ = ["advice_table", "advise", "whose_crib"]


def whose_crib(*, dealer: bool, pone: bool) -> bool:
    """True if the crib is yours: exactly one of ``--dealer`` and ``--pone`` must be given."""
    if dealer and pone:
        raise fail("give --dealer or --pone, not both", code="dealer_and_pone")
    if not (dealer or pone):
        raise fail(
            "add --dealer or --pone: whose crib is it (--dealer when you deal)?",
            code="dealer_or_pone",
        )
    return dealer


@command(summary="Rank the 15 ways to keep four of six cards.")
@friendly_errors
def advise(
    cards: Annotated[
        list[str],
        typer.Argument(metavar="CARDS", help="The six dealt cards, e.g. 5H 5D JS 4C 6S KH."),
    ],
    dealer: Annotated[bool, typer.Option("--dealer", help="You deal: the crib is yours.")] = False,
    pone: Annotated[
        bool, typer.Option("--pone", help="The other player deals: the crib is theirs.")
    ] = False,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Rank the 15 ways to keep four of six cards by exact expected points.

    Say whose crib it is with --dealer or --pone: the two cards you throw count for you
    or against you.
    """
    analysis = analyze_discard(" ".join(cards), dealer=whose_crib(dealer=dealer, pone=pone))
    if json_output:
        print_json(analysis.to_dict())
        return
    console = make_console()
    console.print(advice_table(analysis))
    console.print(analysis.explain())


def advice_table(analysis: DiscardAnalysis) -> Table:
    """One row per hold, best first; the crib column is signed as it counts for you."""
    sign = 1 if analysis.dealer else -1
    whose = "your crib" if analysis.dealer else "dealer's crib"
    table = Table(title=f"Discard analysis ({whose}): exact over every starter and crib")
    for name in ("#", "keep", "throw", "hand EV", "min–max", "crib EV", "total"):
        table.add_column(name, justify="left" if name in ("keep", "throw") else "right")
    for rank, option in enumerate(analysis.options, start=1):
        style = "bold green" if rank == 1 else ""
        table.add_row(
            Text(str(rank), style=style),
            cards_text(option.keep),
            cards_text(option.throw),
            f"{option.hand_ev:.2f}",
            f"{option.hand_min}–{option.hand_max}",
            f"{sign * option.crib_ev:+.2f}",
            Text(f"{option.total_ev:.2f}", style=style),
        )
    return table
