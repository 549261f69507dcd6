"""Duel a variant of the expert against the shipped expert near 121, on the same hands.

``duel_play.py`` measures the play far from 121, in points; near 121 the expert plays for
the win, so this duel measures winning chances. Each deal starts from scores where either
player needs 31 or fewer, drawn as whole games reach them (``endgame_scores``: games
played on the win table's measured per-hand points, every hand start near 121 kept).
Both seats discard as the shipped expert would; the hand is then played twice, the
variant once as dealer and once as pone, the shipped expert in the other seat, through
the play and the show (121 stopping it). Measured: the variant's chance of winning the
game after the hand (1 or 0 if the hand ended it, else the win table's chance from the
scores reached) minus one half, averaged over its two seats, with a 95% interval over
deals. A variant with no settings scores exactly 0 on every deal. A game holds about two
or three such hands, so a gain of g a hand is roughly 2.5 g in whole games' win rate.

Run: ``.venv/bin/python scripts/duel_endgame.py --set lead_reading_near_121=5 -n 3000``.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from duel_play import duel_chooser, expert_throw, run_duel
from table_build import hand_seed, hand_to_play, play_out

from cribkit.analysis.winprob import ENDGAME_NEED, TARGET, win_probability, win_table

__all__ = ["endgame_jobs", "endgame_scores", "main", "play_deal"]


def endgame_scores(count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` (dealer, pone) score pairs at the start of hands near 121, as games played
    on the win table's per-hand distributions reach them (each game's every such hand)."""
    table = win_table()
    rng = np.random.default_rng(seed)
    pegging = table.pegging.ravel() / table.pegging.sum()
    pone_hand = table.pone_hand / table.pone_hand.sum()
    dealer_total = table.dealer_total / table.dealer_total.sum()
    columns = table.pegging.shape[1]
    found: list[tuple[int, int]] = []
    while len(found) < count:
        scores, dealer = [0, 0], 0
        while max(scores) < TARGET:
            pone = 1 - dealer
            if max(scores) >= TARGET - ENDGAME_NEED:
                found.append((scores[dealer], scores[pone]))
            pegged = int(rng.choice(pegging.size, p=pegging))
            scores[pone] += pegged // columns + int(rng.choice(pone_hand.size, p=pone_hand))
            scores[dealer] += pegged % columns + int(rng.choice(dealer_total.size, p=dealer_total))
            dealer = pone
    return found[:count]


def play_deal(job: tuple[int, tuple[int, int]], settings: dict[str, Any]) -> float:
    """The variant's chance of winning after one hand near 121, less one half, by seat
    averaged (seat 0 deals from the first score given)."""
    seed, scores = job
    start, _ = hand_to_play(seed, expert_throw, scores)
    if start.outcome is not None:  # his heels ended the game: no one chose anything
        return 0.0
    chances = []
    for variant_seat in (0, 1):
        end, _ = play_out(start, duel_chooser(seed, variant_seat, settings))
        if end.outcome is not None:
            chances.append(1.0 if end.outcome.winner == variant_seat else 0.0)
        else:
            mine, theirs = end.scores[variant_seat], end.scores[1 - variant_seat]
            # seat 1 deals the next hand
            chances.append(win_probability(mine, theirs, dealer=variant_seat == 1))
    return (chances[0] + chances[1]) / 2 - 0.5


def endgame_jobs(seed: int, deals: int) -> list[tuple[int, tuple[int, int]]]:
    """Each deal's shuffle and the scores it starts from."""
    scores = endgame_scores(deals, seed)
    return [(hand_seed(seed, deal), scores[deal]) for deal in range(deals)]


def main(argv: list[str] | None = None) -> int:
    return run_duel(
        argv,
        description=__doc__.split("\n")[0],
        default_seed=7,
        jobs_of=endgame_jobs,
        play=play_deal,
        measure="winning chance a hand near 121",
        digits=4,
        chunksize=10,
    )


if __name__ == "__main__":
    sys.exit(main())
