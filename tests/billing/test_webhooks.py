"""Signature verification with the `stripe` library, and reading the event envelope."""

from __future__ import annotations

import time

import pytest
import stripe

from tests.support.stripe_events import (
    SECRET,
    body_of,
    event,
    new_ids,
    signature,
    subscription,
)
from trichome.billing.webhooks import (
    SIGNATURE_TOLERANCE_SECONDS,
    InvalidEvent,
    InvalidSignature,
    parse_event,
    verify_signature,
)


def a_body() -> bytes:
    subscription_id, customer = new_ids()
    return body_of(
        event(
            "customer.subscription.updated",
            subscription(subscription_id, customer=customer),
            created=1_795_000_000,
        )
    )


def test_the_documented_scheme_is_the_librarys() -> None:
    body, now = a_body(), int(time.time())
    assert signature(body, SECRET, now) == stripe.WebhookSignature.generate_signature_header(
        body.decode(), SECRET, now
    )


def test_a_fresh_signature_verifies_and_the_event_is_read() -> None:
    body = a_body()
    verify_signature(body, signature(body), SECRET)
    parsed = parse_event(body)
    assert parsed.type == "customer.subscription.updated"
    assert parsed.id.startswith("evt_") and int(parsed.created.timestamp()) == 1_795_000_000
    assert parsed.data_object["object"] == "subscription"
    assert parsed.payload["data"]["object"] == parsed.data_object


def test_several_signatures_verify_when_one_matches() -> None:
    # Stripe sends one v1 per active secret while a secret is being rolled.
    body, now = a_body(), int(time.time())
    good = signature(body, SECRET, now).split(",")[1]
    verify_signature(body, f"t={now},v1={'0' * 64},{good},v0=legacy", SECRET)


@pytest.mark.parametrize(
    ("header", "reason"),
    [
        (None, "missing"),
        ("", "missing"),
        ("garbage", "does not verify"),
        ("t=notanumber,v1=abc", "does not verify"),
        ("v1=abc", "does not verify"),
        ("t=1795000000", "does not verify"),
        ("t=1795000000,v1=é", "malformed"),
    ],
)
def test_a_missing_or_malformed_header_is_refused(header: str | None, reason: str) -> None:
    with pytest.raises(InvalidSignature, match=reason):
        verify_signature(a_body(), header, SECRET)


def test_another_secret_or_another_body_does_not_verify() -> None:
    body = a_body()
    with pytest.raises(InvalidSignature, match="does not verify"):
        verify_signature(body, signature(body, "whsec_someone_else"), SECRET)
    with pytest.raises(InvalidSignature, match="does not verify"):
        verify_signature(body.replace(b'"active"', b'"canceled"'), signature(body), SECRET)
    # The body is checked as received: the same JSON re-encoded is not what Stripe signed.
    with pytest.raises(InvalidSignature):
        verify_signature(body.replace(b",", b", "), signature(body), SECRET)


def test_a_signature_older_than_five_minutes_is_refused() -> None:
    body, now = a_body(), int(time.time())
    verify_signature(body, signature(body, timestamp=now - SIGNATURE_TOLERANCE_SECONDS + 5), SECRET)
    with pytest.raises(InvalidSignature, match="tolerance"):
        verify_signature(
            body, signature(body, timestamp=now - SIGNATURE_TOLERANCE_SECONDS - 1), SECRET
        )


def test_a_body_that_is_not_utf8_is_refused_not_crashed_on() -> None:
    body = b'{"id": "evt_1", "name": "\xff"}'
    with pytest.raises(InvalidSignature, match="UTF-8"):
        verify_signature(body, "t=1,v1=00", SECRET)


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"[1, 2]",
        b'{"type": "x", "created": 1, "data": {"object": {}}}',
        b'{"id": "evt_1", "created": 1, "data": {"object": {}}}',
        b'{"id": "evt_1", "type": "x", "created": "yesterday", "data": {"object": {}}}',
        b'{"id": "evt_1", "type": "x", "created": true, "data": {"object": {}}}',
        b'{"id": "evt_1", "type": "x", "created": 1, "data": {"object": []}}',
        b'{"id": "evt_1", "type": "x", "created": 1}',
        b'{"id": "evt_1", "type": "x", "created": 1, "data": {"object": {}}, "x": 0}'.replace(
            b"evt_1", b"evt_" + b"1" * 300
        ),
        # What the document promises: printable ASCII names, a time a datetime can hold.
        '{"id": "évt_1", "type": "x", "created": 1, "data": {"object": {}}}'.encode(),
        b'{"id": "evt_1", "type": "x\\u0007", "created": 1, "data": {"object": {}}}',
        b'{"id": "evt_1", "type": "x", "created": 253402300800, "data": {"object": {}}}',
        b'{"id": "evt_1", "type": "x", "created": 1.5, "data": {"object": {}}}',
    ],
)
def test_a_signed_body_that_is_not_an_event_is_refused(body: bytes) -> None:
    with pytest.raises(InvalidEvent):
        parse_event(body)


def test_a_whole_number_written_as_a_float_is_a_timestamp() -> None:
    # JSON does not tell 1795000000.0 from 1795000000; the document's `integer` takes both.
    body = b'{"id": "evt_1", "type": "x", "created": 1795000000.0, "data": {"object": {}}}'
    assert int(parse_event(body).created.timestamp()) == 1_795_000_000
