"""A dependency of the chat API fails under load, then comes back: how many requests failed
badly (a 500 or a dropped connection, where a 503 with the error body is the target), how
soon `/health` said `degraded`, how long the service took to answer again once the
dependency was back, and whether what was charged equals what was answered.

Redis is a server of the benchmark's own, stopped and restarted empty (no persistence);
PostgreSQL is the machine's, reached through a relay whose connections are cut and then
accepted again (the server itself is never stopped). Each runs against `trichome serve
chat` (one worker) with 8 clients asking without pause.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import httpx
from tests.support.cuttable_proxy import CuttableProxy

from trichome.accounts.service import create_api_key, get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.migrate import upgrade_database
from trichome.db.models import utcnow
from trichome.http.state import CHECK_TTL
from trichome.limits import windows
from trichome.limits.service import create_counter_store
from trichome.plans import Tier

WORK = Path(__file__).resolve().parents[1] / ".work" / "faults"
POSTGRES = os.environ.get("TRICHOME_TEST_POSTGRES", "postgresql://root@127.0.0.1:5432/test")
CLIENTS = 8
ASKED = "What is the THC limit per serving in Colorado?"
QUESTION = {"model": "operator-agent", "stream": False,
            "messages": [{"role": "user", "content": ASKED}]}  # fmt: skip
# Calls left held by a failure (their settlement or refund could not reach the database)
# are given back by the sweep this long after they were admitted.
HOLD_SECONDS = 5
STARTUP_TIMEOUT = 60.0
RECOVERY_TIMEOUT = 60.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Fault(Protocol):
    """A dependency that can be broken and repaired."""

    def break_(self) -> None: ...

    def repair(self) -> None: ...


class RedisRestart:
    """A redis-server of our own: stopped, then started again empty."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._directory = directory
        self._process: subprocess.Popen[bytes] | None = None

    def repair(self) -> None:
        self._directory.mkdir(parents=True, exist_ok=True)
        self._process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self._directory)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port)):
                return
            time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def break_(self) -> None:
        if self._process is not None:
            self._process.terminate()
            self._process.wait(timeout=15)


class PostgresCut:
    """The machine's PostgreSQL behind a relay whose connections are cut."""

    def __init__(self) -> None:
        self.proxy = CuttableProxy(free_port(), 5432)

    def break_(self) -> None:
        self.proxy.cut()

    def repair(self) -> None:
        self.proxy.restore()


@dataclass
class Outcomes:
    """Every request: when it was sent and finished, and how it ended."""

    requests: list[tuple[float, float, str]] = field(default_factory=list)

    def between(self, start: float, end: float) -> list[str]:
        return [outcome for sent, _, outcome in self.requests if start <= sent < end]

    def first_success_after(self, moment: float) -> float | None:
        done = [finished for sent, finished, outcome in self.requests
                if outcome == "200" and sent >= moment]  # fmt: skip
        return min(done) if done else None


@dataclass(frozen=True)
class Run:
    """The requests of one run, when the fault began and ended, and when health noticed."""

    outcomes: Outcomes
    broken_at: float
    repaired_at: float
    degraded_after: float | None


@dataclass(frozen=True)
class Result:
    """One fault's figures."""

    fault: str
    sent: int
    unavailable: int  # clean 503s
    failed: int  # 500s, dropped connections, anything else
    degraded_after: float | None
    recovery: float | None
    answered: int
    charged: int


async def _ask(client: httpx.AsyncClient, outcomes: Outcomes, stop: asyncio.Event) -> None:
    while not stop.is_set():
        sent = time.monotonic()
        try:
            response = await client.post("/v1/chat/completions", json=QUESTION)
            outcome = str(response.status_code)
            if response.status_code == 503 and "error" not in response.json():
                outcome = "503 without the error body"
        except httpx.TransportError:
            outcome = "dropped"
        except ValueError:
            outcome = "not JSON"
        outcomes.requests.append((sent, time.monotonic(), outcome))
        if outcome != "200":
            await asyncio.sleep(0.01)


async def _degraded_after(base: str, since: float) -> float | None:
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        while time.monotonic() - since < RECOVERY_TIMEOUT:
            with contextlib.suppress(httpx.HTTPError):
                if (await client.get("/health")).json()["status"] == "degraded":
                    return time.monotonic() - since
            await asyncio.sleep(0.05)
    return None


async def _under_load(base: str, key: str, fault: Fault, down: float) -> Run:
    outcomes, stop = Outcomes(), asyncio.Event()
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as client:
        clients = [asyncio.create_task(_ask(client, outcomes, stop)) for _ in range(CLIENTS)]
        await asyncio.sleep(2)
        broken_at = time.monotonic()
        await asyncio.to_thread(fault.break_)
        degraded = asyncio.create_task(_degraded_after(base, broken_at))
        await asyncio.sleep(down)
        repaired_at = time.monotonic()
        await asyncio.to_thread(fault.repair)
        while outcomes.first_success_after(repaired_at) is None:
            if time.monotonic() - repaired_at > RECOVERY_TIMEOUT:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(1)
        stop.set()
        await asyncio.gather(*clients)
        return Run(outcomes, broken_at, repaired_at, await degraded)


@contextlib.contextmanager
def _chat_server(env: dict[str, str], log: Path) -> Iterator[str]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "trichome.cli", "serve", "chat", "--port", str(port)],
            env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(f"the chat server did not start; see {log}")
            time.sleep(0.1)
        yield base
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


async def _organisation(settings: Settings) -> tuple[str, str]:
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            organization, _ = await get_or_create_organization(session, "bench-faults", Tier.TEAM)
            key = await create_api_key(session, organization, "bench")
            await session.commit()
        return organization.id, key.secret
    finally:
        await engine.dispose()


