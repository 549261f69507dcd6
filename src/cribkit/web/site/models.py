"""Database tables: a game is stored as its record plus the summary columns /stats reads.

The record (rules, seed, actions) is the truth: a game is rebuilt from it on every load,
so "resume after a restart" needs nothing else. The summary columns only let the
statistics page aggregate without replaying every game.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DateTime, Float, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["AppSecret", "Base", "GameRow", "PlayerRow", "PracticeRow", "utcnow"]


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
    """One game against the computer: its record, its version and what /stats needs."""

    __tablename__ = "games"
    __table_args__ = (Index("ix_games_player_status", "player_id", "status"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(40))
    level: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16), default="active")
    record: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=0)
    show_step: Mapped[int] = mapped_column(Integer, default=1)
    """How many counts of the current show are on the table (the show is paced)."""
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
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


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
