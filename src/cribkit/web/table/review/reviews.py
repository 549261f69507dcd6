"""Reviews of finished games: the engine's review of one seat, and its accuracy figure kept.

The pricing is ``cribkit.analysis.review`` (each decision judged from that seat's view).
A review costs a fraction of a second, so a finished game's review is remembered in
memory (its record can no longer change) and its accuracy figure is written to the
``reviews`` table the first time anyone reviews it; /stats charts the stored figures and
reviews at most ``LAZY_PER_PAGE`` older games per page load, so a long history fills in
over a few visits instead of stalling one.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import select, tuple_
from sqlalchemy.exc import IntegrityError

from cribkit.analysis.review import GameReview, review_game
from cribkit.errors import CribkitError
from cribkit.record import GameRecord
from cribkit.web.site.db import Database
from cribkit.web.site.models import GameRow, ReviewRow, utcnow
from cribkit.web.table.games.loaded import FINISHED, LoadedGame
from cribkit.web.table.games.service import GameService

__all__ = [
    "LAZY_PER_PAGE",
    "GameUnfinishedError",
    "ReviewBook",
    "ReviewFigure",
    "ReviewedGame",
    "figure_of",
]

LAZY_PER_PAGE = 3
"""Games without a stored figure that one /stats load reviews (about 0.2 s each)."""
_CACHE_SIZE = 64


class GameUnfinishedError(CribkitError):
    """A review is of a finished game only: before the end it would judge hidden cards."""


@dataclass(frozen=True, slots=True)
class ReviewFigure:
    """One seat's stored figures for one game."""

    game_id: str
    seat: int
    accuracy: float
    lost_points: float
    lost_win_chance: float
    hands: int


@dataclass(frozen=True, slots=True)
class ReviewedGame:
    """A finished game of the reader's, with the review of the reader's seat."""

    loaded: LoadedGame
    record: GameRecord
    review: GameReview


def _figure(row: ReviewRow) -> ReviewFigure:
    return ReviewFigure(
        row.game_id, row.seat, row.accuracy, row.lost_points, row.lost_win_chance, row.hands
    )


def figure_of(game_id: str, review: GameReview) -> ReviewFigure:
    """The figures of ``review`` that are kept."""
    return ReviewFigure(
        game_id,
        review.seat,
        review.accuracy,
        review.lost_points,
        review.lost_win_chance,
        len(review.per_hand),
    )


class ReviewBook:
    """Reviews stored games for their players and keeps each seat's figure once."""

    def __init__(self, database: Database, games: GameService) -> None:
        self.database = database
        self.games = games
        self._cache: OrderedDict[tuple[str, int], GameReview] = OrderedDict()
        self._lock = threading.Lock()

    def review(self, player_id: str | None, game_id: str) -> ReviewedGame:
        """The review of the reader's own seat; another player's game is not found."""
        loaded = self.games.load(player_id, game_id)
        if loaded.status != FINISHED or loaded.seat is None:
            raise GameUnfinishedError(
                "the game is not over yet: a review is made once it is finished",
                code="review_game_unfinished",
            )
        record = GameRecord.of(loaded.game)
        return ReviewedGame(loaded, record, self._reviewed(game_id, loaded.seat, record))

    def _reviewed(self, game_id: str, seat: int, record: GameRecord) -> GameReview:
        key = (game_id, seat)
        with self._lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                return found
        review = review_game(record, seat)
        with self._lock:
            self._cache[key] = review
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)
        self.keep(game_id, review)
        return review

    def keep(self, game_id: str, review: GameReview) -> None:
        """Store the seat's figure unless it is stored already (two at once: one wins)."""
        figure = figure_of(game_id, review)
        with self.database.session() as session:
            if session.get(ReviewRow, (game_id, review.seat)) is not None:
                return
            session.add(
                ReviewRow(
                    game_id=game_id,
                    seat=figure.seat,
                    accuracy=figure.accuracy,
                    lost_points=figure.lost_points,
                    lost_win_chance=figure.lost_win_chance,
                    hands=figure.hands,
                    decisions=len(review.decisions),
                    reviewed_at=utcnow(),
                )
            )
            try:
                session.commit()
            except IntegrityError:  # the same figure, written by another request
                session.rollback()

    def figures(
        self, games: Iterable[tuple[str, int]], *, fill: int = LAZY_PER_PAGE
    ) -> dict[str, ReviewFigure]:
        """The stored figure of each (game id, seat), by game id; up to ``fill`` games
        without one (finished before reviews were kept) are reviewed now, oldest first."""
        wanted = list(games)
        if not wanted:
            return {}
        with self.database.session() as session:
            rows = session.scalars(
                select(ReviewRow).where(tuple_(ReviewRow.game_id, ReviewRow.seat).in_(wanted))
            ).all()
            found = {row.game_id: _figure(row) for row in rows}
        for game_id, seat in reversed(wanted):  # the list is newest first
            if fill <= 0:
                break
            if game_id in found:
                continue
            figure = self._fill(game_id, seat)
            if figure is not None:
                found[game_id] = figure
                fill -= 1
        return found

    def _fill(self, game_id: str, seat: int) -> ReviewFigure | None:
        with self.database.session() as session:
            row = session.get(GameRow, game_id)
            text = None if row is None or row.status != FINISHED else row.record
        if text is None:
            return None
        try:
            record = GameRecord.parse(text, check=False)
            review = self._reviewed(game_id, seat, record)
        except CribkitError:  # a stored record always replays; never let /stats fail on one
            return None
        return figure_of(game_id, review)
