"""A knowledge base for the benchmark: a fresh data dir, the corpus imported and indexed with
the `trichome kb` commands, and `trichome serve kb` started on it."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.gateway.processes import ManagedProcess, ProcessSet, log_tail

# Anonymous callers, never limited: the benchmark measures search, not the quota.
REQUESTS_PER_HOUR = 100_000_000
READY_TIMEOUT_SECONDS = 180.0
_INDEXED = re.compile(r"Indexed (\d+) threads in ([\d.]+) s")


class BenchmarkError(RuntimeError):
    """The benchmark could not run: a command failed or the server did not come up."""


@dataclass(frozen=True, slots=True)
class Build:
    """How long the knowledge base took to fill (seconds, wall clock unless said)."""

    import_seconds: float
    reindex_seconds: float  # as `trichome kb reindex` reports it: the rebuild alone
    reindex_command_seconds: float  # the whole command: start, migration check, rebuild
    indexed: int
    reused: bool = False


def kb_env(data_dir: Path, redis_url: str | None) -> dict[str, str]:
    """The environment of every `trichome` command and server for one corpus."""
    # Nothing from the caller's own TRICHOME_* settings leaks in.
    env = {name: value for name, value in os.environ.items() if not name.startswith("TRICHOME_")}
    env |= {
        "TRICHOME_DATA_DIR": str(data_dir),
        "TRICHOME_KB_SAMPLE": "false",
        "TRICHOME_KB_REQUESTS_PER_HOUR": str(REQUESTS_PER_HOUR),
        "TRICHOME_LOG_LEVEL": "warning",
    }
    if redis_url:
        env["TRICHOME_REDIS_URL"] = redis_url
    return env


def trichome_argv(*args: str) -> list[str]:
    """The `trichome` command in this Python."""
    return [sys.executable, "-m", "trichome.cli", *args]


def _trichome(env: dict[str, str], *args: str) -> tuple[str, float]:
    started = time.perf_counter()
    done = subprocess.run(trichome_argv(*args), env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise BenchmarkError(
            f"trichome {' '.join(args)} exited with {done.returncode}:\n"
            f"{done.stdout[-2000:]}{done.stderr[-2000:]}"
        )
    return done.stdout, seconds


def build(corpus: Path, data_dir: Path, env: dict[str, str], *, reuse: bool = False) -> Build:
    """Import the corpus into a fresh data dir, then rebuild the index from the database.

    With `reuse`, a data dir that an earlier run built from the same corpus file is kept,
    and that run's figures are returned.

    Raises:
        BenchmarkError: a command failed or said something unexpected.
    """
    record = data_dir / "bench-build.json"
    if reuse and record.exists():
        earlier = json.loads(record.read_text())
        if earlier.pop("corpus") == corpus.name:
            return dataclasses.replace(Build(**earlier), reused=True)
    shutil.rmtree(data_dir, ignore_errors=True)
    data_dir.mkdir(parents=True)
    _, import_seconds = _trichome(env, "kb", "import", str(corpus))
    output, command_seconds = _trichome(env, "kb", "reindex")
    found = _INDEXED.search(output)
    if found is None:
        raise BenchmarkError(f"trichome kb reindex printed no figure: {output!r}")
    built = Build(import_seconds, float(found[2]), command_seconds, int(found[1]))
    record.write_text(json.dumps({"corpus": corpus.name, **dataclasses.asdict(built)}))
    return built


def start_server(
    processes: ProcessSet, env: dict[str, str], port: int, workers: int
) -> ManagedProcess:
    """`trichome serve kb` on the port."""
    argv = trichome_argv("serve", "kb", "--port", str(port), "--workers", str(workers))
    return processes.start("kb", argv, env)


def wait_until_serving(process: ManagedProcess, base: str, threads: int) -> float:
    """Poll `/api/health` until it reports `threads` threads, all indexed; the uptime then.

    Raises:
        BenchmarkError: the server exited, did not answer in time, or answered degraded or
            with other counts.
    """
    last = "no answer yet"
    while process.uptime() < READY_TIMEOUT_SECONDS:
        if not process.alive():
            raise BenchmarkError(
                f"trichome serve kb exited with {process.popen.returncode}; log "
                f"{process.log_path}:\n{log_tail(process.log_path)}"
            )
        try:
            answer = httpx.get(f"{base}/api/health", timeout=5)
            health = answer.json()
            last = f"{answer.status_code} {health}"
            if health.get("threads") == threads and health.get("indexed") == threads:
                return process.uptime()
        except (httpx.HTTPError, ValueError):
            pass
        else:
            # Once it answers, its data is what it is: counts do not change by themselves.
            raise BenchmarkError(f"/api/health answered {last}, not {threads} indexed threads")
        time.sleep(0.25)
    raise BenchmarkError(
        f"trichome serve kb did not report {threads} indexed threads within "
        f"{READY_TIMEOUT_SECONDS:.0f} s (last: {last}); log {process.log_path}:\n"
        f"{log_tail(process.log_path)}"
    )
