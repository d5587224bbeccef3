"""Quotas and rate limits at the chat API, on database counters and on Redis."""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import reconfigured
from tests.support.asgi import running_app
from trichome.accounts.service import create_api_key, get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import Organization, utcnow
from trichome.limits import windows
from trichome.limits.base import Window
from trichome.limits.service import create_counter_store
from trichome.plans import Tier
from trichome.services.chat.app import create_app

pytestmark = pytest.mark.anyio

QUESTION = {"role": "user", "content": "What is the decarboxylation factor for THCA?"}
RATE_HEADERS = (
    "x-ratelimit-limit-requests",
    "x-ratelimit-remaining-requests",
    "x-ratelimit-reset-requests",
)


def random_ip() -> str:
    """A public address no earlier run used: counters in the shared test database outlive a run,
    so a small pool (one /16 held 65k) let a fresh client land on an address used up before."""
    return ".".join(
        str(part) for part in (random.randint(11, 99), *random.choices(range(1, 255), k=3))
    )


async def new_key(settings: Settings, tier: Tier) -> tuple[str, str]:
    """A fresh organisation's id and key."""
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        organization, _ = await get_or_create_organization(
            session, f"org-{secrets.token_hex(4)}", tier
        )
        key = await create_api_key(session, organization)
        await session.commit()
    await engine.dispose()
    return organization.id, key.secret


async def use_up(settings: Settings, window: Window, count: int) -> None:
    engine = create_engine(settings)
    store = create_counter_store(settings, engine)
    for _ in range(count):
        assert (await store.reserve(window)).granted
    await store.aclose()
    await engine.dispose()


async def used(settings: Settings, window: Window) -> int:
    engine = create_engine(settings)
    store = create_counter_store(settings, engine)
    value = await store.used(window)
    await store.aclose()
    await engine.dispose()
    return value


Connect = Callable[[str], AbstractAsyncContextManager[httpx.AsyncClient]]


@asynccontextmanager
async def serving(settings: Settings) -> AsyncIterator[Connect]:
    """The chat app, started; `connect(ip)` gives a client whose requests come from `ip`."""
    app = create_app(settings)
    async with running_app(app) as asgi:

        @asynccontextmanager
        async def connect(ip: str) -> AsyncIterator[httpx.AsyncClient]:
            transport = httpx.ASGITransport(app=asgi, client=(ip, 40000))
            async with httpx.AsyncClient(
                transport=transport, base_url="http://testserver"
            ) as client:
                yield client

        yield connect


