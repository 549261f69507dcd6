"""What the table builds share: their command line, writing the table they computed,
and a seeded hand dealt up to its play.

``build_pegging.py``, ``build_leads.py`` and ``build_winprob.py`` each compute one
``.npz`` shipped in ``src/cribkit/data`` over worker processes (``in_workers``), from
seeded samples or exactly; they take ``--seed``, ``--jobs``, ``--output`` and, when they
sample, the sample count, and end by saying what they built.
``build_winprob.py`` and ``duel_play.py`` play single hands with ``hand_to_play`` and
``play_out``. Every table written here records its provenance (``build_provenance``).
"""

from __future__ import annotations

import argparse
import random
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from cribkit.actions import Cut, Deal, Discard, PlayerAction, TurnStarter
from cribkit.analysis.keepmodel import KEEPS
from cribkit.analysis.pegvalue import SEARCHED_PEG_TABLE
from cribkit.analysis.shipped import PROVENANCE, provenance_entry
from cribkit.cards import DECK, Card
from cribkit.events import Pegs, ScoreEvent
from cribkit.rules import GameRules
from cribkit.state import GameState, Phase
from cribkit.view import PlayerView, view_of

Chunk = TypeVar("Chunk")
Result = TypeVar("Result")

ROOT = Path(__file__).resolve().parent.parent
"""The repository the builds run in (its commit is each table's provenance)."""

DATA = ROOT / "src" / "cribkit" / "data"
"""Where the package's shipped tables live."""

PINNED_PEG_TABLE, PINNED_PEGGING_WEIGHT = SEARCHED_PEG_TABLE, 0.6
PINNED_CRIB_MODEL = False
"""The session-9 expert's pegging value (the searched table at 0.6, every crib valued
against all throws alike: the keep model was not yet read by the discard), which the keep model
(``build_keeps.py``) and the realized table's samples (``build_realized.py``) are pinned to:
the expert's play reads the keep model, the realized table was sampled from that play, and
the expert's discard reads the realized table, so neither build may follow the shipped
discard without a loop. Change it for both or neither."""


def build_parser(
    doc: str, output: Path | None, *, samples: str | None, default: int = 0
) -> argparse.ArgumentParser:
    """The build's options: ``--<samples>`` (how many, ``default``; none for an exact
    build), ``--seed``, ``--jobs`` (worker processes) and ``--output`` (``output``, or None
    for the build to choose); ``doc``'s first line is the help. A build adds its own
    options before reading them."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    if samples is not None:
        parser.add_argument(f"--{samples}", type=int, default=default)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--output", type=Path, default=output)
    return parser


def _git(*args: str) -> str | None:
    """``git ARGS`` in the repository, or None where there is no git or no repository."""
    try:
        done = subprocess.run(
            ["git", "-C", str(ROOT), *args], capture_output=True, text=True, timeout=60
        )
    except OSError:
        return None
    return done.stdout if done.returncode == 0 else None


def _command(argv: list[str]) -> str:
    """The command line that ran, the script named from the repository's root."""
    script = Path(argv[0]).resolve() if argv else Path("?")
    shown = script.relative_to(ROOT) if script.is_relative_to(ROOT) else script
    return shlex.join(["python", str(shown), *argv[1:]])


def build_provenance(argv: list[str] | None = None) -> dict[str, object]:
    """How a table is being built: the command line (``argv``, default ``sys.argv``), the
    commit checked out and whether tracked files differ from it (``dirty``); commit and
    dirty are None outside a git checkout."""
    head = _git("rev-parse", "HEAD")
    changes = _git("status", "--porcelain", "--untracked-files=no")
    return {
        "command": _command(sys.argv if argv is None else argv),
        "commit": None if head is None else head.strip(),
        "dirty": None if changes is None else bool(changes.strip()),
    }


