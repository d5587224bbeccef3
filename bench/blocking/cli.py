"""One request at a time, the worst a client can send, against `trichome serve chat` and
`trichome serve kb` (one worker each, the offline engine, SQLite), while a probe of its own
asks each server for `GET /v1/models` every few milliseconds. A request that holds the event
loop shows as probes answered late: each kind's worst probe, less the idle median, is set
against the issue's limit of 50 ms.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.blocking.cases import Case, Service, chat_cases, kb_cases
from bench.gateway.cpu import cpu_use
from bench.gateway.processes import ManagedProcess, ProcessSet, free_port, log_tail, process_set
from trichome.config import Settings

WORK = Path(__file__).resolve().parents[1] / ".work" / "blocking"
LIMIT_MS = 50.0
READY_TIMEOUT = 120.0
REQUEST_TIMEOUT = 120.0
# A probe answered this soon after a request's last byte still counts as held up by it:
# the server may finish the request's work after the client has its answer.
TAIL_SECONDS = 0.05
OTHER_WORK_WARNING = 0.10


class BenchmarkError(RuntimeError):
    """The benchmark could not run: a server did not start or a command failed."""


def _env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICHOME_")}
    return env | {
        "TRICHOME_DATA_DIR": str(data_dir),
        "TRICHOME_LOG_LEVEL": "warning",
        "TRICHOME_ANONYMOUS": "true",
        "TRICHOME_KB_REQUESTS_PER_HOUR": "100000000",
    }


def _trichome(*args: str) -> list[str]:
    return [sys.executable, "-m", "trichome.cli", *args]


def _wait_ready(process: ManagedProcess, base: str) -> None:
    while process.uptime() < READY_TIMEOUT:
        if not process.alive():
            raise BenchmarkError(f"{process.name} exited:\n{log_tail(process.log_path)}")
        try:
            if httpx.get(f"{base}/v1/models", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise BenchmarkError(f"{process.name} did not answer within {READY_TIMEOUT:.0f} s")


def _api_key(env: dict[str, str]) -> str:
    for args in (("migrate",), ("keys", "create", "--org", "bench-blocking", "--tier", "team")):
        done = subprocess.run(_trichome(*args), env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise BenchmarkError(f"trichome {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout.strip().splitlines()[-1]


class Probe:
    """The probe process of one server (`bench.blocking.probe`)."""

    def __init__(self, port: int, interval: float) -> None:
        argv = [sys.executable, "-m", "bench.blocking.probe", str(port), str(interval)]
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)  # fmt: skip

    def samples(self) -> list[tuple[float, float]]:
        """Stop the probe; each (sent at, latency in seconds) it measured."""
        output, _ = self.process.communicate(timeout=REQUEST_TIMEOUT)
        if self.process.returncode != 0:
            raise BenchmarkError(f"the probe failed (exit {self.process.returncode})")
        return [(sent, latency) for sent, latency in json.loads(output)]


@dataclass(frozen=True)
class Sent:
    """One request of a case: when it was sent, when its answer ended, and its status."""

    case: Case
    started: float
    finished: float
    status: str

    def as_expected(self) -> bool:
        """The status the case must get (for a 413, a connection the server closed before
        the whole body was sent is the same refusal)."""
        refused = self.case.expect == 413 and self.status.endswith("Error")
        return self.status == str(self.case.expect) or refused


def _send(client: httpx.Client, case: Case, key: str) -> Sent:
    headers = {"Content-Type": "application/json"}
    if case.with_key:
        headers["Authorization"] = f"Bearer {key}"
    started = time.monotonic()
    try:
        with client.stream("POST", case.path, content=case.body, headers=headers) as answer:
            for _ in answer.iter_raw():
                pass
            status = str(answer.status_code)
    except httpx.TransportError as error:
        status = type(error).__name__
    return Sent(case, started, time.monotonic(), status)


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass(frozen=True)
class Row:
    """Probe latencies (ms) while a case's requests were in flight, or while idle."""

    name: str
    service: Service
    status: str
    probes: int
    p50: float
    p99: float
    worst: float
    added: float  # the worst less the idle median

    @property
    def ratio(self) -> float:
        """The worst added latency over the limit."""
        return self.added / LIMIT_MS


def _row(name: str, service: Service, status: str, latencies: Sequence[float],
         idle_p50: float) -> Row:  # fmt: skip
    if not latencies:
        return Row(name, service, status, 0, math.nan, math.nan, math.nan, math.nan)
    worst = max(latencies)
    return Row(name, service, status, len(latencies), statistics.median(latencies),
               _percentile(latencies, 0.99), worst, worst - idle_p50)  # fmt: skip


@dataclass(frozen=True)
class Results:
    """The idle rows, each case's row, what went unexpectedly, and the machine's other work."""

    idle: list[Row]
    rows: list[Row]
    problems: list[str]
    other_work: float  # share of all CPUs that work outside the benchmark took


