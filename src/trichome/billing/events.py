"""Processing one verified Stripe event: exactly once, in one transaction, kept for audit.

The event row is inserted first, under the unique Stripe event id: a second delivery (a
replay, or the same event reaching two workers at once) fails that insert and changes
nothing. On PostgreSQL every billing transaction also takes one advisory lock, so events
for the same subscription or organisation apply one after another and never interleave
(SQLite serialises writing transactions by itself). Billing events are rare; one lock
costs nothing and rules out lost updates and deadlocks.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum

from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.billing.objects import (
    TERMINAL_STATUSES,
    MalformedObject,
    SubscriptionState,
    read_checkout_session,
    read_invoice,
    read_subscription,
)
from trichome.billing.subscriptions import (
    BillingPolicy,
    apply_payment_failed,
    apply_payment_succeeded,
    apply_state,
    new_subscription,
    sync_organization,
)
from trichome.billing.webhooks import StripeEvent
from trichome.db.models import BillingEvent, Organization, Subscription

logger = logging.getLogger(__name__)

BILLING_LOCK_ID = 0x6269_6C6C  # "bill"


class Outcome(StrEnum):
    """What an event did. `replay` is only reported: the stored row is the first delivery's."""

    APPLIED = "applied"
    IGNORED = "ignored"
    STALE = "stale"
    REPLAY = "replay"


@dataclass(frozen=True, slots=True)
class Processed:
    """The outcome of an event and whom it concerned."""

    outcome: Outcome
    organization_id: str | None = None
    subscription_id: str | None = None
    detail: str | None = None


async def lock_billing(session: AsyncSession) -> None:
    """Serialise billing transactions on PostgreSQL (SQLite serialises writers already)."""
    if session.get_bind().dialect.name == "postgresql":
        await session.execute(text(f"SELECT pg_advisory_xact_lock({BILLING_LOCK_ID})"))


async def _already_stored(sessions: async_sessionmaker[AsyncSession], event_id: str) -> bool:
    async with sessions() as session:
        found = await session.scalar(
            select(BillingEvent.id).where(BillingEvent.stripe_event_id == event_id)
        )
    return found is not None


async def process_event(
    sessions: async_sessionmaker[AsyncSession],
    event: StripeEvent,
    policy: BillingPolicy,
    now: datetime,
) -> Processed:
    """Apply a verified event once and store it with its outcome, in one transaction.

    Raises:
        sqlalchemy.exc.SQLAlchemyError, OSError: the database failed; nothing was stored,
            and Stripe should deliver the event again.
    """
    if await _already_stored(sessions, event.id):
        return Processed(Outcome.REPLAY)
    try:
        async with sessions() as session, session.begin():
            await lock_billing(session)
            record = BillingEvent(
                stripe_event_id=event.id,
                type=event.type,
                created=event.created,
                received_at=now,
                livemode=event.livemode,
                outcome=Outcome.IGNORED.value,
                payload=event.payload,
            )
            session.add(record)
            await session.flush()  # a second delivery stops here, on the unique event id
            result = await _dispatch(session, event, policy, now)
            record.outcome = result.outcome.value
            record.organization_id = result.organization_id
            record.stripe_subscription_id = result.subscription_id
            record.detail = result.detail
    except IntegrityError:
        if await _already_stored(sessions, event.id):
            return Processed(Outcome.REPLAY)
        raise
    logger.info(
        "stripe event %s (%s): %s%s",
        event.id,
        event.type,
        result.outcome.value,
        f" ({result.detail})" if result.detail else "",
    )
    return result


Handler = Callable[[AsyncSession, StripeEvent, BillingPolicy, datetime], Awaitable[Processed]]


async def _dispatch(
    session: AsyncSession, event: StripeEvent, policy: BillingPolicy, now: datetime
) -> Processed:
    handler = HANDLERS.get(event.type)
    if handler is None:
        return Processed(Outcome.IGNORED, detail="event type not handled")
    try:
        return await handler(session, event, policy, now)
    except MalformedObject as error:
        # Stripe signed it, so retrying would bring the same shape: keep it, do nothing.
        logger.error("stripe event %s (%s) is malformed: %s", event.id, event.type, error)
        return Processed(Outcome.IGNORED, detail=f"malformed: {error}")


async def _subscription_row(session: AsyncSession, stripe_subscription_id: str) -> Subscription:
    row = await session.scalar(
        select(Subscription).where(Subscription.stripe_subscription_id == stripe_subscription_id)
    )
    if row is None:
        row = new_subscription(stripe_subscription_id)
        session.add(row)
        await session.flush()
    return row


async def _organization_of_customer(session: AsyncSession, customer_id: str | None) -> str | None:
    if customer_id is None:
        return None
    found: str | None = await session.scalar(
        select(Subscription.organization_id)
        .where(Subscription.stripe_customer_id == customer_id)
        .where(Subscription.organization_id.is_not(None))
        .limit(1)
    )
    return found


