"""Stripe subscriptions and the billing events applied to them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from trichome.db.models.base import Base, UTCDateTime, utcnow


class Subscription(Base):
    """A Stripe subscription as the webhooks last described it, and whose it is.

    Stripe delivers events late, twice and out of order, so each part of the state records
    the `created` time of the event that set it: the subscription object's state
    (`state_event_at`) and the latest invoice's outcome (`payment_event_at`). An older event
    never overwrites a newer one. `organization_id` is None until the checkout that names
    the organisation arrives (a subscription's own events may come first).
    """

    __tablename__ = "subscriptions"

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    organization_id: Mapped[str | None] = mapped_column(
        ForeignKey("organizations.id", ondelete="SET NULL"), nullable=True, index=True
    )
    stripe_subscription_id: Mapped[str] = mapped_column(String(255), unique=True)
    stripe_customer_id: Mapped[str | None] = mapped_column(String(255), nullable=True, index=True)
    price_id: Mapped[str | None] = mapped_column(String(255), nullable=True)
    # The tier the price buys (TRICHOME_STRIPE_PRICE_TIERS); None for a price not listed.
    tier: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # Stripe's status (active, trialing, past_due, unpaid, canceled, ...); None until known.
    status: Mapped[str | None] = mapped_column(String(32), nullable=True)
    current_period_start: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    current_period_end: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    cancel_at_period_end: Mapped[bool] = mapped_column(Boolean, default=False)
    # When a canceled subscription stops giving its tier.
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # When the payment that is still outstanding first failed; the grace period counts from it.
    past_due_since: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    state_event_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    payment_event_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    last_invoice_id: Mapped[str | None] = mapped_column(String(255), nullable=True)
    last_paid_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # In the currency's smallest unit (cents), as Stripe gives it.
    last_amount_paid: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    currency: Mapped[str | None] = mapped_column(String(3), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class BillingEvent(Base):
    """Every Stripe event received with a valid signature, once, for audit and idempotency.

    The unique event id makes a second delivery (a replay, or the same event reaching two
    workers at once) a no-op. `outcome`: `applied`, `ignored` (a type not handled, or
    nothing to apply it to; `detail` says why) or `stale` (older than what is stored).
    """

    __tablename__ = "billing_events"
    __table_args__ = (Index("ix_billing_events_received_at", "received_at"),)

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    stripe_event_id: Mapped[str] = mapped_column(String(255), unique=True)
    type: Mapped[str] = mapped_column(String(100))
    # The event's own `created` time at Stripe, which orders events (not their arrival).
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    received_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    livemode: Mapped[bool] = mapped_column(Boolean, default=False)
    organization_id: Mapped[str | None] = mapped_column(
        ForeignKey("organizations.id", ondelete="SET NULL"), nullable=True, index=True
    )
    stripe_subscription_id: Mapped[str | None] = mapped_column(
        String(255), nullable=True, index=True
    )
    outcome: Mapped[str] = mapped_column(String(16))
    detail: Mapped[str | None] = mapped_column(Text, nullable=True)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