def write_table(output: Path, summary: str, **arrays: Any) -> None:
    """Save ``arrays`` compressed at ``output`` with their provenance (``build_provenance``)
    and say on stderr what was built."""
    if PROVENANCE in arrays:
        raise ValueError(f"{PROVENANCE!r} is the table's own record of its build, not an array")
    provenance = build_provenance()
    output.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(output, **arrays, **{PROVENANCE: provenance_entry(provenance)})
    print(f"{summary}; wrote {output} at {provenance['commit']}", file=sys.stderr)


def chunked(items: Sequence[Chunk], size: int) -> list[list[Chunk]]:
    """``items`` in consecutive lists of ``size`` (the last may be shorter): workers' shares."""
    return [list(items[start : start + size]) for start in range(0, len(items), size)]


def in_workers(work: Callable[[Chunk], Result], chunks: list[Chunk], jobs: int) -> Iterator[Result]:
    """``work`` of each chunk, in order, from ``jobs`` processes, saying every tenth done."""
    with ProcessPoolExecutor(jobs) as pool:
        for done, result in enumerate(pool.map(work, chunks), start=1):
            if done % 10 == 0:
                print(f"  {done}/{len(chunks)} chunks", file=sys.stderr, flush=True)
            yield result


def keep_rows(
    work: Callable[[list[int]], list[tuple[int, Any]]], shape: tuple[int, ...], jobs: int
) -> npt.NDArray[np.float64]:
    """One row of ``shape`` for each of the 1,820 keeps, ``work`` solving chunks of rows in
    ``jobs`` processes (NaN where a row's work leaves an entry out)."""
    value = np.full((len(KEEPS), *shape), np.nan)
    for solved in in_workers(work, chunked(range(len(KEEPS)), 20), jobs):
        for row, values in solved:
            value[row] = values
    return value


ENDLESS = GameRules(target=10_000, skunk_line=10_000, double_skunk_line=10_000)
"""A target nobody reaches in one hand, so every hand is played out in full."""

Thrower = Callable[[GameState, int], tuple[Card, Card]]
"""Which two cards ``player`` lays away, from the state of the discard."""

Chooser = Callable[[PlayerView], PlayerAction]
"""A card (or go) for the seat whose view it is, when it has a choice."""


def hand_seed(seed: int, hand: int) -> int:
    """The shuffle of hand number ``hand`` of a run seeded ``seed``."""
    return seed * 1_000_003 + hand


def hand_to_play(
    seed: int, throw: Thrower, scores: tuple[int, int] | None = None
) -> tuple[GameState, list[ScoreEvent]]:
    """One hand from ``seed``'s shuffle, seat 0 dealing, both seats' throws chosen by
    ``throw``, up to the start of the play (the starter turned, heels scored): the state
    and the events so far. Without ``scores`` the game has no end; with them (seat 0's,
    seat 1's) it is the standard game from there, 121 stopping it."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    if scores is None:
        state = GameState(rules=ENDLESS, phase=Phase.DEAL, dealer=0)
    else:
        pegs = (Pegs(scores[0], scores[0]), Pegs(scores[1], scores[1]))
        state = GameState(phase=Phase.DEAL, dealer=0, pegs=pegs)
    state = state.apply(Deal((tuple(sorted(deck[:6])), tuple(sorted(deck[6:12]))))).state
    for player in (0, 1):
        state = state.apply(Discard(player, throw(state, player))).state
    state = state.apply(Cut(1, 12)).state  # the pone (seat 1) cuts; the starter is deck[12]
    transition = state.apply(TurnStarter(deck[12], 12))
    return transition.state, list(transition.events)


def play_out(start: GameState, choose: Chooser) -> tuple[GameState, list[ScoreEvent]]:
    """The play from ``start`` to its end, ``choose`` deciding wherever the seat to play
    has a choice (forced moves are made for it): the state after the play and every point
    scored on the way."""
    state, events = start, []
    while state.phase is Phase.PLAY:
        view = view_of(state, state.to_play if state.to_play is not None else 0)
        action = view.legal_actions[0] if len(view.legal_actions) == 1 else choose(view)
        transition = state.apply(action)
        state = transition.state
        events.extend(transition.events)
    return state, events
