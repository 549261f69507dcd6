"""The `cribkit match` command: two strategies, duplicate pairs, every core.

The progress bar goes to stderr, so with ``--json`` stdout holds only the JSON object.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from cribkit.cli.app import app, friendly_errors
from cribkit.cli.output import make_console, print_json
from cribkit.dealing import new_seed
from cribkit.tournament import Interval, MatchResult, check_match, run_match

__all__ = ["match", "match_table"]


@app.command()
@friendly_errors
def match(
    a: Annotated[str, typer.Argument(help="Strategy A (random, greedy, expert, expert-2026).")],
    b: Annotated[str, typer.Argument(help="Strategy B.")],
    games: Annotated[
        int, typer.Option("--games", "-n", help="Games to play (an even number: pairs).")
    ] = 2000,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the whole match (default: a fresh one).")
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", min=1, help="Worker processes (default: one per core)."),
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play A against B in duplicate pairs (same cards, seats swapped) and report."""
    check_match(a, b, games=games)
    match_seed = new_seed() if seed is None else seed
    progress = Progress(
        TextColumn(f"{a} vs {b}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=json_output,
    )
    with progress:
        bar = progress.add_task("games", total=games)
        result = run_match(
            a,
            b,
            games=games,
            seed=match_seed,
            jobs=jobs,
            progress=lambda done, total: progress.update(bar, completed=done, total=total),
        )
    if json_output:
        print_json({**result.to_dict(), "seed": match_seed})
        return
    make_console().print(match_table(result, seed=match_seed))


def _percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def _percent_ci(interval: Interval) -> str:
    return f"[{_percent(interval.low)}, {_percent(interval.high)}]"


def match_table(result: MatchResult, *, seed: int) -> Table:
    """The human form: one row per figure, with its 95% interval where it has one."""
    a, b = result.a, result.b
    table = Table(title=f"{a} vs {b}: {result.games} games in duplicate pairs (seed {seed})")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_row(f"{a} wins", f"{result.a_wins} of {result.games}", "")
    table.add_row(f"{a} win rate", _percent(result.a_win_rate), _percent_ci(result.a_win_rate_ci))
    table.add_row(
        f"margin per game (+ for {a})",
        f"{result.margin:+.2f}",
        f"[{result.margin_ci.low:+.2f}, {result.margin_ci.high:+.2f}]",
    )
    table.add_row(
        "pairs: both / split / lost both",
        f"{result.pairs_a_both} / {result.pairs_split} / {result.pairs_b_both}",
        "",
    )
    table.add_row(
        f"{a} skunks {b} (double)", _skunks(result.a_skunk_rate, result.a_double_skunk_rate), ""
    )
    table.add_row(
        f"{b} skunks {a} (double)", _skunks(result.a_skunked_rate, result.a_double_skunked_rate), ""
    )
    table.add_row(
        "first dealer wins",
        _percent(result.first_dealer_win_rate),
        _percent_ci(result.first_dealer_win_rate_ci),
    )
    table.add_row("hands per game", f"{result.mean_hands:.2f}", "")
    for gain in result.sources:
        table.add_row(
            f"{gain.source} points per hand: {a} / {b} (gain)",
            f"{gain.a_per_hand:.3f} / {gain.b_per_hand:.3f} ({gain.gain:+.3f})",
            "" if gain.gain_ci is None else f"[{gain.gain_ci.low:+.3f}, {gain.gain_ci.high:+.3f}]",
        )
    table.add_row("games per second", f"{result.games_per_second:,.1f}", "")
    return table


def _skunks(rate: float, double: float) -> str:
    return f"{_percent(rate)} ({_percent(double)})"
