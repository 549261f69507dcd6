"""The `cribkit ladder` command: a round robin of strategies fitted to an Elo-like scale.

Every pair of players plays a duplicate match (``cribkit.tournament.run_match``, each on
the ladder's seed); the wins are fitted by Bradley-Terry (``cribkit.ratings``) with the
weakest level anchored at 1000. ``--pairs`` plays only the pairings it lists instead of
the round robin (the adjacent levels, say, where the precision matters), so long as they
join every player to every other through some chain. With ``--out FILE`` each finished
match is written there at once, and a ladder started again with the same file, games and
seed plays only the matches still missing. With ``--cluster`` the matches are played one
after another on a Dask cluster (``cribkit.cluster``), each spread over all its workers.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from cribkit.cli.app import command, friendly_errors
from cribkit.cli.names import strategy_name
from cribkit.cli.output import make_console, print_json
from cribkit.cli.workers import ClusterOption, JobsOption, game_pool
from cribkit.errors import CribkitError
from cribkit.players import CALIBRATED_LEVELS
from cribkit.ratings import HeadToHead, Rating, fit_ratings
from cribkit.tournament import check_match, run_match

__all__ = ["LADDER_PLAYERS", "ladder", "ladder_pairings", "ladder_table", "load_interim"]

LADDER_PLAYERS: tuple[str, ...] = (*CALIBRATED_LEVELS, "greedy", "expert-2026")
"""Who plays the ladder unless ``--players`` says."""

ANCHOR_RATING = 1000.0
"""The first player's fixed rating: the scale's zero point."""


def load_interim(path: Path, *, games: int, seed: int) -> dict[str, HeadToHead]:
    """The matches already played into ``path`` (none if it does not exist), refusing a
    file from a ladder of other games or seed."""
    if not path.exists():
        return {}
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
        if saved["games"] != games or saved["seed"] != seed:
            raise CribkitError(
                f"{path} holds a ladder of {saved['games']} games on seed {saved['seed']}: "
                f"give the same --games and --seed, or another --out"
            )
        return {key: HeadToHead(**match) for key, match in saved["matches"].items()}
    except (ValueError, KeyError, TypeError) as error:
        raise CribkitError(f"{path} is not a ladder's interim file: {error}") from error


def ladder_pairings(
    players: str | None, pairs: str | None
) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    """The ladder's players (the first is the anchor) and the pairings it plays: every pair
    of ``players`` (default ``LADDER_PLAYERS``), or only the ``A:B`` pairs of ``pairs``,
    whose players come in the order first named."""
    if pairs is not None:
        if players is not None:
            raise CribkitError("give --players or --pairs, not both")
        chosen = []
        for text in pairs.split(","):
            a, sep, b = text.partition(":")
            if not sep or not a.strip() or not b.strip():
                raise CribkitError(f"--pairs takes A:B,C:D, not {text!r}")
            chosen.append((strategy_name(a), strategy_name(b)))
        names = tuple(dict.fromkeys(name for pair in chosen for name in pair))
        if len(set(chosen) | {(b, a) for a, b in chosen}) != 2 * len(chosen):
            raise CribkitError("--pairs names a pairing twice, or a player against itself")
        if not _joined(names, chosen):
            raise CribkitError("--pairs must join every player to the others by some chain")
        return names, chosen
    names = (
        LADDER_PLAYERS
        if players is None
        else tuple(strategy_name(p) for p in players.split(",") if p.strip())
    )
    if len(set(names)) != len(names) or len(names) < 2:
        raise CribkitError("a ladder needs two or more different players")
    return names, list(combinations(names, 2))


def _joined(names: tuple[str, ...], pairs: list[tuple[str, str]]) -> bool:
    """Whether ``pairs`` link all of ``names`` (else no common scale can be fitted)."""
    reached = {names[0]}
    while True:
        more = {b for a, b in pairs if a in reached} | {a for a, b in pairs if b in reached}
        if more <= reached:
            return reached == set(names)
        reached |= more


def _write(path: Path, *, games: int, seed: int, matches: dict[str, HeadToHead]) -> None:
    body = {
        "games": games,
        "seed": seed,
        "matches": {
            key: {"a": m.a, "b": m.b, "a_wins": m.a_wins, "games": m.games}
            for key, m in matches.items()
        },
    }
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")
    temporary.replace(path)


@command(summary="Rate strategies on an Elo-like scale by a round robin.")
@friendly_errors
def ladder(
    games: Annotated[
        int,
        typer.Option("--games", "-n", metavar="N", help="Games a match (an even number)."),
    ] = 400,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of every match.")] = 1,
    out: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE", help="Write each finished match to FILE; resume from it if present."
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            metavar="A,B,...",
            help="Players, weakest first (default: the levels, greedy and expert-2026).",
        ),
    ] = None,
    pairs: Annotated[
        str | None,
        typer.Option(
            metavar="A:B,...",
            help="Play only these pairings, not every pair (the first player is the anchor).",
        ),
    ] = None,
    jobs: JobsOption = None,
    cluster: ClusterOption = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play every pair of players and fit their ratings, the first anchored at 1000."""
    names, pairings = ladder_pairings(players, pairs)
    for a, b in pairings:
        check_match(a, b, games=games)
    matches = {} if out is None else load_interim(out, games=games, seed=seed)
    missing = [(a, b) for a, b in pairings if f"{a}|{b}" not in matches]
    errors = Console(stderr=True)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=errors,
        transient=json_output,
    )
    with game_pool(cluster if missing else None, jobs, console=errors) as pool, progress:
        bar = progress.add_task("ladder", total=len(missing) * games)
        for a, b in missing:
            progress.update(bar, description=f"{a} vs {b}")
            result = run_match(
                a,
                b,
                games=games,
                seed=seed,
                jobs=pool.jobs,
                executor=pool.executor,
                progress=_advance(progress, bar),
            )
            matches[f"{a}|{b}"] = HeadToHead(a, b, result.a_wins, result.games)
            if out is not None:
                _write(out, games=games, seed=seed, matches=matches)
    played = [matches[f"{a}|{b}"] for a, b in pairings]
    ratings = fit_ratings(played, anchor=names[0], anchor_rating=ANCHOR_RATING)
    if json_output:
        print_json(
            {
                "games": games,
                "seed": seed,
                "anchor": names[0],
                "ratings": [
                    {
                        "player": r.player,
                        "rating": r.rating,
                        "interval": [r.low, r.high],
                        "games": r.games,
                    }
                    for r in ratings
                ],
            }
        )
        return
    make_console().print(ladder_table(ratings, games=games, seed=seed, anchor=names[0]))


def _advance(progress: Progress, bar: TaskID) -> Callable[[int, int], None]:
    """A match's progress callback moving the ladder's bar on from where it stood."""
    start = progress.tasks[0].completed

    def update(done: int, _total: int) -> None:
        progress.update(bar, completed=start + done)

    return update


def ladder_table(ratings: list[Rating], *, games: int, seed: int, anchor: str) -> Table:
    """The rating table, strongest first."""
    table = Table(title=f"ladder: {games} games a match (seed {seed}), {anchor} = 1000")
    table.add_column("player")
    table.add_column("rating", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("games", justify="right")
    for r in ratings:
        interval = "anchor" if r.player == anchor else f"[{r.low:.0f}, {r.high:.0f}]"
        table.add_row(r.player, f"{r.rating:.0f}", interval, str(r.games))
    return table
