"""One real request at a time: to wait for a server, and to check its answer is a completion."""

from __future__ import annotations

import http.client
import json
import time

from bench.gateway.load import HttpRequest
from bench.gateway.processes import ManagedProcess, log_tail

POLL_SECONDS = 0.5


class NotReadyError(RuntimeError):
    """A server died or never answered with a chat completion."""


def send(request: HttpRequest, timeout: float = 10.0) -> tuple[int, bytes]:
    """Send the request once on a new connection; its status and body."""
    connection = http.client.HTTPConnection(request.host, request.port, timeout=timeout)
    try:
        connection.request("POST", request.path, body=request.body, headers=request.headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def completion_problem(status: int, body: bytes) -> str | None:
    """None for a 200 chat.completion with an assistant message, else what is wrong."""
    if status != 200:
        return f"HTTP {status}: {body[:300]!r}"
    try:
        completion = json.loads(body)
        content = completion["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        return f"not a chat.completion: {body[:300]!r}"
    if completion.get("object") != "chat.completion" or not content:
        return f"not a chat.completion with content: {body[:300]!r}"
    return None


def wait_until_ready(process: ManagedProcess, request: HttpRequest, timeout: float) -> float:
    """Poll with real requests until one is answered with a completion; the process's uptime.

    Raises:
        NotReadyError: the process exited, or no completion came within `timeout`.
    """
    started = time.monotonic()
    problem = "no answer yet"
    while time.monotonic() - started < timeout:
        if not process.alive():
            raise NotReadyError(
                f"{process.name} exited with {process.popen.returncode} before it was ready; "
                f"log {process.log_path}:\n{log_tail(process.log_path)}"
            )
        try:
            status, body = send(request, timeout=5.0)
        except OSError as error:
            problem = f"{type(error).__name__}: {error}"
        else:
            problem = completion_problem(status, body) or ""
            if not problem:
                return process.uptime()
        time.sleep(POLL_SECONDS)
    raise NotReadyError(
        f"{process.name} did not answer with a completion within {timeout:.0f} s ({problem}); "
        f"log {process.log_path}:\n{log_tail(process.log_path)}"
    )
