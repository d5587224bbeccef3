"""Dashboard sessions, one-time login links, team invitations and daily usage.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def _fk(table: str, column: str, target: str, ondelete: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column],
        [f"{target}.id"],
        name=op.f(f"fk_{table}_{column}_{target}"),
        ondelete=ondelete,
    )


def upgrade() -> None:
    op.create_table(
        "dashboard_sessions",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        _fk("dashboard_sessions", "user_id", "users", "CASCADE"),
        _fk("dashboard_sessions", "organization_id", "organizations", "CASCADE"),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_dashboard_sessions")),
    )
    op.create_index(op.f("ix_dashboard_sessions_user_id"), "dashboard_sessions", ["user_id"])
    op.create_index(op.f("ix_dashboard_sessions_expires_at"), "dashboard_sessions", ["expires_at"])
    op.create_table(
        "login_links",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("used_at", UTCDateTime(), nullable=True),
        _fk("login_links", "user_id", "users", "CASCADE"),
        _fk("login_links", "organization_id", "organizations", "CASCADE"),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_login_links")),
    )
    op.create_table(
        "invitations",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("email", sa.String(320), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("invited_by", sa.String(32), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        _fk("invitations", "organization_id", "organizations", "CASCADE"),
        sa.ForeignKeyConstraint(
            ["invited_by"],
            ["users.id"],
            name=op.f("fk_invitations_invited_by_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_invitations")),
        sa.UniqueConstraint(
            "organization_id", "email", name=op.f("uq_invitations_organization_id")
        ),
    )
    op.create_table(
        "usage_daily",
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("model", sa.String(64), nullable=False),
        sa.Column("calls", sa.Integer(), nullable=False),
        _fk("usage_daily", "organization_id", "organizations", "CASCADE"),
        sa.PrimaryKeyConstraint("organization_id", "day", "model", name=op.f("pk_usage_daily")),
    )


def downgrade() -> None:
    op.drop_table("usage_daily")
    op.drop_table("invitations")
    op.drop_table("login_links")
    op.drop_index(op.f("ix_dashboard_sessions_expires_at"), table_name="dashboard_sessions")
    op.drop_index(op.f("ix_dashboard_sessions_user_id"), table_name="dashboard_sessions")
    op.drop_table("dashboard_sessions")
