"""Shared drives and push notifications of Drive syncs: the shared drive of the synced
folder, whether the last sync read only the changes, when Google last pushed a change, and
the `changes.watch` channel of each connection (its token kept as a SHA-256 hash).

Revision ID: 0022_drive_channels
Revises: 0021_drive_changes
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0022_drive_channels"
down_revision = "0021_drive_changes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("drive_connections") as batch:
        batch.add_column(sa.Column("drive_id", sa.String(200), nullable=True))
        batch.add_column(sa.Column("last_sync_from_changes", sa.Boolean(), nullable=True))
        batch.add_column(sa.Column("notified_at", UTCDateTime(), nullable=True))
        batch.add_column(sa.Column("channel_id", sa.String(64), nullable=True))
        batch.add_column(sa.Column("channel_resource_id", sa.String(200), nullable=True))
        batch.add_column(sa.Column("channel_token_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("channel_expires_at", UTCDateTime(), nullable=True))
        batch.create_unique_constraint(op.f("uq_drive_connections_channel_id"), ["channel_id"])


def downgrade() -> None:
    with op.batch_alter_table("drive_connections") as batch:
        batch.drop_constraint(op.f("uq_drive_connections_channel_id"), type_="unique")
        batch.drop_column("channel_expires_at")
        batch.drop_column("channel_token_hash")
        batch.drop_column("channel_resource_id")
        batch.drop_column("channel_id")
        batch.drop_column("notified_at")
        batch.drop_column("last_sync_from_changes")
        batch.drop_column("drive_id")
