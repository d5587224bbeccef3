"""The tool server's cost: a tools/call over HTTP MCP against the same Metrc client call made
directly, and how long each of the 12 skills takes on the seeded year.

Everything runs on 127.0.0.1: the seeded sandbox (`trichome serve sandbox`, GET limit off)
and the tool server (`trichome serve toolserver`, pointed at it, GET pacing off so neither
side waits for Metrc's limit). Three clients make the same read one call after another:

- direct: a `MetrcClient` in this process calling the sandbox (what the tool itself does);
- MCP wire: the JSON-RPC `tools/call` POST the official client sends (protocol 2026-07-28),
  made with plain httpx on a keep-alive connection: the tool server's own cost;
- MCP client: the official `mcp` Client over Streamable HTTP, its own work included.

A fourth line, the tool server's `GET /api/health`, is one bare HTTP round trip on this
machine: the floor any extra hop adds. Rounds alternate the order of the clients. The figure
is the median MCP-wire latency over the median direct latency, against the 1.5x target.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import httpx
import httpx2
import orjson
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import (
    CLIENT_CAPABILITIES_META_KEY,
    CLIENT_INFO_META_KEY,
    PROTOCOL_VERSION_META_KEY,
)

from bench.gateway.processes import ProcessSet, free_port, log_tail, process_set
from trichome.metrc import MetrcClient, MetrcCredentials
from trichome.sandbox.reference import DEFAULT_SEED

WORK = Path(__file__).resolve().parent.parent / ".work" / "toolserver"
AS_OF = date(2026, 11, 21)
TARGET = 1.5
MODERN = "2026-07-28"
KEYS = MetrcCredentials("sandbox-vendor-key", "sandbox-user-key")
STORE = "SF-SBX-CO-24-8002"
GROWER = "SF-SBX-CO-21-8002"
SKILLS: tuple[tuple[str, str], ...] = (
    ("needs_attention", STORE),
    ("audit_ready", STORE),
    ("fifo", STORE),
    ("compliance_check", STORE),
    ("expiration_tracker", STORE),
    ("inventory_snapshot", STORE),
    ("transfer_summary", STORE),
    ("package_history", STORE),
    ("yield_analysis", GROWER),
    ("sales_analysis", STORE),
    ("strain_performance", GROWER),
    ("waste_report", GROWER),
)


@dataclass(frozen=True)
class Case:
    """One Metrc read, as a tool and as the client call the tool makes."""

    name: str
    tool: str
    arguments: dict[str, Any]
    direct: Callable[[MetrcClient], Awaitable[Any]]


Call = Callable[[], Awaitable[None]]


def _say(message: str) -> None:
    print(message, flush=True)


def _trichome(*args: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "trichome.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def _prepare(data: Path, env: dict[str, str]) -> None:
    """Seed the year into the data dir with `trichome metrc seed` (once; kept between runs)."""
    marker = data / f"seeded-{DEFAULT_SEED}-{AS_OF}"
    if marker.exists():
        return
    data.mkdir(parents=True, exist_ok=True)
    _say("seeding the sandbox's year (once; kept in bench/.work/toolserver)…")
    _trichome("metrc", "seed", "--seed", str(DEFAULT_SEED), "--as-of", AS_OF.isoformat(), env=env)
    marker.touch()


def _wait(url: str, processes: ProcessSet, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if any(not p.alive() for p in processes.processes):
            break
        time.sleep(0.2)
    logs = "\n".join(f"--- {p.name}\n{log_tail(p.log_path)}" for p in processes.processes)
    raise RuntimeError(f"{url} did not come up\n{logs}")


async def _timed(call: Callable[[], Awaitable[Any]], count: int) -> list[float]:
    times = []
    for _ in range(count):
        started = time.perf_counter()
        await call()
        times.append((time.perf_counter() - started) * 1000)
    return times


def _text(result: Any) -> str:
    return " ".join(getattr(block, "text", "") for block in result.content)


def _wire(client: httpx.AsyncClient, url: str, headers: dict[str, str], case: Case) -> Call:
    """A tools/call POST as the official client sends it at protocol 2026-07-28."""
    body = orjson.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {
                "name": case.tool,
                "arguments": case.arguments,
                "_meta": {
                    PROTOCOL_VERSION_META_KEY: MODERN,
                    CLIENT_INFO_META_KEY: {"name": "bench", "version": "1"},
                    CLIENT_CAPABILITIES_META_KEY: {},
                },
            },
        }
    )
    wire_headers = {
        **headers,
        "Accept": "application/json, text/event-stream",
        "Content-Type": "application/json",
        "MCP-Protocol-Version": MODERN,
        "Mcp-Method": "tools/call",
        "Mcp-Name": case.tool,
    }

    async def call() -> None:
        answer = await client.post(url, content=body, headers=wire_headers)
        if answer.status_code != 200 or b'"isError":true' in answer.content:
            problem = f"{answer.status_code} {answer.text[:300]}"
            raise RuntimeError(f"{case.tool} over the wire: {problem}")

    return call


async def _measure(args: argparse.Namespace, base: str, sandbox: str, key: str) -> int:
    mcp_url = f"{base}/api/mcp"
    headers = {
        "Authorization": f"Bearer {key}",
        "X-Metrc-Vendor-Key": KEYS.vendor_key,
        "X-Metrc-User-Key": KEYS.user_key,
    }
    async with (
        MetrcClient(sandbox, credentials=KEYS, max_gets_per_second_per_facility=None) as direct,
        httpx.AsyncClient(timeout=300) as plain,
        httpx2.AsyncClient(headers=headers, timeout=300) as http,
        Client(streamable_http_client(mcp_url, http_client=http)) as mcp,
    ):
        label = (await direct.packages_active(STORE))[0]["Label"]
        cases = [
            Case(
                "the facilities",
                "list_facilities",
                {},
                lambda c: c.facilities(),
            ),
            Case(
                "one package",
                "get_package",
                {"license_number": STORE, "label": label},
                lambda c: c.package(STORE, label=label),
            ),
            Case(
                "active packages",
                "list_active_packages",
                {"license_number": STORE},
                lambda c: c.packages_active(STORE),
            ),
        ]
        for case in cases:
            probe = await mcp.call_tool(case.tool, case.arguments)
            if probe.is_error:
                raise RuntimeError(f"{case.tool}: {_text(probe)}")

        async def bare_hop() -> None:
            await plain.get(f"{base}/api/health")

        hop = statistics.median(await _timed(bare_hop, args.calls))
        _say(
            f"\nTool server benchmark: tools/call over HTTP MCP vs the Metrc client called "
            f"directly\n({args.calls} calls per client and round, {args.rounds} rounds, "
            f"medians in ms; protocol {mcp.protocol_version}; one bare HTTP round trip to "
            f"the tool server: {hop:.2f} ms)\n"
        )
        _say(
            f"{'read':<17}{'tool':<22}{'direct':>8}{'wire':>8}{'client':>8}"
            f"{'added':>8}{'wire/direct':>13}{'client/direct':>15}{'floor':>8}"
        )
        ratios = []
        floors = []
        added = []
        for case in cases:
            runs: dict[str, list[float]] = {"direct": [], "wire": [], "client": []}

            async def over_mcp(case: Case = case) -> None:
                await mcp.call_tool(case.tool, case.arguments)

            async def straight(case: Case = case) -> None:
                await case.direct(direct)

            calls: dict[str, Call] = {
                "direct": straight,
                "wire": _wire(plain, mcp_url, headers, case),
                "client": over_mcp,
            }
            for round_index in range(args.rounds):
                order = list(calls) if round_index % 2 == 0 else list(reversed(calls))
                for name in order:
                    await _timed(calls[name], 5)  # warm
                    runs[name] += await _timed(calls[name], args.calls)
            d, w, c = (statistics.median(runs[name]) for name in ("direct", "wire", "client"))
            ratios.append(w / d)
            floors.append((d + hop) / d)
            added.append(w - d)
            _say(
                f"{case.name:<17}{case.tool:<22}{d:>8.2f}{w:>8.2f}{c:>8.2f}{w - d:>8.2f}"
                f"{w / d:>12.2f}x{c / d:>14.2f}x{floors[-1]:>7.2f}x"
            )
        worst = max(ratios)
        verdict = "PASS" if worst <= TARGET else "FAIL"
        beyond_reach = [
            case.name for case, floor in zip(cases, floors, strict=True) if floor > TARGET
        ]
        _say(
            f"\n{verdict}  MCP wire / direct, worst read {worst:.2f}x (target at most {TARGET}x)."
            f"\n      floor: (direct + one bare HTTP round trip) / direct, what any server one "
            f"hop away\n      would score before doing any work. The tool server adds "
            f"{min(added):.2f}-{max(added):.2f} ms a call (hop, auth, MCP)."
        )
        if beyond_reach:
            _say(
                f"      Out of reach on this machine: {', '.join(beyond_reach)} (the floor "
                f"alone exceeds {TARGET}x:\n      the local sandbox answers in under two "
                f"loopback round trips).\n"
            )
        else:
            _say("")

        _say(f"Skills on the seeded year (as of {AS_OF}), one run each through HTTP MCP:\n")
        _say(f"{'skill':<22}{'licence':<20}{'seconds':>9}  summary")
        for skill, licence in SKILLS:
            arguments: dict[str, Any] = {"license_number": licence, "as_of": AS_OF.isoformat()}
            if skill == "package_history":
                arguments["label"] = label
            started = time.perf_counter()
            result = await mcp.call_tool(skill, arguments)
            seconds = time.perf_counter() - started
            if result.is_error:
                raise RuntimeError(f"{skill}: {_text(result)}")
            summary = (result.structured_content or json.loads(_text(result)))["summary"]
            _say(f"{skill:<22}{licence:<20}{seconds:>9.2f}  {summary[:70]}")
        _say("")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Start the servers, measure, print; exit 0 unless the benchmark could not run."""
    parser = argparse.ArgumentParser(prog="python -m bench toolserver", description=__doc__)
    parser.add_argument("--calls", type=int, default=100, help="timed calls per side and round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    data = WORK / "data"
    env = {
        **os.environ,
        "TRICHOME_DATA_DIR": str(data),
        "TRICHOME_DATABASE_URL": f"sqlite+aiosqlite:///{data / 'trichome.db'}",
        "TRICHOME_LOG_LEVEL": "warning",
        "TRICHOME_SANDBOX_GET_RATE_LIMIT": "0",
        "TRICHOME_METRC_GETS_PER_SECOND": "0",
    }
    _prepare(data, env)
    sandbox_port, tool_port = free_port(), free_port()
    sandbox = f"http://127.0.0.1:{sandbox_port}"
    env["TRICHOME_METRC_BASE_URL"] = sandbox
    key = _trichome("keys", "create", "--org", "bench", "--tier", "operator", env=env)
    key = key.strip().splitlines()[-1]
    with process_set(WORK / "logs") as processes:
        processes.start(
            "sandbox",
            [sys.executable, "-m", "trichome.cli", "serve", "sandbox", "--port", str(sandbox_port)],
            env,
        )
        processes.start(
            "toolserver",
            [sys.executable, "-m", "trichome.cli", "serve", "toolserver", "--port", str(tool_port)],
            env,
        )
        try:
            _wait(f"{sandbox}/api/health", processes)
            _wait(f"http://127.0.0.1:{tool_port}/api/health", processes)
            return asyncio.run(_measure(args, f"http://127.0.0.1:{tool_port}", sandbox, key))
        except (RuntimeError, subprocess.CalledProcessError) as error:
            print(f"bench toolserver: {error}", file=sys.stderr)
            return 1
