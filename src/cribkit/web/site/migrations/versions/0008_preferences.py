"""Preferences remembered per player: level, counting, pace, your-turn signals, language, theme.

Revision ID: 0008_preferences
Revises: 0007_seat_show_steps
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_preferences"
down_revision = "0007_seat_show_steps"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "preferences",
        sa.Column("player_id", sa.String(40), primary_key=True),
        sa.Column("level", sa.String(16), nullable=False, server_default="medium"),
        sa.Column("count_own", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("muggins", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("speed", sa.String(16), nullable=False, server_default="normal"),
        sa.Column("auto_go", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.Column("auto_last", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("sound", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("notify", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("language", sa.String(8), nullable=False, server_default=""),
        sa.Column("theme", sa.String(8), nullable=False, server_default="auto"),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("preferences")
