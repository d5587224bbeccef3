"""`POST /api/webhooks/stripe` in-process: signatures, outcomes, and tiers that reach the chat
API on its next call. On SQLite and PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select, text

from tests.conftest import KeyMaker, reconfigured, started
from tests.services.chat.test_chat import assert_error, bearer
from tests.support.stripe_events import (
    PRICE_OPERATOR,
    PRICE_PRO,
    PRICE_TIERS,
    SECRET,
    body_of,
    checkout_session,
    event,
    new_ids,
    signed_headers,
    subscription,
)
from trichome.accounts.service import find_organization, get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import BillingEvent, Organization
from trichome.plans import Tier
from trichome.services.chat.app import create_app as create_chat_app
from trichome.services.dashboard.app import create_app

pytestmark = pytest.mark.anyio

PATH = "/api/webhooks/stripe"


@pytest.fixture
def billing_settings(settings: Settings) -> Settings:
    return reconfigured(settings, stripe_webhook_secret=SECRET, stripe_price_tiers=PRICE_TIERS)


@pytest.fixture
async def dashboard(billing_settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    async with started(create_app(billing_settings)) as client:
        yield client


async def query(settings: Settings, statement: Any) -> Any:
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            return await session.scalar(statement)
    finally:
        await engine.dispose()


async def stored_events(settings: Settings) -> int:
    return int(await query(settings, select(func.count(BillingEvent.id))))


async def new_organization(settings: Settings, name: str = "Buyer") -> str:
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            organization, _ = await get_or_create_organization(session, name, Tier.FREE)
            await session.commit()
            return organization.id
    finally:
        await engine.dispose()


async def tier_of(settings: Settings, organization_id: str) -> str:
    return str(
        await query(settings, select(Organization.tier).where(Organization.id == organization_id))
    )


def checkout(organization_id: str, price: str = PRICE_PRO) -> tuple[dict[str, Any], str, str]:
    subscription_id, customer = new_ids()
    body = checkout_session(organization_id=organization_id, subscription_id=subscription_id,
                            customer=customer, price=price)  # fmt: skip
    return (
        event("checkout.session.completed", body, created=int(time.time()) - 60),
        subscription_id,
        customer,
    )


async def post(
    client: httpx.AsyncClient, payload: dict[str, Any], **signing: Any
) -> httpx.Response:
    body = body_of(payload)
    return await client.post(PATH, content=body, headers=signed_headers(body, **signing))


async def test_a_signed_event_is_applied_and_acknowledged(
    dashboard: httpx.AsyncClient, billing_settings: Settings
) -> None:
    organization_id = await new_organization(billing_settings)
    payload, _, _ = checkout(organization_id)
    response = await post(dashboard, payload)
    assert response.status_code == 200, response.text
    assert response.json() == {"received": True, "outcome": "applied"}
    assert response.headers["x-request-id"].startswith("req_")
    assert await tier_of(billing_settings, organization_id) == "pro"
    again = await post(dashboard, payload)
    assert again.json() == {"received": True, "outcome": "replay"}
    assert await stored_events(billing_settings) == 1


def _tampered(body: bytes) -> tuple[bytes, dict[str, str]]:
    headers = signed_headers(body)
    return body.replace(b'"price_pro_monthly"', b'"price_operator_monthly"'), headers


def _expired(body: bytes) -> tuple[bytes, dict[str, str]]:
    return body, signed_headers(body, timestamp=int(time.time()) - 301)


def _future(body: bytes) -> tuple[bytes, dict[str, str]]:
    return body, signed_headers(body, timestamp=int(time.time()) + 3600)


def _other_secret(body: bytes) -> tuple[bytes, dict[str, str]]:
    return body, signed_headers(body, secret="whsec_not_ours")


def _missing(body: bytes) -> tuple[bytes, dict[str, str]]:
    return body, {"Content-Type": "application/json"}


def _malformed(body: bytes) -> tuple[bytes, dict[str, str]]:
    return body, {"Stripe-Signature": "v1=deadbeef"}


def _not_utf8(body: bytes) -> tuple[bytes, dict[str, str]]:
    return body + b"\xff", signed_headers(body)


@pytest.mark.parametrize(
    "forge", [_tampered, _expired, _future, _other_secret, _missing, _malformed, _not_utf8],
    ids=["tampered body", "older than 300 s", "an hour ahead", "another secret", "no header",
         "malformed header", "not UTF-8"],
)  # fmt: skip
async def test_a_missing_or_bad_signature_is_400_and_changes_nothing(
    dashboard: httpx.AsyncClient, billing_settings: Settings, forge: Any
) -> None:
    organization_id = await new_organization(billing_settings)
    payload, _, _ = checkout(organization_id)
    body, headers = forge(body_of(payload))
    response = await dashboard.post(PATH, content=body, headers=headers)
    error = assert_error(response, 400, "invalid_signature")
    assert error["type"] == "invalid_request_error"
    assert "Stripe-Signature" in error["message"] or "UTF-8" in error["message"]
    assert response.headers["x-request-id"]
    assert await stored_events(billing_settings) == 0
    assert await tier_of(billing_settings, organization_id) == "free"


async def test_an_expired_signature_says_so(dashboard: httpx.AsyncClient) -> None:
    body, headers = _expired(body_of(event("customer.created", {"id": "cus_1"}, created=1)))
    response = await dashboard.post(PATH, content=body, headers=headers)
    assert "tolerance" in assert_error(response, 400, "invalid_signature")["message"]


async def test_an_unknown_type_is_acknowledged_ignored_and_stored(
    dashboard: httpx.AsyncClient, billing_settings: Settings
) -> None:
    payload = event("payment_intent.succeeded", {"id": "pi_1", "object": "payment_intent"},
                    created=int(time.time()))  # fmt: skip
    response = await post(dashboard, payload)
    assert response.status_code == 200
    assert response.json() == {"received": True, "outcome": "ignored"}
    stored = await query(billing_settings, select(BillingEvent))
    assert (stored.stripe_event_id, stored.type, stored.outcome) == (
        payload["id"],
        "payment_intent.succeeded",
        "ignored",
    )
    assert stored.payload == payload


async def test_a_signed_body_that_is_not_an_event_is_400(dashboard: httpx.AsyncClient) -> None:
    body = b'{"hello": "world"}'
    response = await dashboard.post(PATH, content=body, headers=signed_headers(body))
    assert_error(response, 400, "invalid_event")


async def test_without_a_secret_no_event_is_accepted(settings: Settings) -> None:
    organization_id = await new_organization(settings)
    payload, _, _ = checkout(organization_id)
    async with started(create_app(settings)) as client:
        response = await post(client, payload)
        unsigned = await client.post(PATH, json=payload)
    error = assert_error(response, 503, "webhooks_not_configured")
    assert "TRICHOME_STRIPE_WEBHOOK_SECRET" in error["message"]
    assert_error(unsigned, 503, "webhooks_not_configured")
    assert await stored_events(settings) == 0
    assert await tier_of(settings, organization_id) == "free"


async def test_a_database_failure_is_a_5xx_so_stripe_retries(
    dashboard: httpx.AsyncClient, billing_settings: Settings
) -> None:
    engine = create_engine(billing_settings)
    async with engine.begin() as connection:
        await connection.execute(text("DROP TABLE billing_events"))
    await engine.dispose()
    payload, _, _ = checkout(await new_organization(billing_settings))
    response = await post(dashboard, payload)
    assert_error(response, 503, "database_unavailable")


async def test_an_oversized_body_is_413(billing_settings: Settings) -> None:
    small = reconfigured(billing_settings, max_request_bytes=1024)
    payload = event("customer.created", {"id": "cus_1", "note": "x" * 2048}, created=1)
    async with started(create_app(small)) as client:
        response = await post(client, payload)
    assert_error(response, 413, "request_too_large")


async def test_only_post_is_allowed(dashboard: httpx.AsyncClient) -> None:
    assert_error(await dashboard.get(PATH), 405, "method_not_allowed")


async def test_the_next_chat_api_call_sees_the_new_tier(
    dashboard: httpx.AsyncClient, billing_settings: Settings, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.FREE, org="Subscriber")
    engine = create_engine(billing_settings)
    async with create_sessionmaker(engine)() as session:
        organization = await find_organization(session, "Subscriber")
    await engine.dispose()
    assert organization is not None

    async def listed(chat: httpx.AsyncClient) -> list[str]:
        response = await chat.get("/v1/models", headers=bearer(key))
        assert response.status_code == 200, response.text
        return [model["id"] for model in response.json()["data"]]

    async with started(create_chat_app(billing_settings)) as chat:
        assert await listed(chat) == ["free-agent"]
        payload, subscription_id, customer = checkout(organization.id)
        assert (await post(dashboard, payload)).json()["outcome"] == "applied"
        assert await listed(chat) == ["pro-agent"]
        now = int(time.time())
        upgrade = event("customer.subscription.updated",
                        subscription(subscription_id, customer=customer, price=PRICE_OPERATOR),
                        created=now)  # fmt: skip
        assert (await post(dashboard, upgrade)).json()["outcome"] == "applied"
        assert await listed(chat) == ["operator-agent"]
        answer = await chat.post("/v1/chat/completions", headers=bearer(key), json={
            "model": "operator-agent", "stream": False,
            "messages": [{"role": "user", "content": "What is the decarboxylation factor for THCA?"}],
        })  # fmt: skip
        assert answer.status_code == 200
        deleted = event("customer.subscription.deleted",
                        subscription(subscription_id, customer=customer, price=PRICE_OPERATOR,
                                     status="canceled", ended_at=now + 1),
                        created=now + 1)  # fmt: skip
        assert (await post(dashboard, deleted)).json()["outcome"] == "applied"
        assert await listed(chat) == ["free-agent"]
        # A late copy of the upgrade neither replays nor resurrects it.
        assert (await post(dashboard, upgrade)).json()["outcome"] == "replay"
        late = {**upgrade, "id": "evt_late_copy"}
        assert (await post(dashboard, late)).json()["outcome"] == "stale"
        assert await listed(chat) == ["free-agent"]
