"""Each Stripe event's effect, once, in order of `created` whatever the order of arrival.

Runs on SQLite and PostgreSQL (the `settings` fixture).
"""

from __future__ import annotations

import asyncio
import copy
import secrets
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from tests.support.stripe_events import (
    DAY,
    NEXT_PERIOD,
    NOW,
    NOW_TS,
    PERIOD,
    PRICE_OPERATOR,
    PRICE_PRO,
    PRICE_TEAM,
    at,
    body_of,
    checkout_session,
    event,
    invoice,
    new_ids,
    subscription,
)
from trichome.accounts.service import get_or_create_organization
from trichome.billing.events import Outcome, process_event
from trichome.billing.subscriptions import BillingPolicy, sweep_subscriptions
from trichome.billing.webhooks import parse_event
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import BillingEvent, Organization, Subscription
from trichome.limits.windows import monthly_calls, quota_period
from trichome.plans import Tier

pytestmark = pytest.mark.anyio

POLICY = BillingPolicy(
    {PRICE_PRO: Tier.PRO, PRICE_OPERATOR: Tier.OPERATOR, PRICE_TEAM: Tier.TEAM},
    grace=timedelta(days=7),
)
T = NOW_TS - 5 * DAY  # when the checkout happened


class Billing:
    """One organisation's billing, driven by events as the webhook route drives it."""

    def __init__(self, settings: Settings) -> None:
        self.engine = create_engine(settings)
        self.sessions = create_sessionmaker(self.engine)
        self.organization_id = ""
        self.subscription_id, self.customer = new_ids()

    async def start(self, tier: Tier = Tier.FREE) -> None:
        async with self.sessions() as session:
            organization, _ = await get_or_create_organization(
                session, f"org-{secrets.token_hex(4)}", tier
            )
            await session.commit()
        self.organization_id = organization.id

    def another_subscription(self) -> Billing:
        """The same organisation's billing for a subscription with another customer."""
        other = copy.copy(self)
        other.subscription_id, other.customer = new_ids()
        return other

    async def send(
        self, payload: dict[str, Any], now: datetime = NOW, policy: BillingPolicy = POLICY
    ) -> Outcome:
        processed = await process_event(self.sessions, parse_event(body_of(payload)), policy, now)
        return processed.outcome

    async def checkout(self, created: int = T, **options: Any) -> Outcome:
        body = checkout_session(
            organization_id=self.organization_id,
            subscription_id=self.subscription_id,
            customer=self.customer,
            **options,
        )
        return await self.send(event("checkout.session.completed", body, created=created))

    async def update(self, created: int, now: datetime = NOW, **options: Any) -> Outcome:
        options.setdefault("customer", self.customer)
        body = subscription(options.pop("subscription_id", self.subscription_id), **options)
        return await self.send(event("customer.subscription.updated", body, created=created), now)

    async def delete(self, created: int, now: datetime = NOW, **options: Any) -> Outcome:
        body = subscription(
            self.subscription_id,
            customer=self.customer,
            status="canceled",
            ended_at=created,
            **options,
        )
        return await self.send(event("customer.subscription.deleted", body, created=created), now)

    async def invoice(
        self, kind: str, created: int, now: datetime = NOW, **options: Any
    ) -> Outcome:
        body = invoice(subscription_id=self.subscription_id, customer=self.customer, **options)
        return await self.send(event(f"invoice.payment_{kind}", body, created=created), now)

    async def organization(self) -> Organization:
        async with self.sessions() as session:
            found = await session.get(Organization, self.organization_id)
        assert found is not None
        return found

    async def tier(self) -> str:
        return (await self.organization()).tier

    async def row(self, subscription_id: str | None = None) -> Subscription:
        async with self.sessions() as session:
            found = await session.scalar(
                select(Subscription).where(
                    Subscription.stripe_subscription_id == (subscription_id or self.subscription_id)
                )
            )
        assert found is not None
        return found

    async def events(self) -> list[BillingEvent]:
        async with self.sessions() as session:
            return list(await session.scalars(select(BillingEvent).order_by(BillingEvent.id)))

    async def sweep(self, now: datetime, policy: BillingPolicy = POLICY) -> list[Any]:
        async with self.sessions() as session, session.begin():
            return await sweep_subscriptions(session, policy, now)


