"""The fallback load generator when wrk is missing: asyncio, raw keep-alive HTTP/1.1.

It shares the 2 cores with the servers it measures and costs more CPU per request than
wrk, so its throughput figures are lower; prefer wrk (`apt-get install -y wrk`).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

import httptools

from bench.gateway.load import HttpRequest, LoadResult, percentile

READ_TIMEOUT_SECONDS = 10.0


@dataclass
class _Tally:
    latencies: list[float] = field(default_factory=list)
    non_2xx: int = 0
    socket_errors: int = 0


class _Response:
    """httptools callbacks for one response."""

    def __init__(self) -> None:
        self.complete = False

    def on_message_complete(self) -> None:
        self.complete = True


def _raw_request(request: HttpRequest) -> bytes:
    lines = [
        f"POST {request.path} HTTP/1.1",
        f"Host: {request.host}:{request.port}",
        f"Content-Length: {len(request.body)}",
        *(f"{name}: {value}" for name, value in request.headers.items()),
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + request.body


async def _connection(request: HttpRequest, tally: _Tally, deadline: float, count: int) -> None:
    """One keep-alive connection sending until `deadline` or `count` responses (0: no cap)."""
    raw = _raw_request(request)
    done = 0
    while time.perf_counter() < deadline and (count == 0 or done < count):
        try:
            reader, writer = await asyncio.open_connection(request.host, request.port)
        except OSError:
            tally.socket_errors += 1
            await asyncio.sleep(0.01)
            continue
        try:
            while time.perf_counter() < deadline and (count == 0 or done < count):
                started = time.perf_counter()
                writer.write(raw)
                response = _Response()
                parser = httptools.HttpResponseParser(response)
                while not response.complete:
                    data = await asyncio.wait_for(reader.read(65536), READ_TIMEOUT_SECONDS)
                    if not data:
                        raise ConnectionError("server closed the connection")
                    parser.feed_data(data)
                tally.latencies.append((time.perf_counter() - started) * 1000)
                status = parser.get_status_code()
                if not 200 <= status <= 299:
                    tally.non_2xx += 1
                done += 1
                if not parser.should_keep_alive():
                    break
        except (OSError, TimeoutError, httptools.HttpParserError):
            tally.socket_errors += 1
        finally:
            writer.close()


def _result(tally: _Tally, seconds: float) -> LoadResult:
    ordered = sorted(tally.latencies)
    return LoadResult(
        requests=len(ordered),
        seconds=seconds,
        non_2xx=tally.non_2xx,
        socket_errors=tally.socket_errors,
        p50_ms=percentile(ordered, 50),
        p90_ms=percentile(ordered, 90),
        p99_ms=percentile(ordered, 99),
        max_ms=ordered[-1] if ordered else 0.0,
        mean_ms=sum(ordered) / len(ordered) if ordered else 0.0,
    )


async def _run(request: HttpRequest, connections: int, seconds: float, count: int) -> LoadResult:
    tally = _Tally()
    started = time.perf_counter()
    deadline = started + seconds
    await asyncio.gather(
        *(_connection(request, tally, deadline, count) for _ in range(connections))
    )
    return _result(tally, time.perf_counter() - started)


class AsyncioLoad:
    """The asyncio load generator."""

    name = "asyncio"

    def sequential(self, request: HttpRequest, count: int) -> LoadResult:
        """`count` requests on one connection (capped at 5 minutes)."""
        return asyncio.run(_run(request, connections=1, seconds=300.0, count=count))

    def concurrent(self, request: HttpRequest, connections: int, seconds: float) -> LoadResult:
        """`connections` connections for `seconds`."""
        return asyncio.run(_run(request, connections=connections, seconds=seconds, count=0))
