"""The knowledge base's search: index build time, and search latency through the HTTP API at
concurrency 8 beside the raw engine's at the same concurrency, on synthetic corpora of 7,061
and 100,000 threads.

For each size: the generated corpus (cached in bench/.work/kb) is imported into a fresh data
dir with `trichome kb import`, the index is rebuilt with `trichome kb reindex` (the build
time), and `trichome serve kb --workers 2` is started on it. The same fixed queries then run,
in rounds of alternating order, through `GET /api/threads` from wrk (C, so the client takes
little of the CPUs the server needs; httpx when wrk cannot be had) and through
`ThreadIndex.search` on the same index directory in this process. The figures are the API's
p50 at c=8 against the 10 ms limit and against the engine's p50 at c=8; verdicts at 100,000.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import uvloop

from bench.gateway.cli import busy_share_now, trichome_revision
from bench.gateway.processes import ManagedProcess, ProcessSet, free_port, process_set
from bench.gateway.targets import DEFAULT_REDIS_URL, reachable_redis
from bench.kb import report
from bench.kb.generate import GENERATOR_VERSION, SEED, WORK, ensure_corpus
from bench.kb.latency import ApiError
from bench.kb.measure import measure
from bench.kb.server import (
    BenchmarkError,
    Build,
    build,
    kb_env,
    start_server,
    wait_until_serving,
)
from bench.kb.wrk_search import find_wrk

RESULTS_PATH = WORK / "results.json"
DEFAULT_SIZES = (7_061, 100_000)


def _say(text: str = "") -> None:
    print(text, flush=True)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The benchmark's options."""
    parser = argparse.ArgumentParser(prog="python -m bench kb", description=__doc__)
    parser.add_argument(
        "--sizes",
        default=",".join(str(size) for size in DEFAULT_SIZES),
        help="corpus sizes in threads, comma-separated (default 7061,100000)",
    )
    parser.add_argument("--queries", type=int, default=300, help="distinct search strings")
    parser.add_argument("--concurrency", type=int, default=8, help="concurrent searches")
    parser.add_argument(
        "--requests", type=int, default=2_000, help="timed searches per measurement and round"
    )
    parser.add_argument("--rounds", type=int, default=2, help="rounds, in alternating order")
    parser.add_argument(
        "--workers",
        type=int,
        default=2,
        help="worker processes of the server (default 2: one per core, as served at scale)",
    )
    parser.add_argument(
        "--load-generator",
        choices=("auto", "wrk", "httpx"),
        default="auto",
        help="what drives the API: wrk (installed with apt-get when root and missing), "
        "or httpx in this process; auto: wrk if it can be had, else httpx",
    )
    parser.add_argument(
        "--reconnect-every",
        type=int,
        default=50,
        help="wrk asks the server to close the connection every N requests and opens a new "
        "one, so the connections spread over the workers (0: never; default 50)",
    )
    parser.add_argument(
        "--redis-url",
        default=DEFAULT_REDIS_URL,
        help="where the server counts requests (if unreachable: in its database, with a warning)",
    )
    parser.add_argument(
        "--reuse-data",
        action="store_true",
        help="keep a data dir an earlier run built from the same corpus (skips import and "
        "reindex; their figures are the earlier run's; built again if the server does not "
        "report it whole). Only after changes to the search path",
    )
    parser.add_argument("--output", type=Path, default=RESULTS_PATH)
    args = parser.parse_args(argv)
    try:
        args.sizes = [int(size.replace("_", "")) for size in args.sizes.split(",") if size]
    except ValueError:
        parser.error(f"--sizes must be whole numbers separated by commas, got {args.sizes!r}")
    if not args.sizes or min(args.sizes) < 1:
        parser.error("--sizes needs at least one size of 1 or more")
    for option in ("queries", "concurrency", "requests", "rounds", "workers"):
        if getattr(args, option) < 1:
            parser.error(f"--{option} must be at least 1")
    if args.reconnect_every < 0:
        parser.error("--reconnect-every must be 0 or more")
    return args


def pick_wrk(choice: str) -> str | None:
    """wrk's path, or None for httpx.

    Raises:
        BenchmarkError: wrk was asked for and cannot be had.
    """
    if choice == "httpx":
        return None
    wrk = find_wrk(install=True)
    if wrk is None:
        if choice == "wrk":
            raise BenchmarkError("wrk is not installed (Debian: apt-get install -y wrk)")
        _say(
            "warning: wrk is not installed and could not be (apt-get, as root); the API is "
            "driven by httpx, whose own CPU (about 1 ms a request) competes with the server"
        )
    return wrk


def _serve(
    processes: ProcessSet, env: dict[str, str], workers: int, size: int
) -> tuple[ManagedProcess, str, float]:
    port = free_port()
    process = start_server(processes, env, port, workers)
    base = f"http://127.0.0.1:{port}"
    return process, base, wait_until_serving(process, base, size)


