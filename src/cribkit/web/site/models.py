"""Database tables: a game is stored as its record plus the summary columns /stats reads.

The record (rules, seed, actions) is the truth: a game is rebuilt from it on every load,
so "resume after a restart" needs nothing else. The summary columns only let the
statistics page aggregate without replaying every game.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Boolean, DateTime, Float, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "AppSecret",
    "Base",
    "ChatMuteRow",
    "ChatRow",
    "GameRow",
    "InviteRow",
    "PlayerRow",
    "PracticeRow",
    "PreferencesRow",
    "PresenceRow",
    "RatingHistoryRow",
    "RatingRow",
    "ReviewRow",
    "utcnow",
]


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of cribkit's tables (the Alembic migrations mirror it)."""


class PlayerRow(Base):
    """A browser identity that chose a name (anonymous players need no row)."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str | None] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GameRow(Base):
    """One game: its record, its version, who sits where and what /stats needs.

    ``player_id`` owns seat 0; ``opponent_id`` owns seat 1 in a game between two people
    (None against the computer, and while an invited friend has not sat down yet). The
    summary columns are seat 0's figures (``score_computer`` is seat 1's score).
    """

    __tablename__ = "games"
    __table_args__ = (
        Index("ix_games_player_status", "player_id", "status"),
        Index("ix_games_opponent_status", "opponent_id", "status"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(40))
    opponent_id: Mapped[str | None] = mapped_column(String(40), default=None)
    name_0: Mapped[str | None] = mapped_column(String(40), default=None)
    name_1: Mapped[str | None] = mapped_column(String(40), default=None)
    rematch_id: Mapped[str | None] = mapped_column(String(32), default=None)
    level: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16), default="active")
    record: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=0)
    show_step: Mapped[int] = mapped_column(Integer, default=1)
    """How many counts of the current show are on the table (the show is paced); at a
    table between two people, seat 0's own step."""
    show_step_1: Mapped[int] = mapped_column(Integer, default=1)
    """Seat 1's show step at a table between two people (each reads at their own speed)."""
    show_waiting_since: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), default=None
    )
    """When one seat had read the whole show and began waiting for the other (None: no one
    waits); either may move on once ``CRIBKIT_SHOW_TIMEOUT`` seconds have passed."""
    hand_number: Mapped[int] = mapped_column(Integer, default=0)
    score_player: Mapped[int] = mapped_column(Integer, default=0)
    score_computer: Mapped[int] = mapped_column(Integer, default=0)
    winner: Mapped[int | None] = mapped_column(Integer)
    skunk: Mapped[str] = mapped_column(String(16), default="none")
    hand_points: Mapped[int] = mapped_column(Integer, default=0)
    hands_shown: Mapped[int] = mapped_column(Integer, default=0)
    crib_points: Mapped[int] = mapped_column(Integer, default=0)
    cribs_shown: Mapped[int] = mapped_column(Integer, default=0)
    play_points: Mapped[int] = mapped_column(Integer, default=0)
    deals_played: Mapped[int] = mapped_column(Integer, default=0)
    best_hand: Mapped[int] = mapped_column(Integer, default=0)
    counts_made: Mapped[int] = mapped_column(Integer, default=0)
    """Hands and cribs the player counted themselves (the count-your-own-hand option)."""
    counts_exact: Mapped[int] = mapped_column(Integer, default=0)
    count_points_missed: Mapped[int] = mapped_column(Integer, default=0)
    count_points_over: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class InviteRow(Base):
    """A table a host opened for a friend: the short code, its game and when it lapses."""

    __tablename__ = "invites"
    __table_args__ = (Index("ix_invites_game", "game_id"),)

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(32))
    host_id: Mapped[str] = mapped_column(String(40))
    computer_fills_in: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    joined_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)


