"""Practice drills: each player's attempts, right answers and streaks per drill.

Revision ID: 0003_practice
Revises: 0002_show_step
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_practice"
down_revision = "0002_show_step"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "practice",
        sa.Column("player_id", sa.String(40), primary_key=True),
        sa.Column("drill", sa.String(16), primary_key=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("correct", sa.Integer, nullable=False),
        sa.Column("streak", sa.Integer, nullable=False),
        sa.Column("best_streak", sa.Integer, nullable=False),
        sa.Column("lost_points", sa.Float, nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("practice")
