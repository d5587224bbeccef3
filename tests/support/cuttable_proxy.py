"""A TCP relay that can cut every connection and refuse new ones, then listen again: a
dependency (PostgreSQL) going away and coming back, without touching the real server.

Used by the fault tests (`tests/faults/test_postgres.py`) and by `bench/faults`.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator


class CuttableProxy:
    """Relays 127.0.0.1:`port` to `target_host`:`target_port`; `cut()` and `restore()` from
    any thread."""

    def __init__(self, port: int, target_port: int, target_host: str = "127.0.0.1") -> None:
        self.port = port
        self._target = (target_host, target_port)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        # Bumped by each cut: a connection accepted before a cut but still connecting to
        # the target when it happened is closed too, instead of outliving the cut (a pooled
        # database connection that survived would hide the fault).
        self._generation = 0

    def start(self) -> None:
        """Run the relay's loop and listen."""
        self._thread.start()
        self.restore()

    def _call(self, coroutine: object) -> None:
        asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout=10)  # type: ignore[arg-type]

    def restore(self) -> None:
        """Listen again."""
        self._call(self._listen())

    def cut(self) -> None:
        """Close every relayed connection and stop listening (new ones are refused)."""
        self._call(self._cut())

    def stop(self) -> None:
        """Cut, end the relay's thread and close its loop."""
        self.cut()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", self.port)

    async def _cut(self) -> None:
        self._generation += 1
        if self._server is not None:
            self._server.close()
            self._server = None
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        generation = self._generation
        if self._server is None:  # accepted just before a cut, started after it
            writer.transport.abort()
            return
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(*self._target)
        except OSError:
            writer.transport.abort()
            return
        if generation != self._generation:  # cut while connecting
            upstream_writer.transport.abort()
            writer.transport.abort()
            return
        self._writers.update((writer, upstream_writer))
        await asyncio.gather(
            _pipe(reader, upstream_writer), _pipe(upstream_reader, writer), return_exceptions=True
        )
        self._writers.difference_update((writer, upstream_writer))


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    finally:
        with contextlib.suppress(Exception):
            writer.close()


@contextlib.contextmanager
def cuttable_proxy(
    port: int, target_port: int, target_host: str = "127.0.0.1"
) -> Iterator[CuttableProxy]:
    """A started relay on `port`, stopped on exit."""
    proxy = CuttableProxy(port, target_port, target_host)
    proxy.start()
    try:
        yield proxy
    finally:
        proxy.stop()
