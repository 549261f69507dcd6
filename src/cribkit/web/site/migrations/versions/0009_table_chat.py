"""Table chat: the lines said at a table between two people, and each seat's mute.

Revision ID: 0009_table_chat
Revises: 0008_preferences
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_table_chat"
down_revision = "0008_preferences"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("body", sa.String(200), nullable=False),
        sa.Column("phrase", sa.String(16), nullable=True),
        sa.Column("hidden_from", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_table_chat_game", "table_chat", ["game_id", "id"])
    op.create_table(
        "table_chat_mutes",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("muted_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_chat_mutes")
    op.drop_index("ix_table_chat_game", table_name="table_chat")
    op.drop_table("table_chat")
