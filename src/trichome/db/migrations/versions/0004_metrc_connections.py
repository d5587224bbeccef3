"""Organisations' Metrc keys for the tool server, encrypted.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "metrc_connections",
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("base_url", sa.String(200), nullable=True),
        sa.Column("vendor_key_encrypted", sa.Text(), nullable=False),
        sa.Column("user_key_encrypted", sa.Text(), nullable=False),
        sa.Column("vendor_key_last4", sa.String(4), nullable=False),
        sa.Column("user_key_last4", sa.String(4), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_metrc_connections_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", name=op.f("pk_metrc_connections")),
    )


def downgrade() -> None:
    op.drop_table("metrc_connections")
