"""The score sheet: for every hand, what each player pegged, showed in hand and crib, and
the running totals, as a cribbage player keeps it on paper.

Built from the scoring events alone, so the web table, the replay page and the command
line all show the same figures. Each event counts the points it moved the peg (the last
one stops in the game hole at 121), so the hands add up to the final scores exactly, even
when the game ends in the middle of a hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cribkit.events import ScoreContext, ScoreEvent
from cribkit.game import Game
from cribkit.record import GameRecord
from cribkit.seats import check_seat
from cribkit.state import GameState, Phase

__all__ = ["HandLine", "score_sheet", "score_sheet_of"]


@dataclass(frozen=True, slots=True)
class HandLine:
    """One hand of the score sheet; every pair is indexed by seat.

    ``pegging`` is everything pegged before the show: his heels (also given alone in
    ``heels``) and the play, go and last card included. ``hand`` is each player's own
    hand at the show and ``crib`` the crib (the dealer's); ``muggins`` the points taken
    from the other player's overlooked counts (muggins on). ``totals`` are the scores
    after this hand (so far, for a hand still being played). ``ended_game`` marks the
    hand in which someone reached the target.
    """

    hand_number: int
    dealer: int
    pegging: tuple[int, int]
    heels: tuple[int, int]
    hand: tuple[int, int]
    crib: tuple[int, int]
    totals: tuple[int, int]
    ended_game: bool = False
    muggins: tuple[int, int] = (0, 0)

    def points(self, player: int) -> int:
        """All ``player`` scored in this hand."""
        player = check_seat(player)
        return self.pegging[player] + self.hand[player] + self.crib[player] + self.muggins[player]

    def to_dict(self) -> dict[str, object]:
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "pegging": list(self.pegging),
            "heels": list(self.heels),
            "hand": list(self.hand),
            "crib": list(self.crib),
            **({"muggins": list(self.muggins)} if any(self.muggins) else {}),
            "points": [self.points(0), self.points(1)],
            "totals": list(self.totals),
            "ended_game": self.ended_game,
        }


def score_sheet(source: Game | GameRecord) -> list[HandLine]:
    """The score sheet of a game so far (or a whole recorded game), one line per hand dealt.

    A live ``Game`` knows hidden cards but the sheet holds only points already pegged.
    """
    if isinstance(source, Game):
        state, events = source.state, list(source.events)
    else:
        steps = list(source.replay())
        state = steps[-1].after if steps else GameState(rules=source.rules)
        events = [event for step in steps for event in step.events]
    if state.dealer is None or state.hand_number == 0:
        return []
    dealer = state.dealer if state.phase is not Phase.DEAL else 1 - state.dealer
    first_dealer = dealer if state.hand_number % 2 == 1 else 1 - dealer
    return score_sheet_of(
        events, first_dealer=first_dealer, hands=state.hand_number, target=state.rules.target
    )


def score_sheet_of(
    events: Iterable[ScoreEvent],
    *,
    first_dealer: int,
    hands: int | None = None,
    target: int = 121,
) -> list[HandLine]:
    """The score sheet from scoring events (for instance only those shown so far).

    ``events`` run from the start of the game, in order. ``first_dealer`` deals hand 1
    and the deal alternates; ``hands`` lines are given (at least as many as the events
    reach), so a hand that has scored nothing yet has its line too.
    """
    lines: dict[int, dict[str, list[int]]] = {}
    ended: set[int] = set()
    totals: dict[int, tuple[int, int]] = {}
    scores = [0, 0]
    for event in events:
        sheet = lines.setdefault(event.hand_number, _blank())
        gained = event.score - scores[event.player]  # the peg stops at the target
        scores[event.player] = event.score
        column = _COLUMN[event.context]
        sheet[column][event.player] += gained
        if event.context is ScoreContext.HEELS:
            sheet["heels"][event.player] += gained
        totals[event.hand_number] = (scores[0], scores[1])
        if event.score >= target:
            ended.add(event.hand_number)
    count = max([hands or 0, *lines])
    result: list[HandLine] = []
    running = (0, 0)
    for number in range(1, count + 1):
        sheet = lines.get(number, _blank())
        running = totals.get(number, running)
        result.append(
            HandLine(
                hand_number=number,
                dealer=first_dealer if number % 2 == 1 else 1 - first_dealer,
                pegging=_pair(sheet["pegging"]),
                heels=_pair(sheet["heels"]),
                hand=_pair(sheet["hand"]),
                crib=_pair(sheet["crib"]),
                totals=running,
                ended_game=number in ended,
                muggins=_pair(sheet["muggins"]),
            )
        )
    return result


_COLUMN = {
    ScoreContext.HEELS: "pegging",
    ScoreContext.PLAY: "pegging",
    ScoreContext.HAND: "hand",
    ScoreContext.CRIB: "crib",
    ScoreContext.MUGGINS: "muggins",
}


def _blank() -> dict[str, list[int]]:
    return {"pegging": [0, 0], "heels": [0, 0], "hand": [0, 0], "crib": [0, 0], "muggins": [0, 0]}


def _pair(values: list[int]) -> tuple[int, int]:
    return (values[0], values[1])
