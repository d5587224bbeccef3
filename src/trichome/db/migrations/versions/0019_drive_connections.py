"""Organisations' Google Drive connections (`drive_connections`: the OAuth tokens encrypted,
the synced folder, the last sync) and the documents synced from Drive (`drive_files`).

Revision ID: 0019_drive_connections
Revises: 0018
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0019_drive_connections"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "drive_connections",
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("refresh_token_encrypted", sa.Text(), nullable=False),
        sa.Column("access_token_encrypted", sa.Text(), nullable=True),
        sa.Column("access_expires_at", UTCDateTime(), nullable=True),
        sa.Column("folder_id", sa.String(200), nullable=True),
        sa.Column("connected_at", UTCDateTime(), nullable=False),
        sa.Column("last_sync_at", UTCDateTime(), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("sync_claimed_until", UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_drive_connections_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", name=op.f("pk_drive_connections")),
    )
    op.create_table(
        "drive_files",
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("drive_file_id", sa.String(200), nullable=False),
        sa.Column("file_id", sa.String(40), nullable=False),
        sa.Column("modified_time", sa.String(40), nullable=False),
        sa.Column("synced_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_drive_files_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["file_id"],
            ["files.id"],
            name=op.f("fk_drive_files_file_id_files"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", "drive_file_id", name=op.f("pk_drive_files")),
    )
    op.create_index("ix_drive_files_file_id", "drive_files", ["file_id"])


def downgrade() -> None:
    op.drop_index("ix_drive_files_file_id", table_name="drive_files")
    op.drop_table("drive_files")
    op.drop_table("drive_connections")
