"""Duel a variant of the expert's play against the shipped expert's, on the same hands.

A sharp, cheap screen for a change to the play alone. Each deal is dealt once and both
seats discard as the shipped expert would (so the cards kept are the same in both
games); the play is then played twice, the variant once as dealer and once as pone, the
shipped expert in the other seat. Measured: the variant's pegging points minus the
expert's in the play (heels and the show left out), averaged over its two seats, with a
95% interval over deals. A variant with no settings scores exactly 0 on every deal. The
scores stay far from 121, so the winning-chance settings are not measured here: whole
games (``screen_expert.py``) are.

Run: ``.venv/bin/python scripts/duel_play.py --set reading=0.0 -n 3000 --seed 5``.

``--set sees_opponent=true`` is not a setting of the expert but a reference: the variant
seat plays the card the exact solve values most against the opponent's real cards, as if
it saw their hand. What it nets bounds how much better reading could make the play;
``'"first"'`` sees them for the variant's first card only (the lead, the first answer),
``'"later"'`` for every card after it (the expert's own choice for the first).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any, TypeVar

from screen_expert import parse_settings
from table_build import Chooser, hand_seed, hand_to_play, play_out

from cribkit.actions import Discard, Play, PlayerAction
from cribkit.analysis.pegging import start_state
from cribkit.analysis.pegsolver import rank_nets
from cribkit.cards import Card
from cribkit.events import ScoreContext
from cribkit.players.expert import ExpertStrategy
from cribkit.state import GameState
from cribkit.tournament import mean_interval
from cribkit.view import PlayerView, view_of

SEES_OPPONENT = "sees_opponent"
"""The duel's own pseudo-setting: the variant sees the opponent's cards (``face_up_chooser``)."""


def expert_throw(state: GameState, player: int) -> tuple[Card, Card]:
    """The two cards the shipped expert lays away."""
    action = ExpertStrategy(seed=player).choose(view_of(state, player))
    assert isinstance(action, Discard)
    return action.cards


def duel_chooser(
    seed: int, variant_seat: int, settings: dict[str, Any], start: GameState | None = None
) -> Chooser:
    """Choices for both seats: the variant in ``variant_seat``, the shipped expert in the
    other. With ``sees_opponent`` set, the variant plays face up from ``start``'s cards."""
    expert = ExpertStrategy(seed=seed)
    sees = settings.get(SEES_OPPONENT)
    variant = ExpertStrategy(seed=seed, **{k: v for k, v in settings.items() if k != SEES_OPPONENT})
    if not sees:
        return lambda view: (variant if view.player == variant_seat else expert).choose(view)
    if start is None:
        raise ValueError("a variant that sees the opponent needs the deal's start")
    if sees not in SEEING:
        raise ValueError(f"sees_opponent is true, 'first' or 'later', not {sees!r}")
    face_up = face_up_chooser(start, variant_seat)

    def choose(view: PlayerView) -> PlayerAction:
        if view.player != variant_seat:
            return expert.choose(view)
        first = not any(
            entry.player == variant_seat for entry in view.play_log if entry.card is not None
        )
        return face_up(view) if SEEING[sees](first) else variant.choose(view)

    return choose


SEEING: dict[object, Callable[[bool], bool]] = {
    True: lambda first: True,
    "first": lambda first: first,
    "later": lambda first: not first,
}
"""Which of the variant's cards ``sees_opponent`` plays face up, by whether it is its first."""


def face_up_chooser(start: GameState, seat: int) -> Chooser:
    """``seat``'s play as if it saw the opponent's cards: the card whose rank the exact
    solve of the rest of the play values most against what they really hold, the lowest
    card first among equals (the expert's order)."""
    kept = start.kept(1 - seat)

    def choose(view: PlayerView) -> Play:
        played = {entry.card for entry in view.play_log if entry.player != seat}
        theirs = [int(card.rank) for card in kept if card not in played]
        mine, hand, series, count, _ = start_state(view, theirs)
        nets = rank_nets([((mine, hand, series, count), 1.0)], None, None)
        plays = [action for action in view.legal_actions if isinstance(action, Play)]
        return min(plays, key=lambda action: (-nets[int(action.card.rank)], action.card.index))

    return choose


def play_deal(seed: int, settings: dict[str, Any]) -> float:
    """The variant's net pegging points against the expert on one deal, by seat averaged."""
    start, _ = hand_to_play(seed, expert_throw)
    nets = []
    for variant_seat in (0, 1):
        _, events = play_out(start, duel_chooser(seed, variant_seat, settings, start))
        nets.append(
            sum(
                event.points if event.player == variant_seat else -event.points
                for event in events
                if event.context is ScoreContext.PLAY
            )
        )
    return (nets[0] + nets[1]) / 2


def deal_seeds(seed: int, deals: int) -> list[int]:
    """The shuffles of a duel's ``deals`` deals on ``seed``."""
    return [hand_seed(seed, deal) for deal in range(deals)]


Job = TypeVar("Job")


def run_duel(
    argv: list[str] | None,
    *,
    description: str,
    default_seed: int,
    jobs_of: Callable[[int, int], list[Job]],
    play: Callable[..., float] | Callable[..., tuple[float, ...]],
    measure: str,
    digits: int,
    chunksize: int,
    parts: Sequence[str] = (),
) -> int:
    """A duel's command line: ``--set`` the variant, ``-n`` deals, ``--seed``, ``-j``; each
    of ``jobs_of(seed, deals)`` played by ``play`` in worker processes, and the mean of what
    ``measure`` names printed with its 95% interval to ``digits`` decimals. With ``parts``,
    ``play`` returns the measure and then one value for each part, and each part's mean is
    printed below it the same way."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("-n", "--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=default_seed)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    settings = parse_settings(args.set)
    started = time.perf_counter()
    jobs = jobs_of(args.seed, args.deals)
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(partial(play, settings=settings), jobs, chunksize=chunksize))
    rows = [result if isinstance(result, tuple) else (result,) for result in results]
    values = [row[0] for row in rows]
    changed = sum(value != 0 for value in values)
    print(
        f"variant {settings or '(the expert)'}: {measure} {_mean_text(values, digits)} "
        f"over {args.deals} deals ({changed} changed), {time.perf_counter() - started:.0f} s"
    )
    for index, part in enumerate(parts, start=1):
        print(f"  {part}: {_mean_text([row[index] for row in rows], digits)}")
    return 0


def _mean_text(values: Sequence[float], digits: int) -> str:
    """``+0.004 [-0.001, +0.009]``: the mean and its 95% interval (none for one value)."""
    mean, interval = mean_interval(values)
    bounds = (
        "" if interval is None else f" [{interval.low:+.{digits}f}, {interval.high:+.{digits}f}]"
    )
    return f"{mean:+.{digits}f}{bounds}"


def main(argv: list[str] | None = None) -> int:
    return run_duel(
        argv,
        description=__doc__.split("\n")[0],
        default_seed=5,
        jobs_of=deal_seeds,
        play=play_deal,
        measure="play points a hand",
        digits=3,
        chunksize=25,
    )


if __name__ == "__main__":
    sys.exit(main())
