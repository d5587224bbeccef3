"""Users and memberships, endpoints, usage counters, feedback, ads, billing periods.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime, utcnow
from trichome.ids import new_id

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ads",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("agent", sa.String(length=32), nullable=True),
        sa.Column("text", sa.String(length=300), nullable=False),
        sa.Column("url", sa.String(length=500), nullable=True),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("impressions", sa.Integer(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ads")),
    )
    op.create_table(
        "usage_counters",
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_usage_counters")),
    )
    with op.batch_alter_table("usage_counters", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_usage_counters_expires_at"), ["expires_at"], unique=False
        )

    op.create_table(
        "endpoints",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("organization_id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("url", sa.String(length=500), nullable=True),
        sa.Column("upstream_models", sa.JSON(), nullable=False),
        sa.Column("is_default", sa.Boolean(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_endpoints_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_endpoints")),
        sa.UniqueConstraint("organization_id", "name", name=op.f("uq_endpoints_organization_id")),
    )
    op.create_table(
        "feedback",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("completion_id", sa.String(length=100), nullable=False),
        sa.Column("rating", sa.String(length=4), nullable=False),
        sa.Column("comment", sa.Text(), nullable=True),
        sa.Column("organization_id", sa.String(length=32), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_feedback_organization_id_organizations"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_feedback")),
    )
    with op.batch_alter_table("feedback", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_feedback_completion_id"), ["completion_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_feedback_organization_id"), ["organization_id"], unique=False
        )

    op.create_table(
        "users",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("subject", sa.String(length=255), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=True),
        sa.Column("default_organization_id", sa.String(length=32), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["default_organization_id"],
            ["organizations.id"],
            name=op.f("fk_users_default_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("subject", name=op.f("uq_users_subject")),
    )
    op.create_table(
        "memberships",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("organization_id", sa.String(length=32), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_memberships_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_memberships_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "organization_id", name=op.f("pk_memberships")),
    )
    with op.batch_alter_table("api_keys", schema=None) as batch_op:
        batch_op.add_column(sa.Column("endpoint_id", sa.String(length=32), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_api_keys_endpoint_id_endpoints"),
            "endpoints",
            ["endpoint_id"],
            ["id"],
            ondelete="SET NULL",
        )

    with op.batch_alter_table("organizations", schema=None) as batch_op:
        batch_op.add_column(sa.Column("billing_period_start", UTCDateTime(), nullable=True))
        batch_op.add_column(sa.Column("billing_period_end", UTCDateTime(), nullable=True))

    _add_default_endpoints()
    _add_house_ads()


# House ads point at the upgrade page (a null url means TRICHOME_UPGRADE_URL).
HOUSE_ADS = [
    (None, "Trichome Operator answers without ads and adds live track-and-trace tools."),
    ("compliance", "Trichome Operator checks your own Metrc data for compliance gaps every day."),
    ("formulation", "Trichome Pro adds the operations and marketing specialists to your team."),
    (
        "main_agent",
        "Trichome Pro brings the operations and marketing specialists: 1,000 calls a month.",
    ),
    (
        "operations",
        "Trichome Operator connects to your Metrc licence: FIFO, audits, waste reports.",
    ),
    ("marketing", "Trichome Operator: no ads, and 5,000 calls a month for your whole team."),
]


def _add_default_endpoints() -> None:
    connection = op.get_bind()
    organizations = connection.execute(sa.text("SELECT id FROM organizations")).scalars().all()
    endpoints = sa.table(
        "endpoints",
        sa.column("id", sa.String), sa.column("organization_id", sa.String),
        sa.column("name", sa.String), sa.column("url", sa.String),
        sa.column("upstream_models", sa.JSON), sa.column("is_default", sa.Boolean),
        sa.column("created_at", UTCDateTime()),
    )  # fmt: skip
    rows = [
        {"id": new_id("ep"), "organization_id": organization_id, "name": "default", "url": None,
         "upstream_models": {}, "is_default": True, "created_at": utcnow()}
        for organization_id in organizations
    ]  # fmt: skip
    if rows:
        op.bulk_insert(endpoints, rows)


def _add_house_ads() -> None:
    ads = sa.table(
        "ads",
        sa.column("id", sa.String), sa.column("agent", sa.String), sa.column("text", sa.String),
        sa.column("url", sa.String), sa.column("active", sa.Boolean),
        sa.column("impressions", sa.Integer), sa.column("created_at", UTCDateTime()),
    )  # fmt: skip
    op.bulk_insert(
        ads,
        [
            {"id": new_id("ad"), "agent": agent, "text": text, "url": None, "active": True,
             "impressions": 0, "created_at": utcnow()}
            for agent, text in HOUSE_ADS
        ],
    )  # fmt: skip


def downgrade() -> None:
    with op.batch_alter_table("organizations", schema=None) as batch_op:
        batch_op.drop_column("billing_period_end")
        batch_op.drop_column("billing_period_start")

    with op.batch_alter_table("api_keys", schema=None) as batch_op:
        batch_op.drop_constraint(
            batch_op.f("fk_api_keys_endpoint_id_endpoints"), type_="foreignkey"
        )
        batch_op.drop_column("endpoint_id")

    op.drop_table("memberships")
    op.drop_table("users")
    with op.batch_alter_table("feedback", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_feedback_organization_id"))
        batch_op.drop_index(batch_op.f("ix_feedback_completion_id"))

    op.drop_table("feedback")
    op.drop_table("endpoints")
    with op.batch_alter_table("usage_counters", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_usage_counters_expires_at"))

    op.drop_table("usage_counters")
    op.drop_table("ads")