async def _charged(settings: Settings, organization_id: str) -> int:
    engine = create_engine(settings)
    store = create_counter_store(settings, engine)
    try:
        return await store.used(windows.monthly_calls(organization_id, Tier.TEAM, utcnow()))
    finally:
        await store.aclose()
        await engine.dispose()


def _env(settings: Settings) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICHOME_")}
    env |= {"TRICHOME_DATA_DIR": str(settings.data_dir), "TRICHOME_LOG_LEVEL": "warning",
            "TRICHOME_DATABASE_URL": settings.resolved_database_url,
            "TRICHOME_CALL_HOLD_SECONDS": str(HOLD_SECONDS)}  # fmt: skip
    if settings.redis_url:
        env["TRICHOME_REDIS_URL"] = settings.redis_url
    return env


def _measure(name: str, settings: Settings, fault: Fault, down: float, serve: Settings) -> Result:
    upgrade_database(settings)
    organization_id, key = asyncio.run(_organisation(settings))
    with _chat_server(_env(serve), WORK / f"{name}.log") as base:
        run = asyncio.run(_under_load(base, key, fault, down))
        answered = sum(outcome == "200" for _, _, outcome in run.outcomes.requests)
        # Calls held when the fault hit are given back by the server's sweep.
        deadline = time.monotonic() + 3 * HOLD_SECONDS
        charged = asyncio.run(_charged(settings, organization_id))
        while charged != answered and time.monotonic() < deadline:
            time.sleep(0.5)
            charged = asyncio.run(_charged(settings, organization_id))
    recovered = run.outcomes.first_success_after(run.repaired_at)
    window = run.outcomes.between(run.broken_at, recovered or float("inf"))
    return Result(
        fault=name,
        sent=len(window),
        unavailable=window.count("503"),
        failed=sum(outcome not in ("503", "200") for outcome in window),
        degraded_after=run.degraded_after,
        recovery=None if recovered is None else recovered - run.repaired_at,
        answered=answered,
        charged=charged,
    )


def _redis_case(down: float) -> Result:
    directory = WORK / "redis"
    fault = RedisRestart(directory / "server")
    fault.repair()
    settings = Settings(data_dir=directory / "data",
                        database_url=f"sqlite+aiosqlite:///{directory / 'trichome.db'}",
                        redis_url=fault.url)  # fmt: skip
    try:
        return _measure("redis", settings, fault, down, settings)
    finally:
        fault.break_()


def _postgres_case(down: float) -> Result | str:
    import asyncpg  # type: ignore[import-untyped]

    name = f"trichome_bench_{secrets.token_hex(4)}"

    async def admin(sql: str) -> None:
        connection = await asyncpg.connect(POSTGRES, timeout=3)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    try:
        asyncio.run(admin(f'CREATE DATABASE "{name}"'))
    except Exception as error:
        return f"PostgreSQL at {POSTGRES} is unreachable: {error!r}"
    fault = PostgresCut()
    fault.proxy.start()
    base = POSTGRES.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
    direct = Settings(data_dir=WORK / "postgresql", database_url=f"{base}/{name}")
    relayed_base = base.replace("127.0.0.1:5432", f"127.0.0.1:{fault.proxy.port}")
    relayed = Settings(data_dir=WORK / "postgresql", database_url=f"{relayed_base}/{name}")
    try:
        return _measure("postgresql", direct, fault, down, relayed)
    finally:
        fault.proxy.stop()
        asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def _seconds(value: float | None) -> str:
    return "never" if value is None else f"{value:.2f} s"


def report(results: Sequence[Result | str]) -> None:
    """The table, then a verdict per fault against the issue's targets."""
    print(f"{'fault':<12}{'failed/sent':>12}{'503s':>7}{'degraded after':>16}"
          f"{'recovery':>11}{'charged/answered':>18}")  # fmt: skip
    for result in results:
        if isinstance(result, str):
            print(f"  skipped: {result}")
            continue
        print(f"{result.fault:<12}{f'{result.failed}/{result.sent}':>12}{result.unavailable:>7}"
              f"{_seconds(result.degraded_after):>16}{_seconds(result.recovery):>11}"
              f"{f'{result.charged}/{result.answered}':>18}")  # fmt: skip
    print(f"targets: 0 failed (a 503 with the error body instead), degraded within one check "
          f"interval ({CHECK_TTL:.0f} s, plus the check), charged = answered once the calls "
          f"held by the fault are swept (TRICHOME_CALL_HOLD_SECONDS={HOLD_SECONDS})")  # fmt: skip
    for result in results:
        if isinstance(result, str):
            continue
        ok = (
            result.failed == 0
            and result.degraded_after is not None
            and result.degraded_after <= CHECK_TTL + 1
            and result.recovery is not None
            and result.charged == result.answered
        )
        print(f"  {result.fault}: {'PASS' if ok else 'FAIL'}")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench faults", description=__doc__)
    parser.add_argument("--down", type=float, default=5.0, help="seconds each fault lasts")
    parser.add_argument("--only", choices=("redis", "postgresql"), help="one fault only")
    options = parser.parse_args(argv)
    if shutil.which("redis-server") is None and options.only != "postgresql":
        print("bench faults: redis-server is not installed")
        return 1
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    results: list[Result | str] = []
    if options.only in (None, "redis"):
        results.append(_redis_case(options.down))
    if options.only in (None, "postgresql"):
        results.append(_postgres_case(options.down))
    report(results)
    return 0
