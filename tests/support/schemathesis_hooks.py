"""Schemathesis hooks for tests/services/test_openapi.py: Stripe signs the webhooks it sends.

The dashboard's `POST /api/webhooks/stripe` takes no API key or session: its credential is
`Stripe-Signature`, an HMAC of the body under the endpoint's signing secret, which a
generator cannot make up. Stripe is the webhook's only client, so each request schemathesis
sends there is signed as Stripe would sign it, over the body exactly as it goes out. A case
whose header is the part made invalid (or left out) keeps it as generated, so the refusal
of bad signatures is still tested.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import time
from typing import Any

import schemathesis
from schemathesis.core.parameters import ParameterLocation

WEBHOOK_PATH = "/api/webhooks/stripe"
SIGNATURE = "Stripe-Signature"
SECRET_VARIABLE = "SCHEMATHESIS_STRIPE_SECRET"


def stripe_signature(body: bytes, secret: str, timestamp: int) -> str:
    """The `Stripe-Signature` value Stripe sends for this body."""
    signed = f"{timestamp}.".encode() + body
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


def _sent_body(case: schemathesis.Case) -> bytes | None:
    # What `requests` sends for a JSON body (`json=`): json.dumps without NaN, UTF-8.
    if case.media_type != "application/json":
        return None
    if isinstance(case.body, bytes):
        return case.body
    try:
        return json.dumps(case.body, allow_nan=False).encode()
    except (TypeError, ValueError):
        return None


@schemathesis.hook
def before_call(context: Any, case: schemathesis.Case, kwargs: dict[str, Any]) -> None:
    secret = os.environ.get(SECRET_VARIABLE)
    if case.operation.path != WEBHOOK_PATH or secret is None:
        return
    headers = case.headers or {}
    if SIGNATURE not in headers:
        return
    if case.meta is not None and case.meta.is_negative_at(ParameterLocation.HEADER):
        return
    body = _sent_body(case)
    if body is not None:
        headers[SIGNATURE] = stripe_signature(body, secret, int(time.time()))
        case.headers = headers
