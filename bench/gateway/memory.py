"""Peak resident memory (VmHWM) of a server's worker processes, from /proc."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
# Helper processes that are children of a server but serve no requests.
_HELPER_MARKERS = ("multiprocessing.resource_tracker", "multiprocessing.forkserver")


@dataclass(frozen=True)
class MemoryReport:
    """Peak RSS in MiB: each worker's, and the supervising parent's when there is one."""

    workers_mib: tuple[float, ...]
    parent_mib: float | None

    @property
    def max_worker_mib(self) -> float:
        """The largest worker's peak."""
        return max(self.workers_mib) if self.workers_mib else 0.0

    @property
    def total_mib(self) -> float:
        """Workers and parent together."""
        return sum(self.workers_mib) + (self.parent_mib or 0.0)


def peak_rss_mib(pid: int) -> float | None:
    """VmHWM of a process in MiB, None when it is gone."""
    try:
        status = (PROC / str(pid) / "status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return None


def _parent_pid(pid_dir: Path) -> int | None:
    try:
        stat = (pid_dir / "stat").read_text()
    except OSError:
        return None
    # The command name (field 2) is in parentheses and may contain spaces.
    return int(stat.rsplit(")", 1)[1].split()[1])


def child_pids(pid: int) -> list[int]:
    """The direct children of a process."""
    children = []
    for entry in PROC.iterdir():
        if entry.name.isdigit() and _parent_pid(entry) == pid:
            children.append(int(entry.name))
    return sorted(children)


def command_line(pid: int) -> str:
    """A process's command line, '' when it is gone."""
    try:
        raw = (PROC / str(pid) / "cmdline").read_bytes()
    except OSError:
        return ""
    return raw.replace(b"\0", b" ").decode(errors="replace")


def server_memory(pid: int) -> MemoryReport:
    """Peaks of a server: its worker children, or the server itself when it has none."""
    workers = [
        child
        for child in child_pids(pid)
        if not any(marker in command_line(child) for marker in _HELPER_MARKERS)
    ]
    if not workers:
        own = peak_rss_mib(pid)
        return MemoryReport(workers_mib=(own,) if own is not None else (), parent_mib=None)
    peaks = tuple(peak for peak in map(peak_rss_mib, workers) if peak is not None)
    return MemoryReport(workers_mib=peaks, parent_mib=peak_rss_mib(pid))
