"""Counting accuracy for /stats: the counts a player made of their own show.

Revision ID: 0006_counting
Revises: 0005_review
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_counting"
down_revision = "0005_review"
branch_labels = None
depends_on = None

_COLUMNS = ("counts_made", "counts_exact", "count_points_missed", "count_points_over")


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        for name in _COLUMNS:
            batch.add_column(sa.Column(name, sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        for name in reversed(_COLUMNS):
            batch.drop_column(name)
