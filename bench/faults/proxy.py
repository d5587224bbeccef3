"""A TCP relay that can cut every connection and refuse new ones, then listen again: a
dependency (PostgreSQL) going away and coming back, without touching the real server."""

from __future__ import annotations

import asyncio
import contextlib
import threading


class CuttableProxy:
    """Relays 127.0.0.1:`port` to `target_port`; `cut()` and `restore()` from any thread."""

    def __init__(self, port: int, target_port: int) -> None:
        self.port = port
        self._target_port = target_port
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()

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
        """Cut and end the relay's thread."""
        self.cut()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", self.port)

    async def _cut(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(
                "127.0.0.1", self._target_port
            )
        except OSError:
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
