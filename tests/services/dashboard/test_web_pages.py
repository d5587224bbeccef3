"""Dashboard pages: keys, usage, endpoints, subscription, feedback and team, with CSRF."""

from __future__ import annotations

import re
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import select

from tests.conftest import reconfigured, started
from tests.services.dashboard.test_web_login import csrf_of, sign_in
from trichome.accounts.endpoints import add_endpoint
from trichome.accounts.service import (
    create_api_key,
    find_organization,
    get_or_create_organization,
)
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import ApiKey, Feedback, Subscription, UsageDay, utcnow
from trichome.limits.service import create_counter_store
from trichome.limits.usage_log import log_call
from trichome.limits.windows import monthly_calls
from trichome.plans import Tier
from trichome.services.chat import app as chat
from trichome.services.dashboard import app as dashboard

pytestmark = pytest.mark.anyio

ASK = {"model": "operator-agent", "stream": False,
       "messages": [{"role": "user", "content": "What is the decarboxylation factor for THCA?"}]}  # fmt: skip


async def create_key(client: httpx.AsyncClient, label: str) -> str:
    csrf = csrf_of(await client.get("/keys"))
    page = await client.post("/keys", data={"label": label, "csrf_token": csrf})
    assert page.status_code == 200 and "shown only this once" in page.text
    found = re.search(r'value="(trk_[A-Za-z0-9_-]+)"', page.text)
    assert found
    return found.group(1)


async def keys_in_database(settings: Settings) -> list[ApiKey]:
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        keys = list(await session.scalars(select(ApiKey)))
    await engine.dispose()
    return keys


async def test_create_use_and_revoke_a_key(settings: Settings) -> None:
    async with (
        started(dashboard.create_app(settings)) as web,
        started(chat.create_app(settings)) as api,
    ):
        await sign_in(web, settings)
        secret = await create_key(web, "CI <script>")
        listing = await web.get("/keys")
        assert "CI &lt;script&gt;" in listing.text and secret not in listing.text
        assert f"{secret[:10]}…{secret[-4:]}" in listing.text and "active" in listing.text
        auth = {"Authorization": f"Bearer {secret}"}
        assert (await api.post("/v1/chat/completions", json=ASK, headers=auth)).status_code == 200
        [key] = await keys_in_database(settings)
        confirm = await web.get(f"/keys/{key.id}/revoke")
        assert confirm.status_code == 200 and "cannot be undone" in confirm.text
        done = await web.post(f"/keys/{key.id}/revoke", data={"csrf_token": csrf_of(confirm)})
        assert done.status_code == 303 and done.headers["location"] == "/keys"
        assert "revoked" in (await web.get("/keys")).text
        refused = await api.post("/v1/chat/completions", json=ASK, headers=auth)
    assert refused.status_code == 401


async def test_a_bad_csrf_token_changes_nothing(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings)
        # Any text a form can carry is compared, non-ASCII included (it was a 500).
        for data in ({"label": "x"}, {"label": "x", "csrf_token": "f" * 64}, {"csrf_token": "é"}):
            response = await web.post("/keys", data=data)
            assert response.status_code == 403 and "nothing was changed" in response.text
        assert await keys_in_database(settings) == []
        await create_key(web, "kept")
        [key] = await keys_in_database(settings)
        response = await web.post(f"/keys/{key.id}/revoke", data={"csrf_token": "bad"})
        assert response.status_code == 403
    [key] = await keys_in_database(settings)
    assert key.revoked_at is None


async def test_posts_without_a_session_go_to_sign_in(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        response = await web.post("/keys", data={"label": "x", "csrf_token": "x"})
    assert response.status_code == 303 and response.headers["location"] == "/login"
    assert await keys_in_database(settings) == []


async def test_a_label_is_required(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings)
        csrf = csrf_of(await web.get("/keys"))
        response = await web.post("/keys", data={"label": "  ", "csrf_token": csrf})
    assert response.status_code == 400 and 'aria-invalid="true"' in response.text


async def test_another_organisations_key_cannot_be_revoked(settings: Settings, make_key) -> None:  # type: ignore[no-untyped-def]
    await make_key(Tier.PRO, org="Someone else")
    [theirs] = await keys_in_database(settings)
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings)
        csrf = csrf_of(await web.get("/keys"))
        assert (await web.get(f"/keys/{theirs.id}/revoke")).status_code == 404
        response = await web.post(f"/keys/{theirs.id}/revoke", data={"csrf_token": csrf})
        assert response.status_code == 404 and theirs.prefix not in (await web.get("/keys")).text
    [theirs] = await keys_in_database(settings)
    assert theirs.revoked_at is None


