"""Stripe events for tests, shaped like the ones Stripe sends, and signed as Stripe signs them.

The objects follow Stripe's API reference (API version 2025-03-31.basil unless a test asks
for the older shape): a subscription's period on its items (or, `legacy=True`, on the
subscription), an invoice's subscription under `parent.subscription_details` (or at the top).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from datetime import UTC, datetime
from typing import Any

import orjson

SECRET = "whsec_" + "test0signing0secret0for0trichome"
PRICE_PRO = "price_pro_monthly"
PRICE_OPERATOR = "price_operator_monthly"
PRICE_TEAM = "price_team_monthly"
PRICE_TIERS = {PRICE_PRO: "pro", PRICE_OPERATOR: "operator", PRICE_TEAM: "team"}

# A fixed "now" for billing decisions, and Unix times around it.
NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
NOW_TS = int(NOW.timestamp())
DAY = 86_400
# The current period: the 10th of November to the 10th of December 2026.
PERIOD = (
    int(datetime(2026, 11, 10, tzinfo=UTC).timestamp()),
    int(datetime(2026, 12, 10, tzinfo=UTC).timestamp()),
)
NEXT_PERIOD = (PERIOD[1], int(datetime(2027, 1, 10, tzinfo=UTC).timestamp()))


def _id(prefix: str) -> str:
    return f"{prefix}_{secrets.token_hex(12)}"


def at(timestamp: int) -> datetime:
    return datetime.fromtimestamp(timestamp, UTC)


def event(
    kind: str, data_object: dict[str, Any], *, created: int, event_id: str | None = None
) -> dict[str, Any]:
    """An event envelope (`object: "event"`) around a Stripe object."""
    return {
        "id": event_id or _id("evt"),
        "object": "event",
        "api_version": "2025-03-31.basil",
        "created": created,
        "data": {"object": data_object, "previous_attributes": {}},
        "livemode": False,
        "pending_webhooks": 1,
        "request": {"id": _id("req"), "idempotency_key": None},
        "type": kind,
    }


def subscription(
    subscription_id: str,
    *,
    customer: str,
    price: str = PRICE_PRO,
    status: str = "active",
    period: tuple[int, int] = PERIOD,
    cancel_at_period_end: bool = False,
    ended_at: int | None = None,
    metadata: dict[str, str] | None = None,
    legacy: bool = False,
) -> dict[str, Any]:
    """A `subscription` object with one item on `price`."""
    item: dict[str, Any] = {
        "id": _id("si"),
        "object": "subscription_item",
        "created": period[0],
        "metadata": {},
        "price": {
            "id": price,
            "object": "price",
            "active": True,
            "currency": "usd",
            "product": "prod_trichome_" + price.split("_")[1],
            "recurring": {"interval": "month", "interval_count": 1, "usage_type": "licensed"},
            "type": "recurring",
            "unit_amount": 4900,
        },
        "quantity": 1,
        "subscription": subscription_id,
    }
    body: dict[str, Any] = {
        "id": subscription_id,
        "object": "subscription",
        "billing_cycle_anchor": period[0],
        "cancel_at": period[1] if cancel_at_period_end else None,
        "cancel_at_period_end": cancel_at_period_end,
        "canceled_at": ended_at,
        "collection_method": "charge_automatically",
        "created": period[0],
        "currency": "usd",
        "customer": customer,
        "ended_at": ended_at,
        "items": {
            "object": "list",
            "data": [item],
            "has_more": False,
            "total_count": 1,
            "url": f"/v1/subscription_items?subscription={subscription_id}",
        },
        "latest_invoice": _id("in"),
        "livemode": False,
        "metadata": metadata or {},
        "start_date": period[0],
        "status": status,
    }
    if legacy:
        body["current_period_start"], body["current_period_end"] = period
        body["plan"] = {"id": price, "object": "plan"}
    else:
        item["current_period_start"], item["current_period_end"] = period
    return body


def checkout_session(
    *,
    organization_id: str | None,
    subscription_id: str,
    customer: str,
    price: str | None = PRICE_PRO,
    payment_status: str = "paid",
    use_metadata: bool = False,
) -> dict[str, Any]:
    """A completed subscription `checkout.session`, as the dashboard will create it: the
    organisation in `client_reference_id` (or `metadata.organization_id`), the price in
    `metadata.price_id`."""
    metadata: dict[str, str] = {}
    if price:
        metadata["price_id"] = price
    if use_metadata and organization_id:
        metadata["organization_id"] = organization_id
    return {
        "id": _id("cs_test"),
        "object": "checkout.session",
        "amount_subtotal": 4900,
        "amount_total": 4900,
        "client_reference_id": None if use_metadata else organization_id,
        "currency": "usd",
        "customer": customer,
        "customer_details": {"email": "owner@example.com"},
        "invoice": _id("in"),
        "livemode": False,
        "metadata": metadata,
        "mode": "subscription",
        "payment_status": payment_status,
        "status": "complete",
        "subscription": subscription_id,
        "success_url": "http://127.0.0.1:8003/subscription?done=1",
    }


def invoice(
    *,
    subscription_id: str,
    customer: str,
    period: tuple[int, int] = NEXT_PERIOD,
    amount: int = 4900,
    paid: bool = True,
    legacy: bool = False,
    price: str = PRICE_PRO,
) -> dict[str, Any]:
    """A subscription `invoice` with one line for `period`."""
    line: dict[str, Any] = {
        "id": _id("il"),
        "object": "line_item",
        "amount": amount,
        "currency": "usd",
        "description": "1 × Trichome (at $49.00 / month)",
        "period": {"start": period[0], "end": period[1]},
        "quantity": 1,
    }
    body: dict[str, Any] = {
        "id": _id("in"),
        "object": "invoice",
        "amount_due": amount,
        "amount_paid": amount if paid else 0,
        "amount_remaining": 0 if paid else amount,
        "attempt_count": 1,
        "billing_reason": "subscription_cycle",
        "currency": "usd",
        "customer": customer,
        "lines": {"object": "list", "data": [line], "has_more": False, "total_count": 1},
        "livemode": False,
        "period_start": period[0],
        "period_end": period[0],
        "status": "paid" if paid else "open",
    }
    if legacy:
        body["subscription"] = subscription_id
        line["subscription"] = subscription_id
        line["price"] = {"id": price, "object": "price"}
    else:
        body["parent"] = {
            "type": "subscription_details",
            "quote_details": None,
            "subscription_details": {"metadata": {}, "subscription": subscription_id},
        }
        line["parent"] = {
            "type": "subscription_item_details",
            "subscription_item_details": {
                "subscription": subscription_id,
                "subscription_item": _id("si"),
            },
        }
        line["pricing"] = {
            "type": "price_details",
            "price_details": {"price": price, "product": "prod_x"},
        }
    return body


def body_of(payload: dict[str, Any]) -> bytes:
    """The raw body Stripe would post (compact JSON)."""
    return orjson.dumps(payload)


def signature(body: bytes, secret: str = SECRET, timestamp: int | None = None) -> str:
    """`Stripe-Signature` as Stripe documents it: `t=<time>,v1=<HMAC-SHA256 of "t.body">`."""
    timestamp = int(time.time()) if timestamp is None else timestamp
    signed = f"{timestamp}.".encode() + body
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


def signed_headers(
    body: bytes, secret: str = SECRET, timestamp: int | None = None
) -> dict[str, str]:
    """The headers of Stripe's POST."""
    return {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": signature(body, secret, timestamp),
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    }


def new_ids() -> tuple[str, str]:
    """A fresh subscription id and customer id."""
    return _id("sub"), _id("cus")
