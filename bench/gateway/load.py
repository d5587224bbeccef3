"""What a load generator is given and what it measures; picks wrk or the asyncio fallback."""

from __future__ import annotations

import math
import shutil
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol
from urllib.parse import urlsplit


@dataclass(frozen=True)
class HttpRequest:
    """One POST that is sent over and over."""

    url: str
    headers: dict[str, str]
    body: bytes

    @property
    def host(self) -> str:
        """The host name of the URL."""
        return urlsplit(self.url).hostname or "127.0.0.1"

    @property
    def port(self) -> int:
        """The port of the URL."""
        return urlsplit(self.url).port or 80

    @property
    def path(self) -> str:
        """The path (and query) of the URL."""
        parts = urlsplit(self.url)
        return parts.path + (f"?{parts.query}" if parts.query else "")


@dataclass(frozen=True)
class LoadResult:
    """Client-observed figures of one run; latencies in milliseconds."""

    requests: int
    seconds: float
    non_2xx: int
    socket_errors: int
    p50_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    mean_ms: float

    @property
    def errors(self) -> int:
        """Non-2xx responses plus connect, read, write and timeout errors."""
        return self.non_2xx + self.socket_errors

    @property
    def requests_per_second(self) -> float:
        """Completed requests (of any status) per second."""
        return self.requests / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """The figures, with the derived ones, as a JSON-ready dict."""
        return asdict(self) | {
            "errors": self.errors,
            "requests_per_second": round(self.requests_per_second, 1),
        }


def percentile(sorted_values: Sequence[float], percent: float) -> float:
    """Nearest-rank percentile of already sorted values (0 for none)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(percent / 100 * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


class LoadGenerator(Protocol):
    """Sequential latency and fixed-concurrency throughput against one URL."""

    name: str

    def sequential(self, request: HttpRequest, count: int) -> LoadResult:
        """`count` requests one after another on one keep-alive connection."""
        ...

    def concurrent(self, request: HttpRequest, connections: int, seconds: float) -> LoadResult:
        """As many requests as `connections` keep-alive connections complete in `seconds`."""
        ...


def pick_load_generator(prefer: str = "auto", install: bool = True) -> LoadGenerator:
    """wrk when it is installed (or can be, as root), else the asyncio generator.

    Raises:
        RuntimeError: wrk was asked for but is not installed and could not be.
    """
    from bench.gateway.asyncio_load import AsyncioLoad
    from bench.gateway.wrk_load import WrkLoad, install_wrk

    if prefer == "asyncio":
        return AsyncioLoad()
    wrk = shutil.which("wrk") or (install_wrk() if install else None)
    if wrk:
        return WrkLoad(wrk)
    if prefer == "wrk":
        raise RuntimeError("wrk is not installed (Debian: apt-get install -y wrk)")
    print("wrk is not available; using the asyncio load generator (lower throughput)")
    return AsyncioLoad()
