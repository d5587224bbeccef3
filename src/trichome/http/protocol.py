"""Uvicorn's HTTP protocol with a deadline for the request head.

Uvicorn times out an idle keep-alive connection, but not a client that opens a connection
and sends its request line and headers slowly, or never: thousands of those hold a worker's
connections for as long as they like. Here the head of every request must be complete within
`TRICHOME_REQUEST_TIMEOUT` seconds of its first byte (of the connection, for the first one);
otherwise the client gets a 408 with the usual error body and the connection is closed. The
body has the same deadline, enforced where it is read (`http/deps.read_body`).
"""

from __future__ import annotations

import asyncio
import functools

import orjson
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from trichome.config import Settings


@functools.cache
def head_timeout() -> float:
    """The deadline, read once per process from the environment (workers are spawned)."""
    return Settings().request_timeout


def _timeout_response() -> bytes:
    body = orjson.dumps(
        {
            "error": {
                "message": "The request's headers did not arrive in time.",
                "type": "invalid_request_error",
                "code": "request_timeout",
                "param": None,
            }
        }
    )
    head = (
        "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


class BoundedHttpProtocol(HttpToolsProtocol):
    """`httptools` parsing, as uvicorn's default, plus the request-head deadline."""

    _head_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._head_deadline is None:
            self._head_deadline = self.loop.call_later(head_timeout(), self._head_timed_out)

    def _disarm(self) -> None:
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def _head_timed_out(self) -> None:
        self._head_deadline = None
        if not self.transport.is_closing():
            self.transport.write(_timeout_response())
            self.transport.close()
