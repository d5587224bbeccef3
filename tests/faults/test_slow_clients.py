"""Slow clients are bounded: a real `trichome serve chat` gives a client that trickles its
request head, or its body, a 408 with the error body and closes the connection, and keeps
serving everyone else meanwhile. One worker and several."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import httpx
import pytest

from tests.support.servers import chat_server, trichome_env
from trichome.config import Settings

pytestmark = pytest.mark.e2e

DEADLINE = 1.0  # TRICHOME_REQUEST_TIMEOUT for these servers
PATIENCE = 60.0  # how long the test waits for the server; far above the deadline


def connect(base: str) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=PATIENCE)
    return sock


def read_all(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    received = b""
    while chunk := sock.recv(65536):
        received += chunk
    return received


def error_of(raw: bytes) -> tuple[int, dict[str, object]]:
    head, _, body = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    return status, json.loads(body)["error"]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_trickled_head_or_body_gets_408_and_others_are_served(
    settings: Settings, tmp_path: Path, workers: int
) -> None:
    env = trichome_env(
        settings.data_dir, settings.database_url, request_timeout=str(DEADLINE), anonymous="true"
    )
    with chat_server(env, tmp_path / "chat.log", workers=workers) as base:
        silent = [connect(base) for _ in range(20)]  # connect and say nothing at all
        trickling = connect(base)
        trickling.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n")  # never ends
        slow_body = connect(base)
        slow_body.sendall(
            b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
            b"\r\nContent-Length: 400\r\n\r\n" + b'{"model": "free-agent", '
        )
        health = httpx.get(f"{base}/health", timeout=PATIENCE)  # served meanwhile
        assert health.status_code == 200

        status, error = error_of(read_all(trickling))
        assert (status, error["code"]) == (408, "request_timeout")
        status, error = error_of(read_all(slow_body))
        assert (status, error["code"]) == (408, "request_timeout")
        assert "body" in str(error["message"])
        for sock in silent:
            assert read_all(sock).startswith(b"HTTP/1.1 408")
            sock.close()
        trickling.close()
        slow_body.close()
