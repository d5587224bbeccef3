"""Files: a status (`pending` while the bytes are being stored) and each organisation's
storage use (`storage_usage`), the counter quota reservations move atomically.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "files",
        sa.Column("status", sa.String(16), nullable=False, server_default="processed"),
    )
    op.create_table(
        "storage_usage",
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("used_bytes", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_storage_usage_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", name=op.f("pk_storage_usage")),
    )
    op.execute(
        "INSERT INTO storage_usage (organization_id, used_bytes) "
        "SELECT organization_id, SUM(size_bytes) FROM files GROUP BY organization_id"
    )


def downgrade() -> None:
    op.drop_table("storage_usage")
    with op.batch_alter_table("files") as batch:
        batch.drop_column("status")
