"""Stripe objects as webhooks deliver them, read into typed values.

Stripe's API versions move fields around: since 2025-03-31 the billing period lives on the
subscription's items rather than the subscription, and an invoice names its subscription
under `parent.subscription_details`. Both shapes are read. A field that may be an id or
the expanded object (`customer`, `subscription`, `price`) is read either way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

# The columns that keep Stripe's ids, statuses and currencies.
MAX_ID_LENGTH = 255
MAX_STATUS_LENGTH = 32
CURRENCY_LENGTH = 3
MAX_AMOUNT = 2**63 - 1
# A canceled subscription never becomes active again (a new one gets a new id).
TERMINAL_STATUSES = frozenset({"canceled", "incomplete_expired"})


class MalformedObject(ValueError):
    """A Stripe object lacks a field its event needs."""


@dataclass(frozen=True, slots=True)
class SubscriptionState:
    """What a subscription object (or a completed checkout) says about a subscription.

    None (or an empty tuple) means "not said": the stored value stays.
    """

    subscription_id: str
    customer_id: str | None
    status: str
    price_ids: tuple[str, ...]
    period_start: datetime | None
    period_end: datetime | None
    cancel_at_period_end: bool
    ended_at: datetime | None
    organization_id: str | None


@dataclass(frozen=True, slots=True)
class CheckoutSession:
    """A completed Checkout Session: whose subscription it started."""

    subscription_id: str | None
    customer_id: str | None
    organization_id: str | None
    is_subscription: bool
    paid: bool
    price_ids: tuple[str, ...]
    # The subscription object, when the payload carries it expanded.
    subscription: SubscriptionState | None


@dataclass(frozen=True, slots=True)
class Invoice:
    """An invoice whose payment succeeded or failed."""

    invoice_id: str
    subscription_id: str | None
    customer_id: str | None
    amount_paid: int | None
    currency: str | None
    period_start: datetime | None
    period_end: datetime | None


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: Any) -> Sequence[Any]:
    """The `data` of a Stripe list object, or a plain list."""
    if isinstance(value, Mapping):
        value = value.get("data")
    return value if isinstance(value, list) else []


def _text(value: Any, limit: int = MAX_ID_LENGTH) -> str | None:
    """A non-empty string no longer than its column (and without NUL, which PostgreSQL's
    text cannot hold), else None."""
    if isinstance(value, str) and 0 < len(value) <= limit and "\x00" not in value:
        return value
    return None


def _id_of(value: Any) -> str | None:
    """An id given as a string, or as an expanded object carrying `id`."""
    if isinstance(value, Mapping):
        return _text(value.get("id"))
    return _text(value)


def _time(value: Any) -> datetime | None:
    """A Unix timestamp (seconds) as a UTC datetime."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    try:
        return datetime.fromtimestamp(value, UTC)
    except (OverflowError, OSError, ValueError):
        return None


def _latest_period(pairs: Iterable[tuple[Any, Any]]) -> tuple[datetime | None, datetime | None]:
    """The (start, end) pair, of Unix timestamps, that ends last; (None, None) if none ends."""
    latest: tuple[datetime | None, datetime] | None = None
    for raw_start, raw_end in pairs:
        end = _time(raw_end)
        if end is not None and (latest is None or end > latest[1]):
            latest = (_time(raw_start), end)
    return latest if latest is not None else (None, None)


def _organization_in(metadata: Any) -> str | None:
    return _text(_mapping(metadata).get("organization_id"))


def _price_of(item: Any) -> str | None:
    item = _mapping(item)
    return _id_of(item.get("price")) or _id_of(item.get("plan"))


