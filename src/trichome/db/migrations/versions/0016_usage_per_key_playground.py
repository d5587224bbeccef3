"""Usage counted per key (`usage_days.key_id`: NULL on the rows logged before, which the
dashboard shows as "before per-key tracking") and the playground's short-lived credential
on a dashboard session.

`usage_days` is rebuilt: a nullable column cannot be part of a primary key, so rows get a
surrogate id and (organisation, day, model, key) is a unique constraint instead.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

_COLUMNS = ("organization_id", "starts_at", "model", "calls")


def _old_table() -> sa.TableClause:
    """The columns both shapes of `usage_days` have."""
    return sa.table(
        "usage_days",
        sa.column("organization_id", sa.String), sa.column("starts_at", UTCDateTime()),
        sa.column("model", sa.String), sa.column("calls", sa.Integer),
    )  # fmt: skip


def _create(per_key: bool) -> sa.Table:
    columns: list[sa.Column[object]] = []
    if per_key:
        columns.append(sa.Column("id", sa.Integer(), autoincrement=True, nullable=False))
    columns += [
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("starts_at", UTCDateTime(), nullable=False),
        sa.Column("model", sa.String(64), nullable=False),
    ]
    if per_key:
        columns.append(sa.Column("key_id", sa.String(32), nullable=True))
    columns.append(sa.Column("calls", sa.Integer(), nullable=False))
    constraints: list[sa.Constraint] = [
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_usage_days_organization_id_organizations"),
            ondelete="CASCADE",
        )
    ]
    if per_key:
        constraints += [
            sa.PrimaryKeyConstraint("id", name=op.f("pk_usage_days")),
            sa.UniqueConstraint(
                "organization_id", "starts_at", "model", "key_id",
                name=op.f("uq_usage_days_organization_id"),
            ),
        ]  # fmt: skip
    else:
        constraints.append(
            sa.PrimaryKeyConstraint(
                "organization_id", "starts_at", "model", name=op.f("pk_usage_days")
            )
        )
    return op.create_table("usage_days", *columns, *constraints)


def upgrade() -> None:
    connection = op.get_bind()
    rows = [dict(row._mapping) for row in connection.execute(sa.select(_old_table()))]
    op.drop_table("usage_days")
    table = _create(per_key=True)
    if rows:
        op.bulk_insert(table, [{**row, "key_id": None} for row in rows])
    with op.batch_alter_table("dashboard_sessions") as batch:
        batch.add_column(sa.Column("playground_token_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("playground_expires_at", UTCDateTime(), nullable=True))
        batch.create_unique_constraint(
            op.f("uq_dashboard_sessions_playground_token_hash"), ["playground_token_hash"]
        )


def downgrade() -> None:
    with op.batch_alter_table("dashboard_sessions") as batch:
        batch.drop_constraint(op.f("uq_dashboard_sessions_playground_token_hash"), type_="unique")
        batch.drop_column("playground_expires_at")
        batch.drop_column("playground_token_hash")
    connection = op.get_bind()
    # The keys' rows of a day and model add up to the one row it had before.
    per_day: Counter[tuple[str, datetime, str]] = Counter()
    for organization_id, starts_at, model, calls in connection.execute(sa.select(_old_table())):
        per_day[(organization_id, starts_at, model)] += calls
    op.drop_table("usage_days")
    table = _create(per_key=False)
    if per_day:
        op.bulk_insert(
            table,
            [
                dict(zip(_COLUMNS, (*key, calls), strict=True))
                for key, calls in sorted(per_day.items())
            ],
        )
