"""When the tool server last used an organisation's stored track-and-trace connection
successfully (`last_used_at` on `metrc_connections` and `biotrack_connections`; NULL: not
since it was stored), shown on the dashboard's track-and-trace page.

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

TABLES = ("metrc_connections", "biotrack_connections")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("last_used_at", UTCDateTime(), nullable=True))


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("last_used_at")
