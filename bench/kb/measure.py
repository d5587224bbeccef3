"""One corpus's search measurements, in rounds: the API from wrk (or httpx), the engine in
this process, and the CPU the server and the client took meanwhile."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import httpx

from bench.gateway.cpu import cpu_use
from bench.gateway.processes import ManagedProcess
from bench.kb import report
from bench.kb.engine import engine_search, tantivy_search
from bench.kb.latency import Timings, search_path, search_urls, time_calls, time_http
from bench.kb.queries import build_queries
from bench.kb.server import BenchmarkError
from bench.kb.wrk_search import WrkSearchLoad
from trichome.forum.index import ThreadIndex

# Queries whose hits must be the same through the API and in the engine.
SAME_HITS_CHECKED = 25
FLOOR_PATH = "/v1/models"

# paths, connections, requests -> the requests' timings
Load = Callable[[Sequence[str], int, int], Awaitable[Timings]]


def httpx_load(client: httpx.AsyncClient, base: str) -> Load:
    """The paths from httpx's keep-alive workers in this process."""

    async def run(paths: Sequence[str], connections: int, count: int) -> Timings:
        urls = [f"{base}{paths[i % len(paths)]}" for i in range(count)]
        return await time_http(client, urls, connections)

    return run


def wrk_load(executable: str, base: str, reconnect_every: int) -> Load:
    """The paths from wrk, in its own process."""
    wrk = WrkSearchLoad(executable, base, reconnect_every)

    async def run(paths: Sequence[str], connections: int, count: int) -> Timings:
        return await asyncio.to_thread(wrk.run, paths, connections, count)

    return run


async def _check_same_hits(
    client: httpx.AsyncClient, base: str, queries: Sequence[str], index: ThreadIndex
) -> None:
    """Both sides must search the same index: the same threads for the same query."""
    for url, query in zip(search_urls(base, queries, SAME_HITS_CHECKED), queries, strict=False):
        answer = await client.get(url)
        if answer.status_code != 200:
            raise BenchmarkError(f"GET {url}: {answer.status_code} {answer.text[:300]}")
        through_api = [hit["id"] for hit in answer.json()["data"]]
        raw = [hit.id for hit in index.search(query, limit=len(through_api) or 10).hits]
        if through_api != raw:
            raise BenchmarkError(f"{query!r}: the API found {through_api}, the engine {raw}")


async def measure(
    *,
    base: str,
    process: ManagedProcess,
    index_path: Path,
    wrk: str | None,
    queries: int,
    concurrency: int,
    requests: int,
    rounds: int,
    reconnect_every: int,
) -> tuple[dict[str, Timings], report.ApiCpu]:
    """Every measurement, in rounds of alternating order: the pooled timings, and the CPU
    the searches through the API at `concurrency` took."""
    texts = build_queries(queries)
    paths = [search_path(text) for text in texts]
    index = ThreadIndex(index_path)
    engine = engine_search(index)
    tantivy_only = tantivy_search(index_path)
    c = concurrency
    limits = httpx.Limits(max_connections=c, max_keepalive_connections=c)
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:
        await _check_same_hits(client, base, texts, index)
        through_httpx = httpx_load(client, base)
        load = wrk_load(wrk, base, reconnect_every) if wrk else through_httpx
        # Warm-up: every query once on each side (index pages in the page cache, connections).
        time_calls(engine, texts, len(texts), 1)
        time_calls(tantivy_only, texts, len(texts), 1)
        await load(paths, c, len(paths))
        await load([FLOOR_PATH], c, len(paths))
        if wrk:
            await through_httpx(paths, c, len(paths))

        server_cpu = ours_cpu = other_cpu = api_seconds = 0.0
        splits: list[tuple[float, ...]] = []

        async def api() -> Timings:
            nonlocal server_cpu, ours_cpu, other_cpu, api_seconds
            with cpu_use(process.pid, []) as used:
                timed = await load(paths, c, requests)
            server_cpu += used.server
            ours_cpu += used.ours
            other_cpu += used.other
            api_seconds += timed.seconds
            splits.append(used.by_process)
            return timed

        def engine_run(
            call: Callable[[str], object], threads: int
        ) -> Callable[[], Awaitable[Timings]]:
            async def run() -> Timings:
                return time_calls(call, texts, requests, threads)

            return run

        def http_run(
            run: Load, on: Sequence[str], connections: int
        ) -> Callable[[], Awaitable[Timings]]:
            async def timed() -> Timings:
                return await run(on, connections, requests)

            return timed

        steps: dict[str, Callable[[], Awaitable[Timings]]] = {
            report.API: api,
            report.ENGINE: engine_run(engine, c),
            report.API_C1: http_run(load, paths, 1),
            report.ENGINE_C1: engine_run(engine, 1),
            report.TANTIVY_C1: engine_run(tantivy_only, 1),
            report.FLOOR: http_run(load, [FLOOR_PATH], c),
        }
        if wrk:
            steps[report.API_HTTPX] = http_run(through_httpx, paths, c)
        pooled = {key: Timings() for key in steps}
        for round_index in range(rounds):
            order = list(steps) if round_index % 2 == 0 else list(reversed(steps))
            for key in order:
                pooled[key] = pooled[key] + await steps[key]()
    searches = len(pooled[report.API].latencies_ms)
    cpu = report.ApiCpu(
        server_ms=server_cpu * 1000 / searches,
        client_ms=(ours_cpu - server_cpu) * 1000 / searches,
        other_share=other_cpu / (api_seconds * (os.cpu_count() or 1)),
        worker_seconds=tuple(splits),
    )
    return pooled, cpu
