"""Two people at one table: seat 1's owner, names, rematches, invites and presence.

Revision ID: 0004_friends
Revises: 0003_practice
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_friends"
down_revision = "0003_practice"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("opponent_id", sa.String(40), nullable=True))
        batch.add_column(sa.Column("name_0", sa.String(40), nullable=True))
        batch.add_column(sa.Column("name_1", sa.String(40), nullable=True))
        batch.add_column(sa.Column("rematch_id", sa.String(32), nullable=True))
    op.create_index("ix_games_opponent_status", "games", ["opponent_id", "status"])
    op.create_table(
        "invites",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("host_id", sa.String(40), nullable=False),
        sa.Column("computer_fills_in", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_invites_game", "invites", ["game_id"])
    op.create_table(
        "presence",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("node", sa.String(40), primary_key=True),
        sa.Column("connections", sa.Integer(), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("presence")
    op.drop_index("ix_invites_game", table_name="invites")
    op.drop_table("invites")
    op.drop_index("ix_games_opponent_status", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch_id")
        batch.drop_column("name_1")
        batch.drop_column("name_0")
        batch.drop_column("opponent_id")
