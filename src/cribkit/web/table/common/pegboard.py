"""Where every hole of the SVG pegboard sits: two tracks of 121 holes in four streets.

Each street holds 30 holes in groups of five, the two players' lanes side by side; hole
121 (the game hole) closes each track. Streets start at 1, 31, 61 and 91, so the double
skunk line (61) and the skunk line (91) fall where a street begins, as on a real board.
The page draws the holes from this layout and the script moves a peg by copying the
position of the hole it goes to, so the geometry lives here only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from cribkit.events import Pegs

__all__ = ["BoardLayout", "Hole", "Marker", "board_layout", "peg_hole", "peg_marks"]

STREET_HOLES = 30
STREETS = 4
GAME_HOLE = STREET_HOLES * STREETS + 1
_PITCH = 11.0
_GROUP_GAP = 6.0
_LEFT = 34.0
_TOP = 18.0
_LANE = 13.0
_STREET = 44.0


@dataclass(frozen=True, slots=True)
class Hole:
    """One hole of one player's track: ``key`` is the score it stands for, or ``start``."""

    player: int
    key: str
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Marker:
    """A number printed beside the board (every ten holes) or a skunk line."""

    text: str
    x: float
    y: float
    kind: str


@dataclass(frozen=True, slots=True)
class BoardLayout:
    width: float
    height: float
    holes: tuple[Hole, ...]
    markers: tuple[Marker, ...]

    def hole(self, player: int, key: str) -> Hole:
        for hole in self.holes:
            if hole.player == player and hole.key == key:
                return hole
        raise KeyError(f"no hole {key} for player {player}")


def _street_x(index: int) -> float:
    """x of the ``index``-th hole (0..29) of a street."""
    return _LEFT + index * _PITCH + (index // 5) * _GROUP_GAP


def _track(player: int) -> list[Hole]:
    holes: list[Hole] = []
    for score in range(1, GAME_HOLE):
        street, index = divmod(score - 1, STREET_HOLES)
        y = _TOP + street * _STREET + player * _LANE
        holes.append(Hole(player, str(score), _street_x(index), y))
    last_x = _street_x(STREET_HOLES - 1) + _PITCH + _GROUP_GAP
    holes.append(
        Hole(player, str(GAME_HOLE), last_x, _TOP + (STREETS - 1) * _STREET + player * _LANE)
    )
    y0 = _TOP + player * _LANE
    holes.append(Hole(player, "0", _LEFT - _PITCH - 4, y0))
    holes.append(Hole(player, "start", _LEFT - 2 * _PITCH - 4, y0))
    return holes


@cache
def board_layout() -> BoardLayout:
    """The whole board, computed once."""
    holes = tuple(_track(0) + _track(1))
    markers: list[Marker] = []
    for street in range(STREETS):
        y = _TOP + street * _STREET - 8
        for index in range(9, STREET_HOLES, 10):
            markers.append(
                Marker(str(street * STREET_HOLES + index + 1), _street_x(index), y, "number")
            )
    for line, text in ((61, "61"), (91, "91")):
        street = (line - 1) // STREET_HOLES
        y = _TOP + street * _STREET + _LANE / 2
        markers.append(Marker(text, _LEFT - 12, y, "skunk-line"))
    width = _street_x(STREET_HOLES - 1) + 2 * _PITCH + _GROUP_GAP + 12
    height = _TOP + (STREETS - 1) * _STREET + _LANE + 14
    return BoardLayout(width, height, holes, tuple(markers))


def peg_hole(pegs: Pegs, *, back: bool) -> str:
    """The hole a peg stands in: the front at the score, the back at the score before.

    Two pegs cannot share the start hole, so a back peg that has not moved yet waits in
    the second start hole.
    """
    if back:
        return "start" if pegs.back == 0 and pegs.front == 0 else str(pegs.back)
    return str(min(pegs.front, GAME_HOLE))


def peg_marks(pegs: tuple[Pegs, Pegs]) -> tuple[tuple[str, str, int, int], ...]:
    """For the template: (front hole, back hole, front score, back score) per player."""
    return tuple((peg_hole(p, back=False), peg_hole(p, back=True), p.front, p.back) for p in pegs)
