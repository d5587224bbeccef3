"""`python -m bench.gateway`: Trichome and LiteLLM side by side in front of one fake upstream."""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.gateway import litellm_setup
from bench.gateway.cpu import machine_busy_seconds
from bench.gateway.load import LoadGenerator, pick_load_generator
from bench.gateway.measure import Measurement, Plan, measure
from bench.gateway.processes import ProcessSet, paused, process_set
from bench.gateway.readiness import NotReadyError, wait_until_ready
from bench.gateway.report import build_results, format_table, format_verdicts, write_json
from bench.gateway.rounds import combine, round_order
from bench.gateway.targets import (
    DEFAULT_REDIS_URL,
    Target,
    reachable_redis,
    start_litellm,
    start_trichome,
    start_upstream,
)

REPO = Path(__file__).resolve().parents[2]
WORK_DIR = REPO / "bench" / ".work"
LITELLM_VENV = REPO / ".venv-litellm"
RESULTS_PATH = WORK_DIR / "gateway-results.json"
# Above this share of the CPUs taken by other work, figures are disturbed.
BUSY_SHARE = 0.10
# A worker with less than this share of the busiest worker's CPU got too few connections.
IMBALANCE = 0.5


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The benchmark's options."""
    parser = argparse.ArgumentParser(prog="python -m bench.gateway", description=__doc__)
    parser.add_argument("--workers", type=int, default=1, help="worker processes per gateway")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds of load at c=16")
    parser.add_argument("--concurrency", type=int, default=16, help="connections under load")
    parser.add_argument("--requests", type=int, default=300, help="sequential requests timed")
    parser.add_argument("--warmup", type=int, default=30, help="sequential warm-up requests")
    parser.add_argument(
        "--warmup-seconds", type=float, default=3.0, help="seconds of warm-up load before each run"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="rounds over all targets, alternating order; figures are medians over rounds",
    )
    parser.add_argument("--skip-litellm", action="store_true", help="measure upstream + Trichome")
    parser.add_argument(
        "--no-install",
        action="store_true",
        help="never install anything (.venv-litellm, LiteLLM, wrk)",
    )
    parser.add_argument(
        "--load-generator",
        choices=("auto", "wrk", "asyncio"),
        default="auto",
        help="wrk when installed (auto), or the asyncio fallback",
    )
    parser.add_argument(
        "--no-pause",
        dest="pause",
        action="store_false",
        help="leave the idle gateway running (default: SIGSTOP it while another is measured)",
    )
    parser.add_argument(
        "--redis-url",
        default=DEFAULT_REDIS_URL,
        help="where Trichome counts quota (if unreachable: in its database, with a warning)",
    )
    parser.add_argument("--output", type=Path, default=RESULTS_PATH, help="results JSON file")
    args = parser.parse_args(argv)
    counts = (args.workers, args.concurrency, args.requests, args.rounds)
    if min(counts) < 1 or args.duration <= 0:
        parser.error("--workers, --concurrency, --requests, --rounds, --duration must be > 0")
    return args


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _start_gateways(
    processes: ProcessSet,
    upstream: Target,
    workers: int,
    litellm_command: Path | None,
    redis_url: str | None,
) -> list[Target]:
    upstream_base = upstream.request.url.removesuffix("/chat/completions")
    gateways = []
    # LiteLLM boots slowest (about 25 s), so it starts first and Trichome boots beside it.
    if litellm_command is not None:
        gateways.append(start_litellm(processes, WORK_DIR, upstream_base, workers, litellm_command))
    gateways.insert(0, start_trichome(processes, WORK_DIR, upstream_base, workers, redis_url))
    for gateway in gateways:
        seconds = wait_until_ready(gateway.process, gateway.request, gateway.ready_timeout)
        _say(f"{gateway.label} answers, {seconds:.1f} s after it was started")
    return gateways