class PresenceRow(Base):
    """Open sockets of one seat in one app process, refreshed while they stay open.

    One row per (game, seat, process), so two tabs in two processes count apart and a
    process that dies simply stops refreshing its rows.
    """

    __tablename__ = "presence"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    node: Mapped[str] = mapped_column(String(40), primary_key=True)
    connections: Mapped[int] = mapped_column(Integer, default=0)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AppSecret(Base):
    """Secrets the app keeps in its database (the cookie key when none is configured)."""

    __tablename__ = "app_secrets"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class PracticeRow(Base):
    """One player's record at one practice drill: attempts, right answers, streaks."""

    __tablename__ = "practice"

    player_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    drill: Mapped[str] = mapped_column(String(16), primary_key=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    correct: Mapped[int] = mapped_column(Integer, default=0)
    streak: Mapped[int] = mapped_column(Integer, default=0)
    best_streak: Mapped[int] = mapped_column(Integer, default=0)
    lost_points: Mapped[float] = mapped_column(Float, default=0.0)
    seconds: Mapped[float] = mapped_column(Float, default=0.0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ReviewRow(Base):
    """One seat's review figures for one finished game, kept so /stats need not re-review.

    Reviewing a game costs a fraction of a second; /stats charts the accuracy of every
    game, so each figure is computed once (when the game is first reviewed, or a few at a
    time by /stats for games finished before reviews existed) and read back from here.
    """

    __tablename__ = "reviews"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    accuracy: Mapped[float] = mapped_column(Float)
    """Mean expected points lost per hand, in discards and the play (lower is better)."""
    lost_points: Mapped[float] = mapped_column(Float)
    lost_win_chance: Mapped[float] = mapped_column(Float)
    hands: Mapped[int] = mapped_column(Integer)
    decisions: Mapped[int] = mapped_column(Integer)
    reviewed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PreferencesRow(Base):
    """One player's remembered choices: the next game's options, the table's pace, the
    your-turn signals and the language (see ``cribkit.web.site.preferences``)."""

    __tablename__ = "preferences"

    player_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    level: Mapped[str] = mapped_column(String(16), default="medium")
    count_own: Mapped[bool] = mapped_column(Boolean, default=False)
    muggins: Mapped[bool] = mapped_column(Boolean, default=False)
    speed: Mapped[str] = mapped_column(String(16), default="normal")
    auto_go: Mapped[bool] = mapped_column(Boolean, default=True)
    auto_last: Mapped[bool] = mapped_column(Boolean, default=False)
    sound: Mapped[bool] = mapped_column(Boolean, default=False)
    notify: Mapped[bool] = mapped_column(Boolean, default=False)
    language: Mapped[str] = mapped_column(String(8), default="")
    """A language code (``en``, ``zh``), or empty: as the browser asks."""
    theme: Mapped[str] = mapped_column(String(8), default="auto")
    """``auto`` (as the system asks), ``light`` or ``dark``."""
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatRow(Base):
    """One line said at a table between two people: kept beside the game, never in its record.

    ``hidden_from`` is the seat that had the speaker muted when it was said: that seat
    never reads the line, not even after unmuting (what was said while muted stays unsaid).
    """

    __tablename__ = "table_chat"
    __table_args__ = (Index("ix_table_chat_game", "game_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(32))
    seat: Mapped[int] = mapped_column(Integer)
    body: Mapped[str] = mapped_column(String(200))
    """The cleaned text, or empty for a quick phrase (said in each reader's language)."""
    phrase: Mapped[str | None] = mapped_column(String(16), default=None)
    hidden_from: Mapped[int | None] = mapped_column(Integer, default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatMuteRow(Base):
    """A seat that muted the other seat's chat at one game (a row while the mute holds)."""

    __tablename__ = "table_chat_mutes"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    muted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingRow(Base):
    """One player's current Glicko-2 rating (``cribkit.web.table.rating``): no row until
    their first rated game, so a newcomer reads as the starting rating."""

    __tablename__ = "player_ratings"

    player_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    """The rating deviation: the rating is known to about ± 2 RD."""
    vol: Mapped[float] = mapped_column(Float)
    """Glicko-2's volatility: how erratic the player's results have been."""
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingHistoryRow(Base):
    """One rated game of one player: the rating before and after it, and against whom.

    Unique per (player, game), so a game whose end is seen twice is rated once.
    """

    __tablename__ = "rating_history"
    __table_args__ = (
        UniqueConstraint("player_id", "game_id", name="uq_rating_history_player_game"),
        Index("ix_rating_history_player_rated", "player_id", "rated_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(String(40))
    game_id: Mapped[str] = mapped_column(String(32))
    opponent: Mapped[str] = mapped_column(String(16))
    """The computer's strategy (``expert``...) or ``friend``."""
    opponent_rating: Mapped[float] = mapped_column(Float)
    opponent_rd: Mapped[float] = mapped_column(Float)
    outcome: Mapped[float] = mapped_column(Float)
    """1 for a win, 0 for a loss (a resignation is a loss)."""
    rating_before: Mapped[float] = mapped_column(Float)
    rd_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    rd_after: Mapped[float] = mapped_column(Float)
    vol_after: Mapped[float] = mapped_column(Float)
    rated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
