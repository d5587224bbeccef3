"""A subscription's state from Stripe's events, and the tier it gives its organisation.

Stripe delivers events at least once and in no particular order, so every change is
guarded by the `created` time of the event that brings it, never by arrival:

- The subscription object's state (price, status, period, cancellation) is applied only
  from an event newer than the last one applied (`state_event_at`). A canceled
  subscription stays canceled: Stripe never reactivates one, so a late update after the
  deletion changes nothing.
- Invoice outcomes (`payment_event_at`) are ordered among themselves: a payment that
  failed marks the subscription past due (`past_due_since`), one that succeeded clears
  that and renews the period. A success and a failure stamped with the same second
  resolve to paid, whichever arrives first.
- A billing period only moves forward, whichever event brings it.

The organisation's tier is derived from all its subscriptions at a given time (see
`effective_tier`) and written to `Organization.tier` with the billing period, in the same
transaction as the event; API keys read both on every request, so the next call in every
worker sees the change.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.billing.objects import TERMINAL_STATUSES, Invoice, SubscriptionState
from trichome.config import Settings
from trichome.db.models import Organization, Subscription
from trichome.plans import Tier

logger = logging.getLogger(__name__)

# Statuses a payment decides; a newer invoice event outranks a snapshot that says otherwise.
PAYMENT_STATUSES = frozenset({"active", "trialing", "past_due", "unpaid", "incomplete"})
SERVING_STATUSES = frozenset({"active", "trialing", "past_due"})
_TIER_ORDER = {tier: position for position, tier in enumerate(Tier)}


@dataclass(frozen=True, slots=True)
class BillingPolicy:
    """Which tier each price buys, and how long a failed payment keeps the tier."""

    price_tiers: Mapping[str, Tier]
    grace: timedelta

    @classmethod
    def from_settings(cls, settings: Settings) -> BillingPolicy:
        """The policy the settings configure."""
        return cls(
            price_tiers=dict(settings.stripe_price_tiers),
            grace=timedelta(days=settings.stripe_payment_grace_days),
        )

    def price_and_tier(self, price_ids: Sequence[str]) -> tuple[str | None, Tier | None]:
        """The subscription's price that buys the highest tier (a subscription may carry
        add-on prices beside its plan), or its first price and None when none is mapped."""
        mapped = [
            (price, self.price_tiers[price]) for price in price_ids if price in self.price_tiers
        ]
        if mapped:
            return max(mapped, key=lambda pair: _rank(pair[1]))
        return (price_ids[0] if price_ids else None), None


@dataclass(frozen=True, slots=True)
class TierChange:
    """An organisation moved from one tier to another."""

    organization_id: str
    organization_name: str
    before: str
    after: Tier


def _rank(tier: Tier) -> tuple[int, int]:
    return tier.rank, _TIER_ORDER[tier]


def new_subscription(stripe_subscription_id: str) -> Subscription:
    """A row for a subscription not seen before; events fill it in."""
    return Subscription(stripe_subscription_id=stripe_subscription_id, cancel_at_period_end=False)


def _extend_period(row: Subscription, start: datetime | None, end: datetime | None) -> bool:
    # Periods only move forward; an older event's period is history.
    if start is None or end is None:
        return False
    if row.current_period_end is None or end > row.current_period_end:
        row.current_period_start, row.current_period_end = start, end
        return True
    return False


def _set_price(row: Subscription, state: SubscriptionState, policy: BillingPolicy) -> None:
    row.price_id, tier = policy.price_and_tier(state.price_ids)
    row.tier = tier.value if tier else None
    if tier is None:
        logger.error(
            "Stripe subscription %s is on price(s) %s, which TRICHOME_STRIPE_PRICE_TIERS "
            "does not map to a tier: it gives the Free tier",
            state.subscription_id,
            ", ".join(state.price_ids),
        )


def _revives(row: Subscription, state: SubscriptionState) -> bool:
    return row.status in TERMINAL_STATUSES and state.status not in TERMINAL_STATUSES


def _is_newer_state(row: Subscription, state: SubscriptionState, at: datetime) -> bool:
    if row.state_event_at is None or at > row.state_event_at:
        return True
    # Within one second, the deletion is the later of the two.
    return (
        at == row.state_event_at
        and state.status in TERMINAL_STATUSES
        and row.status not in TERMINAL_STATUSES
    )


def apply_state(
    row: Subscription, state: SubscriptionState, at: datetime, policy: BillingPolicy
) -> bool:
    """Apply a subscription object's state carried by an event created `at`.

    An older event (stale) only fills in what is still unknown: the price, when the
    checkout did not carry it, and a later period. Returns whether anything changed.
    """
    if _revives(row, state):
        return False  # a canceled subscription is never active again
    if not _is_newer_state(row, state, at):
        filled = row.price_id is None and bool(state.price_ids)
        if filled:
            _set_price(row, state, policy)
        return _extend_period(row, state.period_start, state.period_end) or filled
    row.state_event_at = at
    if state.price_ids:
        _set_price(row, state, policy)
    _extend_period(row, state.period_start, state.period_end)
    row.cancel_at_period_end = state.cancel_at_period_end
    if state.status in TERMINAL_STATUSES:
        # As the event says: ended now, or (cancelled at period end) when the period ends.
        row.ended_at = state.ended_at or (
            state.period_end if state.cancel_at_period_end and state.period_end else at
        )
    newer_payment = row.payment_event_at is not None and row.payment_event_at >= at
    if newer_payment and state.status in PAYMENT_STATUSES and row.status in PAYMENT_STATUSES:
        return True  # a later invoice event already decided whether it is paid
    row.status = state.status
    if state.status == "past_due":
        row.past_due_since = row.past_due_since or at
    elif state.status in ("active", "trialing"):
        row.past_due_since = None
    return True


def apply_payment_failed(row: Subscription, invoice: Invoice, at: datetime) -> bool:
    """A payment failed at `at`: the subscription is past due from then; False if stale."""
    if row.payment_event_at is not None and at <= row.payment_event_at:
        return False
    row.payment_event_at = at
    if row.status in TERMINAL_STATUSES:
        return True
    row.past_due_since = row.past_due_since or at
    if row.status in (None, "active", "trialing"):
        row.status = "past_due"
    return True


def apply_payment_succeeded(row: Subscription, invoice: Invoice, at: datetime) -> bool:
    """A payment succeeded at `at`: record it, clear past due, renew the period; False if
    stale."""
    if row.payment_event_at is not None and at < row.payment_event_at:
        return False
    row.payment_event_at = at
    row.last_invoice_id = invoice.invoice_id
    row.last_paid_at = at
    row.last_amount_paid = invoice.amount_paid
    row.currency = invoice.currency
    _extend_period(row, invoice.period_start, invoice.period_end)
    if row.status in TERMINAL_STATUSES:
        return True
    row.past_due_since = None
    if row.status in (None, "past_due", "unpaid", "incomplete"):
        row.status = "active"
    return True


def effective_tier(row: Subscription, now: datetime, grace: timedelta) -> Tier:
    """The tier a subscription gives at `now`.

    active/trialing: its price's tier, until the period ends if cancelled at period end.
    past_due: the same, until `grace` after the payment first failed. canceled: the tier
    until it ends. Anything else (unpaid, incomplete, incomplete_expired, paused, an
    unmapped price): Free.
    """
    if row.tier is None:  # a price not in TRICHOME_STRIPE_PRICE_TIERS
        return Tier.FREE
    tier = Tier(row.tier)
    if row.status in SERVING_STATUSES:
        period_over = row.current_period_end is not None and now >= row.current_period_end
        if row.cancel_at_period_end and period_over:
            return Tier.FREE
        past_due_since = row.past_due_since or (
            row.state_event_at if row.status == "past_due" else None
        )
        if past_due_since is not None and now >= past_due_since + grace:
            return Tier.FREE
        return tier
    if row.status == "canceled" and _ends_later(row) and row.ended_at and now < row.ended_at:
        return tier
    return Tier.FREE


def _ends_later(row: Subscription) -> bool:
    # A deletion is "at once" when it ended by the time the event was created, however far
    # ahead of this server's clock Stripe's may be; only a later end keeps the tier till then.
    return (
        row.ended_at is not None
        and row.state_event_at is not None
        and row.ended_at > row.state_event_at
    )


def _best(
    rows: Iterable[Subscription], now: datetime, grace: timedelta
) -> tuple[Tier, Subscription | None]:
    best: tuple[Tier, Subscription | None] = (Tier.FREE, None)
    for row in rows:
        tier = effective_tier(row, now, grace)
        if tier is not Tier.FREE and (best[1] is None or _rank(tier) > _rank(best[0])):
            best = (tier, row)
    return best


async def sync_organization(
    session: AsyncSession, organization_id: str, policy: BillingPolicy, now: datetime
) -> TierChange | None:
    """Set an organisation's tier and billing period from its subscriptions at `now`.

    The billing period (the quota window) follows the subscription that gives the tier; on
    a fall to Free it stays, so the calls already made in it still count.
    """
    organization = await session.get(Organization, organization_id)
    if organization is None:
        return None
    rows = (
        await session.scalars(
            select(Subscription).where(Subscription.organization_id == organization_id)
        )
    ).all()
    for row in rows:
        # The price map may have changed since the event; the current one decides.
        if row.price_id is not None:
            mapped = policy.price_tiers.get(row.price_id)
            row.tier = mapped.value if mapped else None
    tier, source = _best(rows, now, policy.grace)
    change = None
    if organization.tier != tier.value:
        change = TierChange(organization.id, organization.name, organization.tier, tier)
        logger.info(
            "organisation %s moves from %s to %s", organization.id, organization.tier, tier.value
        )
        organization.tier = tier.value
    if source is not None and source.current_period_start and source.current_period_end:
        organization.billing_period_start = source.current_period_start
        organization.billing_period_end = source.current_period_end
    await session.flush()
    return change


async def sweep_subscriptions(
    session: AsyncSession, policy: BillingPolicy, now: datetime
) -> list[TierChange]:
    """Re-derive the tier of every organisation with a subscription at `now`: grace periods
    that ran out and subscriptions cancelled at a period end that has passed fall to Free.

    Webhooks already do this for the organisation an event concerns; this catches the
    organisations no event arrives for (run it from cron, `trichome billing sweep`).
    """
    organization_ids = (
        await session.scalars(
            select(Subscription.organization_id)
            .where(Subscription.organization_id.is_not(None))
            .distinct()
        )
    ).all()
    changes = []
    for organization_id in sorted(filter(None, organization_ids)):
        change = await sync_organization(session, organization_id, policy, now)
        if change is not None:
            changes.append(change)
    return changes
