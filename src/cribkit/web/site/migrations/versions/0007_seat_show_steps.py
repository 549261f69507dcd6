"""A show step per seat at a table between two people, and when one began to wait.

Revision ID: 0007_seat_show_steps
Revises: 0006_counting
Create Date: 2027-01-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_seat_show_steps"
down_revision = "0006_counting"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("show_step_1", sa.Integer(), nullable=False, server_default="1"))
        batch.add_column(sa.Column("show_waiting_since", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("show_waiting_since")
        batch.drop_column("show_step_1")
