"""Connections pinned to a checked address, so a DNS answer that changes between the check
and the connection (rebinding) cannot move a page fetch to a private address.

The fetcher sets `current_pin` for each hop it has checked; `PinnedTransport` connects only
there.
"""

from __future__ import annotations

import contextvars
import ssl
from collections.abc import Iterable
from dataclasses import dataclass

import httpcore
import httpx


@dataclass(frozen=True, slots=True)
class Pin:
    """Where a checked hop connects: `host` and `port` as httpcore will ask for them."""

    host: str
    port: int
    address: str


current_pin: contextvars.ContextVar[Pin | None] = contextvars.ContextVar(
    "page_fetch_pin", default=None
)


class _PinnedBackend(httpcore.AsyncNetworkBackend):
    """Opens TCP connections to the current hop's checked address instead of resolving its name.

    httpcore still addresses the request to the name: the `Host` header carries it, and TLS
    uses it for SNI and verifies the certificate against it, so https stays fully checked.
    A connection for anything but the pinned host and port is refused (fail closed). The pool
    reuses a kept-alive connection only for its own origin, and it was opened to an address
    checked for that origin.
    """

    def __init__(self) -> None:
        self._network = httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        pin = current_pin.get()
        if pin is None or (pin.host, pin.port) != (host, port):
            raise httpcore.ConnectError("connection not pinned to a checked address")
        return await self._network.connect_tcp(
            pin.address, port, timeout, local_address, socket_options
        )

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("unix sockets are not fetched")

    async def sleep(self, seconds: float) -> None:
        await self._network.sleep(seconds)


class PinnedTransport(httpx.AsyncHTTPTransport):
    """httpx's own transport with its connection pool on the pinned backend.

    httpx takes no network backend, so the pool it builds is replaced by one like it that has
    ours; `handle_async_request` (request and response mapping, errors) stays httpx's.
    """

    def __init__(self, ssl_context: ssl.SSLContext) -> None:
        super().__init__(verify=ssl_context, trust_env=False)
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=ssl_context, network_backend=_PinnedBackend(), http1=True, http2=False
        )