def run_size(
    args: argparse.Namespace, size: int, redis_url: str | None, wrk: str | None
) -> report.SizeResult:
    """Build the knowledge base of `size` threads, serve it, measure it, stop it."""
    corpus, generated_in = ensure_corpus(size)
    megabytes = corpus.stat().st_size / 1e6
    if generated_in is not None:
        _say(f"generated {size:,} threads ({megabytes:,.0f} MB) in {generated_in:.1f} s: {corpus}")
    data_dir = WORK / f"data-{size}"
    env = kb_env(data_dir, redis_url)
    _say(f"{size:,} threads: importing and indexing…")
    built: Build = build(corpus, data_dir, env, reuse=args.reuse_data)
    if built.indexed != size:
        raise BenchmarkError(f"trichome kb reindex indexed {built.indexed} threads, not {size}")
    with process_set(WORK / "logs") as processes:
        try:
            process, base, ready = _serve(processes, env, args.workers, size)
        except BenchmarkError as error:
            if not built.reused:
                raise
            # The index format or the schema may have changed since the data dir was built.
            _say(f"{size:,} threads: the reused data dir does not serve ({error}); rebuilding…")
            processes.stop_all()
            built = build(corpus, data_dir, env)
            process, base, ready = _serve(processes, env, args.workers, size)
        _say(f"{size:,} threads: serving after {ready:.1f} s; measuring…")
        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            timings, cpu = runner.run(
                measure(
                    base=base,
                    process=process,
                    index_path=data_dir / "kb-index",
                    wrk=wrk,
                    queries=args.queries,
                    concurrency=args.concurrency,
                    requests=args.requests,
                    rounds=args.rounds,
                    reconnect_every=args.reconnect_every,
                )
            )
    load = "wrk" if wrk else "httpx"
    return report.SizeResult(size, megabytes, built, ready, timings, cpu, args.workers, load)


def _settings(
    args: argparse.Namespace, redis_url: str | None, wrk: str | None, busy: float
) -> dict[str, Any]:
    from trichome import __version__

    return {
        "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "sizes": args.sizes,
        "queries": args.queries,
        "concurrency": args.concurrency,
        "requests_per_round": args.requests,
        "rounds": args.rounds,
        "server_workers": args.workers,
        "load_generator": "wrk" if wrk else "httpx",
        "wrk_reconnect_every": args.reconnect_every if wrk else None,
        "engine_limit": f"ThreadIndex.search from {args.concurrency} threads in this process",
        "request_counters": "redis" if redis_url else "database",
        "generator": {"version": GENERATOR_VERSION, "seed": SEED},
        "trichome_version": __version__,
        "trichome_revision": trichome_revision(),
        "cpus": os.cpu_count(),
        "other_work_share_before": round(busy, 3),
        "python": platform.python_version(),
    }


def _header(args: argparse.Namespace, redis_url: str | None, wrk: str | None) -> str:
    c = args.concurrency
    counters = "Redis" if redis_url else "the database"
    if wrk:
        again = (
            f", each asked to reconnect every {args.reconnect_every} requests"
            if args.reconnect_every
            else ""
        )
        load = f"driven by wrk (1 thread, {c} connections{again}; the c=1 rows: 1)"
    else:
        load = (
            f"driven by httpx in this process ({c} workers), since wrk was not available: "
            "its own CPU, about 1 ms a request, competes with the server's"
        )
    return (
        f"\nKnowledge-base search: the API (GET /api/threads?q=…&limit=10; trichome serve kb "
        f"--workers {args.workers}, request counters in {counters}), {load}; beside the raw "
        f"engine on the same index in this process.\n"
        f"{args.queries} fixed queries; {args.requests} timed searches per row and round, "
        f"{args.rounds} round{'s' if args.rounds > 1 else ''} in alternating order, pooled.\n"
        f"{report.why_this_limit(c)}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Build, serve and measure each size; print the tables; exit 0 unless it could not run."""
    args = parse_args(argv)
    redis_url: str | None = args.redis_url
    if redis_url and not reachable_redis(redis_url):
        _say(f"warning: no Redis at {redis_url}; the server counts requests in its database")
        redis_url = None
    busy = busy_share_now()
    if busy > 0.10:
        _say(f"warning: other work keeps {busy:.0%} of the CPUs busy; the figures will suffer")
    results = []
    try:
        wrk = pick_wrk(args.load_generator)
        for size in args.sizes:
            results.append(run_size(args, size, redis_url, wrk))
    except (BenchmarkError, ApiError, OSError) as error:
        print(f"bench kb: {error}", file=sys.stderr)
        return 1
    c = args.concurrency
    _say(_header(args, redis_url, wrk))
    for result in results:
        _say(report.format_size(result, c))
    judged = [r for r in results if r.size == report.TARGET_SIZE]
    for result in judged:
        _say(f"\n{report.what_dominates(result, c)}")
    if not judged:
        _say(f"\n(verdicts are given at {report.TARGET_SIZE:,} threads, which this run skipped)")
    settings = _settings(args, redis_url, wrk, busy)
    report.write_json(report.results_json(results, settings), args.output)
    _say(f"\nresults: {args.output}")
    return 0
