"""Faults under load: PostgreSQL and Redis each stopped and started again under a steady
stream of chat calls, side by side in one run.

For each fault the benchmark prints the requests sent, how many were answered, how many got
an honest error (a 502, 503 or 504 with the error body), how many failed the way they must
not (a 500, or a dropped connection), that as a fraction of what was sent against the
target of 0, and the recovery time: from the dependency's return to the first answer.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from bench.faults.dependencies import Postgres, Redis, dependencies, free_port

QUESTION = [{"role": "user", "content": "What is the decarboxylation factor for THCA?"}]
HONEST = {502, 503, 504}


@dataclass
class Tally:
    """What the clients saw during one fault."""

    sent: int = 0
    answered: int = 0
    honest: int = 0
    failed: int = 0
    examples: list[str] = field(default_factory=list)
    recovered_at: float | None = None

    def note_failure(self, what: str) -> None:
        self.failed += 1
        if len(self.examples) < 3:
            self.examples.append(what)


def _env(scratch: Path, postgres: Postgres, redis: Redis) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICHOME_")}
    env |= {
        "TRICHOME_DATA_DIR": str(scratch / "trichome"),
        "TRICHOME_DATABASE_URL": postgres.url,
        "TRICHOME_REDIS_URL": redis.url,
        "TRICHOME_LOG_LEVEL": "error",
    }
    return env


def _trichome(*args: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "trichome.cli", *args],
        env=env, capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    return done.stdout


@contextlib.contextmanager
def _chat_server(env: dict[str, str], log: Path) -> Iterator[str]:
    port = free_port()
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "trichome.cli", "serve", "chat", "--port", str(port)],
            env=env, stdout=output, stderr=subprocess.STDOUT,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            time.sleep(0.2)
        else:
            raise RuntimeError(f"the chat server did not start; see {log}")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


async def _load(
    base: str,
    key: str,
    seconds: float,
    concurrency: int,
    tally: Tally,
    back_at: Callable[[], float | None],
) -> None:
    stop = time.monotonic() + seconds
    headers = {"Authorization": f"Bearer {key}"}
    body = {"model": "operator-agent", "messages": QUESTION, "stream": False}

    async def client() -> None:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            while time.monotonic() < stop:
                started = time.monotonic()
                tally.sent += 1
                try:
                    response = await http.post("/v1/chat/completions", headers=headers, json=body)
                except httpx.HTTPError as error:
                    tally.note_failure(f"dropped: {type(error).__name__}")
                    continue
                if response.status_code == 200:
                    tally.answered += 1
                    restored = back_at()
                    if restored is not None and started >= restored and tally.recovered_at is None:
                        tally.recovered_at = time.monotonic() - restored
                elif response.status_code in HONEST and "error" in response.text:
                    tally.honest += 1
                    await asyncio.sleep(0.05)
                else:
                    tally.note_failure(f"{response.status_code}: {response.text[:80]}")

    await asyncio.gather(*(client() for _ in range(concurrency)))


async def _fault(
    base: str,
    key: str,
    stop: Callable[[], None],
    start: Callable[[], None],
    options: argparse.Namespace,
) -> Tally:
    tally = Tally()
    restored: list[float] = []
    load = asyncio.create_task(
        _load(base, key, options.before + options.down + options.after, options.concurrency,
              tally, lambda: restored[0] if restored else None)
    )  # fmt: skip
    await asyncio.sleep(options.before)
    await asyncio.to_thread(stop)
    await asyncio.sleep(options.down)
    await asyncio.to_thread(start)
    restored.append(time.monotonic())
    await load
    return tally


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench faults", description=__doc__)
    parser.add_argument("--before", type=float, default=3.0, help="seconds of load before")
    parser.add_argument("--down", type=float, default=4.0, help="seconds the dependency is down")
    parser.add_argument("--after", type=float, default=6.0, help="seconds of load after")
    parser.add_argument("--concurrency", type=int, default=4)
    options = parser.parse_args(argv)

    results: dict[str, Tally] = {}
    with tempfile.TemporaryDirectory(prefix="trichome-faults-") as scratch_dir:
        scratch = Path(scratch_dir)
        scratch.chmod(0o755)  # PostgreSQL's own user must reach its directory
        with dependencies(scratch) as (postgres, redis):
            env = _env(scratch, postgres, redis)
            _trichome("migrate", env=env)
            created = _trichome("keys", "create", "--org", "faults", "--tier", "team", env=env)
            key = next(line for line in created.splitlines() if line.startswith("trk_"))
            with _chat_server(env, scratch / "chat.log") as base:
                for name, stop, start in (
                    ("postgres", postgres.stop, postgres.start),
                    ("redis", redis.stop, redis.start),
                ):
                    results[name] = asyncio.run(_fault(base, key, stop, start, options))

    print(f"faults: {options.down:g} s down under {options.concurrency} clients "
          f"({options.before:g} s before, {options.after:g} s after)")  # fmt: skip
    print(f"{'fault':<10}{'sent':>7}{'answered':>10}{'honest 5xx':>12}{'500/dropped':>13}"
          f"{'failed/sent':>13}{'recovery':>10}")  # fmt: skip
    for name, tally in results.items():
        recovery = f"{tally.recovered_at:.2f} s" if tally.recovered_at is not None else "never"
        print(f"{name:<10}{tally.sent:>7}{tally.answered:>10}{tally.honest:>12}{tally.failed:>13}"
              f"{tally.failed / max(tally.sent, 1):>13.3f}{recovery:>10}"
              f"  {'ok' if tally.failed == 0 else 'FAIL (target 0)'}")  # fmt: skip
        for example in tally.examples:
            print(f"    e.g. {example}")
    return 0
