"""PostgreSQL's connections cut under load, under a real chat server (counters in the database).

The server reaches the shared PostgreSQL through a relay that cuts every connection and
refuses new ones, then listens again: the PostgreSQL server itself is never touched.
Clients ask without pause before, during and after the cut. While it lasts, every request
gets a whole answer or a 503 with the error body (`database_unavailable`; a stream that
had started ends with that error event instead), never a 500 or a dropped connection, and
`/health` is degraded. Once the relay listens again requests are answered, and when the
holds the cut left behind are swept and the settlements it broke are retried, no refusal
is charged and every answer is charged, logged and its ad counted exactly once: also the
answers whose settlement the cut itself broke (delivered all the same, and settled by the
retry unless their COMMIT had landed, which the retry recognises).

The phases follow events (answers seen, refusals seen, health degraded), never durations,
so a slow machine only makes the test longer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from sqlalchemy.engine import make_url

from tests.conftest import fresh_postgres_database
from tests.faults.common import Ledger, answer_text, ask, database_ledger, is_error_body
from tests.services.chat.test_limits import new_key
from tests.support.cuttable_proxy import CuttableProxy, cuttable_proxy
from tests.support.servers import free_port, running, trichome_env
from trichome.config import Settings
from trichome.db.migrate import upgrade_database
from trichome.db.models import utcnow
from trichome.limits import windows
from trichome.plans import Tier

pytestmark = [pytest.mark.e2e, pytest.mark.faults, pytest.mark.postgres]

ASKERS = 4
ANSWERS_BEFORE = 8  # answers seen before the cut
REFUSALS_DURING = 8  # refusals seen (beside a degraded /health) before the restore
ANSWERS_AFTER = 8  # answers to requests sent after the restore
HOLD_SECONDS = 3  # the calls the cut left held are given back this long after admission
PHASE_TIMEOUT = 120.0  # a safety net only: each phase ends on an event
CODE = "database_unavailable"

Result = httpx.Response | Exception


def outcome(result: Result) -> str:
    """`answered`, `refused` (a 503, or a started stream's error event, with the error
    body), or what went wrong."""
    if isinstance(result, Exception):
        return f"dropped: {result!r}"
    if answer_text(result) is not None:
        return "answered"
    with contextlib.suppress(ValueError):
        if is_error_body(result, 503, CODE) or stream_error_code(result) == CODE:
            return "refused"
    return f"failed: {result.status_code} {result.text[:300]}"


def stream_error_code(response: httpx.Response) -> str | None:
    """The code of the error event that ends a started stream, if it ended with one."""
    if response.status_code != 200:
        return None
    events = [line[6:] for line in response.text.splitlines() if line.startswith("data: ")]
    if len(events) < 2 or events[-1] != "[DONE]":
        return None
    last = json.loads(events[-2])
    return str(last["error"]["code"]) if "error" in last else None


@dataclass
class Load:
    """Every request the askers sent, with the phase it was sent in."""

    phase: str = "before"
    results: list[tuple[str, str]] = field(default_factory=list)  # (phase, outcome)
    stop: asyncio.Event = field(default_factory=asyncio.Event)

    def count(self, phase: str, kind: str) -> int:
        """How many requests sent in `phase` ended as `kind`."""
        return sum(1 for sent_in, ended in self.results if (sent_in, ended) == (phase, kind))


async def asker(client: httpx.AsyncClient, load: Load, number: int) -> None:
    """Ask without pause (every other question streamed) until told to stop."""
    sent = 0
    while not load.stop.is_set():
        phase = load.phase
        try:
            result: Result = await client.post(
                "/v1/chat/completions", json=ask("pro-agent", stream=(number + sent) % 2 == 1)
            )
        except httpx.TransportError as error:
            result = error
        sent += 1
        ended = outcome(result)
        load.results.append((phase, ended))
        if ended != "answered":
            await asyncio.sleep(0.02)  # a refusal is instant: do not spin


async def until(condition: str, check: Callable[[], bool]) -> None:
    """Wait for an event of the run, with a generous safety net."""
    deadline = time.monotonic() + PHASE_TIMEOUT
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting until {condition}")
        await asyncio.sleep(0.05)


async def health_until(monitor: httpx.AsyncClient, status: str) -> dict[str, object]:
    """Poll `/health` until it reports `status` (its checks are cached for a second)."""
    deadline = time.monotonic() + PHASE_TIMEOUT
    while True:
        report: dict[str, object] = (await monitor.get("/health")).json()
        if report["status"] == status or time.monotonic() > deadline:
            return report
        await asyncio.sleep(0.1)


@dataclass(frozen=True)
class Run:
    """The requests, and `/health` while cut and after the restore."""

    load: Load
    while_cut: dict[str, object]
    after: dict[str, object]


async def cut_and_restore(base: str, key: str, proxy: CuttableProxy) -> Run:
    """Answers, then the cut until health is degraded and refusals came, then the restore
    until requests sent after it are answered and health is back."""
    load = Load()
    headers = {"Authorization": f"Bearer {key}"}
    async with (
        httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as client,
        httpx.AsyncClient(base_url=base, timeout=60) as monitor,
    ):
        askers = [asyncio.create_task(asker(client, load, n)) for n in range(ASKERS)]
        try:
            await until(
                "answers before the cut",
                lambda: load.count("before", "answered") >= ANSWERS_BEFORE,
            )
            load.phase = "cut"
            await asyncio.to_thread(proxy.cut)
            while_cut = await health_until(monitor, "degraded")
            await until(
                "refusals while cut", lambda: load.count("cut", "refused") >= REFUSALS_DURING
            )
            await asyncio.to_thread(proxy.restore)
            load.phase = "after"
            await until(
                "answers after the restore",
                lambda: load.count("after", "answered") >= ANSWERS_AFTER,
            )
            after = await health_until(monitor, "healthy")
        finally:
            load.stop.set()
            await asyncio.gather(*askers)
    return Run(load, while_cut, after)


def relayed(database_url: str, proxy: CuttableProxy) -> str:
    """The database URL, through the relay."""
    url = make_url(database_url).set(host="127.0.0.1", port=proxy.port)
    return url.render_as_string(hide_password=False)


def ledger_once_settled(
    settings: Settings, organization_id: str, window_key: str, answered: int
) -> Ledger:
    """The database's figures once no call is held and the answers are charged: the calls a
    cut caught between admission and settlement stay held until the server's sweep gives
    them back, and the settlements it broke land when the server retries them."""
    deadline = time.monotonic() + PHASE_TIMEOUT
    while True:
        figures = asyncio.run(database_ledger(settings, organization_id, window_key))
        if (figures.held, figures.charged) == (0, answered) or time.monotonic() > deadline:
            return figures
        time.sleep(0.5)


def test_cut_postgres_connections_are_503s_and_charge_only_the_answers(tmp_path: Path) -> None:
    with fresh_postgres_database() as database_url:
        settings = Settings(data_dir=tmp_path / "data", database_url=database_url)
        upgrade_database(settings)
        organization_id, key = asyncio.run(new_key(settings, Tier.PRO))
        quota = windows.monthly_calls(organization_id, Tier.PRO, utcnow())
        target = make_url(database_url)
        with cuttable_proxy(free_port(), target.port or 5432, target.host or "127.0.0.1") as proxy:
            env = trichome_env(
                tmp_path / "data", relayed(database_url, proxy), call_hold_seconds=str(HOLD_SECONDS)
            )
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            args = ["serve", "chat", "--port", str(port)]
            with running(args, env, f"{base}/health", tmp_path / "chat.log"):
                run = asyncio.run(cut_and_restore(base, key, proxy))
                answered = sum(ended == "answered" for _, ended in run.load.results)
                final = ledger_once_settled(settings, organization_id, quota.key, answered)

    # What the clients saw: answers, and while cut only answers and clean refusals.
    failures = [ended for _, ended in run.load.results if ended not in ("answered", "refused")]
    assert failures == []
    assert run.load.count("cut", "refused") >= REFUSALS_DURING
    assert run.load.count("after", "answered") >= ANSWERS_AFTER
    # `/health` said degraded, naming the database, and healthy again after the restore.
    assert run.while_cut["status"] == "degraded"
    reasons = run.while_cut["reasons"]
    assert isinstance(reasons, list)
    assert [reason for reason in reasons if "database" in reason]
    assert run.after["status"] == "healthy"
    # What the database holds: every answer charged, logged and its ad counted once (one
    # transaction each, retried when the cut broke it), nothing left held.
    assert final.held == 0
    assert final.charged == final.logged == final.impressions == answered
