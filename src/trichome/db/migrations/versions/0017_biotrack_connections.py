"""Organisations' BioTrack logins for the tool server (`biotrack_connections`): the state
and licence, the username and password encrypted.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "biotrack_connections",
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("state", sa.String(2), nullable=False),
        sa.Column("license_number", sa.String(40), nullable=False),
        sa.Column("username_encrypted", sa.Text(), nullable=False),
        sa.Column("password_encrypted", sa.Text(), nullable=False),
        sa.Column("username_last4", sa.String(4), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_biotrack_connections_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", name=op.f("pk_biotrack_connections")),
    )


def downgrade() -> None:
    op.drop_table("biotrack_connections")