async def _attach(
    session: AsyncSession, row: Subscription, organization_id: str | None, customer_id: str | None
) -> bool:
    """Give an unattached subscription its organisation (named, or its customer's)."""
    if row.stripe_customer_id is None and customer_id is not None:
        row.stripe_customer_id = customer_id
    if row.organization_id is not None:
        return False
    if organization_id is not None and await session.get(Organization, organization_id) is None:
        organization_id = None
    row.organization_id = organization_id or await _organization_of_customer(
        session, row.stripe_customer_id
    )
    return row.organization_id is not None


async def _finish(
    session: AsyncSession,
    row: Subscription,
    changed: bool,
    policy: BillingPolicy,
    now: datetime,
) -> Processed:
    await session.flush()
    if row.organization_id is None:
        return Processed(
            Outcome.APPLIED if changed else Outcome.STALE,
            subscription_id=row.stripe_subscription_id,
            detail="organisation not known yet: it is attached when its checkout arrives",
        )
    # Even a stale event re-derives the tier: a grace period may have run out meanwhile.
    await sync_organization(session, row.organization_id, policy, now)
    return Processed(
        Outcome.APPLIED if changed else Outcome.STALE,
        organization_id=row.organization_id,
        subscription_id=row.stripe_subscription_id,
        detail=None if changed else "older than the state already applied",
    )


async def _checkout_completed(
    session: AsyncSession, event: StripeEvent, policy: BillingPolicy, now: datetime
) -> Processed:
    checkout = read_checkout_session(event.data_object)
    if not checkout.is_subscription or checkout.subscription_id is None:
        return Processed(Outcome.IGNORED, detail="not a subscription checkout")
    organization_id = checkout.organization_id
    if organization_id is None or await session.get(Organization, organization_id) is None:
        return Processed(
            Outcome.IGNORED,
            subscription_id=checkout.subscription_id,
            detail=(
                f"no organisation {organization_id!r} (client_reference_id or "
                "metadata.organization_id)"
            ),
        )
    row = await _subscription_row(session, checkout.subscription_id)
    if row.organization_id not in (None, organization_id):
        return Processed(
            Outcome.IGNORED,
            organization_id=organization_id,
            subscription_id=row.stripe_subscription_id,
            detail=f"the subscription belongs to organisation {row.organization_id}",
        )
    attached = await _attach(session, row, organization_id, checkout.customer_id)
    state = checkout.subscription or SubscriptionState(
        subscription_id=checkout.subscription_id,
        customer_id=checkout.customer_id,
        status="active" if checkout.paid else "incomplete",
        price_ids=checkout.price_ids,
        period_start=None,
        period_end=None,
        cancel_at_period_end=False,
        ended_at=None,
        organization_id=organization_id,
    )
    applied = apply_state(row, state, event.created, policy)
    return await _finish(session, row, applied or attached, policy, now)


async def _subscription_changed(
    session: AsyncSession, event: StripeEvent, policy: BillingPolicy, now: datetime
) -> Processed:
    state = read_subscription(event.data_object)
    if event.type == "customer.subscription.deleted" and state.status not in TERMINAL_STATUSES:
        state = replace(state, status="canceled")  # deleted means ended, whatever it says
    row = await _subscription_row(session, state.subscription_id)
    attached = await _attach(session, row, state.organization_id, state.customer_id)
    applied = apply_state(row, state, event.created, policy)
    return await _finish(session, row, applied or attached, policy, now)


async def _invoice_paid_or_failed(
    session: AsyncSession, event: StripeEvent, policy: BillingPolicy, now: datetime
) -> Processed:
    invoice = read_invoice(event.data_object)
    if invoice.subscription_id is None:
        return Processed(Outcome.IGNORED, detail="not a subscription invoice")
    row = await _subscription_row(session, invoice.subscription_id)
    attached = await _attach(session, row, None, invoice.customer_id)
    if event.type == "invoice.payment_succeeded":
        applied = apply_payment_succeeded(row, invoice, event.created)
    else:
        applied = apply_payment_failed(row, invoice, event.created)
    return await _finish(session, row, applied or attached, policy, now)


HANDLERS: dict[str, Handler] = {
    "checkout.session.completed": _checkout_completed,
    # Not among the five events the spec lists, but it carries the new subscription's price
    # when the checkout session does not; handling it costs nothing and fills that gap.
    "customer.subscription.created": _subscription_changed,
    "customer.subscription.updated": _subscription_changed,
    "customer.subscription.deleted": _subscription_changed,
    "invoice.payment_succeeded": _invoice_paid_or_failed,
    "invoice.payment_failed": _invoice_paid_or_failed,
}