def chat(
    key: str | None,
    model: str = "free-agent",
    messages: list[dict[str, str]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return {"url": "/v1/chat/completions", "headers": headers,
            "json": {"model": model, "messages": messages or [QUESTION], "stream": False, **extra}}  # fmt: skip


def assert_limited(response: httpx.Response, code: str, *, retry_after: int | None = None) -> None:
    assert response.status_code == 429, response.text
    assert response.json()["error"]["code"] == code
    assert response.json()["error"]["type"] == "rate_limit_error"
    assert all(name in response.headers for name in RATE_HEADERS)
    if retry_after is not None:
        assert int(response.headers["retry-after"]) == retry_after


async def test_the_monthly_quota_runs_out_at_its_limit(limited_settings: Settings) -> None:
    organization_id, key = await new_key(limited_settings, Tier.FREE)
    window = windows.monthly_calls(organization_id, Tier.FREE, utcnow())
    await use_up(limited_settings, window, 99)
    async with serving(limited_settings) as connect, connect(random_ip()) as client:
        last = await client.post(**chat(key))
        assert last.status_code == 200
        assert last.headers["x-ratelimit-limit-requests"] == "100"
        assert last.headers["x-ratelimit-remaining-requests"] == "0"
        over = await client.post(**chat(key))
        assert_limited(over, "insufficient_quota")
        assert over.headers["x-ratelimit-remaining-requests"] == "0"
        assert over.headers["x-should-retry"] == "false"
        assert int(over.headers["retry-after"]) > 120
        assert "calls" in over.json()["error"]["message"]
    assert await used(limited_settings, window) == 100


async def test_requests_that_fail_consume_nothing_and_still_report_the_limit(
    limited_settings: Settings,
) -> None:
    organization_id, key = await new_key(limited_settings, Tier.PRO)
    window = windows.monthly_calls(organization_id, Tier.PRO, utcnow())
    async with serving(limited_settings) as connect, connect(random_ip()) as client:
        invalid = await client.post(**chat(key, "pro-agent", n=2))
        forbidden = await client.post(**chat(key, "operator-agent"))
        ok = await client.post(**chat(key, "pro-agent"))
    assert (invalid.status_code, forbidden.status_code, ok.status_code) == (400, 403, 200)
    for response in (invalid, forbidden, ok):
        assert all(name in response.headers for name in RATE_HEADERS)
    assert invalid.headers["x-ratelimit-remaining-requests"] == "1000"
    assert ok.headers["x-ratelimit-remaining-requests"] == "999"
    assert await used(limited_settings, window) == 1


async def test_free_agent_answers_at_most_five_user_messages_per_conversation(
    limited_settings: Settings,
) -> None:
    _, free = await new_key(limited_settings, Tier.FREE)
    _, pro = await new_key(limited_settings, Tier.PRO)
    turns = [{"role": "user", "content": f"question {i}"} if i % 2 == 0 else {"role": "assistant", "content": "answer"}
             for i in range(11)]  # fmt: skip
    five, six = turns[:9], turns[:11]
    async with serving(limited_settings) as connect, connect(random_ip()) as client:
        assert (await client.post(**chat(free, messages=five))).status_code == 200
        capped = await client.post(**chat(free, messages=six))
        assert_limited(capped, "conversation_limit_exceeded", retry_after=0)
        assert capped.headers["x-should-retry"] == "false"
        assert (await client.post(**chat(pro, "pro-agent", messages=six))).status_code == 200


async def test_anonymous_clients_get_500_messages_a_day_per_ip(
    limited_settings: Settings, tmp_path: Path
) -> None:
    settings = reconfigured(limited_settings, anonymous=True, trusted_proxies=["10.0.0.0/8"])
    heavy, light = random_ip(), random_ip()
    await use_up(settings, windows.anonymous_daily(heavy, utcnow()), 499)
    async with serving(settings) as connect:
        async with connect(heavy) as client:
            assert (await client.post(**chat(None))).status_code == 200
            assert_limited(await client.post(**chat(None)), "anonymous_limit_exceeded")
            # Naming someone else in X-Forwarded-For changes nothing from an untrusted peer.
            spoofed = await client.post(
                "/v1/chat/completions", headers={"X-Forwarded-For": light}, json=chat(None)["json"]
            )
            assert_limited(spoofed, "anonymous_limit_exceeded")
            assert (await client.post(**chat(None, "pro-agent"))).status_code == 403
        async with connect(light) as client:
            assert (await client.post(**chat(None))).status_code == 200
        async with connect("10.0.0.7") as proxy:
            forwarded = {"X-Forwarded-For": f"1.2.3.4, {heavy}"}
            assert_limited(await proxy.post("/v1/chat/completions", headers=forwarded, json=chat(None)["json"]),
                           "anonymous_limit_exceeded")  # fmt: skip
            # A proxy that adds its own line (HAProxy) after the client's: every line counts.
            two_lines = [("X-Forwarded-For", random_ip()), ("X-Forwarded-For", heavy)]
            assert_limited(await proxy.post("/v1/chat/completions", headers=two_lines, json=chat(None)["json"]),
                           "anonymous_limit_exceeded")  # fmt: skip
            other = {"X-Forwarded-For": random_ip()}
            answered = await proxy.post(
                "/v1/chat/completions", headers=other, json=chat(None)["json"]
            )
            assert answered.status_code == 200, (other, heavy, light, answered.text)


async def test_a_billing_period_sets_when_the_quota_resets(limited_settings: Settings) -> None:
    organization_id, key = await new_key(limited_settings, Tier.PRO)
    start, end = utcnow() - timedelta(days=3), utcnow() + timedelta(days=27, hours=5)
    engine = create_engine(limited_settings)
    async with create_sessionmaker(engine)() as session:
        organization = await session.get(Organization, organization_id)
        assert organization is not None
        organization.billing_period_start, organization.billing_period_end = start, end
        await session.commit()
    await engine.dispose()
    async with serving(limited_settings) as connect, connect(random_ip()) as client:
        response = await client.post(**chat(key, "pro-agent"))
    match = re.fullmatch(r"(\d+)h(\d+)m(\d+)s", response.headers["x-ratelimit-reset-requests"])
    assert match is not None
    hours, minutes, seconds = map(int, match.groups())
    assert abs(hours * 3600 + minutes * 60 + seconds - (end - utcnow()).total_seconds()) < 10
    assert (
        await used(
            limited_settings, windows.monthly_calls(organization_id, Tier.PRO, utcnow(), start, end)
        )
        == 1
    )
