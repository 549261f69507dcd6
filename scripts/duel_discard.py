"""Duel a variant of the expert's discard against the shipped expert's, on the same hands.

``duel_play.py`` measures the play with the cards kept fixed; this measures the discard
with the play fixed. Each deal is dealt once; the variant lays away for one seat (the
shipped expert for the other) and the hand is played out by the shipped expert in both
seats through the show, then the same with the shipped expert laying away for both.
Measured: the variant seat's net points of the hand (its heels, play, hand and crib less
the opponent's) in the first minus the second, averaged over the variant's two seats,
with a 95% interval over deals; and the same gain split by source (play, hand, crib):
a discard that keeps what pegs gives up hand or crib points that the net can hide and a
whole game's sources show (session 29: the dealer's pegging weight at 1.0). The starter is
the same card either way, so the heels never differ. Where the variant lays away what the
expert would, the hand is the same and scores exactly 0, so only the discards that differ
carry noise. The scores stay far from 121, so the winning-chance discard is not measured
here.

Run: ``.venv/bin/python scripts/duel_discard.py --set pegging_weight=1.0 -n 20000 --seed 3``.
"""

from __future__ import annotations

import sys
from typing import Any

from duel_play import deal_seeds, duel_chooser, run_duel
from table_build import hand_to_play, play_out

from cribkit.actions import Discard
from cribkit.cards import Card
from cribkit.events import ScoreContext, ScoreEvent
from cribkit.players.expert import ExpertStrategy
from cribkit.state import GameState
from cribkit.view import PlayerView, view_of

__all__ = ["SOURCES", "hand_nets", "main", "play_deal", "throw_of"]

SOURCES = (ScoreContext.PLAY, ScoreContext.HAND, ScoreContext.CRIB)
"""The sources a gain is split into, after the whole hand's net."""


def hand_nets(seed: int, seat: int, throws: dict[int, tuple[Card, Card]]) -> tuple[int, ...]:
    """``seat``'s net points of deal ``seed`` with these throws (each seat's two cards), the
    shipped expert playing both seats: in all, then from each of ``SOURCES``."""

    def throw(state: GameState, player: int) -> tuple[Card, Card]:
        return throws[player]

    return _nets(seat, _played(seed, *hand_to_play(seed, throw)))


def _played(seed: int, start: GameState, heels: list[ScoreEvent]) -> list[ScoreEvent]:
    """Every point of the hand from ``start`` (the heels scored on the way there), the
    shipped expert playing both seats through the show."""
    _, events = play_out(start, duel_chooser(seed, 0, {}))
    return [*heels, *events]


def _nets(seat: int, events: list[ScoreEvent]) -> tuple[int, ...]:
    """``seat``'s points less the other's: in all, then from each of ``SOURCES``."""
    by_source = [[event for event in events if event.context is source] for source in SOURCES]
    return tuple(_net(seat, part) for part in (events, *by_source))


def _net(seat: int, events: list[ScoreEvent]) -> int:
    return sum(event.points if event.player == seat else -event.points for event in events)


def play_deal(seed: int, settings: dict[str, Any]) -> tuple[float, ...]:
    """The variant's net points a hand against the expert's discard, by seat averaged: in
    all, then from each of ``SOURCES``."""
    expert: dict[int, tuple[Card, Card]] = {}
    variant: dict[int, tuple[Card, Card]] = {}

    def both_throws(state: GameState, player: int) -> tuple[Card, Card]:
        view = view_of(state, player)  # the other seat's throw is hidden from it
        expert[player] = throw_of(ExpertStrategy(seed=player), view)
        variant[player] = throw_of(ExpertStrategy(seed=player, **settings), view)
        return expert[player]

    start, heels = hand_to_play(seed, both_throws)  # the hand as the expert lays away
    baseline: list[ScoreEvent] | None = None  # played out once, only if a throw differs
    gains: list[tuple[int, ...]] = []
    for seat in (0, 1):
        if set(variant[seat]) == set(expert[seat]):
            gains.append((0,) * (1 + len(SOURCES)))
            continue
        if baseline is None:
            baseline = _played(seed, start, heels)
        changed = hand_nets(seed, seat, {**expert, seat: variant[seat]})
        gains.append(tuple(c - b for c, b in zip(changed, _nets(seat, baseline), strict=True)))
    return tuple((first + second) / 2 for first, second in zip(*gains, strict=True))


def throw_of(player: ExpertStrategy, view: PlayerView) -> tuple[Card, Card]:
    """The two cards ``player`` lays away from ``view``."""
    action = player.choose(view)
    assert isinstance(action, Discard)
    return action.cards


def main(argv: list[str] | None = None) -> int:
    return run_duel(
        argv,
        description=__doc__.split("\n")[0],
        default_seed=3,
        jobs_of=deal_seeds,
        play=play_deal,
        measure="points a hand",
        digits=3,
        chunksize=25,
        parts=tuple(source.value for source in SOURCES),
    )


if __name__ == "__main__":
    sys.exit(main())
