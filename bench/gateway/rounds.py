"""Several rounds per target, in alternating order, combined figure by figure (median).

On a shared virtual machine the CPU's speed drifts over minutes, and a gateway measured
after another would pay for that drift alone; alternating the order and taking medians
spreads it over both.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from bench.gateway.cpu import CpuUse
from bench.gateway.load import LoadResult
from bench.gateway.measure import Measurement

T = TypeVar("T")


def round_order(items: Sequence[T], round_index: int) -> list[T]:
    """The items in order on even rounds, reversed on odd ones."""
    return list(items) if round_index % 2 == 0 else list(reversed(items))


def _median_load(results: Sequence[LoadResult]) -> LoadResult:
    def middle(name: str) -> float:
        return float(statistics.median(getattr(r, name) for r in results))

    return LoadResult(
        requests=round(middle("requests")),
        seconds=middle("seconds"),
        non_2xx=max(r.non_2xx for r in results),
        socket_errors=max(r.socket_errors for r in results),
        p50_ms=middle("p50_ms"),
        p90_ms=middle("p90_ms"),
        p99_ms=middle("p99_ms"),
        max_ms=max(r.max_ms for r in results),
        mean_ms=middle("mean_ms"),
    )


def _median_cpu(uses: Sequence[CpuUse]) -> CpuUse:
    return CpuUse(
        server=statistics.median(u.server for u in uses),
        ours=statistics.median(u.ours for u in uses),
        machine=statistics.median(u.machine for u in uses),
    )


def combine(rounds: Sequence[Measurement]) -> Measurement:
    """The median of every figure over the rounds, the worst of errors and max latency;
    memory is the last round's (peaks only grow).

    Raises:
        ValueError: no rounds.
    """
    if not rounds:
        raise ValueError("no rounds to combine")
    return replace(
        rounds[-1],
        sequential=_median_load([m.sequential for m in rounds]),
        concurrent=_median_load([m.concurrent for m in rounds]),
        cpu=_median_cpu([m.cpu for m in rounds]),
    )
