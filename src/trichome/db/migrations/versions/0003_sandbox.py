"""The track-and-trace sandbox's objects.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sandbox_objects",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column("license", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("label", sa.String(64), nullable=True),
        sa.Column("name", sa.String(200), nullable=True),
        sa.Column("state", sa.String(32), nullable=False),
        sa.Column("partner_license", sa.String(40), nullable=True),
        sa.Column("last_modified", UTCDateTime(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sandbox_objects")),
    )
    op.create_index(
        "ix_sandbox_objects_listing",
        "sandbox_objects",
        ["license", "kind", "state", "last_modified"],
    )
    op.create_index("ix_sandbox_objects_label", "sandbox_objects", ["kind", "label"])
    op.create_index("ix_sandbox_objects_name", "sandbox_objects", ["license", "kind", "name"])
    op.create_index(
        "ix_sandbox_objects_partner", "sandbox_objects", ["partner_license", "kind", "state"]
    )


def downgrade() -> None:
    op.drop_table("sandbox_objects")
