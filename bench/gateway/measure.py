"""The measurements of one target: sequential latency, throughput, CPU and peak memory."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bench.gateway.cpu import CpuUse, cpu_use
from bench.gateway.load import LoadGenerator, LoadResult
from bench.gateway.memory import MemoryReport, server_memory
from bench.gateway.readiness import completion_problem, send
from bench.gateway.targets import Target


@dataclass(frozen=True)
class Plan:
    """How much load each target gets."""

    warmup_requests: int = 30
    requests: int = 300
    concurrency: int = 16
    warmup_seconds: float = 3.0
    seconds: float = 10.0


@dataclass(frozen=True)
class Measurement:
    """What one target did under the plan."""

    sequential: LoadResult
    concurrent: LoadResult
    memory: MemoryReport
    cpu: CpuUse

    @property
    def cpu_ms_per_request(self) -> float:
        """Server CPU (all its processes) per request completed under concurrent load."""
        completed = self.concurrent.requests
        return 1000 * self.cpu.server / completed if completed else 0.0

    @property
    def other_cpu_share(self) -> float:
        """CPU other work took during the load, as a share of the machine's capacity."""
        capacity = self.concurrent.seconds * (os.cpu_count() or 1)
        return self.cpu.other / capacity if capacity else 0.0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        parent = self.memory.parent_mib
        return {
            "sequential": self.sequential.to_json(),
            "concurrent": self.concurrent.to_json(),
            "peak_rss_mib": {
                "max_worker": round(self.memory.max_worker_mib, 1),
                "workers": [round(m, 1) for m in self.memory.workers_mib],
                "parent": None if parent is None else round(parent, 1),
                "total": round(self.memory.total_mib, 1),
            },
            "server_cpu_ms_per_request": round(self.cpu_ms_per_request, 3),
            "cpu_seconds_during_load": {
                "server": round(self.cpu.server, 2),
                "benchmark_total": round(self.cpu.ours, 2),
                "machine_busy": round(self.cpu.machine, 2),
                "other_work": round(self.cpu.other, 2),
                "other_work_share": round(self.other_cpu_share, 3),
                "server_by_process": [round(seconds, 2) for seconds in self.cpu.by_process],
            },
        }


def _check_answer(target: Target, when: str) -> None:
    status, body = send(target.request)
    problem = completion_problem(status, body)
    if problem:
        raise RuntimeError(f"{target.label} {when}: {problem}")


def measure(
    target: Target, generator: LoadGenerator, plan: Plan, helper_pids: Sequence[int] = ()
) -> Measurement:
    """Warm up, measure sequential latency, then throughput at the plan's concurrency.

    `helper_pids` are the benchmark's other running servers (the upstream): their CPU is
    counted as the benchmark's own, not as other work.

    Raises:
        RuntimeError: the target did not answer a completion before or after the load.
    """
    _check_answer(target, "before the load")
    request = target.request
    generator.sequential(request, plan.warmup_requests)
    sequential = generator.sequential(request, plan.requests)
    generator.concurrent(request, plan.concurrency, plan.warmup_seconds)
    with cpu_use(target.process.pid, helper_pids) as cpu:
        concurrent = generator.concurrent(request, plan.concurrency, plan.seconds)
    memory = server_memory(target.process.pid)
    _check_answer(target, "after the load")
    return Measurement(sequential, concurrent, memory, cpu)
