"""The cuts at the terminal: the person draws a card from the face-down spread for the
deal, and as pone lifts part of the pack before the dealer turns the starter.

The person chooses a position, never a card: chance orders the deck from the game's
secret seed and turns the cards where the players cut. Enter takes the position the
hint suggests (``default_cut``), a draw that is as good as any other. People count from
1, so card 1 of the spread is position 0 of the record (``p0 cut 0``); a cut of the
pack is the number of cards lifted, the same number people say.
"""

from __future__ import annotations

from rich.text import Text

from cribkit.actions import Cut
from cribkit.analysis.cut import default_cut
from cribkit.errors import CribkitError
from cribkit.state import Phase
from cribkit.view import PlayerView

__all__ = ["CutInputError", "cut_prompt", "read_cut", "spread_text"]

SPREAD = 52
"""Cards in the spread for the cut for deal."""


class CutInputError(CribkitError):
    """A cut the person typed cannot be made; the message says what can."""


def _positions(view: PlayerView) -> list[int]:
    return [action.position for action in view.legal_actions if isinstance(action, Cut)]


def _shown(view: PlayerView, position: int) -> int:
    """The number a person sees for ``position``: cards of the spread count from 1."""
    return position + 1 if view.phase is Phase.CUT_FOR_DEAL else position


def cut_prompt(view: PlayerView) -> str:
    """What the person is asked, with the number Enter takes."""
    default = _shown(view, default_cut(view).position)
    if view.phase is Phase.CUT_FOR_DEAL:
        return f"Cut for deal: pick a card of the spread, 1 to {SPREAD} (Enter: {default}): "
    positions = _positions(view)
    return (
        f"Cut the pack: how many cards do you lift? {positions[0]} to {positions[-1]} "
        f"(Enter: {default}): "
    )


def read_cut(view: PlayerView, line: str) -> Cut:
    """The cut the person typed (a number), or the suggested one for an empty line."""
    if not line:
        return default_cut(view)
    positions = _positions(view)
    low, high = _shown(view, positions[0]), _shown(view, positions[-1])
    try:
        number = int(line)
    except ValueError:
        raise CutInputError(f"type a number from {low} to {high}, or Enter") from None
    position = number - 1 if view.phase is Phase.CUT_FOR_DEAL else number
    if position in positions:
        return Cut(view.player, position)
    if view.phase is Phase.CUT_FOR_DEAL and low <= number <= high:
        raise CutInputError(f"card {number} is taken: the computer drew it; pick another")
    if view.phase is Phase.CUT_FOR_DEAL:
        raise CutInputError(f"pick a card from {low} to {high}")
    raise CutInputError(f"lift between {low} and {high} cards, so each packet keeps at least {low}")


def spread_text(view: PlayerView) -> Text:
    """The face-down spread with a ruler; a card the computer already drew is a gap."""
    taken = {p for p in view.cut_positions if p is not None}
    cards = "".join("·" if position in taken else "▮" for position in range(SPREAD))
    ruler = [" "] * SPREAD
    for number in (1, 10, 20, 30, 40, 50):
        label = str(number)
        ruler[number - 1 : number - 1 + len(label)] = list(label)
    return Text.assemble("  ", (cards, "blue"), "\n  ", ("".join(ruler).rstrip(), "dim"))