def _measure(options: argparse.Namespace, processes: ProcessSet) -> Results:
    chat_env, kb_env = _env(WORK / "chat"), _env(WORK / "kb")
    services: list[Service] = ["chat"] if options.skip_kb else ["chat", "kb"]
    cases = chat_cases(Settings()) + ([] if options.skip_kb else kb_cases())
    key = _api_key(chat_env)
    ports = {service: free_port() for service in services}
    servers = {service: processes.start(service, _trichome(
        "serve", service, "--port", str(ports[service]), "--workers", "1"),
        chat_env if service == "chat" else kb_env) for service in services}  # fmt: skip
    for service in services:
        _wait_ready(servers[service], f"http://127.0.0.1:{ports[service]}")
    clients = {service: httpx.Client(base_url=f"http://127.0.0.1:{ports[service]}",
                                     timeout=REQUEST_TIMEOUT) for service in services}  # fmt: skip
    # The first answer loads what later ones reuse (the router, the indexes, lazy imports).
    for case in cases:
        if case.expect == 200 and not case.stream:
            _send(clients[case.service], case, key)
    probes = {service: Probe(ports[service], options.interval) for service in services}
    # Every process of ours counts as the benchmark's own CPU, not as other work.
    helpers = [server.pid for server in servers.values()]
    helpers += [probe.process.pid for probe in probes.values()]
    started = time.monotonic()
    with cpu_use(helpers[0], helpers[1:]) as cpu:
        time.sleep(options.idle)
        idle_until = time.monotonic()
        sent: list[Sent] = []
        for case in cases:
            for _ in range(options.repeat):
                sent.append(_send(clients[case.service], case, key))
                time.sleep(options.gap)
        samples = {service: probe.samples() for service, probe in probes.items()}
    elapsed = time.monotonic() - started
    for client in clients.values():
        client.close()
    idle: list[Row] = []
    rows: list[Row] = []
    for service in services:
        quiet = [latency * 1000 for at, latency in samples[service] if at < idle_until]
        idle.append(_row(f"idle ({service})", service, "-", quiet, 0.0))
        for case in (c for c in cases if c.service == service):
            mine = [s for s in sent if s.case is case]
            during = [latency * 1000 for at, latency in samples[service]
                      if any(at <= s.finished + TAIL_SECONDS and at + latency >= s.started
                             for s in mine)]  # fmt: skip
            status = ",".join(sorted({s.status for s in mine}))
            rows.append(_row(case.name, service, status, during, idle[-1].p50))
    problems = [f"{s.case.name}: expected {s.case.expect}, got {s.status}"
                for s in sent if not s.as_expected()]  # fmt: skip
    cores = os.cpu_count() or 1
    return Results(idle, rows, problems, cpu.other / (elapsed * cores))


def report(results: Results, options: argparse.Namespace) -> None:
    """The table: each kind's probe latencies, and its worst added latency against 50 ms."""
    print(f"probe: GET /v1/models every {options.interval * 1000:g} ms from a process of its "
          f"own; each kind sent {options.repeat} times, one at a time")  # fmt: skip
    print(f"{'':<44}{'status':>8}{'probes':>8}{'p50 ms':>8}{'p99 ms':>8}{'max ms':>8}"
          f"{'added ms':>10}{'/ 50 ms':>9}")  # fmt: skip
    for row in results.idle:
        print(f"{row.name:<44}{row.status:>8}{row.probes:>8}{row.p50:>8.2f}{row.p99:>8.2f}"
              f"{row.worst:>8.2f}")  # fmt: skip
    failed = 0
    for row in results.rows:
        verdict = "PASS" if row.ratio <= 1.0 else "FAIL"
        failed += verdict == "FAIL"
        print(f"{row.name:<44}{row.status:>8}{row.probes:>8}{row.p50:>8.2f}{row.p99:>8.2f}"
              f"{row.worst:>8.2f}{row.added:>10.2f}{row.ratio:>8.2f}x {verdict}")  # fmt: skip
    print(f"other work's CPU meanwhile: {results.other_work:.0%} of the machine")
    if results.other_work > OTHER_WORK_WARNING:
        print("  warning: other work took CPU during the run; late probes may be the "
              "machine's, not the request's. Run again on a quiet machine.")  # fmt: skip
    verdict = "PASS" if not failed else f"FAIL ({failed} of {len(results.rows)})"
    print(f"target: no worker blocked more than {LIMIT_MS:g} ms by any single request "
          f"(added = the worst probe less the idle p50): {verdict}")  # fmt: skip
    for problem in results.problems:
        print(f"  unexpected answer: {problem}")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench blocking", description=__doc__)
    parser.add_argument("--interval", type=float, default=0.005, help="seconds between probes")
    parser.add_argument("--repeat", type=int, default=5, help="requests of each kind")
    parser.add_argument("--gap", type=float, default=0.1, help="seconds between requests")
    parser.add_argument("--idle", type=float, default=3.0, help="seconds of idle baseline")
    parser.add_argument("--skip-kb", action="store_true", help="the chat API only")
    parser.add_argument("--output", type=Path, default=WORK / "results.json")
    options = parser.parse_args(argv)
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    try:
        with process_set(WORK) as processes:
            results = _measure(options, processes)
    except BenchmarkError as error:
        print(f"bench blocking: {error}")
        return 1
    report(results, options)
    options.output.parent.mkdir(parents=True, exist_ok=True)
    options.output.write_text(json.dumps(dataclasses.asdict(results), indent=2))
    return 1 if results.problems else 0