def state_of(row: Subscription) -> dict[str, Any]:
    return {k: v for k, v in vars(row).items() if not k.startswith("_") and k != "updated_at"}


@pytest.fixture
async def billing(settings: Settings) -> AsyncIterator[Billing]:
    harness = Billing(settings)
    await harness.start()
    yield harness
    await harness.engine.dispose()


# ---------------------------------------------------------------- each event


async def test_a_checkout_creates_the_subscription_and_sets_the_prices_tier(
    billing: Billing,
) -> None:
    assert await billing.checkout(price=PRICE_PRO) == Outcome.APPLIED
    assert await billing.tier() == "pro"
    row = await billing.row()
    assert (row.organization_id, row.stripe_customer_id) == (
        billing.organization_id,
        billing.customer,
    )
    assert (row.status, row.price_id, row.tier) == ("active", PRICE_PRO, "pro")
    (stored,) = await billing.events()
    assert (stored.type, stored.outcome, stored.organization_id) == (
        "checkout.session.completed",
        "applied",
        billing.organization_id,
    )
    assert stored.stripe_subscription_id == billing.subscription_id
    assert stored.payload["data"]["object"]["client_reference_id"] == billing.organization_id
    assert stored.created == at(T)


async def test_a_checkout_may_name_the_organisation_in_its_metadata(billing: Billing) -> None:
    assert await billing.checkout(price=PRICE_TEAM, use_metadata=True) == Outcome.APPLIED
    assert await billing.tier() == "team"


async def test_a_checkout_for_no_known_organisation_is_stored_and_ignored(billing: Billing) -> None:
    body = checkout_session(organization_id="org_nobody", subscription_id="sub_x", customer="cus_x")
    assert (
        await billing.send(event("checkout.session.completed", body, created=T)) == Outcome.IGNORED
    )
    body = checkout_session(organization_id=None, subscription_id="sub_y", customer="cus_y")
    assert (
        await billing.send(event("checkout.session.completed", body, created=T)) == Outcome.IGNORED
    )
    assert [e.outcome for e in await billing.events()] == ["ignored", "ignored"]
    assert "org_nobody" in ((await billing.events())[0].detail or "")
    assert await billing.tier() == "free"


async def test_an_unpaid_checkout_gives_no_tier_until_paid(billing: Billing) -> None:
    await billing.checkout(payment_status="unpaid")
    assert await billing.tier() == "free" and (await billing.row()).status == "incomplete"
    assert await billing.invoice("succeeded", T + 60) == Outcome.APPLIED
    assert await billing.tier() == "pro" and (await billing.row()).status == "active"


async def test_updates_apply_upgrades_downgrades_and_the_period(billing: Billing) -> None:
    await billing.checkout(price=PRICE_PRO)
    assert await billing.update(T + 10, price=PRICE_OPERATOR) == Outcome.APPLIED
    organization = await billing.organization()
    assert organization.tier == "operator"
    assert (organization.billing_period_start, organization.billing_period_end) == (
        at(PERIOD[0]),
        at(PERIOD[1]),
    )
    # The monthly quota counts in the billing period, not the calendar month.
    assert quota_period(
        NOW, organization.billing_period_start, organization.billing_period_end
    ) == (
        at(PERIOD[0]),
        at(PERIOD[1]),
    )
    assert await billing.update(T + 20, price=PRICE_PRO) == Outcome.APPLIED
    assert await billing.tier() == "pro"


async def test_a_payment_records_itself_and_renews_the_period_and_quota(billing: Billing) -> None:
    await billing.checkout()
    await billing.update(T + 10)
    before = await billing.organization()
    renewal = at(NEXT_PERIOD[0]) + timedelta(hours=1)
    old_window = monthly_calls(before.id, Tier.PRO, at(PERIOD[0]) + timedelta(days=1),
                               before.billing_period_start, before.billing_period_end)  # fmt: skip
    assert await billing.invoice("succeeded", NEXT_PERIOD[0] + 60, now=renewal) == Outcome.APPLIED
    after = await billing.organization()
    assert (after.billing_period_start, after.billing_period_end) == (
        at(NEXT_PERIOD[0]),
        at(NEXT_PERIOD[1]),
    )
    new_window = monthly_calls(after.id, Tier.PRO, renewal, after.billing_period_start,
                               after.billing_period_end)  # fmt: skip
    assert new_window.key != old_window.key and new_window.resets_at == at(NEXT_PERIOD[1])
    row = await billing.row()
    assert (row.last_amount_paid, row.currency, row.last_paid_at) == (
        4900,
        "usd",
        at(NEXT_PERIOD[0] + 60),
    )
    assert row.last_invoice_id and row.last_invoice_id.startswith("in_")
    assert after.tier == "pro"


