"""The `cribkit match` command: two strategies, duplicate pairs, every core.

The progress bar goes to stderr, so with ``--json`` stdout holds only the JSON object.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from cribkit.cli.app import command, friendly_errors
from cribkit.cli.names import strategy_name
from cribkit.cli.output import make_console, print_json
from cribkit.cli.records import check_records_dir, write_record
from cribkit.cli.workers import ClusterOption, JobsOption, game_pool
from cribkit.dealing import new_seed
from cribkit.tournament import Interval, MatchResult, check_match, run_match

__all__ = ["match", "match_table", "record_file_name", "write_match_records"]


@command(summary="Play two strategies against each other.")
@friendly_errors
def match(
    a: Annotated[
        str,
        typer.Argument(
            metavar="A",
            help=(
                "Strategy A: a level (beginner, novice, casual, club, strong, expert), "
                "random, greedy, expert-2026 or expert-2026-12."
            ),
            show_default=False,
        ),
    ],
    b: Annotated[str, typer.Argument(metavar="B", help="Strategy B.", show_default=False)],
    games: Annotated[
        int,
        typer.Option("--games", "-n", metavar="N", help="Games to play (an even number: pairs)."),
    ] = 2000,
    seed: Annotated[
        int | None,
        typer.Option(metavar="N", help="Seed of the whole match (default: a fresh one)."),
    ] = None,
    jobs: JobsOption = None,
    cluster: ClusterOption = None,
    records: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help="Write each game's record to DIR (game-0001.txt ...), for cribkit replay.",
        ),
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play A against B in duplicate pairs (same cards, seats swapped) and report.

    With --records DIR every game is kept as a record file, named in the order of the
    games (pair by pair, A in seat p0 first) and noting who sat where. Played on a Dask
    cluster (--cluster), the same seed gives the same games and figures.
    """
    a, b = strategy_name(a), strategy_name(b)
    check_match(a, b, games=games)
    if records is not None:
        check_records_dir(records, [record_file_name(n, games) for n in range(games)])
    match_seed = new_seed() if seed is None else seed
    errors = Console(stderr=True)
    progress = Progress(
        TextColumn(f"{a} vs {b}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=errors,
        transient=json_output,
    )
    with game_pool(cluster, jobs, console=errors) as pool, progress:
        bar = progress.add_task("games", total=games)
        result = run_match(
            a,
            b,
            games=games,
            seed=match_seed,
            jobs=pool.jobs,
            executor=pool.executor,
            progress=lambda done, total: progress.update(bar, completed=done, total=total),
            keep_records=records is not None,
        )
    if records is not None:
        write_match_records(records, result, seed=match_seed)
    if json_output:
        extra = {} if records is None else {"records": str(records)}
        print_json({**result.to_dict(), "seed": match_seed, **extra})
        return
    console = make_console()
    console.print(match_table(result, seed=match_seed))
    if records is not None:
        first = records / record_file_name(0, result.games)
        console.print(
            Text(f"{result.games} game records in {records}: cribkit replay {first}"),
            soft_wrap=True,
        )


def record_file_name(index: int, games: int) -> str:
    """``game-0001.txt``: the 0-based ``index`` counted from 1, padded for ``games``."""
    return f"game-{index + 1:0{max(4, len(str(games)))}d}.txt"


def write_match_records(directory: Path, result: MatchResult, *, seed: int) -> None:
    """One record file per game, in the results' order (pair, then A's seat)."""
    for index, game in enumerate(result.results):
        assert game.record is not None  # kept: run_match was asked for records
        seats = (result.a, result.b) if game.a_seat == 0 else (result.b, result.a)
        notes = [
            f"cribkit match {result.a} vs {result.b} (seed {seed}): game {index + 1} of "
            f"{result.games}, pair {game.pair + 1}",
            f"p0 is {seats[0]} ({'A' if game.a_seat == 0 else 'B'}), "
            f"p1 is {seats[1]} ({'B' if game.a_seat == 0 else 'A'})",
        ]
        write_record(directory / record_file_name(index, result.games), game.record, notes)


def _percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def _percent_ci(interval: Interval) -> str:
    return f"[{_percent(interval.low)}, {_percent(interval.high)}]"


def match_table(result: MatchResult, *, seed: int | None) -> Table:
    """The human form: one row per figure, with its 95% interval where it has one (the
    seed and the speed only where known: a saved run read back has neither)."""
    a, b = result.a, result.b
    title = f"{a} vs {b}: {result.games} games in duplicate pairs"
    table = Table(title=title if seed is None else f"{title} (seed {seed})")
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
    if result.seconds > 0:
        table.add_row("games per second", f"{result.games_per_second:,.1f}", "")
    return table


def _skunks(rate: float, double: float) -> str:
    return f"{_percent(rate)} ({_percent(double)})"
