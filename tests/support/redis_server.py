"""A Redis server of the test's own, on a free port, that the test may stop and restart
(never the shared one on 6379). Without persistence, so a restart starts it empty."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import redis

from tests.support.servers import free_port

STARTUP_TIMEOUT = 30.0


class RedisServer:
    """`redis-server --port N --save '' --appendonly no`, started and stopped on demand."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._directory = directory
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start it (empty) and wait until it answers PING."""
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed")
        self._directory.mkdir(parents=True, exist_ok=True)
        self._process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self._directory)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        deadline = time.monotonic() + STARTUP_TIMEOUT
        try:
            while True:
                with contextlib.suppress(redis.ConnectionError):
                    if client.ping():
                        return
                if time.monotonic() > deadline or self._process.poll() is not None:
                    raise RuntimeError(f"redis-server on port {self.port} did not start")
                time.sleep(0.05)
        finally:
            client.close()

    def stop(self) -> None:
        """Stop it (SIGTERM; without persistence its data is gone)."""
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._process = None


@contextlib.contextmanager
def redis_server(directory: Path) -> Iterator[RedisServer]:
    """A started Redis of the test's own, stopped at the end."""
    if shutil.which("redis-server") is None:
        from tests.conftest import require_service

        require_service("redis-server is not installed")
    server = RedisServer(directory)
    server.start()
    try:
        yield server
    finally:
        server.stop()
