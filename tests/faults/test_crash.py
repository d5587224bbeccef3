"""A chat server killed with SIGKILL mid-burst, on database counters and on Redis ones, and
one worker of several killed under load.

The answers it gave before it died are charged, logged and their ad impressions counted
(nothing waited in a buffer); the calls it held for requests that never got an answer are
given back by a sweep once their hold's deadline passes, by the restarted server. When one
worker of several dies, the others go on serving, the supervisor starts a replacement,
and only the requests that worker held are lost. The tests
hold those requests in flight at an upstream that stalls, so the kill always lands with
some answered and some not, whatever the machine's speed.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.faults.common import (
    Ledger,
    answer_text,
    ask,
    child_processes,
    connections_served,
    ledger,
)
from tests.services.chat.test_limits import new_key
from tests.support.fake_upstream import FakeUpstream, fake_upstream
from tests.support.redis_server import RedisServer, redis_server
from tests.support.servers import free_port, running, trichome_env
from trichome.config import Settings
from trichome.db.engine import create_engine
from trichome.db.migrate import upgrade_database
from trichome.db.models import utcnow
from trichome.limits import windows
from trichome.limits.base import Window
from trichome.limits.service import create_counter_store
from trichome.plans import Tier

pytestmark = [pytest.mark.e2e, pytest.mark.faults]

ANSWERED = 6
IN_FLIGHT = 6
HOLD_SECONDS = 3
SETTLE_TIMEOUT = 90.0
STALL_SECONDS = 30.0
WORKERS = 2
WORKER_STALL_SECONDS = 10.0  # the surviving worker's share of the burst waits this long
AFTER_KILL = 6


@contextlib.contextmanager
def counters_for(kind: str, directory: Path) -> Iterator[RedisServer | None]:
    if kind == "redis":
        with redis_server(directory / "redis") as server:
            yield server
    else:
        yield None


async def used(settings: Settings, window: Window) -> int:
    """The window's count as the counters report it (Redis, or the database)."""
    engine = create_engine(settings)
    store = create_counter_store(settings, engine)
    try:
        return await store.used(window)
    finally:
        await store.aclose()
        await engine.dispose()


async def questions(base: str, key: str, count: int) -> list[httpx.Response | Exception]:
    """`count` questions at once, every other one streamed."""
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=120) as client:
        sent = [
            client.post("/v1/chat/completions", json=ask("pro-agent", stream=n % 2 == 1))
            for n in range(count)
        ]
        return list(await asyncio.gather(*sent, return_exceptions=True))


