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
from bench.gateway.load import LoadGenerator, pick_load_generator
from bench.gateway.measure import Measurement, Plan, measure
from bench.gateway.processes import ProcessSet, paused, process_set
from bench.gateway.readiness import NotReadyError, wait_until_ready
from bench.gateway.report import build_results, format_table, format_verdicts, write_json
from bench.gateway.targets import Target, start_litellm, start_trichome, start_upstream

REPO = Path(__file__).resolve().parents[2]
WORK_DIR = REPO / "bench" / ".work"
LITELLM_VENV = REPO / ".venv-litellm"
RESULTS_PATH = WORK_DIR / "gateway-results.json"
# Above this 1-minute load average something else is using the CPUs we measure on.
BUSY_LOAD = 0.5
# Above this share of the CPUs taken by other work during a load run, the run is disturbed.
BUSY_SHARE = 0.10


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
    parser.add_argument("--skip-litellm", action="store_true", help="measure upstream + Trichome")
    parser.add_argument(
        "--no-install", action="store_true", help="never create .venv-litellm or install LiteLLM"
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
    parser.add_argument("--output", type=Path, default=RESULTS_PATH, help="results JSON file")
    args = parser.parse_args(argv)
    if args.workers < 1 or args.concurrency < 1 or args.requests < 1 or args.duration <= 0:
        parser.error("--workers, --concurrency, --requests and --duration must be positive")
    return args


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _start_gateways(
    processes: ProcessSet, upstream: Target, workers: int, litellm_command: Path | None
) -> list[Target]:
    upstream_base = upstream.request.url.removesuffix("/chat/completions")
    gateways = []
    # LiteLLM boots slowest (about 25 s), so it starts first and Trichome boots beside it.
    if litellm_command is not None:
        gateways.append(start_litellm(processes, WORK_DIR, upstream_base, workers, litellm_command))
    gateways.insert(0, start_trichome(processes, WORK_DIR, upstream_base, workers))
    for gateway in gateways:
        seconds = wait_until_ready(gateway.process, gateway.request, gateway.ready_timeout)
        _say(f"{gateway.label} answers, {seconds:.1f} s after it was started")
    return gateways


def load_average() -> float:
    """The 1-minute load average (runnable processes) of the machine."""
    return os.getloadavg()[0]


def _settings(
    args: argparse.Namespace, generator: LoadGenerator, plan: Plan, load_before: float
) -> dict[str, Any]:
    from trichome import __version__ as trichome_version

    return {
        "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "workers": args.workers,
        "concurrency": plan.concurrency,
        "duration_seconds": plan.seconds,
        "sequential_requests": plan.requests,
        "warmup_requests": plan.warmup_requests,
        "warmup_seconds": plan.warmup_seconds,
        "load_generator": generator.name,
        "idle_gateway_paused": args.pause,
        "trichome_version": trichome_version,
        "litellm_version": None if args.skip_litellm else litellm_setup.LITELLM_VERSION,
        "cpus": os.cpu_count(),
        "load_average_before": round(load_before, 2),
        "python": platform.python_version(),
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Start everything, measure each server in turn, stop everything; the results."""
    generator = pick_load_generator(args.load_generator)
    load_before = load_average()
    if load_before > BUSY_LOAD:
        _say(
            f"warning: the load average is {load_before:.2f}; other work on this machine "
            "will disturb the figures"
        )
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
    measurements: dict[str, Measurement] = {}
    with process_set(WORK_DIR / "logs") as processes:
        upstream = start_upstream(processes)
        wait_until_ready(upstream.process, upstream.request, upstream.ready_timeout)
        gateways = _start_gateways(processes, upstream, args.workers, litellm_command)
        for target in (upstream, *gateways):
            idle = [g.process for g in gateways if g is not target] if args.pause else []
            _say(f"measuring {target.label} ({generator.name}) ...")
            helpers = [] if target is upstream else [upstream.process.pid]
            with paused(idle):
                measurement = measure(target, generator, plan, helpers)
            measurements[target.name] = measurement
            if measurement.other_cpu_share > BUSY_SHARE:
                _say(
                    f"warning: other work took {measurement.other_cpu_share:.0%} of the CPUs "
                    f"while {target.label} was under load; its figures are disturbed"
                )
    return build_results(measurements, _settings(args, generator, plan, load_before))


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
        f"\nGateway benchmark: {settings['workers']} worker(s) per gateway, "
        f"{settings['sequential_requests']} sequential "
        f"requests, c={settings['concurrency']} for {settings['duration_seconds']:g} s, "
        f"{settings['load_generator']}, {settings['cpus']} CPUs\n"
    )
    print(format_table(results))
    print()
    print(format_verdicts(results))
    write_json(results, args.output)
    print(f"\nresults: {args.output}")
    return 0
