"""The Drive files a sync refused (`drive_refusals`), so that an unchanged one is not
downloaded again and the documents page names it with the reason.

Revision ID: 0020_drive_refusals
Revises: 0019_drive_connections
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0020_drive_refusals"
down_revision = "0019_drive_connections"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "drive_refusals",
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("drive_file_id", sa.String(200), nullable=False),
        sa.Column("name", sa.String(500), nullable=False),
        sa.Column("modified_time", sa.String(40), nullable=False),
        sa.Column("code", sa.String(40), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("refused_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_drive_refusals_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", "drive_file_id", name=op.f("pk_drive_refusals")),
    )


def downgrade() -> None:
    op.drop_table("drive_refusals")