async def test_usage_counts_calls_by_day_and_model(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings)
        secret = await create_key(web, "usage")
        async with started(chat.create_app(settings)) as api:
            for _ in range(3):
                reply = await api.post(
                    "/v1/chat/completions", json=ASK, headers={"Authorization": f"Bearer {secret}"}
                )
                assert reply.status_code == 200
        # each answer logged its call as it settled
        page = await web.get("/usage")
    assert page.status_code == 200
    assert "<strong>3</strong> of 5,000 calls used this month" in page.text
    assert "Day (UTC)" in page.text
    today = utcnow().date().isoformat()
    assert re.search(
        rf'<th scope="row">{today}</th>.*?<span class="count">3</span>', page.text, re.S
    )
    assert re.search(
        r'<th scope="row">operator-agent</th>.*?<span class="count">3</span>', page.text, re.S
    )


async def test_usage_is_shown_per_key_and_on_each_keys_row(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings)
        first, second = await create_key(web, "build <server>"), await create_key(web, "laptop")
        async with started(chat.create_app(settings)) as api:
            for secret in (first, first, second):
                reply = await api.post(
                    "/v1/chat/completions", json=ASK, headers={"Authorization": f"Bearer {secret}"}
                )
                assert reply.status_code == 200
        # A call logged before keys were (migration 0016 leaves those without one).
        organization_id = (await keys_in_database(settings))[0].organization_id
        engine = create_engine(settings)
        async with engine.begin() as connection:
            await connection.execute(
                UsageDay.__table__.insert().values(
                    organization_id=organization_id, starts_at=utcnow().replace(
                        hour=0, minute=0, second=0, microsecond=0),
                    model="operator-agent", key_id=None, calls=1,
                )
            )  # fmt: skip
        await engine.dispose()
        usage, keys = (await web.get("/usage")).text, (await web.get("/keys")).text
    section = usage[usage.index('id="by-key"') :]
    rows = re.findall(
        r'<th scope="row">(.*?) <span class="note">(.*?)</span></th>.*?class="count">(\d+)<',
        section,
        re.S,
    )
    assert rows == [
        ("build &lt;server&gt;", f"{first[:10]}…{first[-4:]}", "2"),
        ("Before per-key tracking", "calls logged before keys were", "1"),
        ("laptop", f"{second[:10]}…{second[-4:]}", "1"),
    ]
    counts = dict(
        re.findall(
            r'<th scope="row">(.*?)</th>.*?data-label="Calls this period"><a[^>]*>(\d+)', keys, re.S
        )
    )
    assert counts == {"build &lt;server&gt;": "2", "laptop": "1"}


async def test_usage_follows_the_billing_period(settings: Settings) -> None:
    start = (utcnow() - timedelta(days=4)).replace(hour=13, minute=45, second=0, microsecond=0)
    end, now = start + timedelta(days=30), start + timedelta(days=1, hours=20, minutes=15)
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        organization, _ = await get_or_create_organization(session, "Periodic", Tier.TEAM)
        organization.billing_period_start, organization.billing_period_end = start, end
        await session.commit()
    for before_start, calls in ((timedelta(hours=-3, minutes=-45), 2), (timedelta(minutes=15), 1),
                                (timedelta(hours=22, minutes=15), 1),
                                (timedelta(days=1, minutes=15), 3)):  # fmt: skip
        for _ in range(calls):
            await log_call(engine, organization.id, "team-agent", start + before_start, start, end)
    counters = create_counter_store(settings, engine)
    window = monthly_calls(organization.id, Tier.TEAM, now, start, end)
    for _ in range(5):  # the quota counted the 5 calls of this period
        await counters.reserve(window)
    await counters.aclose()
    await engine.dispose()
    async with started(dashboard.create_app(settings, clock=lambda: now)) as web:
        await sign_in(web, settings, org="Periodic")
        page = await web.get("/usage")
    period = f"{start:%Y-%m-%d} 13:45 to {end:%Y-%m-%d} 13:45 UTC"
    assert f"<strong>5</strong> of 50,000 calls used this billing period ({period})" in page.text
    assert "Calls by day of this billing period" in page.text
    assert "each day runs from 13:45 UTC" in page.text and "Day (from 13:45 UTC)" in page.text
    days = re.findall(
        r'<th scope="row">(\d{4}-\d\d-\d\d)</th>.*?<span class="count">(\d+)</span>',
        page.text,
        re.S,
    )
    second = start + timedelta(days=1)
    assert days == [(f"{start:%Y-%m-%d}", "2"), (f"{second:%Y-%m-%d}", "3")]
    assert re.search(r'<th scope="row">team-agent</th>.*?"count">5</span>', page.text, re.S)