def wait_until(condition: str, check: object, timeout: float = SETTLE_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting until {condition}")
        time.sleep(0.1)


async def burst_in_flight(
    base: str, key: str, upstream: FakeUpstream, before: int
) -> asyncio.Future[list[httpx.Response | Exception]]:
    """IN_FLIGHT questions sent at once, returned once every one reached the upstream: each
    was admitted (its call reserved) and is held there."""
    pending = asyncio.ensure_future(questions(base, key, IN_FLIGHT))
    deadline = time.monotonic() + SETTLE_TIMEOUT
    while len(upstream.requests) < before + IN_FLIGHT:
        assert time.monotonic() < deadline, "the burst never reached the upstream"
        await asyncio.sleep(0.05)
    return pending


@dataclass(frozen=True)
class Deployment:
    """A migrated database with a Pro key, and the chat server's environment for it."""

    database: Path
    settings: Settings
    organization_id: str
    key: str
    quota: Window
    env: dict[str, str]


def deployment(tmp_path: Path, upstream: FakeUpstream, redis_url: str | None = None) -> Deployment:
    """The database, key, quota window and environment a chat server under test uses."""
    database = tmp_path / "trichome.db"
    database_url = f"sqlite+aiosqlite:///{database}"
    settings = Settings(data_dir=tmp_path / "data", database_url=database_url, redis_url=redis_url)
    upgrade_database(settings)
    organization_id, key = asyncio.run(new_key(settings, Tier.PRO))
    quota = windows.monthly_calls(organization_id, Tier.PRO, utcnow())
    env = trichome_env(
        tmp_path / "data", database_url, engine="openai", llm_base_url=upstream.base_url,
        llm_model="upstream-model", llm_max_retries="0", call_hold_seconds=str(HOLD_SECONDS),
        **({"redis_url": redis_url} if redis_url else {}),
    )  # fmt: skip
    return Deployment(database, settings, organization_id, key, quota, env)


def kill_burst(base: str, key: str, upstream: FakeUpstream, process: object) -> tuple[
    list[httpx.Response | Exception], list[httpx.Response | Exception]
]:  # fmt: skip
    """Answer ANSWERED questions, hold IN_FLIGHT more at the stalling upstream, kill -9."""
    answered = asyncio.run(questions(base, key, ANSWERED))
    upstream.mode, upstream.delay = "slow", STALL_SECONDS
    before = len(upstream.requests)

    async def burst_and_kill() -> list[httpx.Response | Exception]:
        pending = await burst_in_flight(base, key, upstream, before)
        os.killpg(process.pid, signal.SIGKILL)  # type: ignore[attr-defined]
        return await pending

    return answered, asyncio.run(burst_and_kill())


@pytest.mark.parametrize("counters", ["database", pytest.param("redis", marks=pytest.mark.redis)])
def test_a_killed_server_loses_no_answered_call_and_charges_none_unanswered(
    counters: str, tmp_path: Path
) -> None:
    with fake_upstream() as upstream, counters_for(counters, tmp_path) as redis:
        deployed = deployment(tmp_path, upstream, redis.url if redis else None)
        database, settings, quota, env = (
            deployed.database, deployed.settings, deployed.quota, deployed.env
        )  # fmt: skip
        organization_id, key = deployed.organization_id, deployed.key
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        args = ["serve", "chat", "--port", str(port)]
        with running(args, env, f"{base}/health", tmp_path / "chat-1.log") as process:
            answered, cut_off = kill_burst(base, key, upstream, process)
        at_kill = ledger(database, organization_id, quota.key)
        used_at_kill = asyncio.run(used(settings, quota))

        upstream.mode = "ok"
        with running(args, env, f"{base}/health", tmp_path / "chat-2.log"):
            # The restarted server sweeps the holds the dead one left, once they expire.
            wait_until(
                "the unanswered calls are given back",
                lambda: asyncio.run(used(settings, quota)) == ANSWERED,
            )
            after = ledger(database, organization_id, quota.key)
            with httpx.Client(base_url=base, timeout=60) as client:
                again = client.post(
                    "/v1/chat/completions",
                    json=ask("pro-agent", stream=False),
                    headers={"Authorization": f"Bearer {key}"},
                )

    # What the clients saw: whole answers (each with its sponsored line), then dropped
    # connections for the requests in flight when the server died.
    texts = [answer_text(r) if isinstance(r, httpx.Response) else None for r in answered]
    assert all(text and "Sponsored:" in text for text in texts)
    assert all(isinstance(r, httpx.TransportError) for r in cut_off)
    # When it died: the answered calls were in the database already, the others held.
    assert (at_kill.logged, at_kill.impressions) == (ANSWERED, ANSWERED)
    assert used_at_kill == ANSWERED + IN_FLIGHT
    if counters == "database":
        assert (at_kill.charged, at_kill.held) == (ANSWERED + IN_FLIGHT, IN_FLIGHT)
    else:  # Redis holds the calls in flight; the database has the settled ones
        assert (at_kill.charged, at_kill.held) == (ANSWERED, 0)
    # After the restart: charged for exactly what was answered, nothing lost.
    assert after == Ledger(charged=ANSWERED, logged=ANSWERED, held=0, impressions=ANSWERED)
    assert answer_text(again)
    assert again.headers["x-ratelimit-remaining-requests"] == str(quota.limit - ANSWERED - 1)


def answers_in(responses: list[httpx.Response | Exception]) -> int:
    """How many of these requests got a whole answer."""
    return sum(isinstance(r, httpx.Response) and answer_text(r) is not None for r in responses)


def test_a_worker_killed_under_load_leaves_the_others_serving_and_charges_only_answers(
    tmp_path: Path,
) -> None:
    with fake_upstream() as upstream:
        deployed = deployment(tmp_path, upstream)
        database, settings, quota, env = (
            deployed.database, deployed.settings, deployed.quota, deployed.env
        )  # fmt: skip
        organization_id, key = deployed.organization_id, deployed.key
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        args = ["serve", "chat", "--port", str(port), "--workers", str(WORKERS)]
        with running(args, env, f"{base}/health", tmp_path / "chat.log") as server:
            answered = asyncio.run(questions(base, key, ANSWERED))
            upstream.mode, upstream.delay = "slow", WORKER_STALL_SECONDS
            before = len(upstream.requests)

            async def burst_kill_and_ask_again() -> tuple[
                int, list[httpx.Response | Exception], list[httpx.Response | Exception]
            ]:  # fmt: skip
                pending = await burst_in_flight(base, key, upstream, before)
                # The worker holding most of the burst's connections: it dies with some
                # requests in flight, whichever way the kernel spread them.
                victim = max(child_processes(server.pid), key=lambda p: connections_served(p, port))
                assert connections_served(victim, port) > 0
                os.kill(victim, signal.SIGKILL)
                upstream.mode = "ok"
                again = await questions(base, key, AFTER_KILL)
                return victim, await pending, again

            victim, burst, again = asyncio.run(burst_kill_and_ask_again())
            wait_until(
                "a new worker replaces the killed one",
                lambda: len(set(child_processes(server.pid)) - {victim}) >= WORKERS,
            )
            total = answers_in(answered) + answers_in(burst) + answers_in(again)
            # The killed worker's holds are swept once their deadline passes.
            wait_until(
                "only answered calls stay charged",
                lambda: asyncio.run(used(settings, quota)) == total,
            )
            after = ledger(database, organization_id, quota.key)

    # What the clients saw: every request before and after the kill answered; of the
    # burst, whole answers from the surviving worker and dropped connections from the dead
    # one, nothing else (no 500, no half answer presented as whole).
    assert answers_in(answered) == ANSWERED
    assert answers_in(again) == AFTER_KILL
    dropped = [r for r in burst if isinstance(r, httpx.TransportError)]
    assert dropped
    assert answers_in(burst) + len(dropped) == IN_FLIGHT
    # Charged, logged and ads counted for exactly the answers given; nothing left held.
    assert after == Ledger(charged=total, logged=total, held=0, impressions=total)
