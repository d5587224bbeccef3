"""The probe: `GET /v1/models` on one keep-alive connection every few milliseconds, from a
process of its own (so the benchmark's own work never delays it), each send time and latency
printed as JSON when its stdin closes.

`python -m bench.blocking.probe PORT INTERVAL_SECONDS`
"""

from __future__ import annotations

import http.client
import json
import os
import select
import sys
import time

PATH = "/v1/models"
TIMEOUT_SECONDS = 60.0


def probe(port: int, interval: float) -> list[tuple[float, float]]:
    """(sent at, seconds to the whole answer) for each probe until stdin closes."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT_SECONDS)
    samples: list[tuple[float, float]] = []
    stdin = sys.stdin.fileno()
    next_at = time.monotonic()
    while True:
        wait = max(0.0, next_at - time.monotonic())
        if select.select([stdin], [], [], wait)[0] and not os.read(stdin, 4096):
            return samples
        sent = time.monotonic()
        connection.request("GET", PATH)
        answer = connection.getresponse()
        answer.read()
        samples.append((sent, time.monotonic() - sent))
        if answer.status != 200:
            raise SystemExit(f"probe: GET {PATH} answered {answer.status}")
        # A probe held up by a blocked loop does not make the next ones bunch up behind it.
        next_at = max(next_at + interval, time.monotonic())


def main(argv: list[str]) -> int:
    samples = probe(int(argv[0]), float(argv[1]))
    json.dump(samples, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
