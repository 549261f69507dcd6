"""The table without JavaScript: every legal move as a plain form that posts and comes back.

The page renders the person's (paced) view on the server: the cards, the pile, the
counts of the show laid down so far, and one form button per legal action. A move posts
to ``/games/{id}/move`` and is redirected back to the table (post, redirect, get), so a
reload never repeats it. When the script runs it hides all this and drives the same game
through the JSON API.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cribkit.actions import ClaimCount, Cut, Discard, Go, NextHand, Play
from cribkit.cards import Card
from cribkit.events import PlayLogEntry
from cribkit.state import Phase
from cribkit.view import PlayerView
from cribkit.web.site.models import utcnow
from cribkit.web.table.games.loaded import HUMAN, LoadedGame
from cribkit.web.table.games.pacing import paced_view
from cribkit.web.table.games.seat_pacing import MOVE_ON, read_through, seat_actions, seat_step

__all__ = ["PlainTable", "both_seats_move", "form_action", "plain_table"]


@dataclass(frozen=True, slots=True)
class PlainTable:
    """What the scriptless table draws and offers, read from the person's paced view."""

    game_id: str
    version: int
    view: PlayerView
    counting: bool
    discarding: bool
    playable: frozenset[Card]
    can_go: bool
    can_next: bool
    can_claim: bool
    """The person is asked for their own count of ``view.to_count``."""
    cut_positions: tuple[int, ...]
    pile: tuple[PlayLogEntry, ...]
    waiting: bool = False
    """A friend table whose second seat is empty: no move is offered until it is taken."""
    between_people: bool = False
    can_move_on: bool = False
    show_tag: tuple[int, int] | None = None
    """At a friend table during the show: the hand and this seat's step, posted with its
    show moves so the other friend's press (which moves the version) leaves them standing."""
    """A friend who has read the whole show may deal on without the other (after the
    table's timeout); until then their page waits like any other wait."""

    @property
    def offers_move(self) -> bool:
        """Whether the page has a decision for the person (a form to post) right now."""
        return self._moves_of_its_own

    @property
    def _moves_of_its_own(self) -> bool:
        """A move this seat makes for itself (each friend lays down the show's counts at
        their own pace, so a count to lay is the seat's own move too)."""
        moves = (self.cut_positions, self.discarding, self.playable, self.can_go, self.can_claim)
        return any(moves) or self.can_next or self.counting

    @property
    def awaits_other(self) -> bool:
        """A friend table where the other seat (or the empty one) may move: the page
        refreshes itself until it has a move of its own, since without the script nothing
        else tells it (a friend who has read the show waits for the other to read it)."""
        if self.waiting:
            return True
        return self.between_people and self.view.outcome is None and not self._moves_of_its_own


def _cut_positions(view: PlayerView) -> tuple[int, ...]:
    """Positions the person may cut at: a place in the spread or the pack, never a card."""
    return tuple(action.position for action in view.legal_actions if isinstance(action, Cut))


def _current_series(log: tuple[PlayLogEntry, ...]) -> tuple[PlayLogEntry, ...]:
    """The cards of the series being played (the count's cards), oldest first."""
    start = 0
    for index, entry in enumerate(log):
        if entry.reset:
            start = index + 1
    return tuple(entry for entry in log[start:] if entry.card is not None)


def plain_table(loaded: LoadedGame) -> PlainTable:
    view = paced_view(loaded.game, HUMAN if loaded.seat is None else loaded.seat, loaded.show_step)
    if loaded.waiting_for_friend:  # no move, not even the cut, until the friend sits down
        view = replace(view, legal_actions=())
    actions = view.legal_actions
    # at a friend table a seat that has read the whole show waits for the other reader
    read = (
        loaded.between_people
        and loaded.seat is not None
        and read_through(loaded.game, loaded.steps[loaded.seat])
    )
    move_on = read and any(
        action["type"] == MOVE_ON
        for action in seat_actions(loaded, loaded.seat or 0, [], now=utcnow())[0]
    )
    state = loaded.game.state
    show_tag = (
        (state.hand_number, seat_step(loaded.game, loaded.steps[loaded.seat]))
        if loaded.between_people and loaded.seat is not None and state.phase is Phase.SHOW
        else None
    )
    return PlainTable(
        game_id=loaded.id,
        version=loaded.version,
        view=view,
        counting=loaded.counting,
        discarding=any(isinstance(a, Discard) for a in actions),
        playable=frozenset(a.card for a in actions if isinstance(a, Play)),
        can_go=any(isinstance(a, Go) for a in actions),
        can_next=not read and any(isinstance(a, NextHand) for a in actions),
        can_claim=any(isinstance(a, ClaimCount) for a in actions),
        cut_positions=_cut_positions(view),
        pile=_current_series(view.play_log),
        waiting=loaded.waiting_for_friend,
        between_people=loaded.between_people,
        can_move_on=move_on,
        show_tag=show_tag,
    )


def _small_number(text: str) -> int | None:
    """ASCII digits only ("²".isdigit() is true and int() refuses it), a few of them."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 4 else None


def form_action(
    kind: str,
    card: str,
    cards: list[str],
    position: str,
    seat: int = HUMAN,
    *,
    points: str = "",
    show_tag: tuple[str, str] = ("", ""),
) -> dict[str, object]:
    """The JSON form of the move a button posted from ``seat`` (the service checks it).

    A typed count that is no whole number is passed on as text, for the engine to refuse
    with its reason. A friend's show move carries the hand and step it was made at."""
    data: dict[str, object] = {"type": kind, "player": seat}
    hand, step = (_small_number(text) for text in show_tag)
    if hand is not None and step is not None:
        data.update(hand=hand, step=step)
    if kind == "claim":
        text = points.strip()
        data["points"] = int(text) if text.isascii() and text.isdigit() and len(text) < 4 else text
    if kind == "play":
        data["card"] = card
    elif kind == "discard":
        data["cards"] = cards
    elif kind == "cut":
        data["position"] = int(position) if position.isdigit() and len(position) < 4 else -1
    return data


_BOTH_SEATS = frozenset({"cut", "discard"})


def both_seats_move(loaded: LoadedGame, kind: str) -> bool:
    """Whether a form's ``kind`` of move is one both people at a friend table make at
    once (the cut for deal, the discard), so the other's coming first leaves it standing.

    Without the script the page cannot hear the other seat's move, and refusing it as
    stale would make one of the two post every cut and discard twice."""
    return loaded.between_people and kind in _BOTH_SEATS
