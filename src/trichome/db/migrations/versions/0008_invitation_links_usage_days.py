"""Invitation links (a token hash and an expiry), expiry indexes for clean-up, and usage
counted per day of the quota period (`usage_days`, replacing the UTC days of `usage_daily`).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

# Invitations made before links existed get the lifetime new ones have, from their creation.
INVITATION_LIFETIME = timedelta(days=7)

_invitations = sa.table(
    "invitations",
    sa.column("id", sa.String),
    sa.column("created_at", UTCDateTime()),
    sa.column("expires_at", UTCDateTime()),
)
_usage_daily = sa.table(
    "usage_daily",
    sa.column("organization_id", sa.String), sa.column("day", sa.String),
    sa.column("model", sa.String), sa.column("calls", sa.Integer),
)  # fmt: skip
_usage_days = sa.table(
    "usage_days",
    sa.column("organization_id", sa.String), sa.column("starts_at", UTCDateTime()),
    sa.column("model", sa.String), sa.column("calls", sa.Integer),
)  # fmt: skip


def _create_usage_days() -> None:
    op.create_table(
        "usage_days",
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("starts_at", UTCDateTime(), nullable=False),
        sa.Column("model", sa.String(64), nullable=False),
        sa.Column("calls", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_usage_days_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "organization_id", "starts_at", "model", name=op.f("pk_usage_days")
        ),
    )


def _create_usage_daily() -> None:
    op.create_table(
        "usage_daily",
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("model", sa.String(64), nullable=False),
        sa.Column("calls", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_usage_daily_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", "day", "model", name=op.f("pk_usage_daily")),
    )


def upgrade() -> None:
    connection = op.get_bind()
    with op.batch_alter_table("invitations", schema=None) as batch_op:
        batch_op.add_column(sa.Column("token_hash", sa.String(64), nullable=True))
        batch_op.add_column(sa.Column("expires_at", UTCDateTime(), nullable=True))
    for invitation_id, created_at in connection.execute(
        sa.select(_invitations.c.id, _invitations.c.created_at)
    ).all():
        connection.execute(
            _invitations.update()
            .where(_invitations.c.id == invitation_id)
            .values(expires_at=created_at + INVITATION_LIFETIME)
        )
    with op.batch_alter_table("invitations", schema=None) as batch_op:
        batch_op.alter_column("expires_at", existing_type=UTCDateTime(), nullable=False)
        batch_op.create_unique_constraint(op.f("uq_invitations_token_hash"), ["token_hash"])
        batch_op.create_index(op.f("ix_invitations_expires_at"), ["expires_at"])
    op.create_index(op.f("ix_login_links_expires_at"), "login_links", ["expires_at"])

    # A UTC day of the old log becomes the day starting at its midnight.
    _create_usage_days()
    rows = [
        {"organization_id": organization_id, "model": model, "calls": calls,
         "starts_at": datetime.fromisoformat(day).replace(tzinfo=UTC)}
        for organization_id, day, model, calls in connection.execute(sa.select(_usage_daily))
    ]  # fmt: skip
    if rows:
        op.bulk_insert(_usage_days, rows)
    op.drop_table("usage_daily")


def downgrade() -> None:
    connection = op.get_bind()
    _create_usage_daily()
    per_day: Counter[tuple[str, str, str]] = Counter()
    for organization_id, starts_at, model, calls in connection.execute(sa.select(_usage_days)):
        per_day[(organization_id, starts_at.astimezone(UTC).date().isoformat(), model)] += calls
    if per_day:
        op.bulk_insert(
            _usage_daily,
            [
                {"organization_id": organization_id, "day": day, "model": model, "calls": calls}
                for (organization_id, day, model), calls in sorted(per_day.items())
            ],
        )
    op.drop_table("usage_days")

    op.drop_index(op.f("ix_login_links_expires_at"), table_name="login_links")
    with op.batch_alter_table("invitations", schema=None) as batch_op:
        batch_op.drop_index(op.f("ix_invitations_expires_at"))
        batch_op.drop_constraint(op.f("uq_invitations_token_hash"), type_="unique")
        batch_op.drop_column("expires_at")
        batch_op.drop_column("token_hash")
