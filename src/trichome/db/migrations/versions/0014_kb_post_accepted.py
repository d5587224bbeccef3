"""A forum post's accepted-answer mark (`kb_posts.accepted`), which answers quote first.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("kb_posts") as batch:
        batch.add_column(
            sa.Column("accepted", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("kb_posts") as batch:
        batch.drop_column("accepted")
