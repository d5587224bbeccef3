"""An S3-compatible server for the files tests: moto's server (`python -m moto.server`), in
its own process on a free port, so the store is reached over HTTP with boto3 exactly as a
real one is, and can be stopped to see what an outage does."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx

BUCKET = "trichome-test"
CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "test-access-key",
    "AWS_SECRET_ACCESS_KEY": "test-secret-key",
    "AWS_DEFAULT_REGION": "us-east-1",
}


def free_port() -> int:
    """A TCP port nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def s3_server() -> Iterator[str]:
    """A running moto S3 server with the test bucket; yields its endpoint."""
    port = free_port()
    endpoint = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.put(f"{endpoint}/{BUCKET}", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the moto S3 server did not start")
            time.sleep(0.2)
        yield endpoint
    finally:
        process.terminate()
        process.wait(timeout=10)
