"""Screen a variant of the expert: a duplicate match of ``ExpertStrategy(**settings)``
against a named strategy, saving every finished chunk of pairs so a long run can be cut
(at a session's deadline) and summarized or resumed.

The variant is registered as the strategy ``variant`` in each worker process (the
``--set`` options are ``ExpertStrategy`` keyword arguments, values read as JSON), so the
match is exactly ``cribkit match`` on the same seed: the same deals as any other screen
or confirming run with that seed. With no ``--set`` the variant is the shipped expert.

Run: ``.venv/bin/python scripts/screen_expert.py --set pegging_weight=0.4 -n 2000
--seed 31 --save /tmp/w04.jsonl`` (add ``--summarize`` to print what a saved run has).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console

from cribkit.cli.match_cmd import match_table
from cribkit.players import STRATEGIES
from cribkit.players.expert import ExpertStrategy
from cribkit.rules import Skunk
from cribkit.tournament import GameResult, PairTask, pair_seed, play_tasks, summarize

VARIANT = "variant"
"""The name the variant plays under in the match table."""
SEED = 12
"""The match's seed when none is given (a saved run does not record it)."""


def register(settings: dict[str, Any]) -> None:
    """Make ``VARIANT`` an expert with ``settings`` in this process (a pool initializer)."""
    STRATEGIES[VARIANT] = partial(ExpertStrategy, **settings)


def parse_settings(pairs: list[str]) -> dict[str, Any]:
    """``["pegging_weight=0.4", "points_limits={\"8\": 12}"]`` -> keyword arguments; a
    mapping's keys that read as whole numbers become ints (deal limits by cards left)."""
    settings: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise SystemExit(f"--set takes NAME=VALUE, not {pair!r}")
        value = json.loads(text)
        if isinstance(value, dict):
            value = {int(k) if k.lstrip("-").isdigit() else k: v for k, v in value.items()}
        settings[key] = value
    return settings


def to_line(result: GameResult) -> str:
    """One saved game (no record) as a JSON line."""
    fields = {
        "pair": result.pair,
        "seed": result.seed,
        "a_seat": result.a_seat,
        "winner": result.winner,
        "scores": list(result.scores),
        "skunk": result.skunk.value,
        "first_dealer": result.first_dealer,
        "hands": result.hands,
        "points": [list(side) for side in result.points],
    }
    return json.dumps(fields)


def from_line(line: str) -> GameResult:
    data = json.loads(line)
    first, second = (tuple(side) for side in data["points"])
    return GameResult(
        pair=data["pair"],
        seed=data["seed"],
        a_seat=data["a_seat"],
        winner=data["winner"],
        scores=(data["scores"][0], data["scores"][1]),
        skunk=Skunk(data["skunk"]),
        first_dealer=data["first_dealer"],
        hands=data["hands"],
        points=(first, second),  # type: ignore[arg-type]  # three ints each, as saved
    )


def load(path: Path) -> list[GameResult]:
    """The saved games of whole pairs (a cut run may end inside none: chunks are whole)."""
    if not path.exists():
        return []
    return [from_line(line) for line in path.read_text().splitlines() if line.strip()]


def run(args: argparse.Namespace) -> tuple[list[GameResult], float]:
    """Play the pairs ``--save`` does not have yet; (every game, seconds this run took)."""
    settings = parse_settings(args.set)
    results = load(args.save) if args.save else []
    done = {result.pair for result in results}
    pairs = [(p, pair_seed(args.seed, p)) for p in range(args.games // 2) if p not in done]
    chunks = [tuple(pairs[i : i + args.chunk]) for i in range(0, len(pairs), args.chunk)]
    tasks = [PairTask(VARIANT, args.against, chunk) for chunk in chunks]
    started = time.perf_counter()
    for batch in play_tasks(tasks, args.jobs, setup=partial(register, settings)):
        results.extend(batch)
        if args.save:
            with args.save.open("a") as handle:
                handle.writelines(to_line(result) + "\n" for result in batch)
        elapsed = time.perf_counter() - started
        print(f"  {len(results)}/{args.games} games, {elapsed:.0f} s", file=sys.stderr)
    return results, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--against", default="expert-2026")
    parser.add_argument("-n", "--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, help=f"the match's seed (default {SEED})")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=20, help="pairs a worker plays at once")
    parser.add_argument("--save", type=Path, help="JSON lines of finished games (resumes)")
    parser.add_argument("--summarize", action="store_true", help="only print what --save has")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        raise SystemExit("--games is an even number of at least 2 (pairs)")
    if args.summarize:
        if not args.save:
            raise SystemExit("--summarize reads the file given with --save")
        results, seconds = load(args.save), 0.0  # no speed figure for a saved run
    else:
        args.seed = SEED if args.seed is None else args.seed
        results, seconds = run(args)
    results.sort(key=lambda result: (result.pair, result.a_seat))
    summary = summarize(VARIANT, args.against, results, seconds=seconds)
    Console(width=100).print(match_table(summary, seed=args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
