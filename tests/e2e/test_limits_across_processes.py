"""Counters stay exact across processes, and the real SDK obeys what a 429 says."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from pathlib import Path

import httpx
import httpx2
import openai
import pytest

from tests.conftest import REDIS_URL, database_for, redis_unreachable_reason, require_service
from tests.services.chat.test_limits import new_key, use_up
from tests.support.servers import free_port, running, trichome_env
from trichome.config import Settings
from trichome.db.migrate import upgrade_database
from trichome.db.models import utcnow
from trichome.limits import windows
from trichome.plans import Tier

pytestmark = pytest.mark.e2e

PROCESSES = 4
REQUESTS = 40
LEFT = 10
QUESTION = {
    "model": "free-agent",
    "stream": False,
    "messages": [{"role": "user", "content": "hello"}],
}


@contextlib.contextmanager
def servers(env: dict[str, str], directory: Path, count: int) -> Iterator[list[str]]:
    """`count` separate `trichome serve chat` processes sharing one store."""
    with contextlib.ExitStack() as stack:
        bases = []
        for number in range(count):
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            stack.enter_context(
                running(
                    ["serve", "chat", "--port", str(port)],
                    env,
                    f"{base}/health",
                    directory / f"server-{number}.log",
                )
            )
            bases.append(base)
        yield bases


async def fire(bases: list[str], key: str) -> list[httpx.Response]:
    """All the requests at once, spread over the processes."""
    async with httpx.AsyncClient(timeout=60) as client:
        return list(
            await asyncio.gather(
                *(
                    client.post(
                        f"{bases[i % len(bases)]}/v1/chat/completions",
                        json=QUESTION,
                        headers={"Authorization": f"Bearer {key}"},
                    )
                    for i in range(REQUESTS)
                )
            )
        )


@pytest.mark.parametrize(
    "store",
    [
        pytest.param("redis", marks=pytest.mark.redis),
        pytest.param("postgresql", marks=pytest.mark.postgres),
    ],
)
def test_exactly_the_calls_left_succeed_across_four_processes(store: str, tmp_path: Path) -> None:
    redis_url = None
    if store == "redis":
        require_service(redis_unreachable_reason())
        redis_url = REDIS_URL
    with database_for("sqlite" if store == "redis" else "postgresql", tmp_path) as database_url:
        settings = Settings(
            data_dir=tmp_path / "data", database_url=database_url, redis_url=redis_url
        )
        upgrade_database(settings)
        organization_id, key = asyncio.run(new_key(settings, Tier.FREE))
        window = windows.monthly_calls(organization_id, Tier.FREE, utcnow())
        asyncio.run(use_up(settings, window, window.limit - LEFT))
        env = trichome_env(
            tmp_path / "data", database_url, **({"redis_url": redis_url} if redis_url else {})
        )
        with servers(env, tmp_path, PROCESSES) as bases:
            responses = asyncio.run(fire(bases, key))
    statuses = sorted(response.status_code for response in responses)
    assert statuses == [200] * LEFT + [429] * (REQUESTS - LEFT)
    refused = [r for r in responses if r.status_code == 429]
    assert {r.json()["error"]["code"] for r in refused} == {"insufficient_quota"}
    assert all(r.headers["x-should-retry"] == "false" for r in refused)


def test_the_sdk_does_not_retry_what_waiting_will_not_cure(tmp_path: Path) -> None:
    env = trichome_env(tmp_path / "data")
    from tests.support.servers import create_key

    key = create_key(env, "free")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    sent: list[str] = []
    with running(
        ["serve", "chat", "--port", str(port)], env, f"{base}/health", tmp_path / "server.log"
    ):
        http = httpx2.Client(
            event_hooks={"request": [lambda request: sent.append(str(request.url))]}
        )
        client = openai.OpenAI(base_url=f"{base}/v1", api_key=key, max_retries=2, http_client=http)
        long_conversation = [{"role": "user", "content": f"question {i}"} for i in range(6)]
        with pytest.raises(openai.RateLimitError) as capped:
            client.chat.completions.create(model="free-agent", messages=long_conversation)  # type: ignore[arg-type]
        client.close()
    assert capped.value.code == "conversation_limit_exceeded"
    assert len(sent) == 1  # x-should-retry: false, so no retries