async def test_a_deletion_returns_the_organisation_to_free_at_once(billing: Billing) -> None:
    await billing.checkout(price=PRICE_OPERATOR)
    assert await billing.delete(T + 100) == Outcome.APPLIED
    assert await billing.tier() == "free"
    row = await billing.row()
    assert row.status == "canceled" and row.ended_at == at(T + 100)


async def test_cancelled_at_period_end_keeps_the_tier_until_then(billing: Billing) -> None:
    await billing.checkout()
    assert await billing.update(T + 10, cancel_at_period_end=True) == Outcome.APPLIED
    assert await billing.tier() == "pro"
    assert await billing.sweep(at(PERIOD[1]) - timedelta(minutes=1)) == []
    (change,) = await billing.sweep(at(PERIOD[1]))
    assert (change.before, change.after) == ("pro", Tier.FREE)
    assert await billing.tier() == "free"
    # The deletion Stripe sends at the period end changes nothing more.
    deleted = await billing.delete(PERIOD[1], now=at(PERIOD[1]), cancel_at_period_end=True)
    assert deleted == Outcome.APPLIED
    assert await billing.tier() == "free"


async def test_a_deletion_to_take_effect_at_period_end_keeps_the_tier_until_then(
    billing: Billing,
) -> None:
    await billing.checkout(price=PRICE_OPERATOR)
    body = subscription(billing.subscription_id, customer=billing.customer, price=PRICE_OPERATOR,
                        status="canceled", cancel_at_period_end=True)  # fmt: skip
    await billing.send(event("customer.subscription.deleted", body, created=T + 10))
    assert await billing.tier() == "operator"
    await billing.sweep(at(PERIOD[1]))
    assert await billing.tier() == "free"


async def test_a_failed_payment_keeps_the_tier_for_the_grace_period(billing: Billing) -> None:
    await billing.checkout(price=PRICE_OPERATOR)
    failed = NOW_TS - DAY
    assert await billing.invoice("failed", failed, paid=False) == Outcome.APPLIED
    row = await billing.row()
    assert (row.status, row.past_due_since) == ("past_due", at(failed))
    assert await billing.tier() == "operator"
    assert await billing.sweep(at(failed) + timedelta(days=7) - timedelta(seconds=1)) == []
    (change,) = await billing.sweep(at(failed) + timedelta(days=7))
    assert (change.before, change.after) == ("operator", Tier.FREE)
    # Paying later restores the tier.
    later = at(failed) + timedelta(days=8)
    assert await billing.invoice("succeeded", failed + 8 * DAY, now=later) == Outcome.APPLIED
    row = await billing.row()
    assert (row.status, row.past_due_since) == ("active", None)
    assert await billing.tier() == "operator"


async def test_the_grace_period_ends_with_the_next_event_without_a_sweep(billing: Billing) -> None:
    await billing.checkout()
    await billing.invoice("failed", T + DAY, now=at(T + DAY), paid=False)
    assert await billing.tier() == "pro"
    # Stripe's retry, failing again nine days on: the grace (from the first failure) is over.
    retry = T + 9 * DAY
    assert await billing.invoice("failed", retry, now=at(retry), paid=False) == Outcome.APPLIED
    assert (await billing.row()).past_due_since == at(T + DAY)
    assert await billing.tier() == "free"


async def test_a_past_due_status_from_stripe_starts_the_grace_too(billing: Billing) -> None:
    await billing.checkout(created=NOW_TS - 20 * DAY)
    await billing.update(NOW_TS - 8 * DAY, status="past_due")
    assert await billing.tier() == "free"
    await billing.update(NOW_TS - DAY, status="active")
    assert await billing.tier() == "pro" and (await billing.row()).past_due_since is None


