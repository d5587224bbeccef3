"""How often a service's worker hands the GIL from one thread to another.

Routing and retrieval run in worker threads so that no request holds the event loop. But
while such a thread computes, the loop gets the GIL back only when the thread is told to let
go, which CPython does after the switch interval, and the loop lets go of it again at every
poll for I/O. One small request takes several polls, so it waits several intervals. Under
`python -m bench blocking` on a quiet 2-core machine, a probe of `GET /v1/models` came back
up to 17-25 ms late while a longest question was prepared with CPython's 5 ms, and 10-22 ms
with 1 ms; with other work on the CPUs the gap grows (up to 76 ms seen at 5 ms). The chat
API's throughput under `bench gateway` did not change measurably.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

WORKER_SWITCH_INTERVAL = 0.001


@contextlib.contextmanager
def switch_interval(seconds: float = WORKER_SWITCH_INTERVAL) -> Iterator[None]:
    """Hand the GIL between threads every `seconds` during the block, then restore the
    interval it had (the interpreter's default outside a service)."""
    previous = sys.getswitchinterval()
    sys.setswitchinterval(seconds)
    try:
        yield
    finally:
        sys.setswitchinterval(previous)
