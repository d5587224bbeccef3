"""A scripted Metrc-like server, served over real HTTP on 127.0.0.1 in a background thread.

Tests set `fake.script` to answer requests, and read `fake.calls` to see what the client sent;
the server also counts requests in flight per licence.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tests.support.servers import free_port


@dataclass
class Call:
    """One request as the server saw it."""

    method: str
    path: str
    raw_path: str
    params: dict[str, str]
    raw_query: str
    authorization: str | None
    body: Any

    @property
    def license(self) -> str | None:
        return self.params.get("licenseNumber")


Script = Callable[[Call], Awaitable[Response | None] | Response | None]


@dataclass
class FakeMetrc:
    """The server's script, what it received, and how many requests were in flight at once."""

    base_url: str = ""
    script: Script | None = None
    delay: float = 0.0
    calls: list[Call] = field(default_factory=list)
    in_flight: dict[str | None, int] = field(default_factory=dict)
    max_in_flight: dict[str | None, int] = field(default_factory=dict)
    max_total_in_flight: int = 0
    # Hold requests until this many are in flight at once (all licences together), then let
    # every request through: proves a client reaches its concurrency cap whatever the speed
    # of the machine.
    hold_until: int = 0
    hold_timeout: float = 30.0
    _released: asyncio.Event | None = None
    # Bumped by every reset: a request still running from an earlier test (its client gone)
    # must not change the counts of the test after it.
    _generation: int = 0

    def reset(self) -> None:
        self._generation += 1
        self.script = None
        self.delay = 0.0
        self.hold_until = 0
        self._released = None
        self.calls.clear()
        self.in_flight.clear()
        self.max_in_flight.clear()
        self.max_total_in_flight = 0

    async def handle(self, request: Request) -> Response:
        raw = await request.body()
        call = Call(
            method=request.method,
            path=request.url.path,
            raw_path=request.scope["raw_path"].decode(),
            params=dict(request.query_params),
            raw_query=request.scope["query_string"].decode(),
            authorization=request.headers.get("authorization"),
            body=json.loads(raw) if raw else None,
        )
        self.calls.append(call)
        key, generation = call.license, self._generation
        self.in_flight[key] = self.in_flight.get(key, 0) + 1
        self.max_in_flight[key] = max(self.max_in_flight.get(key, 0), self.in_flight[key])
        self.max_total_in_flight = max(self.max_total_in_flight, sum(self.in_flight.values()))
        try:
            if self.hold_until and not await self._held():
                message = (
                    f"only {sum(self.in_flight.values())} requests were in flight after "
                    f"{self.hold_timeout} s; the test waited for {self.hold_until}"
                )
                return JSONResponse({"Message": message}, 500)
            if self.delay:
                await asyncio.sleep(self.delay)
            answer = self.script(call) if self.script else None
            if asyncio.iscoroutine(answer):
                answer = await answer
            return answer if isinstance(answer, Response) else JSONResponse([])
        finally:
            if generation == self._generation:  # else a reset has cleared this count already
                self.in_flight[key] -= 1

    async def _held(self) -> bool:
        """Wait until `hold_until` requests are in flight at once; False if they never are."""
        if self._released is None:
            self._released = asyncio.Event()
        if sum(self.in_flight.values()) >= self.hold_until:
            self._released.set()
        try:
            await asyncio.wait_for(self._released.wait(), self.hold_timeout)
        except TimeoutError:
            return False
        return True


@contextlib.contextmanager
def fake_metrc() -> Iterator[FakeMetrc]:
    """The scripted server, listening on a free port for the duration."""
    fake = FakeMetrc()
    methods = ["GET", "POST", "PUT", "DELETE"]
    app = Starlette(routes=[Route("/{path:path}", fake.handle, methods=methods)])
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("fake Metrc did not start")
        time.sleep(0.02)
    fake.base_url = f"http://127.0.0.1:{port}"
    try:
        yield fake
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def envelope(records: list[Any], page: int, page_size: int, total: int) -> dict[str, Any]:
    """Metrc's v2 list envelope for one page."""
    pages = max(1, -(-total // page_size))
    return {
        "Data": records,
        "Total": total,
        "TotalRecords": total,
        "PageSize": page_size,
        "RecordsOnPage": len(records),
        "Page": page,
        "CurrentPage": page,
        "TotalPages": pages,
    }


def paged(records: list[Any], call: Call) -> Response:
    """The records as Metrc pages them: all in one envelope unless pageSize is given."""
    if "pageSize" not in call.params:
        return JSONResponse(envelope(records, 1, max(len(records), 1), len(records)))
    size, number = int(call.params["pageSize"]), int(call.params["pageNumber"])
    chunk = records[(number - 1) * size : number * size]
    return JSONResponse(envelope(chunk, number, size, len(records)))
