"""The show counted one hand at a time: the step the server keeps, and the view it allows.

The engine counts the whole show at once (pone's hand, dealer's hand, crib) and its state
already holds the end-of-show scores. At a real table the counts come one by one, so the
game service stores a *show step* with each game (how many counts are on the table) and
every view sent out during the show is cut back to it: only the counts shown so far,
the pegs and scores as they stood after them, and no outcome until the winning count is
shown. Nothing of a later count is in the view, so no page can spoil it, and a reload or
a second tab reads the same step.
"""

from __future__ import annotations

from dataclasses import replace

from cribkit.events import Pegs, ScoreContext, ScoreEvent
from cribkit.game import Game
from cribkit.state import Phase
from cribkit.view import PlayerView

__all__ = [
    "NEXT_COUNT",
    "clamp_step",
    "counts_in_show",
    "paced_view",
    "pegs_after",
    "visible_events",
]

NEXT_COUNT = "count"
"""JSON ``type`` of the move that lays the next count of the show on the table."""

_SHOW_CONTEXTS = frozenset({ScoreContext.HAND, ScoreContext.CRIB})


def counts_in_show(game: Game) -> int:
    """How many counts the current show has (0 outside the show).

    A game won during the show ends on the winning count, so its show is shorter.
    """
    state = game.state
    if state.phase in (Phase.SHOW, Phase.GAME_OVER):
        return len(state.shows)
    return 0


def clamp_step(game: Game, step: int) -> int:
    """The stored step as it applies now: at least the first count, at most all of them."""
    total = counts_in_show(game)
    return max(1, min(step, total)) if total else 0


def visible_events(game: Game, step: int) -> list[ScoreEvent]:
    """The game's events less those of counts not yet shown (always the last ones)."""
    total = counts_in_show(game)
    step = clamp_step(game, step)
    if step >= total:
        return list(game.events)
    hidden = {(show.player, show.context) for show in game.state.shows[step:]}
    hand = game.state.hand_number
    return [
        event
        for event in game.events
        if not (
            event.hand_number == hand
            and event.context in _SHOW_CONTEXTS
            and (event.player, event.context) in hidden
        )
    ]


def pegs_after(events: list[ScoreEvent]) -> tuple[Pegs, Pegs]:
    """Both players' pegs after ``events``: the front at the score, the back where the
    last move started (one leap per score, so the gap is that score)."""
    pegs = [Pegs(), Pegs()]
    for event in events:
        pegs[event.player] = Pegs(event.score, event.from_score)
    return pegs[0], pegs[1]


def paced_view(game: Game, player: int, step: int) -> PlayerView:
    """``player``'s view with the show cut back to its first ``step`` counts."""
    view = game.view(player)
    total = counts_in_show(game)
    step = clamp_step(game, step)
    if step >= total:
        return view
    return replace(
        view,
        phase=Phase.SHOW,
        shows=view.shows[:step],
        to_count=None,
        pegs=pegs_after(visible_events(game, step)),
        outcome=None,
        legal_actions=(),
    )
