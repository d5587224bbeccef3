"""Load from wrk (C, one thread), so the client takes as little of the 2 cores as it can.

A generated Lua script sets the POST body and headers, counts non-2xx responses per
thread, and prints one `WRK_RESULT` line of JSON when wrk ends. For a fixed number of
sequential requests the script stops its thread at the count and prints a marker, and
this module then interrupts wrk (which otherwise sleeps out its whole `-d`).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from bench.gateway.load import HttpRequest, LoadResult

LIMIT_MARKER = "WRK_LIMIT_REACHED"
RESULT_PREFIX = "WRK_RESULT "
# Longest a fixed-count run may take before wrk gives up by itself.
SEQUENTIAL_CAP_SECONDS = 300
TIMEOUT = "10s"

_SCRIPT = """\
wrk.method = "POST"
wrk.body = [==[{body}]==]
{headers}
local limit = {limit}
local threads = {{}}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  count = 0
  bad = 0
end

function response(status, headers, body)
  count = count + 1
  if status < 200 or status > 299 then
    bad = bad + 1
  end
  if limit > 0 and count == limit then
    io.write("{marker}\\n")
    io.flush()
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local bad_total = 0
  for _, thread in ipairs(threads) do
    bad_total = bad_total + thread:get("bad")
  end
  local e = summary.errors
  io.write(string.format(
    '{prefix}{{"requests": %d, "duration_us": %d, "non_2xx": %d, ' ..
    '"connect": %d, "read": %d, "write": %d, "timeout": %d, ' ..
    '"p50": %d, "p90": %d, "p99": %d, "max": %d, "mean": %f}}\\n',
    summary.requests, summary.duration, bad_total,
    e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, latency.mean))
end
"""


def _apt_get(*args: str) -> bool:
    result = subprocess.run(["apt-get", *args], capture_output=True, text=True, check=False)
    return result.returncode == 0


def install_wrk() -> str | None:
    """Install wrk with apt-get when running as root on Debian; its path, or None."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return None
    print("installing wrk (apt-get install -y wrk) ...")
    install = ("install", "-y", "-qq", "wrk")
    # A fresh machine's package lists may be missing or stale: update once and retry.
    if not _apt_get(*install) and _apt_get("update", "-qq"):
        _apt_get(*install)
    return shutil.which("wrk")


def lua_script(request: HttpRequest, limit: int = 0) -> str:
    """The wrk script for `request`; `limit` > 0 stops after that many responses."""
    body = request.body.decode()
    if "]==]" in body:
        raise ValueError("the request body cannot contain ]==]")
    headers = "\n".join(
        f"wrk.headers[{json.dumps(name)}] = {json.dumps(value)}"
        for name, value in request.headers.items()
    )
    return _SCRIPT.format(
        body=body, headers=headers, limit=limit, marker=LIMIT_MARKER, prefix=RESULT_PREFIX
    )


def parse_result(output: str) -> LoadResult:
    """The figures from wrk's output.

    Raises:
        RuntimeError: the output has no result line.
    """
    for line in output.splitlines():
        if line.startswith(RESULT_PREFIX):
            raw = json.loads(line[len(RESULT_PREFIX) :])
            return LoadResult(
                requests=raw["requests"],
                seconds=raw["duration_us"] / 1e6,
                non_2xx=raw["non_2xx"],
                socket_errors=raw["connect"] + raw["read"] + raw["write"] + raw["timeout"],
                p50_ms=raw["p50"] / 1000,
                p90_ms=raw["p90"] / 1000,
                p99_ms=raw["p99"] / 1000,
                max_ms=raw["max"] / 1000,
                mean_ms=raw["mean"] / 1000,
            )
    raise RuntimeError(f"wrk printed no result:\n{output[-2000:]}")


class WrkLoad:
    """Runs wrk with one thread."""

    name = "wrk"

    def __init__(self, executable: str) -> None:
        self._wrk = executable

    def _run(
        self, request: HttpRequest, connections: int, seconds: float, limit: int = 0
    ) -> LoadResult:
        with tempfile.TemporaryDirectory(prefix="bench-wrk-") as scratch:
            script = Path(scratch) / "post.lua"
            script.write_text(lua_script(request, limit))
            argv = [
                self._wrk,
                "--threads",
                "1",
                "--connections",
                str(connections),
                "--duration",
                f"{max(1, round(seconds))}s",
                "--timeout",
                TIMEOUT,
                "--script",
                str(script),
                request.url,
            ]
            process = subprocess.Popen(
                argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
            )
            lines = []
            try:
                assert process.stdout is not None
                for line in process.stdout:
                    lines.append(line)
                    if line.strip() == LIMIT_MARKER:
                        os.kill(process.pid, signal.SIGINT)
                process.wait()
            finally:
                if process.poll() is None:
                    process.kill()
                    process.wait()
        return parse_result("".join(lines))

    def sequential(self, request: HttpRequest, count: int) -> LoadResult:
        """`count` requests on one connection; wrk is interrupted when the count is reached."""
        result = self._run(request, connections=1, seconds=SEQUENTIAL_CAP_SECONDS, limit=count)
        if result.requests < count:
            raise RuntimeError(
                f"wrk completed {result.requests} of {count} sequential requests "
                f"within {SEQUENTIAL_CAP_SECONDS} s"
            )
        return result

    def concurrent(self, request: HttpRequest, connections: int, seconds: float) -> LoadResult:
        """`connections` connections for `seconds`."""
        return self._run(request, connections=connections, seconds=seconds)
