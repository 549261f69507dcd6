"""``cribkit distribution``: the exact show-score distribution over every hand and starter."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from cribkit.cli.app import command, friendly_errors
from cribkit.cli.output import make_console, print_json
from cribkit.distribution import ScoreDistribution, score_distribution

__all__ = ["distribution", "distribution_table"]

BAR_WIDTH = 40
"""Characters in the bar of the most common score."""


def distribution_table(result: ScoreDistribution) -> Table:
    """Score, count, percentage and a bar scaled to the most common score.

    Every score 0..29 gets a row, so the impossible ones (19, 25, 26, 27) show as 0.
    """
    table = Table(title=f"{result.kind} scores over {result.hands:,} hands", title_justify="left")
    table.add_column("score", justify="right")
    table.add_column("count", justify="right")
    table.add_column("%", justify="right")
    table.add_column("")
    peak = max(result.counts) or 1
    for score, count in enumerate(result.counts):
        share = 100 * count / result.hands if result.hands else 0.0
        bar = "█" * round(BAR_WIDTH * count / peak)
        if count and not bar:
            bar = "▏"  # rare scores (28, 29) still show that they happen
        table.add_row(str(score), f"{count:,}", f"{share:.4f}", Text(bar, style="green"))
    return table


@command("distribution", summary="The exact score distribution of every hand.")
@friendly_errors
def distribution(
    crib: Annotated[
        bool, typer.Option("--crib", help="Use the crib flush rule (all five cards).")
    ] = False,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Count the show score of all 12,994,800 four-card hands with every starter, exactly."""
    result = score_distribution(crib=crib)
    if json_output:
        print_json(result.to_dict())
        return
    console = make_console()
    console.print(distribution_table(result))
    console.print(
        Text.assemble(
            "mean ",
            (f"{result.mean:.6f}", "bold"),
            f" points; counted in {result.seconds:.2f} s",
        )
    )