@pytest.mark.parametrize("status", ["unpaid", "incomplete_expired", "paused", "incomplete"])
async def test_statuses_that_serve_nothing_give_free(billing: Billing, status: str) -> None:
    await billing.checkout(price=PRICE_TEAM)
    await billing.update(T + 10, price=PRICE_TEAM, status=status)
    assert await billing.tier() == "free"


async def test_other_event_types_are_stored_and_ignored(billing: Billing) -> None:
    payload = event("customer.created", {"id": "cus_1", "object": "customer"}, created=T)
    assert await billing.send(payload) == Outcome.IGNORED
    (stored,) = await billing.events()
    assert (stored.type, stored.outcome, stored.detail) == (
        "customer.created",
        "ignored",
        "event type not handled",
    )
    one_off = invoice(subscription_id="x", customer=billing.customer)
    del one_off["parent"], one_off["lines"]["data"][0]["parent"]
    assert (
        await billing.send(event("invoice.payment_succeeded", one_off, created=T))
        == Outcome.IGNORED
    )


async def test_a_price_not_in_the_map_gives_free_until_the_map_has_it(billing: Billing) -> None:
    await billing.checkout(price="price_enterprise_yearly")
    row = await billing.row()
    assert (row.price_id, row.tier) == ("price_enterprise_yearly", None)
    assert await billing.tier() == "free"
    fixed = BillingPolicy(
        {**POLICY.price_tiers, "price_enterprise_yearly": Tier.TEAM}, POLICY.grace
    )
    (change,) = await billing.sweep(NOW, fixed)
    assert change.after is Tier.TEAM and await billing.tier() == "team"


# ---------------------------------------------------------------- replay and order


async def test_a_replay_changes_nothing(billing: Billing) -> None:
    await billing.checkout()
    upgrade = event("customer.subscription.updated",
                    subscription(billing.subscription_id, customer=billing.customer, price=PRICE_OPERATOR),
                    created=T + 10)  # fmt: skip
    assert await billing.send(upgrade) == Outcome.APPLIED
    before = state_of(await billing.row())
    # A downgrade in between; then Stripe retries the upgrade.
    await billing.update(T + 20, price=PRICE_PRO)
    after_downgrade = state_of(await billing.row())
    assert await billing.send(upgrade) == Outcome.REPLAY
    assert state_of(await billing.row()) == after_downgrade != before
    assert await billing.tier() == "pro"
    assert [e.outcome for e in await billing.events()] == ["applied", "applied", "applied"]


async def test_an_older_update_arriving_after_a_newer_one_is_stale(billing: Billing) -> None:
    await billing.checkout()
    assert await billing.update(T + 20, price=PRICE_OPERATOR) == Outcome.APPLIED
    before = state_of(await billing.row())
    assert await billing.update(T + 10, price=PRICE_PRO, status="past_due") == Outcome.STALE
    assert state_of(await billing.row()) == before
    assert await billing.tier() == "operator"
    assert (await billing.events())[-1].outcome == "stale"


async def test_an_update_after_the_deletion_does_not_undo_it(billing: Billing) -> None:
    await billing.checkout()
    assert await billing.delete(T + 20) == Outcome.APPLIED
    assert await billing.update(T + 10, price=PRICE_OPERATOR) == Outcome.STALE
    assert await billing.update(T + 30, price=PRICE_OPERATOR) == Outcome.STALE
    assert await billing.tier() == "free" and (await billing.row()).status == "canceled"


async def test_the_deletion_wins_an_update_of_the_same_second(billing: Billing) -> None:
    await billing.checkout()
    await billing.delete(T + 20)
    assert await billing.update(T + 20) == Outcome.STALE
    other = billing.another_subscription()
    await other.checkout()
    await other.update(T + 20)
    assert await other.delete(T + 20) == Outcome.APPLIED
    assert (await other.row()).status == "canceled"


async def test_subscription_events_before_the_checkout_are_kept_and_attached(
    billing: Billing,
) -> None:
    # The upgrade arrives first: no organisation is known for the subscription yet.
    assert await billing.update(T + 10, price=PRICE_OPERATOR) == Outcome.APPLIED
    assert (await billing.row()).organization_id is None
    assert await billing.tier() == "free"
    # The (older) checkout attaches it without undoing the upgrade.
    assert await billing.checkout(created=T, price=PRICE_PRO) == Outcome.APPLIED
    assert await billing.tier() == "operator"


