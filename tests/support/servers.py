"""Real server processes for end-to-end tests."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import httpx

STARTUP_TIMEOUT = 60.0


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def trichome_env(
    data_dir: Path, database_url: str | None = None, **settings: str
) -> dict[str, str]:
    """The environment of a `trichome` process: the test's data dir and database, plus settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICHOME_")}
    env["TRICHOME_DATA_DIR"] = str(data_dir)
    env["TRICHOME_LOG_LEVEL"] = "warning"
    if database_url:
        env["TRICHOME_DATABASE_URL"] = database_url
    env.update({f"TRICHOME_{name.upper()}": value for name, value in settings.items()})
    return env


def trichome(
    *args: str, env: Mapping[str, str], check: bool = True
) -> subprocess.CompletedProcess[str]:
    """Run the `trichome` command to completion."""
    return subprocess.run(
        [sys.executable, "-m", "trichome.cli", *args],
        env=dict(env),
        capture_output=True,
        text=True,
        timeout=120,
        check=check,
    )


def create_key(env: Mapping[str, str], tier: str, org: str | None = None) -> str:
    """A new key made with `trichome keys create`: the last line of its output."""
    result = trichome("keys", "create", "--org", org or f"{tier}-org", "--tier", tier, env=env)
    return result.stdout.strip().splitlines()[-1]


def wait_until_healthy(
    url: str, process: subprocess.Popen[bytes], log: Path, timeout: float = STARTUP_TIMEOUT
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}:\n{log.read_text()}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=1).status_code == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"server did not become healthy at {url}:\n{log.read_text()}")


@contextlib.contextmanager
def running(
    args: list[str], env: Mapping[str, str], health_url: str, log: Path
) -> Iterator[subprocess.Popen[bytes]]:
    """A `trichome` process, started and healthy; stopped (whole process group) on exit."""
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "trichome.cli", *args],
            env=dict(env),
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_until_healthy(health_url, process, log)
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@contextlib.contextmanager
def chat_server(
    env: Mapping[str, str], log: Path, workers: int = 1, port: int | None = None
) -> Iterator[str]:
    """`trichome serve chat` on `port` (a free one by default); yields its base URL."""
    port = port or free_port()
    args = ["serve", "chat", "--port", str(port), "--workers", str(workers)]
    base = f"http://127.0.0.1:{port}"
    with running(args, env, f"{base}/health", log):
        yield base


@contextlib.contextmanager
def kb_server(env: Mapping[str, str], log: Path, workers: int = 1) -> Iterator[str]:
    """`trichome serve kb` on a free port; yields its base URL."""
    port = free_port()
    args = ["serve", "kb", "--port", str(port), "--workers", str(workers)]
    base = f"http://127.0.0.1:{port}"
    with running(args, env, f"{base}/api/health", log):
        yield base


@contextlib.contextmanager
def dashboard_server(env: Mapping[str, str], log: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """`trichome serve dashboard` on a free port; yields its base URL and the environment
    (with TRICHOME_DASHBOARD_PORT set, so `trichome dashboard login-link` points at it)."""
    port = free_port()
    env = {**env, "TRICHOME_DASHBOARD_PORT": str(port)}
    base = f"http://127.0.0.1:{port}"
    with running(["serve", "dashboard", "--port", str(port)], env, f"{base}/api/health", log):
        yield base, env
