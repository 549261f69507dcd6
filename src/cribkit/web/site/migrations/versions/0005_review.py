"""Game reviews: each seat's accuracy figure per finished game, computed once.

Revision ID: 0005_review
Revises: 0004_friends
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_review"
down_revision = "0004_friends"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("accuracy", sa.Float, nullable=False),
        sa.Column("lost_points", sa.Float, nullable=False),
        sa.Column("lost_win_chance", sa.Float, nullable=False),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("decisions", sa.Integer, nullable=False),
        sa.Column("reviewed_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
