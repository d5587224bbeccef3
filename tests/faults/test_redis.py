"""Redis stopped and restarted under a real chat server (a Redis of the test's own).

While it is down every request that needs the counters gets a clean 503 with the error
body (never a 500, never a dropped connection) and `/health` is degraded, naming Redis,
one check interval later. When it is back, empty, requests succeed at once and the
organisation's used count is what it was: the database holds the truth of the quota.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
import pytest

from tests.faults.common import answer_text, ask, is_error_body, ledger
from tests.services.chat.test_limits import new_key
from tests.support.redis_server import redis_server
from tests.support.servers import chat_server, free_port, trichome_env
from trichome.config import Settings
from trichome.db.migrate import upgrade_database
from trichome.db.models import utcnow
from trichome.http.state import CHECK_TTL
from trichome.limits import windows
from trichome.plans import Tier

pytestmark = [pytest.mark.e2e, pytest.mark.faults]

RECOVERY_TIMEOUT = 60.0
BURST = 24


async def burst(base: str, key: str) -> list[httpx.Response | Exception]:
    """Questions (whole and streamed), answers by the Responses API and feedback, at once."""
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as client:
        requests = []
        for number in range(BURST):
            kind = number % 4
            if kind == 2:
                requests.append(
                    client.post("/v1/responses", json={"model": "pro-agent", "input": "THCA?"})
                )
            elif kind == 3:
                requests.append(
                    client.post("/v1/feedback", json={"completion_id": "c", "rating": "up"})
                )
            else:
                requests.append(
                    client.post("/v1/chat/completions", json=ask("pro-agent", stream=kind == 1))
                )
        return list(await asyncio.gather(*requests, return_exceptions=True))  # fmt: skip


def wait_for_health(client: httpx.Client, status: str) -> dict[str, object]:
    deadline = time.monotonic() + RECOVERY_TIMEOUT
    while True:
        report: dict[str, object] = client.get("/health").json()
        if report["status"] == status or time.monotonic() > deadline:
            return report
        time.sleep(0.1)


def test_redis_down_is_a_503_and_its_return_empty_keeps_the_quota(tmp_path: Path) -> None:
    database = tmp_path / "trichome.db"
    database_url = f"sqlite+aiosqlite:///{database}"
    with redis_server(tmp_path / "redis") as redis:
        settings = Settings(data_dir=tmp_path / "data", database_url=database_url)
        upgrade_database(settings)
        organization_id, key = asyncio.run(new_key(settings, Tier.PRO))
        quota = windows.monthly_calls(organization_id, Tier.PRO, utcnow())
        env = trichome_env(tmp_path / "data", database_url, redis_url=redis.url)
        with (
            chat_server(env, tmp_path / "chat.log") as base,
            httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=60) as client,
        ):  # fmt: skip
            before = [client.post("/v1/chat/completions", json=ask("pro-agent", stream=n % 2 == 1))
                      for n in range(4)]  # fmt: skip
            assert all(answer_text(response) for response in before)

            redis.stop()
            time.sleep(CHECK_TTL + 0.2)  # one check interval: the last check has expired
            degraded = client.get("/health")
            refused = asyncio.run(burst(base, key))
            down_ledger = ledger(database, organization_id, quota.key)

            redis.start()  # the same port, empty: nothing was saved
            recovered = wait_for_health(client, "healthy")
            after = [client.post("/v1/chat/completions", json=ask("pro-agent", stream=n % 2 == 1))
                     for n in range(3)]  # fmt: skip

    # What the clients saw: while Redis was down, a 503 with the error body for every
    # request that needs the counters; none dropped, none a 500.
    assert degraded.status_code == 200
    report = degraded.json()
    assert report["status"] == "degraded"
    assert any("redis" in reason for reason in report["reasons"])
    dropped = [r for r in refused if isinstance(r, Exception)]
    assert dropped == []
    statuses = [r.status_code for r in refused if isinstance(r, httpx.Response)]
    assert statuses == [503] * BURST
    assert all(
        is_error_body(r, 503, "counters_unavailable")
        for r in refused
        if isinstance(r, httpx.Response)
    )
    # Back (empty): healthy, answering, and the quota counts on from the database's count.
    assert recovered["status"] == "healthy"
    assert all(answer_text(response) for response in after)
    remaining = [int(r.headers["x-ratelimit-remaining-requests"]) for r in after]
    assert remaining == [quota.limit - 5, quota.limit - 6, quota.limit - 7]
    # What was charged and what the database holds: the 7 answers, nothing for the 503s.
    assert down_ledger.charged == down_ledger.logged == 4
    final = ledger(database, organization_id, quota.key)
    assert (final.charged, final.logged, final.impressions) == (7, 7, 7)


@pytest.fixture
def without_redis(tmp_path: Path) -> Settings:
    """A migrated database, and a Redis URL nobody listens on."""
    settings = Settings(
        data_dir=tmp_path,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'trichome.db'}",
        redis_url=f"redis://127.0.0.1:{free_port()}/0",
    )
    upgrade_database(settings)
    return settings


@pytest.mark.anyio
async def test_every_service_that_counts_refuses_cleanly_without_redis(
    without_redis: Settings,
) -> None:
    """In process: the knowledge base's limits and the chat API's feedback limit are 503s,
    and every service that counts is degraded, naming Redis."""
    from tests.conftest import started
    from tests.services.kb.test_kb import kb_client
    from trichome.services.chat.app import create_app as chat_app
    from trichome.services.dashboard.app import create_app as dashboard_app

    settings = without_redis
    async with kb_client(settings) as kb:
        kb_health = (await kb.get("/api/health")).json()
        searched = await kb.get("/api/threads", params={"q": "clogged filter"})
    async with started(chat_app(settings)) as chat:
        chat_health = (await chat.get("/health")).json()
        feedback = await chat.post("/v1/feedback", json={"completion_id": "c", "rating": "up"})
    async with started(dashboard_app(settings)) as dashboard:
        dashboard_health = (await dashboard.get("/api/health")).json()
    assert is_error_body(searched, 503, "counters_unavailable")
    assert is_error_body(feedback, 503, "counters_unavailable")
    for report in (kb_health, chat_health, dashboard_health):
        assert report["status"] == "degraded"
        assert [reason for reason in report["reasons"] if "redis" in reason]
