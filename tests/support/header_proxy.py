"""A reverse proxy that adds headers, for clients that cannot send any.

The MCP conformance suite connects to a URL with no way to add headers, while the tool
server needs an API key and Metrc keys on every request. This proxy stands where an
editor's configured headers would: it forwards each request as it came (method, path,
body, Host and Origin included, so the server's DNS-rebinding check sees what the client
sent) with the given headers added, and returns the server's answer as it came.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator, Mapping

import httpx
import uvicorn
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from tests.support.servers import free_port

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "te", "upgrade"}
STARTUP_TIMEOUT = 10.0


class HeaderProxy:
    """ASGI app forwarding every request to `upstream` with `headers` added."""

    def __init__(self, upstream: str, headers: Mapping[str, str]) -> None:
        self.upstream = upstream.rstrip("/")
        self.headers = dict(headers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        request = Request(scope, receive)
        forwarded = {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}
        url = f"{self.upstream}{request.url.path}"
        if request.url.query:
            url = f"{url}?{request.url.query}"
        async with httpx.AsyncClient(timeout=120) as client:
            answer = await client.request(
                request.method,
                url,
                content=await request.body(),
                headers={**forwarded, **self.headers},
            )
        headers = {k: v for k, v in answer.headers.items() if k.lower() not in HOP_BY_HOP}
        headers.pop("content-encoding", None)  # httpx has decoded the body
        await Response(answer.content, answer.status_code, headers)(scope, receive, send)


@contextlib.contextmanager
def header_proxy(upstream: str, headers: Mapping[str, str]) -> Iterator[str]:
    """The proxy listening on a free loopback port; yields its base URL."""
    port = free_port()
    config = uvicorn.Config(
        HeaderProxy(upstream, headers), host="127.0.0.1", port=port, log_level="error"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the header proxy did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
