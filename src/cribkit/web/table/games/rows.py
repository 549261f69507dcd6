"""How a game maps onto its database row: summary columns, seats and ownership.

The row keeps seat 0's figures for /stats beside the record; seat 1 of a game between two
people reads its own figures from the record, through a detached copy of the row.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from sqlalchemy import or_

from cribkit.game import Game
from cribkit.record import GameRecord
from cribkit.web.site.models import GameRow, utcnow
from cribkit.web.table.games.loaded import ACTIVE, COMPUTER, FINISHED, FRIEND, HUMAN
from cribkit.web.table.games.pacing import paced_view
from cribkit.web.table.games.summary import GameSummary, summarize

__all__ = ["FIGURE_COLUMNS", "from_seat_one", "owned_by", "seat_in", "summary_values"]

FIGURE_COLUMNS = tuple(field.name for field in fields(GameSummary))
"""The figures a row keeps for /stats (``GameSummary``'s fields): zero until the game ends."""


def summary_values(game: Game, show_step: int, seat_one_step: int | None = None) -> dict[str, Any]:
    """The summary columns of a game's row (figures for /stats once it is over).

    While the show is being counted the row says only what the table shows: a game won
    on a count not yet shown is still on. When the seats read at their own pace
    (``seat_one_step``), the table is as far as the farther of them.
    """
    state = game.state
    second = show_step if seat_one_step is None else seat_one_step
    shown = paced_view(game, HUMAN, max(show_step, second))
    values: dict[str, Any] = {
        "status": FINISHED if shown.outcome is not None else ACTIVE,
        "hand_number": state.hand_number,
        "score_player": shown.scores[HUMAN],
        "score_computer": shown.scores[COMPUTER],
        "show_step": show_step,
        "show_step_1": second,
        "updated_at": utcnow(),
    }
    if shown.outcome is not None and state.outcome is not None:
        figures = summarize(GameRecord.of(game), HUMAN)
        values.update(
            winner=state.outcome.winner,
            skunk=state.outcome.skunk.value,
            finished_at=utcnow(),
            **figure_columns(figures),
        )
    return values


def figure_columns(figures: GameSummary) -> dict[str, int]:
    """The figure columns of a row, from one seat's summary."""
    return {name: getattr(figures, name) for name in FIGURE_COLUMNS}


def owned_by(player_id: str) -> Any:
    """Games where ``player_id`` holds a seat (seat 1 only between two people)."""
    return or_(
        GameRow.player_id == player_id,
        (GameRow.opponent_id == player_id) & (GameRow.level == FRIEND),
    )


def from_seat_one(row: GameRow) -> GameRow:
    """A finished row as seat 1 sees it: its own figures and scores first, names swapped.

    The stored summary columns are seat 0's; seat 1's are taken from the record (a
    detached copy, never written back).
    """
    assert row.winner is not None
    figures = summarize(GameRecord.parse(row.record, check=False), COMPUTER)
    columns = {column.key: getattr(row, column.key) for column in GameRow.__table__.columns}
    columns.update(
        winner=1 - row.winner,
        score_player=row.score_computer,
        score_computer=row.score_player,
        name_0=row.name_1,
        name_1=row.name_0,
        **figure_columns(figures),
    )
    return GameRow(**columns)


def seat_in(row: Any, player_id: str) -> int | None:
    """The seat ``player_id`` owns in the game row, or None."""
    if row.player_id == player_id:
        return HUMAN
    if row.level == FRIEND and row.opponent_id == player_id:
        return COMPUTER
    return None
