"""Settled calls (`call_settlements`): the id of each call's hold, written in the same
transaction as its charge, so a settlement retried after a lost COMMIT acknowledgement
charges nothing twice.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "call_settlements",
        sa.Column("hold_id", sa.String(32), nullable=False),
        sa.Column("settled_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("hold_id", name=op.f("pk_call_settlements")),
    )
    op.create_index(op.f("ix_call_settlements_settled_at"), "call_settlements", ["settled_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_call_settlements_settled_at"), table_name="call_settlements")
    op.drop_table("call_settlements")
