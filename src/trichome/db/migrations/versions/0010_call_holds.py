"""Holds on calls in flight (`call_holds`): a unit reserved in the database counters stays
open until its call settles or is released, and a sweep gives back holds left open past
their deadline by a worker that died mid-answer.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-20
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "call_holds",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("counter_key", sa.String(200), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_call_holds")),
    )
    op.create_index(op.f("ix_call_holds_expires_at"), "call_holds", ["expires_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_call_holds_expires_at"), table_name="call_holds")
    op.drop_table("call_holds")