async def test_the_endpoints_page_says_which_endpoint_serves_which_key(
    settings: Settings,
) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings)
        await create_key(web, "plain key")
        engine = create_engine(settings)
        async with create_sessionmaker(engine)() as session:
            organization = await find_organization(session, "Acme")
            assert organization is not None
            eu = await add_endpoint(session, organization.id, "eu", "https://eu.example/v1", {})
            await create_api_key(session, organization, "eu key", endpoint_id=eu.id)
            revoked = await create_api_key(session, organization, "old eu key", endpoint_id=eu.id)
            revoked.record.revoked_at = utcnow()
            await session.commit()
        await engine.dispose()
        page = await web.get("/endpoints")
    default, eu_section = page.text.split('<section aria-labelledby="endpoint-')[1:3]
    assert "Serves 1 active key:" in default and "plain key" in default
    assert "and access tokens" in default and "eu key" not in default
    assert "Serves 1 active key:" in eu_section and "eu key" in eu_section
    assert "old eu key" not in page.text
    assert re.search(r'<tr class="current"><th scope="row">Operator \(your plan\)</th>', page.text)
    assert page.text.count("(your plan)") == 2


async def test_endpoints_subscription_and_feedback(settings: Settings) -> None:
    billing = reconfigured(settings, billing_checkout_url="https://buy.stripe.com/test_1")
    async with started(dashboard.create_app(billing)) as web:
        await sign_in(web, billing)
        endpoints = await web.get("/endpoints")
        assert "operator-agent" in endpoints.text and "/v1</code>" in endpoints.text
        subscription = await web.get("/subscription")
        assert "no subscription" in subscription.text
        engine = create_engine(settings)
        async with create_sessionmaker(engine)() as session:
            organization = await find_organization(session, "Acme")
            assert organization is not None
            assert (
                f"https://buy.stripe.com/test_1?client_reference_id={organization.id}"
                in subscription.text
            )
            session.add(
                Subscription(
                    organization_id=organization.id,
                    stripe_subscription_id="sub_1",
                    status="active",
                    tier="operator",
                    current_period_end=utcnow(),
                )
            )
            session.add(
                Feedback(
                    id="fb_1",
                    completion_id="chatcmpl-abc",
                    rating="down",
                    comment="Wrong <b>unit</b>",
                    organization_id=organization.id,
                )
            )
            session.add(
                Feedback(
                    id="fb_2", completion_id="chatcmpl-other", rating="up", organization_id=None
                )
            )
            await session.commit()
        await engine.dispose()
        subscription = await web.get("/subscription")
        assert "active" in subscription.text and "Period ends" in subscription.text
        feedback = await web.get("/feedback")
    assert "chatcmpl-abc" in feedback.text and "Wrong &lt;b&gt;unit&lt;/b&gt;" in feedback.text
    assert "chatcmpl-other" not in feedback.text


async def test_without_stripe_the_subscription_page_says_so(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings)
        page = await web.get("/subscription")
    assert "Stripe is not configured" in page.text


async def test_pages_send_security_headers(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings)
        response = await web.get("/usage")
        css = await web.get("/static/dashboard.css")
    assert response.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["cache-control"] == "no-store"
    assert css.status_code == 200 and "focus-visible" in css.text
