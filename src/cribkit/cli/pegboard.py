"""The text pegboard of ``cribkit play`` and ``cribkit replay``: two tracks, two pegs each.

The engine keeps each player's pegs (``Pegs``): the front peg at the score and the back
peg where the front one stood before the last score, so the gap between them is always
the last score, as on a wooden board.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from cribkit.events import Pegs

__all__ = ["pegboard"]

_BOARD_WIDTH = 61
"""One column per two points: 0..120 on 61 columns (121 shares the last)."""
_NAME_WIDTH = 9
"""Name, track and score fit in 80 columns."""


def pegboard(pegs: Sequence[Pegs], names: Sequence[str] = ("You", "Computer")) -> Text:
    """A two-track text pegboard: ● the front peg, ○ the back peg, | every 30 points."""
    board = Text()
    ruler = [" "] * _BOARD_WIDTH
    for points in (0, 30, 60, 90, 120):
        label = str(points)
        column = min(points // 2, _BOARD_WIDTH - len(label))
        ruler[column : column + len(label)] = list(label)
    board.append(f"{'':{_NAME_WIDTH}}{''.join(ruler)}\n", style="dim")
    for name, peg in zip(names, pegs, strict=True):
        track = ["·" if column % 15 else "|" for column in range(_BOARD_WIDTH)]
        track[_column(peg.back)] = "○"
        track[_column(peg.front)] = "●"
        board.append(f"{name:<{_NAME_WIDTH}}")
        board.append("".join(track))
        gained = f" (+{peg.front - peg.back})" if peg.front else ""
        board.append(f" {peg.front:>3}{gained}\n", style="bold")
    board.rstrip()
    return board


def _column(points: int) -> int:
    return min(points // 2, _BOARD_WIDTH - 1)
