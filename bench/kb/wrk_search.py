"""The API under load from wrk (C, one thread): a few percent of a core, where the httpx
client took about 1 ms of CPU per request from the 2 cores the server needs.

A generated Lua script, after the gateway's (`bench/gateway/wrk_load.py`), formats one GET
per path up front and hands them to the connections in turn, so the searches run the fixed
queries in order, as the httpx client does. It counts answers other than 200, stops wrk's
thread after a number of answers (this module then interrupts wrk, which would otherwise
sleep out its `--duration`), and prints one JSON line in wrk's `done` hook: the counts, and
every latency, read back from wrk's histogram as one percentile per answer (wrk 4.1's Lua
API cannot list the samples themselves).

Every `reconnect_every`-th request asks the server to close its connection, and wrk opens
another. uvicorn's workers share one listening socket, and when wrk opens its connections
all at once, the first worker to wake often accepts all of them and keeps them for the whole
run; reconnecting now and then spreads them over the workers, as many clients' do.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bench.gateway.wrk_load import (
    LIMIT_MARKER,
    RESULT_PREFIX,
    SEQUENTIAL_CAP_SECONDS,
    TIMEOUT,
    install_wrk,
)
from bench.kb.latency import ApiError, Timings

_SCRIPT = """\
local paths = {{
{paths}
}}
local limit = {limit}
local reconnect_every = {reconnect_every}
local threads = {{}}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  formatted = {{}}
  closing = {{}}
  for i, path in ipairs(paths) do
    formatted[i] = wrk.format("GET", path)
    closing[i] = wrk.format("GET", path, {{["Connection"] = "close"}})
  end
  position = 0
  sent = 0
  count = 0
  bad = 0
end

function request()
  position = position % #formatted + 1
  sent = sent + 1
  if reconnect_every > 0 and sent % reconnect_every == 0 then
    return closing[position]
  end
  return formatted[position]
end

function response(status, headers, body)
  count = count + 1
  if status ~= 200 then
    bad = bad + 1
  end
  if count == limit then
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
  local n = summary.requests
  local samples = {{}}
  for i = 1, n do
    -- wrk ranks round(p / 100 * n + 0.5): this p is the i-th smallest latency.
    samples[i] = string.format("%d", latency:percentile((i - 0.5) / n * 100))
  end
  local e = summary.errors
  io.write(string.format(
    '{prefix}{{"requests": %d, "duration_us": %d, "non_200": %d, ' ..
    '"socket_errors": %d, "latencies_us": [%s]}}\\n',
    n, summary.duration, bad_total, e.connect + e.read + e.write + e.timeout,
    table.concat(samples, ",")))
end
"""


def find_wrk(install: bool) -> str | None:
    """wrk's path: installed already, or now with apt-get (as root, when `install`)."""
    return shutil.which("wrk") or (install_wrk() if install else None)


def lua_script(paths: Sequence[str], limit: int, reconnect_every: int = 0) -> str:
    """The wrk script that GETs the paths in turn and stops after `limit` answers; with
    `reconnect_every` > 0, every so many requests ask the server to close the connection
    (wrk then opens a new one)."""
    # Paths are URL-encoded, so a JSON string is a valid Lua string too.
    listed = "\n".join(f"  {json.dumps(path)}," for path in paths)
    return _SCRIPT.format(
        paths=listed,
        limit=limit,
        reconnect_every=reconnect_every,
        marker=LIMIT_MARKER,
        prefix=RESULT_PREFIX,
    )


def parse_result(output: str, wanted: int) -> Timings:
    """The latencies and duration from wrk's output.

    Raises:
        ApiError: an answer was not a 200, a connection failed, or too few were answered.
        RuntimeError: the output has no result line.
    """
    for line in output.splitlines():
        if line.startswith(RESULT_PREFIX):
            raw = json.loads(line[len(RESULT_PREFIX) :])
            if raw["non_200"] or raw["socket_errors"]:
                raise ApiError(
                    f"wrk: {raw['non_200']} answers other than 200 and "
                    f"{raw['socket_errors']} socket errors in {raw['requests']} requests"
                )
            if raw["requests"] < wanted:
                raise ApiError(f"wrk: {raw['requests']} of {wanted} requests answered")
            latencies = tuple(us / 1000 for us in raw["latencies_us"])
            return Timings(latencies, raw["duration_us"] / 1e6)
    raise RuntimeError(f"wrk printed no result:\n{output[-2000:]}")


class WrkSearchLoad:
    """Runs wrk, one thread, for a number of requests over a list of paths."""

    name = "wrk"

    def __init__(self, executable: str, base: str, reconnect_every: int = 0) -> None:
        self._wrk = executable
        self._base = base
        self._reconnect_every = reconnect_every

    def run(self, paths: Sequence[str], connections: int, count: int) -> Timings:
        """`count` GETs of the paths in turn (from the first) on `connections` connections.

        Raises:
            ApiError: see `parse_result`.
        """
        with tempfile.TemporaryDirectory(prefix="bench-kb-wrk-") as scratch:
            script = Path(scratch) / "search.lua"
            script.write_text(lua_script(paths, count, self._reconnect_every))
            argv = [
                self._wrk,
                "--threads",
                "1",
                "--connections",
                str(connections),
                "--duration",
                f"{SEQUENTIAL_CAP_SECONDS}s",
                "--timeout",
                TIMEOUT,
                "--script",
                str(script),
                self._base,
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
        return parse_result("".join(lines), count)
