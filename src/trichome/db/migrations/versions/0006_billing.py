"""Stripe subscriptions and the billing events received from Stripe.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "subscriptions",
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("organization_id", sa.String(32), nullable=True),
        sa.Column("stripe_subscription_id", sa.String(255), nullable=False),
        sa.Column("stripe_customer_id", sa.String(255), nullable=True),
        sa.Column("price_id", sa.String(255), nullable=True),
        sa.Column("tier", sa.String(16), nullable=True),
        sa.Column("status", sa.String(32), nullable=True),
        sa.Column("current_period_start", UTCDateTime(), nullable=True),
        sa.Column("current_period_end", UTCDateTime(), nullable=True),
        sa.Column("cancel_at_period_end", sa.Boolean(), nullable=False),
        sa.Column("ended_at", UTCDateTime(), nullable=True),
        sa.Column("past_due_since", UTCDateTime(), nullable=True),
        sa.Column("state_event_at", UTCDateTime(), nullable=True),
        sa.Column("payment_event_at", UTCDateTime(), nullable=True),
        sa.Column("last_invoice_id", sa.String(255), nullable=True),
        sa.Column("last_paid_at", UTCDateTime(), nullable=True),
        sa.Column("last_amount_paid", sa.BigInteger(), nullable=True),
        sa.Column("currency", sa.String(3), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_subscriptions_organization_id_organizations"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_subscriptions")),
        sa.UniqueConstraint(
            "stripe_subscription_id", name=op.f("uq_subscriptions_stripe_subscription_id")
        ),
    )
    op.create_index(op.f("ix_subscriptions_organization_id"), "subscriptions", ["organization_id"])
    op.create_index(
        op.f("ix_subscriptions_stripe_customer_id"), "subscriptions", ["stripe_customer_id"]
    )
    op.create_table(
        "billing_events",
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("stripe_event_id", sa.String(255), nullable=False),
        sa.Column("type", sa.String(100), nullable=False),
        sa.Column("created", UTCDateTime(), nullable=False),
        sa.Column("received_at", UTCDateTime(), nullable=False),
        sa.Column("livemode", sa.Boolean(), nullable=False),
        sa.Column("organization_id", sa.String(32), nullable=True),
        sa.Column("stripe_subscription_id", sa.String(255), nullable=True),
        sa.Column("outcome", sa.String(16), nullable=False),
        sa.Column("detail", sa.Text(), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_billing_events_organization_id_organizations"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_billing_events")),
        sa.UniqueConstraint("stripe_event_id", name=op.f("uq_billing_events_stripe_event_id")),
    )
    op.create_index(
        op.f("ix_billing_events_organization_id"), "billing_events", ["organization_id"]
    )
    op.create_index(
        op.f("ix_billing_events_stripe_subscription_id"),
        "billing_events",
        ["stripe_subscription_id"],
    )
    op.create_index("ix_billing_events_received_at", "billing_events", ["received_at"])


def downgrade() -> None:
    op.drop_index("ix_billing_events_received_at", table_name="billing_events")
    op.drop_index(op.f("ix_billing_events_stripe_subscription_id"), table_name="billing_events")
    op.drop_index(op.f("ix_billing_events_organization_id"), table_name="billing_events")
    op.drop_table("billing_events")
    op.drop_index(op.f("ix_subscriptions_stripe_customer_id"), table_name="subscriptions")
    op.drop_index(op.f("ix_subscriptions_organization_id"), table_name="subscriptions")
    op.drop_table("subscriptions")
