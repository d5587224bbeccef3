"""Servers started by the benchmark: each in its own process group, always cleaned up."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

STOP_GRACE_SECONDS = 10.0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def log_tail(path: Path, lines: int = 30) -> str:
    """The last lines of a log, for error messages."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "(no log)"
    return "\n".join(text.splitlines()[-lines:])


@dataclass
class ManagedProcess:
    """A server started in a new session, so its pid is also its process group id."""

    name: str
    popen: subprocess.Popen[bytes]
    log_path: Path
    started_at: float = field(default_factory=time.monotonic)

    @property
    def pid(self) -> int:
        """The server's pid (and process group id)."""
        return self.popen.pid

    def uptime(self) -> float:
        """Seconds since the server was started."""
        return time.monotonic() - self.started_at

    def alive(self) -> bool:
        """True while the server process runs."""
        return self.popen.poll() is None

    def _signal_group(self, signum: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signum)

    def pause(self) -> None:
        """Stop every process of the group (SIGSTOP), so it uses no CPU."""
        self._signal_group(signal.SIGSTOP)

    def resume(self) -> None:
        """Let a paused group run again."""
        self._signal_group(signal.SIGCONT)

    def stop(self) -> None:
        """SIGTERM the whole group, then SIGKILL whatever is left after a grace period."""
        self.resume()
        self._signal_group(signal.SIGTERM)
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        while time.monotonic() < deadline:
            if self.popen.poll() is not None and not _group_exists(self.pid):
                break
            time.sleep(0.05)
        self._signal_group(signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(timeout=STOP_GRACE_SECONDS)


def _group_exists(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@dataclass
class ProcessSet:
    """The servers of one benchmark run; `stop_all` ends them newest first."""

    log_dir: Path
    processes: list[ManagedProcess] = field(default_factory=list)

    def start(
        self,
        name: str,
        argv: Sequence[str],
        env: Mapping[str, str],
        cwd: Path | None = None,
    ) -> ManagedProcess:
        """Start `argv` in a new session with stdout and stderr going to `{log_dir}/{name}.log`."""
        self.log_dir.mkdir(parents=True, exist_ok=True)
        log_path = self.log_dir / f"{name}.log"
        with log_path.open("wb") as log:
            popen = subprocess.Popen(
                list(argv),
                env=dict(env),
                cwd=cwd,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        process = ManagedProcess(name, popen, log_path)
        self.processes.append(process)
        return process

    def stop_all(self) -> None:
        """Stop every server, newest first."""
        while self.processes:
            self.processes.pop().stop()


@contextlib.contextmanager
def process_set(log_dir: Path) -> Iterator[ProcessSet]:
    """A `ProcessSet` whose servers are stopped however the block ends (Ctrl-C, SIGTERM too)."""
    processes = ProcessSet(log_dir)
    previous = signal.getsignal(signal.SIGTERM)

    def terminate(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, terminate)
    try:
        yield processes
    finally:
        # A second Ctrl-C during cleanup must not leave servers behind.
        interrupt = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            processes.stop_all()
        finally:
            signal.signal(signal.SIGINT, interrupt)
            signal.signal(signal.SIGTERM, previous)


@contextlib.contextmanager
def paused(processes: Sequence[ManagedProcess]) -> Iterator[None]:
    """Keep `processes` stopped (SIGSTOP) for the block, so they take no CPU from the target."""
    for process in processes:
        process.pause()
    try:
        yield
    finally:
        for process in processes:
            process.resume()
