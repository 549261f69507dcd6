"""Made-up match results, for the tests of the statistics taken over them."""

from __future__ import annotations

from cribkit.rules import Skunk
from cribkit.tournament import GameResult, Points

NO_POINTS: tuple[Points, Points] = ((0, 0, 0), (0, 0, 0))


def made_up_game(
    pair: int,
    a_seat: int,
    *,
    a_won: bool,
    loser: int,
    first_dealer: int = 0,
    hands: int = 9,
    points: tuple[Points, Points] = NO_POINTS,
) -> GameResult:
    """A game of pair ``pair`` that the winner took 121 to ``loser``, skunks as scored;
    ``points`` by seat and source."""
    winner = a_seat if a_won else 1 - a_seat
    scores = [0, 0]
    scores[winner], scores[1 - winner] = 121, loser
    return GameResult(
        pair=pair,
        seed=pair,
        a_seat=a_seat,
        winner=winner,
        scores=(scores[0], scores[1]),
        skunk=Skunk.DOUBLE if loser < 61 else Skunk.SKUNK if loser < 91 else Skunk.NONE,
        first_dealer=first_dealer,
        hands=hands,
        points=points,
    )
