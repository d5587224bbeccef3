"""Incremental Drive syncs and PKCE: the Changes API's page token on `drive_connections`,
the folders of each synced tree (`drive_folders`), and the OAuth authorisations under way
with their encrypted PKCE verifiers (`drive_authorizations`).

Revision ID: 0021_drive_changes
Revises: 0020_drive_refusals
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0021_drive_changes"
down_revision = "0020_drive_refusals"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("drive_connections") as batch:
        batch.add_column(sa.Column("page_token", sa.String(500), nullable=True))
    op.create_table(
        "drive_folders",
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("drive_folder_id", sa.String(200), nullable=False),
        sa.Column("path", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_drive_folders_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "organization_id", "drive_folder_id", name=op.f("pk_drive_folders")
        ),
    )
    op.create_table(
        "drive_authorizations",
        sa.Column("state_hash", sa.String(64), nullable=False),
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("code_verifier_encrypted", sa.Text(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_drive_authorizations_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("state_hash", name=op.f("pk_drive_authorizations")),
    )
    op.create_index(
        "ix_drive_authorizations_organization_id", "drive_authorizations", ["organization_id"]
    )
    op.create_index("ix_drive_authorizations_expires_at", "drive_authorizations", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_drive_authorizations_expires_at", table_name="drive_authorizations")
    op.drop_index("ix_drive_authorizations_organization_id", table_name="drive_authorizations")
    op.drop_table("drive_authorizations")
    op.drop_table("drive_folders")
    with op.batch_alter_table("drive_connections") as batch:
        batch.drop_column("page_token")
