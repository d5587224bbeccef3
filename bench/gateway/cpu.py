"""CPU time from /proc: a server's (with its workers), and the whole machine's.

The machine's busy time minus everything the benchmark itself ran is CPU that other
work took during a measurement: on a shared machine it says whether a run is clean.
"""

from __future__ import annotations

import contextlib
import os
import resource
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from bench.gateway.memory import PROC, child_pids

_TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")


def process_cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of one process, 0 when it is gone."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return 0.0
    # Fields after the parenthesised command name: state is [0], utime [11], stime [12].
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS_PER_SECOND


def server_cpu_seconds(pid: int) -> float:
    """CPU seconds of a server process and its direct children."""
    return sum(server_cpu_by_process(pid).values())


def server_cpu_by_process(pid: int) -> dict[int, float]:
    """CPU seconds of a server process and of each of its direct children."""
    return {p: process_cpu_seconds(p) for p in (pid, *child_pids(pid))}


def machine_busy_seconds() -> float:
    """CPU seconds all CPUs spent running processes (user, nice, system) since boot.

    Interrupt time is left out: loopback TCP is processed in softirq time, which the kernel
    charges to no process, so it would look like other work.
    """
    fields = [int(v) for v in (PROC / "stat").read_text().split("\n", 1)[0].split()[1:4]]
    return sum(fields) / _TICKS_PER_SECOND


def _own_seconds() -> float:
    # This process, plus finished children it waited for (the load generator runs).
    self_usage = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return sum(
        (u.ru_utime + u.ru_stime for u in (self_usage, children)),
        start=0.0,
    )


@dataclass
class CpuUse:
    """CPU seconds used during a block: by the server, by all of ours, by other work."""

    server: float = 0.0
    ours: float = 0.0
    machine: float = 0.0
    # CPU seconds of each server process that did any work (parent first, then workers).
    by_process: tuple[float, ...] = ()

    @property
    def other(self) -> float:
        """Busy time of the machine that none of the benchmark's processes account for."""
        return max(0.0, self.machine - self.ours)


@contextlib.contextmanager
def cpu_use(server_pid: int, helper_pids: Sequence[int]) -> Iterator[CpuUse]:
    """Measure CPU use over the block (the server, helpers such as the upstream, and us)."""
    use = CpuUse()

    def snapshot() -> tuple[dict[int, float], float, float]:
        server = server_cpu_by_process(server_pid)
        helpers = sum(server_cpu_seconds(pid) for pid in helper_pids)
        return server, sum(server.values()) + helpers + _own_seconds(), machine_busy_seconds()

    server0, ours0, machine0 = snapshot()
    yield use
    server1, ours1, machine1 = snapshot()
    spent = [seconds - server0.get(pid, 0.0) for pid, seconds in server1.items()]
    use.server, use.ours, use.machine = sum(spent), ours1 - ours0, machine1 - machine0
    use.by_process = tuple(seconds for seconds in spent if seconds > 0.05)