def read_subscription(data: Mapping[str, Any]) -> SubscriptionState:
    """A `subscription` object (the `data.object` of `customer.subscription.*`).

    Raises:
        MalformedObject: it has no id or no status.
    """
    subscription_id = _text(data.get("id"))
    status = _text(data.get("status"), MAX_STATUS_LENGTH)
    if subscription_id is None or status is None:
        raise MalformedObject("the subscription object has no `id` or no `status`")
    items = [_mapping(item) for item in _list(data.get("items"))]
    prices = [price for price in map(_price_of, items) if price]
    legacy_plan = _id_of(data.get("plan"))
    if not prices and legacy_plan:
        prices = [legacy_plan]
    start, end = _latest_period(
        [(data.get("current_period_start"), data.get("current_period_end"))]
    )
    if end is None:
        # Newer API versions: each item has its own period; the latest one is the subscription's.
        start, end = _latest_period(
            (item.get("current_period_start"), item.get("current_period_end")) for item in items
        )
    return SubscriptionState(
        subscription_id=subscription_id,
        customer_id=_id_of(data.get("customer")),
        status=status,
        price_ids=tuple(dict.fromkeys(prices)),
        period_start=start,
        period_end=end,
        cancel_at_period_end=data.get("cancel_at_period_end") is True,
        ended_at=_time(data.get("ended_at")),
        organization_id=_organization_in(data.get("metadata")),
    )


def read_checkout_session(data: Mapping[str, Any]) -> CheckoutSession:
    """A `checkout.session` object (the `data.object` of `checkout.session.completed`).

    The organisation is the session's `client_reference_id` (the dashboard sets it to the
    organisation id) or its `metadata.organization_id`. The price comes from the expanded
    subscription, the session's `line_items` when present, or `metadata.price_id`.
    """
    metadata = _mapping(data.get("metadata"))
    expanded = data.get("subscription")
    subscription = (
        read_subscription(expanded)
        if isinstance(expanded, Mapping) and _text(expanded.get("status"), MAX_STATUS_LENGTH)
        else None
    )
    line_prices = [price for price in map(_price_of, _list(data.get("line_items"))) if price]
    prices = (
        list(subscription.price_ids)
        if subscription and subscription.price_ids
        else line_prices or [price for price in [_text(metadata.get("price_id"))] if price]
    )
    return CheckoutSession(
        subscription_id=_id_of(expanded),
        customer_id=_id_of(data.get("customer")),
        organization_id=_text(data.get("client_reference_id")) or _organization_in(metadata),
        is_subscription=data.get("mode") in (None, "subscription"),
        paid=data.get("payment_status") in (None, "paid", "no_payment_required"),
        price_ids=tuple(dict.fromkeys(prices)),
        subscription=subscription,
    )


def _invoice_subscription(data: Mapping[str, Any], lines: Sequence[Mapping[str, Any]]) -> Any:
    found = data.get("subscription")
    if found:
        return found
    details = _mapping(_mapping(data.get("parent")).get("subscription_details"))
    if details.get("subscription"):
        return details["subscription"]
    for line in lines:
        item_details = _mapping(_mapping(line.get("parent")).get("subscription_item_details"))
        candidate = line.get("subscription") or item_details.get("subscription")
        if candidate:
            return candidate
    return None


def read_invoice(data: Mapping[str, Any]) -> Invoice:
    """An `invoice` object (the `data.object` of `invoice.payment_succeeded` / `_failed`).

    Its period is the latest one among its lines: for a renewal, the period just paid for.

    Raises:
        MalformedObject: it has no id.
    """
    invoice_id = _text(data.get("id"))
    if invoice_id is None:
        raise MalformedObject("the invoice object has no `id`")
    lines = [_mapping(line) for line in _list(data.get("lines"))]
    start, end = _latest_period(
        (_mapping(line.get("period")).get("start"), _mapping(line.get("period")).get("end"))
        for line in lines
    )
    amount = data.get("amount_paid")
    return Invoice(
        invoice_id=invoice_id,
        subscription_id=_id_of(_invoice_subscription(data, lines)),
        customer_id=_id_of(data.get("customer")),
        amount_paid=amount
        if isinstance(amount, int) and not isinstance(amount, bool) and 0 <= amount <= MAX_AMOUNT
        else None,
        currency=_text(data.get("currency"), CURRENCY_LENGTH),
        period_start=start,
        period_end=end,
    )