def trichome_revision() -> str:
    """The git commit Trichome runs from, with `+dirty` when src/ has uncommitted changes."""
    import trichome

    source = Path(trichome.__file__).resolve().parent
    git = ["git", "-C", str(source)]
    try:
        commit = subprocess.run(
            [*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            [*git, "status", "--porcelain", "--", "."], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{commit}+dirty" if dirty else commit


def busy_share_now(seconds: float = 1.0) -> float:
    """The share of all CPUs busy over the next `seconds`, before the benchmark starts anything."""
    before = machine_busy_seconds()
    time.sleep(seconds)
    return (machine_busy_seconds() - before) / (seconds * (os.cpu_count() or 1))


def _settings(
    args: argparse.Namespace,
    generator: LoadGenerator,
    plan: Plan,
    busy_before: float,
    redis_url: str | None,
) -> dict[str, Any]:
    from trichome import __version__ as trichome_version

    return {
        "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "workers": args.workers,
        "concurrency": plan.concurrency,
        "duration_seconds": plan.seconds,
        "sequential_requests": plan.requests,
        "rounds": args.rounds,
        "warmup_requests": plan.warmup_requests,
        "warmup_seconds": plan.warmup_seconds,
        "load_generator": generator.name,
        "idle_gateway_paused": args.pause,
        "trichome_quota_counters": "redis" if redis_url else "database",
        "trichome_version": trichome_version,
        "trichome_revision": trichome_revision(),
        "litellm_version": None if args.skip_litellm else litellm_setup.LITELLM_VERSION,
        "cpus": os.cpu_count(),
        "other_work_share_before": round(busy_before, 3),
        "python": platform.python_version(),
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Start everything, measure each server in turn, stop everything; the results."""
    generator = pick_load_generator(args.load_generator, install=not args.no_install)
    busy_before = busy_share_now()
    if busy_before > BUSY_SHARE:
        _say(
            f"warning: other work keeps {busy_before:.0%} of the CPUs busy before the start; "
            "it will disturb the figures"
        )
    redis_url: str | None = args.redis_url
    if redis_url and not reachable_redis(redis_url):
        _say(f"warning: no Redis at {redis_url}; Trichome counts quota in its database instead")
        redis_url = None
    litellm_command = None
    if not args.skip_litellm:
        litellm_command = litellm_setup.ensure_litellm(LITELLM_VENV, install=not args.no_install)
    plan = Plan(
        warmup_requests=args.warmup,
        requests=args.requests,
        concurrency=args.concurrency,
        warmup_seconds=args.warmup_seconds,
        seconds=args.duration,
    )
    rounds: dict[str, list[Measurement]] = {}
    with process_set(WORK_DIR / "logs") as processes:
        upstream = start_upstream(processes)
        wait_until_ready(upstream.process, upstream.request, upstream.ready_timeout)
        gateways = _start_gateways(processes, upstream, args.workers, litellm_command, redis_url)
        for round_index in range(args.rounds):
            for target in round_order([upstream, *gateways], round_index):
                idle = [g.process for g in gateways if g is not target] if args.pause else []
                helpers = [] if target is upstream else [upstream.process.pid]
                with paused(idle):
                    measurement = measure(target, generator, plan, helpers)
                rounds.setdefault(target.name, []).append(measurement)
                _report_round(target, round_index, measurement, args.workers)
    measurements = {name: combine(results) for name, results in rounds.items()}
    results = build_results(measurements, _settings(args, generator, plan, busy_before, redis_url))
    results["rounds"] = {name: [m.to_json() for m in ms] for name, ms in rounds.items()}
    return results


def _cpu_split(measurement: Measurement) -> str:
    # With several workers, how the load's CPU fell on them shows connection imbalance.
    split = measurement.cpu.by_process
    if len(split) < 2:
        return ""
    return ", CPU s per process " + "/".join(f"{seconds:.1f}" for seconds in split)


def _unbalanced(measurement: Measurement, workers: int) -> bool:
    # uvicorn's workers share one listening socket, and wrk opens its keep-alive
    # connections once, so one worker can get most of them for a whole run.
    busy = sorted(measurement.cpu.by_process, reverse=True)[:workers]
    return workers > 1 and (len(busy) < workers or busy[-1] < IMBALANCE * busy[0])


def _report_round(target: Target, round_index: int, measurement: Measurement, workers: int) -> None:
    _say(
        f"round {round_index + 1}: {target.label:<8} "
        f"{measurement.concurrent.requests_per_second:>9,.1f} req/s, "
        f"sequential p50 {measurement.sequential.p50_ms:.2f} ms, "
        f"CPU {measurement.cpu_ms_per_request:.2f} ms/request" + _cpu_split(measurement)
    )
    if measurement.other_cpu_share > BUSY_SHARE:
        _say(
            f"warning: other work took {measurement.other_cpu_share:.0%} of the CPUs "
            f"while {target.label} was under load; these figures are disturbed"
        )
    if target.name != "upstream" and _unbalanced(measurement, workers):
        _say(
            f"note: {target.label}'s workers got the connections unevenly in this round "
            "(see CPU s per process); it measured fewer workers than it has"
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; 0 unless it could not run (missed targets do not fail it)."""
    args = parse_args(argv)
    try:
        results = run(args)
    except KeyboardInterrupt:
        _say("bench: interrupted; every server it started was stopped")
        return 130
    except (RuntimeError, OSError, subprocess.SubprocessError, NotReadyError) as error:
        _say(f"bench: the gateway benchmark could not run: {error}")
        return 1
    settings = results["settings"]
    print(
        f"\nGateway benchmark: Trichome {settings['trichome_revision']}, "
        f"{settings['workers']} worker(s) per gateway, "
        f"{settings['sequential_requests']} sequential "
        f"requests, c={settings['concurrency']} for {settings['duration_seconds']:g} s, "
        f"median of {settings['rounds']} round(s), "
        f"{settings['load_generator']}, {settings['cpus']} CPUs, "
        f"Trichome quota counted in {settings['trichome_quota_counters']}\n"
    )
    print(format_table(results))
    print()
    print(format_verdicts(results))
    write_json(results, args.output)
    print(f"\nresults: {args.output}")
    return 0
