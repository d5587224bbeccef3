"""Verifying a Stripe webhook's signature and reading its event envelope.

Stripe signs `"{t}.{raw body}"` with HMAC-SHA256 under the endpoint's secret and sends
`Stripe-Signature: t=<unix time>,v1=<hex digest>[,v1=...]`. The check is the `stripe`
library's own (`stripe.WebhookSignature.verify_header`), over the body exactly as received,
so nothing may parse or re-encode the body before it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeGuard

import orjson
import stripe

# Stripe's own default: a signature older than five minutes is refused (replay defence).
SIGNATURE_TOLERANCE_SECONDS = 300
# The columns that keep them (billing_events.stripe_event_id and .type).
MAX_ID_LENGTH = 255
MAX_TYPE_LENGTH = 100
# The last second `datetime` can hold (9999-12-31T23:59:59Z).
MAX_CREATED = 253_402_300_799


class InvalidSignature(Exception):
    """The request is not an event Stripe signed with our secret, in the last five minutes."""


class InvalidEvent(ValueError):
    """A correctly signed body that is not a Stripe event."""


@dataclass(frozen=True, slots=True)
class StripeEvent:
    """A verified event: its envelope, the object it carries, and the whole payload."""

    id: str
    type: str
    created: datetime
    livemode: bool
    data_object: Mapping[str, Any]
    payload: dict[str, Any]


def verify_signature(
    body: bytes,
    header: str | None,
    secret: str,
    tolerance: int = SIGNATURE_TOLERANCE_SECONDS,
) -> None:
    """Check the `Stripe-Signature` header against the raw body.

    Raises:
        InvalidSignature: the header is missing, malformed, does not match, or is too old.
    """
    if not header:
        raise InvalidSignature("The Stripe-Signature header is missing.")
    if not header.isascii():
        raise InvalidSignature("The Stripe-Signature header is malformed.")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidSignature("The body is not UTF-8, so Stripe did not sign it.") from None
    try:
        stripe.WebhookSignature.verify_header(text, header, secret, tolerance)
    except stripe.SignatureVerificationError as error:
        raise InvalidSignature(
            f"The Stripe-Signature header does not verify: {error.user_message}"
        ) from None
    # Stripe's library refuses only signatures older than the tolerance; one dated further
    # ahead than that is as suspect (a replay prepared in advance), so refuse it too.
    signed_at = _signed_at(header)
    if signed_at is not None and signed_at > time.time() + tolerance:
        raise InvalidSignature(
            "The Stripe-Signature header does not verify: its timestamp is more than "
            f"{tolerance} s in the future (outside the tolerance zone)."
        )


def _signed_at(header: str) -> int | None:
    """The `t=` timestamp of a Stripe-Signature header (already verified well formed)."""
    for item in header.split(","):
        name, _, value = item.strip().partition("=")
        if name == "t" and value.isdigit():
            return int(value)
    return None


def _is_name(value: object, limit: int) -> TypeGuard[str]:
    # Stripe's ids and types are short printable ASCII (`evt_1Q...`, `invoice.paid`).
    return (
        isinstance(value, str)
        and 0 < len(value) <= limit
        and all(" " <= character <= "~" for character in value)
    )


def parse_event(body: bytes) -> StripeEvent:
    """The event in a verified body.

    Raises:
        InvalidEvent: the body is not JSON or lacks the event's id, type, created or object.
    """
    try:
        payload = orjson.loads(body)
    except orjson.JSONDecodeError:
        raise InvalidEvent("The body is not JSON.") from None
    if not isinstance(payload, dict):
        raise InvalidEvent("The body is not a JSON object.")
    event_id, event_type, created = payload.get("id"), payload.get("type"), payload.get("created")
    data = payload.get("data")
    data_object = data.get("object") if isinstance(data, dict) else None
    if not _is_name(event_id, MAX_ID_LENGTH):
        raise InvalidEvent("The event has no `id`, or not an id Stripe gives.")
    if not _is_name(event_type, MAX_TYPE_LENGTH):
        raise InvalidEvent("The event has no `type`, or not a type Stripe gives.")
    if isinstance(created, float) and created.is_integer():
        created = int(created)  # JSON does not tell 1700000000.0 from 1700000000
    if isinstance(created, bool) or not isinstance(created, int) or created < 0:
        raise InvalidEvent("The event's `created` is not a Unix timestamp.")
    if created > MAX_CREATED:
        raise InvalidEvent("The event's `created` is out of range.")
    if not isinstance(data_object, dict):
        raise InvalidEvent("The event has no `data.object`.")
    try:
        created_at = datetime.fromtimestamp(created, UTC)
    except (OverflowError, OSError, ValueError):
        raise InvalidEvent("The event's `created` is out of range.") from None
    return StripeEvent(
        id=event_id,
        type=event_type,
        created=created_at,
        livemode=payload.get("livemode") is True,
        data_object=data_object,
        payload=payload,
    )
