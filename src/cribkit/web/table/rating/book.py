"""The ratings kept in the database: rate a finished game once, read a player's figures.

A game is rated when the game service stores the move that finishes it (its ``on_finish``
hook); a game whose end is stored again (a friend still stepping through the last show)
finds its history rows and changes nothing, and the unique (player, game) key settles
two requests racing to rate it. Between two friends both are rated, each against the
other's rating from before the game. Games finished while rating was down (or before it
existed) are caught up, oldest first, a few at a time when the player reads their rating.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import exists, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from cribkit.players import LEVELS
from cribkit.players.level_ratings import level_rating
from cribkit.web.site.db import Database
from cribkit.web.site.models import GameRow, RatingHistoryRow, RatingRow, utcnow
from cribkit.web.table.games.loaded import FINISHED, FRIEND, HUMAN
from cribkit.web.table.games.rows import owned_by
from cribkit.web.table.rating.glicko import (
    LEVEL_RD,
    Standing,
    after_game,
    rated_strategy,
    start,
)

__all__ = ["CATCH_UP", "RatedGame", "RatingBook"]

log = logging.getLogger(__name__)

CATCH_UP = 20
"""At most this many unrated finished games are rated per read of a player's rating."""
_ATTEMPTS = 3


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One seat's side of a rated game: who, against what, and how it went."""

    player_id: str
    opponent: str
    opponent_rating: float
    opponent_rd: float
    outcome: float


class RatingBook:
    """Players' ratings in one database; every method is one short transaction."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def standing(self, player_id: str | None) -> Standing:
        """The player's current figures (a newcomer's start without any rated game)."""
        if player_id is None:
            return start()
        with self.database.session() as session:
            return _standing(session, player_id)

    def history(self, player_id: str | None) -> list[RatingHistoryRow]:
        """The player's rated games, oldest first."""
        if player_id is None:
            return []
        with self.database.session() as session:
            return list(
                session.scalars(
                    select(RatingHistoryRow)
                    .where(RatingHistoryRow.player_id == player_id)
                    .order_by(RatingHistoryRow.rated_at, RatingHistoryRow.id)
                )
            )

    def rate_game(self, game_id: str) -> bool:
        """Rate the finished game ``game_id`` for every rated seat, once; whether anything
        changed (False for an unfinished, unrated or already rated game)."""
        for attempt in range(_ATTEMPTS):
            try:
                return self._rate(game_id)
            except IntegrityError:  # another request rated it, or made the rating row
                if attempt == _ATTEMPTS - 1:
                    raise
        raise AssertionError("unreachable")

    def on_finish(self, game_id: str) -> None:
        """The game service's hook: rate the game, and never fail the move that ended it
        (a game left unrated here is caught up when its player next reads their rating)."""
        try:
            self.rate_game(game_id)
        except Exception:  # the move is stored already; the rating can wait
            log.exception("rating game %s failed; it is caught up later", game_id)

    def catch_up(self, player_id: str | None, limit: int = CATCH_UP) -> int:
        """Rate up to ``limit`` of the player's finished rated games not rated yet, oldest
        first; how many were rated."""
        if player_id is None:
            return 0
        rated = [level for level in LEVELS if rated_strategy(level) is not None]
        done = exists().where(
            RatingHistoryRow.player_id == player_id, RatingHistoryRow.game_id == GameRow.id
        )
        with self.database.session() as session:
            pending = list(
                session.scalars(
                    select(GameRow.id)
                    .where(
                        owned_by(player_id),
                        GameRow.status == FINISHED,
                        or_(GameRow.level == FRIEND, GameRow.level.in_(rated)),
                        ~done,
                    )
                    .order_by(GameRow.finished_at)
                    .limit(limit)
                )
            )
        return sum(self.rate_game(game_id) for game_id in pending)

    def _rate(self, game_id: str) -> bool:
        with self.database.session() as session:
            row = session.get(GameRow, game_id)
            if row is None or row.status != FINISHED or row.winner is None:
                return False
            seats = _rated_seats(session, row)
            if not seats or _already_rated(session, game_id, seats):
                return False
            before = {seat.player_id: _standing(session, seat.player_id) for seat in seats}
            for seat in seats:
                _record(session, game_id, seat, before[seat.player_id])
            session.commit()
        return True


def _rated_seats(session: Session, row: GameRow) -> list[RatedGame]:
    """Each seat to rate in a finished game: the person against a calibrated level, or
    both friends, each against the other's rating from before the game."""
    won = 1.0 if row.winner == HUMAN else 0.0
    if row.level == FRIEND:
        friend = row.opponent_id
        if friend is None or friend == row.player_id:
            return []
        host_now, friend_now = _standing(session, row.player_id), _standing(session, friend)
        return [
            RatedGame(row.player_id, FRIEND, friend_now.rating, friend_now.rd, won),
            RatedGame(friend, FRIEND, host_now.rating, host_now.rd, 1.0 - won),
        ]
    strategy = rated_strategy(row.level)
    if strategy is None:
        return []
    return [RatedGame(row.player_id, strategy, level_rating(strategy).rating, LEVEL_RD, won)]


def _already_rated(session: Session, game_id: str, seats: Sequence[RatedGame]) -> bool:
    players = [seat.player_id for seat in seats]
    found = session.scalar(
        select(RatingHistoryRow.id).where(
            RatingHistoryRow.game_id == game_id, RatingHistoryRow.player_id.in_(players)
        )
    )
    return found is not None


def _standing(session: Session, player_id: str) -> Standing:
    """The player's figures, their row locked until the transaction ends (PostgreSQL):
    two games of one player finishing at once are rated one after the other."""
    row = session.scalar(
        select(RatingRow).where(RatingRow.player_id == player_id).with_for_update()
    )
    if row is None:
        return start()
    return Standing(row.rating, row.rd, row.vol, row.games)


def _record(session: Session, game_id: str, seat: RatedGame, before: Standing) -> None:
    """Write one seat's new rating and its history row (in the caller's transaction)."""
    after = after_game(before, seat.opponent_rating, seat.opponent_rd, seat.outcome)
    now = utcnow()
    session.add(
        RatingHistoryRow(
            player_id=seat.player_id,
            game_id=game_id,
            opponent=seat.opponent,
            opponent_rating=seat.opponent_rating,
            opponent_rd=seat.opponent_rd,
            outcome=seat.outcome,
            rating_before=before.rating,
            rd_before=before.rd,
            rating_after=after.rating,
            rd_after=after.rd,
            vol_after=after.vol,
            rated_at=now,
        )
    )
    row = session.get(RatingRow, seat.player_id)
    if row is None:
        row = RatingRow(player_id=seat.player_id)
        session.add(row)
    row.rating, row.rd, row.vol, row.games = after.rating, after.rd, after.vol, after.games
    row.updated_at = now
