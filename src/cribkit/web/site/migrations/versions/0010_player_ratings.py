"""The player's Glicko-2 rating: the current figures and one history row per rated game.

Revision ID: 0010_player_ratings
Revises: 0009_table_chat
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_player_ratings"
down_revision = "0009_table_chat"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_ratings",
        sa.Column("player_id", sa.String(40), primary_key=True),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("vol", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(40), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("opponent", sa.String(16), nullable=False),
        sa.Column("opponent_rating", sa.Float(), nullable=False),
        sa.Column("opponent_rd", sa.Float(), nullable=False),
        sa.Column("outcome", sa.Float(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=False),
        sa.Column("rd_before", sa.Float(), nullable=False),
        sa.Column("rating_after", sa.Float(), nullable=False),
        sa.Column("rd_after", sa.Float(), nullable=False),
        sa.Column("vol_after", sa.Float(), nullable=False),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("player_id", "game_id", name="uq_rating_history_player_game"),
    )
    op.create_index("ix_rating_history_player_rated", "rating_history", ["player_id", "rated_at"])


def downgrade() -> None:
    op.drop_index("ix_rating_history_player_rated", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_table("player_ratings")
