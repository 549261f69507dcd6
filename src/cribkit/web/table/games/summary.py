"""Per-game figures for /stats, taken from a finished game's record by replaying it once.

Zero-point hands count too (a 0 is part of an average), which is why this replays the
record instead of summing scoring events.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribkit.events import ScoreContext
from cribkit.record import GameRecord

__all__ = ["GameSummary", "summarize"]


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One seat's figures over a whole game."""

    hand_points: int = 0
    hands_shown: int = 0
    crib_points: int = 0
    cribs_shown: int = 0
    play_points: int = 0
    deals_played: int = 0
    best_hand: int = 0
    counts_made: int = 0
    """Hands and cribs this seat counted itself; how many exactly, and the points its
    counts overlooked and over-claimed."""
    counts_exact: int = 0
    count_points_missed: int = 0
    count_points_over: int = 0


def summarize(record: GameRecord, player: int) -> GameSummary:
    """Show and play points of ``player``: hands and cribs counted, pegging, best hand, and
    the accuracy of the counts the player made of their own show."""
    hand_points = hands = crib_points = cribs = play_points = best = 0
    deals = made = exact = missed = over = 0
    for step in record.replay():
        before, after = step.before, step.after
        deals = after.hand_number
        fresh = after.shows[len(before.shows) :] if after.hand_number == before.hand_number else ()
        for show in fresh:
            if show.player != player:
                continue
            total, pegged = show.breakdown.total, show.pegged
            if show.context is ScoreContext.CRIB:
                crib_points, cribs = crib_points + pegged, cribs + 1
            else:
                hand_points, hands, best = hand_points + pegged, hands + 1, max(best, total)
            if show.claim is not None:
                made, exact = made + 1, exact + (show.claim == total)
                missed, over = missed + show.missed, over + show.over_claimed
        play_points += sum(
            e.points for e in step.events if e.player == player and e.context is ScoreContext.PLAY
        )
    return GameSummary(
        hand_points, hands, crib_points, cribs, play_points, deals, best, made, exact, missed, over
    )
