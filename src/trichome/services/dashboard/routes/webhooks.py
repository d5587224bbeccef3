"""`POST /api/webhooks/stripe`: Stripe's subscription events, verified, applied once."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from datetime import datetime
from typing import Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.billing.events import HANDLERS, process_event
from trichome.billing.subscriptions import BillingPolicy
from trichome.billing.webhooks import (
    MAX_CREATED,
    MAX_ID_LENGTH,
    MAX_TYPE_LENGTH,
    InvalidEvent,
    InvalidSignature,
    parse_event,
    verify_signature,
)
from trichome.http.deps import SettingsDep, read_body
from trichome.http.errors import ApiError, database_unavailable, error_responses, invalid_request
from trichome.http.state import core_of
from trichome.services.dashboard.state import dashboard_of

logger = logging.getLogger(__name__)

STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe"

router = APIRouter()


class WebhookReceipt(BaseModel):
    """The event was received; what it did."""

    received: Literal[True] = True
    outcome: Literal["applied", "ignored", "stale", "replay"] = Field(
        description=(
            "`applied`; `ignored` (a type not handled, or nothing to apply it to); `stale` "
            "(older than the state already applied); `replay` (this event id was processed "
            "before: nothing changed)."
        )
    )


def webhooks_not_configured() -> ApiError:
    """A 503: no signing secret, so no event can be verified (and none is accepted)."""
    return ApiError(
        503,
        "Stripe webhooks are not configured on this server: set TRICHOME_STRIPE_WEBHOOK_SECRET "
        "to the signing secret of the Stripe endpoint.",
        type="service_unavailable_error",
        code="webhooks_not_configured",
    )


_NAME = "^[ -~]{1,%d}$"  # printable ASCII, as Stripe's ids and types are
_EVENT_SCHEMA = {
    "type": "object",
    "required": ["id", "type", "created", "data"],
    "properties": {
        "id": {"type": "string", "pattern": _NAME % MAX_ID_LENGTH, "examples": ["evt_1Q..."]},
        "type": {
            "anyOf": [
                {"enum": sorted(HANDLERS), "description": "A type the dashboard handles."},
                {
                    "type": "string",
                    "pattern": _NAME % MAX_TYPE_LENGTH,
                    "description": "Any other type is stored and ignored.",
                },
            ]
        },
        "created": {"type": "integer", "minimum": 0, "maximum": MAX_CREATED},
        "data": {
            "type": "object",
            "required": ["object"],
            "properties": {"object": {"type": "object"}},
        },
    },
}


@router.post(
    STRIPE_WEBHOOK_PATH,
    response_model=WebhookReceipt,
    responses=error_responses(400, 413, 500, 503),
    summary="Receive a Stripe event (signed with the endpoint's secret)",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": _EVENT_SCHEMA}},
            "description": "A Stripe event, exactly as Stripe sends it.",
        },
        "parameters": [
            {
                "name": "Stripe-Signature",
                "in": "header",
                "required": True,
                "description": (
                    '`t=<unix time>,v1=<hex HMAC-SHA256 of "{t}.{body}">` under the '
                    "endpoint's signing secret (the credential: without a valid one, 400 "
                    "`invalid_signature`)."
                ),
                "schema": {"type": "string"},
            }
        ],
        # Stripe's signature is the credential, not a session or an API key.
        "security": [],
    },
)
async def stripe_webhook(request: Request, settings: SettingsDep) -> WebhookReceipt:
    """Verify the signature over the raw body, then apply the event once, in one transaction."""
    if settings.stripe_webhook_secret is None:
        raise webhooks_not_configured()
    stripe_signature = request.headers.get("stripe-signature")
    body = await read_body(request, settings.max_request_bytes)
    try:
        verify_signature(body, stripe_signature, settings.stripe_webhook_secret.get_secret_value())
        event = parse_event(body)
    except InvalidSignature as error:
        raise invalid_request(str(error), code="invalid_signature") from None
    except InvalidEvent as error:
        raise invalid_request(str(error), code="invalid_event") from None
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    policy: BillingPolicy = dashboard_of(request).billing_policy
    clock: Callable[[], datetime] = core_of(request).clock
    try:
        processed = await process_event(sessions, event, policy, clock())
    except (SQLAlchemyError, sqlite3.Error, OSError) as error:
        # Nothing was stored: a 5xx makes Stripe deliver the event again later.
        logger.exception("stripe event %s (%s) could not be stored", event.id, event.type)
        raise database_unavailable() from error
    return WebhookReceipt(outcome=processed.outcome.value)