async def test_a_checkout_without_a_price_takes_it_from_the_subscription(billing: Billing) -> None:
    assert await billing.checkout(created=T, price=None) == Outcome.APPLIED
    assert await billing.tier() == "free"
    created = subscription(billing.subscription_id, customer=billing.customer, price=PRICE_OPERATOR,
                           status="incomplete")  # fmt: skip
    assert (
        await billing.send(event("customer.subscription.created", created, created=T - 1))
        == Outcome.APPLIED
    )
    row = await billing.row()
    assert (row.status, row.price_id) == ("active", PRICE_OPERATOR)
    assert await billing.tier() == "operator"


async def test_an_invoice_before_the_checkout_is_kept_and_attached(billing: Billing) -> None:
    assert await billing.invoice("succeeded", T + 5, period=PERIOD) == Outcome.APPLIED
    assert await billing.checkout(created=T) == Outcome.APPLIED
    organization = await billing.organization()
    assert organization.tier == "pro"
    assert organization.billing_period_end == at(PERIOD[1])


async def test_a_later_subscription_of_the_same_customer_finds_the_organisation(
    billing: Billing,
) -> None:
    await billing.checkout()
    await billing.delete(T + 10)
    second, _ = new_ids()
    assert await billing.update(T + 20, subscription_id=second, price=PRICE_TEAM) == Outcome.APPLIED
    assert (await billing.row(second)).organization_id == billing.organization_id
    assert await billing.tier() == "team"
    # A late event about the old, canceled subscription does not take the tier away.
    assert await billing.update(T + 5) == Outcome.STALE
    assert await billing.tier() == "team"


@pytest.mark.parametrize("order", [("failed", "succeeded"), ("succeeded", "failed")])
async def test_a_payment_that_fails_and_succeeds_in_one_second_is_paid(
    billing: Billing, order: tuple[str, str]
) -> None:
    await billing.checkout()
    for kind in order:
        await billing.invoice(kind, T + 100, paid=kind == "succeeded")
    row = await billing.row()
    assert (row.status, row.past_due_since) == ("active", None)


async def test_an_old_failure_after_a_newer_payment_is_stale(billing: Billing) -> None:
    await billing.checkout()
    assert await billing.invoice("succeeded", T + 200) == Outcome.APPLIED
    assert await billing.invoice("failed", T + 100, paid=False) == Outcome.STALE
    assert (await billing.row()).past_due_since is None
    # An old "active" snapshot does not clear a newer failure either.
    assert await billing.invoice("failed", T + 300, paid=False) == Outcome.APPLIED
    assert await billing.update(T + 250) == Outcome.APPLIED
    row = await billing.row()
    assert (row.status, row.past_due_since) == ("past_due", at(T + 300))


async def test_the_same_event_reaching_two_workers_at_once_applies_once(
    settings: Settings, billing: Billing
) -> None:
    await billing.checkout()
    workers = [Billing(settings) for _ in range(4)]
    payload = event("customer.subscription.updated",
                    subscription(billing.subscription_id, customer=billing.customer, price=PRICE_TEAM),
                    created=T + 10)  # fmt: skip
    try:
        outcomes = await asyncio.gather(*(worker.send(payload) for worker in workers))
    finally:
        for worker in workers:
            await worker.engine.dispose()
    assert sorted(outcomes) == ["applied", "replay", "replay", "replay"]
    assert len(await billing.events()) == 2
    assert await billing.tier() == "team"


async def test_concurrent_events_for_one_subscription_end_in_the_newest_state(
    settings: Settings, billing: Billing
) -> None:
    await billing.checkout()
    prices = [PRICE_PRO, PRICE_OPERATOR, PRICE_TEAM, PRICE_PRO, PRICE_OPERATOR]
    workers = [Billing(settings) for _ in prices]
    payloads = [
        event("customer.subscription.updated",
              subscription(billing.subscription_id, customer=billing.customer, price=price),
              created=T + 10 * (n + 1))
        for n, price in enumerate(prices)
    ]  # fmt: skip
    try:
        await asyncio.gather(*(w.send(p) for w, p in zip(workers, reversed(payloads), strict=True)))
    finally:
        for worker in workers:
            await worker.engine.dispose()
    assert (await billing.row()).price_id == PRICE_OPERATOR
    assert await billing.tier() == "operator"
