"""The `cribkit ladder` command: a round robin of strategies fitted to an Elo-like scale.

Every pair of players plays a duplicate match (``cribkit.tournament.run_match``, each on
the ladder's seed, the stronger player as side A); the wins are fitted by Bradley-Terry
(``cribkit.ratings``) with the anchor (``--anchor``, default beginner) at 1000. ``--pairs``
plays only the pairings it lists instead of the round robin, so long as they join every
player to every other through some chain; ``--games-for`` gives the pairings that matter
(adjacent levels, say) more games than ``--games``, and plays them first, so a ladder cut
short has them. With ``--out FILE`` every chunk of
games is saved there as it comes in (``cribkit.cli.ladder_file``), and a ladder started
again with the same file and seed plays only the games still missing, mid-match included.
With ``--cluster`` the matches are played one after another on a Dask cluster
(``cribkit.cluster``), each spread over all its workers.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, Group
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
from cribkit.cli.ladder_file import LadderFile
from cribkit.cli.names import strategy_name
from cribkit.cli.output import make_console, print_json
from cribkit.cli.workers import ClusterOption, JobsOption, game_pool
from cribkit.errors import CribkitError
from cribkit.ratings import HeadToHead, Rating, fit_ratings
from cribkit.tournament import GameResult, MatchResult, check_match, run_match

__all__ = [
    "ANCHOR",
    "LADDER_PLAYERS",
    "games_for_pairings",
    "ladder",
    "ladder_pairings",
    "ladder_table",
    "pick_anchor",
]

LADDER_PLAYERS: tuple[str, ...] = (
    "random",
    "beginner",
    "novice",
    "casual",
    "club",
    "greedy",
    "strong",
    "expert-2026",
    "expert",
)
"""Who plays the ladder unless ``--players`` says, weakest first (by the last ladder):
the calibrated levels, ``random`` below them, ``greedy`` and ``expert-2026`` among them."""

ANCHOR = "beginner"
"""The player pinned at ``ANCHOR_RATING`` when it plays and ``--anchor`` names none."""

ANCHOR_RATING = 1000.0
"""The anchor's fixed rating: the scale's zero point."""


def ladder_pairings(
    players: str | None, pairs: str | None
) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    """The ladder's players and the pairings it plays: every pair of ``players`` (default
    ``LADDER_PLAYERS``, weakest first), the later-named (stronger) player as side A; or
    only the ``A:B`` pairs of ``pairs``, as given, whose players come in the order first
    named."""
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
    return names, [(stronger, weaker) for weaker, stronger in combinations(names, 2)]


def _joined(names: tuple[str, ...], pairs: list[tuple[str, str]]) -> bool:
    """Whether ``pairs`` link all of ``names`` (else no common scale can be fitted)."""
    reached = {names[0]}
    while True:
        more = {b for a, b in pairs if a in reached} | {a for a, b in pairs if b in reached}
        if more <= reached:
            return reached == set(names)
        reached |= more


def games_for_pairings(
    text: str | None, pairings: list[tuple[str, str]], *, games: int
) -> dict[tuple[str, str], int]:
    """Games of each pairing: ``games``, or the ``N`` of ``A:B=N`` in ``text`` (``A:B`` or
    ``B:A``: a pairing whichever side is named first), refusing a pairing not played."""
    chosen = dict.fromkeys(pairings, games)
    for item in [] if text is None else text.split(","):
        pair, sep, count = item.partition("=")
        a, colon, b = pair.partition(":")
        if not sep or not colon or not a.strip() or not b.strip():
            raise CribkitError(f"--games-for takes A:B=N,C:D=M, not {item!r}")
        try:
            number = int(count)
        except ValueError:
            raise CribkitError(f"--games-for: {count!r} is not a number of games") from None
        a, b = strategy_name(a), strategy_name(b)
        pairing = (a, b) if (a, b) in chosen else (b, a)
        if pairing not in chosen:
            raise CribkitError(f"--games-for names {a}:{b}, a pairing this ladder does not play")
        chosen[pairing] = number
    return chosen


def pick_anchor(anchor: str | None, names: tuple[str, ...]) -> str:
    """The player pinned at ``ANCHOR_RATING``: ``anchor`` (one of ``names``), else
    ``ANCHOR`` when it plays, else the first player."""
    if anchor is None:
        return ANCHOR if ANCHOR in names else names[0]
    name = strategy_name(anchor)
    if name not in names:
        raise CribkitError(f"--anchor {name} does not play in this ladder")
    return name


@command(summary="Rate strategies on an Elo-like scale by a round robin.")
@friendly_errors
def ladder(
    games: Annotated[
        int,
        typer.Option("--games", "-n", metavar="N", help="Games a match (an even number)."),
    ] = 400,
    games_for: Annotated[
        str | None,
        typer.Option(
            "--games-for",
            metavar="A:B=N,...",
            help="More (or fewer) games for these pairings than --games.",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of every match.")] = 1,
    out: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Save every game to FILE as it is played; resume from it if present.",
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            metavar="A,B,...",
            help="Players, weakest first (default: random, the levels, greedy, expert-2026).",
        ),
    ] = None,
    pairs: Annotated[
        str | None,
        typer.Option(metavar="A:B,...", help="Play only these pairings, not every pair."),
    ] = None,
    anchor: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="The player pinned at 1000 (default: beginner if it plays, else the first).",
        ),
    ] = None,
    jobs: JobsOption = None,
    cluster: ClusterOption = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play every pair of players and fit their ratings, the anchor at 1000."""
    names, pairings = ladder_pairings(players, pairs)
    pinned = pick_anchor(anchor, names)
    counts = games_for_pairings(games_for, pairings, games=games)
    for (a, b), count in counts.items():
        check_match(a, b, games=count)
    saved = LadderFile.open(out, seed=seed)
    missing = any(len(saved.played(a, b)) < n for (a, b), n in counts.items())
    errors = Console(stderr=True)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=errors,
        transient=json_output,
    )
    results: dict[tuple[str, str], MatchResult] = {}
    with game_pool(cluster if missing else None, jobs, console=errors) as pool, progress:
        bar = progress.add_task("ladder", total=sum(counts.values()))
        shown = {pairing: min(len(saved.played(*pairing)), n) for pairing, n in counts.items()}
        progress.update(bar, completed=sum(shown.values()))
        for (a, b), count in sorted(counts.items(), key=lambda item: -item[1]):
            progress.update(bar, description=f"{a} vs {b}")
            results[a, b] = run_match(
                a,
                b,
                games=count,
                seed=seed,
                jobs=pool.jobs,
                executor=pool.executor,
                progress=_advance(progress, bar, shown, (a, b)),
                done=saved.played(a, b),
                on_batch=_saver(saved, a, b),
            )
    ordered = [results[pairing] for pairing in counts]  # as listed, not as played
    played = [HeadToHead(r.a, r.b, r.a_wins, r.games) for r in ordered]
    ratings = fit_ratings(played, anchor=pinned, anchor_rating=ANCHOR_RATING)
    if json_output:
        print_json(
            {
                "games": games,
                "seed": seed,
                "anchor": pinned,
                "anchor_rating": ANCHOR_RATING,
                "matches": [_match_json(r) for r in ordered],
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
    make_console().print(
        Group(
            ladder_table(ratings, games=games, seed=seed, anchor=pinned),
            matches_table(ordered),
        )
    )


def _match_json(result: MatchResult) -> dict[str, object]:
    return {
        "a": result.a,
        "b": result.b,
        "games": result.games,
        "a_wins": result.a_wins,
        "a_win_rate": result.a_win_rate,
        "a_win_rate_ci": result.a_win_rate_ci.to_list(),
    }


def _saver(saved: LadderFile, a: str, b: str) -> Callable[[list[GameResult]], None]:
    """A match's ``on_batch``: each chunk of games into the interim file at once."""

    def save(batch: list[GameResult]) -> None:
        saved.add(a, b, batch)

    return save


def _advance(
    progress: Progress, bar: TaskID, shown: dict[tuple[str, str], int], pairing: tuple[str, str]
) -> Callable[[int, int], None]:
    """A match's progress callback: its games so far, added to every other match's."""

    def update(done: int, _total: int) -> None:
        shown[pairing] = done
        progress.update(bar, completed=sum(shown.values()))

    return update


def ladder_table(ratings: list[Rating], *, games: int, seed: int, anchor: str) -> Table:
    """The rating table, strongest first."""
    table = Table(
        title=f"ladder: {games} games a match (seed {seed}), {anchor} = {ANCHOR_RATING:.0f}"
    )
    table.add_column("player")
    table.add_column("rating", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("games", justify="right")
    for r in ratings:
        interval = "anchor" if r.player == anchor else f"[{r.low:.0f}, {r.high:.0f}]"
        table.add_row(r.player, f"{r.rating:.0f}", interval, str(r.games))
    return table


def matches_table(results: list[MatchResult]) -> Table:
    """Each match's win rate for side A with its 95% interval over duplicate pairs."""
    table = Table(title="matches")
    table.add_column("A vs B")
    table.add_column("games", justify="right")
    table.add_column("A wins", justify="right")
    table.add_column("95% interval", justify="right")
    for r in results:
        low, high = r.a_win_rate_ci.low, r.a_win_rate_ci.high
        table.add_row(
            f"{r.a} vs {r.b}",
            str(r.games),
            f"{100 * r.a_win_rate:.1f}%",
            f"[{100 * low:.1f}, {100 * high:.1f}]",
        )
    return table
