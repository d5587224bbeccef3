"""A PostgreSQL cluster and a Redis of the benchmark's own, on free ports, that it can stop
and start again (never the machine's shared ones)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

POSTGRES_BIN = next(Path("/usr/lib/postgresql").glob("*/bin"), Path("/usr/lib/postgresql"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _as_postgres(args: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its tools as the `postgres` user then."""
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


def _wait_for(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


class Postgres:
    """A throw-away cluster in `directory`."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.port = free_port()
        self.url = f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/postgres"

    def _ctl(self, *args: str) -> None:
        subprocess.run(
            _as_postgres([str(POSTGRES_BIN / "pg_ctl"), "-D", str(self.directory / "data"), *args]),
            check=True, capture_output=True,
        )  # fmt: skip

    def create(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.directory, "postgres")
        subprocess.run(
            _as_postgres([str(POSTGRES_BIN / "initdb"), "-D", str(self.directory / "data"),
                          "-A", "trust", "-U", "postgres"]),
            check=True, capture_output=True,
        )  # fmt: skip
        self.start()

    def start(self) -> None:
        options = f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1"
        self._ctl("start", "-w", "-l", str(self.directory / "log"), "-o", options)
        _wait_for(self.port)

    def stop(self) -> None:
        self._ctl("stop", "-m", "immediate", "-w")

    def destroy(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()


class Redis:
    """A Redis that keeps nothing on disk: a restart starts it empty."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        _wait_for(self.port)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@contextlib.contextmanager
def dependencies(scratch: Path) -> Iterator[tuple[Postgres, Redis]]:
    """Both, started; stopped at the end whatever happened."""
    postgres, redis = Postgres(scratch / "postgres"), Redis()
    try:
        postgres.create()
        redis.start()
        yield postgres, redis
    finally:
        redis.stop()
        postgres.destroy()
