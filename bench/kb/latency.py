"""Timing searches: over HTTP with httpx's keep-alive workers, and in the raw engine.

Both sides run a closed loop: `concurrency` workers each start the next request of one
shared sequence as soon as their last one is answered, so the same queries run in the same
order on both sides and a latency includes any wait behind the other workers. (The API's
main figures come from wrk, in `wrk_search.py`; httpx is the fallback and a second line.)
"""

from __future__ import annotations

import asyncio
import itertools
import math
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from urllib.parse import urlencode

import httpx

RESULT_LIMIT = 10


def percentile(values: Sequence[float], share: float) -> float:
    """The `share` (0 to 1) percentile, interpolated between the nearest ranks."""
    if not values:
        return math.nan
    ordered = sorted(values)
    position = share * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True, slots=True)
class Timings:
    """Latencies of one or more timed runs (ms) and the wall-clock seconds they took."""

    latencies_ms: tuple[float, ...] = ()
    seconds: float = 0.0

    def __add__(self, other: Timings) -> Timings:
        return Timings(self.latencies_ms + other.latencies_ms, self.seconds + other.seconds)

    @property
    def p50(self) -> float:
        """Median latency, ms."""
        return percentile(self.latencies_ms, 0.50)

    @property
    def p99(self) -> float:
        """99th-percentile latency, ms."""
        return percentile(self.latencies_ms, 0.99)

    @property
    def mean(self) -> float:
        """Mean latency, ms (in a closed loop: concurrency over throughput)."""
        return sum(self.latencies_ms) / len(self.latencies_ms) if self.latencies_ms else math.nan

    @property
    def per_second(self) -> float:
        """Completed requests per wall-clock second."""
        return len(self.latencies_ms) / self.seconds if self.seconds else math.nan


class ApiError(RuntimeError):
    """The API answered a search with something other than a 200."""


def search_path(query: str) -> str:
    """The API's search for `query`: path and URL-encoded query string."""
    return f"/api/threads?{urlencode({'q': query, 'limit': RESULT_LIMIT})}"


def search_urls(base: str, queries: Sequence[str], count: int) -> list[str]:
    """`count` search URLs cycling through the queries (encoded up front, off the clock)."""
    paths = [search_path(query) for query in queries]
    return [f"{base}{paths[i % len(paths)]}" for i in range(count)]


async def time_http(client: httpx.AsyncClient, urls: Sequence[str], concurrency: int) -> Timings:
    """GET every URL with `concurrency` workers; each answer must be a 200.

    Raises:
        ApiError: a request was answered with another status.
    """
    latencies: list[float] = []
    positions = itertools.count()

    async def worker() -> None:
        while (position := next(positions)) < len(urls):
            started = time.perf_counter()
            answer = await client.get(urls[position])
            latencies.append((time.perf_counter() - started) * 1000)
            if answer.status_code != 200:
                raise ApiError(f"GET {urls[position]}: {answer.status_code} {answer.text[:300]}")

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return Timings(tuple(latencies), time.perf_counter() - started)


def time_calls(
    call: Callable[[str], object], queries: Sequence[str], count: int, concurrency: int
) -> Timings:
    """Call `call(query)` `count` times, cycling through the queries, from `concurrency`
    threads (one: in this thread, one after another), each in a closed loop."""
    latencies: list[float] = []
    positions = itertools.count()
    lock = threading.Lock()

    def worker() -> None:
        mine = []
        # A search is issued the moment the worker's last one returned, and timed from then:
        # the time a thread waits for the GIL before it runs again counts, as the time a
        # request waits behind others in a server does.
        issued = time.perf_counter()
        while True:
            with lock:
                position = next(positions)
            if position >= count:
                break
            call(queries[position % len(queries)])
            done = time.perf_counter()
            mine.append((done - issued) * 1000)
            issued = done
        with lock:
            latencies.extend(mine)

    started = time.perf_counter()
    if concurrency == 1:
        worker()
    else:
        with ThreadPoolExecutor(concurrency) as pool:
            for done in [pool.submit(worker) for _ in range(concurrency)]:
                done.result()
    return Timings(tuple(latencies), time.perf_counter() - started)
