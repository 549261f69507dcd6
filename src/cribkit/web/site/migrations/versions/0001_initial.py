"""Players, games (record + summary columns) and the app's stored secrets.

Revision ID: 0001
Revises:
Create Date: 2024-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(40), nullable=False),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=False),
        sa.Column("score_player", sa.Integer(), nullable=False),
        sa.Column("score_computer", sa.Integer(), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=True),
        sa.Column("skunk", sa.String(16), nullable=False),
        sa.Column("hand_points", sa.Integer(), nullable=False),
        sa.Column("hands_shown", sa.Integer(), nullable=False),
        sa.Column("crib_points", sa.Integer(), nullable=False),
        sa.Column("cribs_shown", sa.Integer(), nullable=False),
        sa.Column("play_points", sa.Integer(), nullable=False),
        sa.Column("deals_played", sa.Integer(), nullable=False),
        sa.Column("best_hand", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_games_player_status", "games", ["player_id", "status"])
    op.create_table(
        "app_secrets",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("app_secrets")
    op.drop_index("ix_games_player_status", table_name="games")
    op.drop_table("games")
    op.drop_table("players")
