"""A seeded sandbox and the tool server in front of it, as real processes, with keys.

`toolserver_running()` starts `trichome serve sandbox` (over a copy of the seeded year)
and `trichome serve toolserver` pointed at it, makes an Operator and a Pro key with
`trichome keys create`, and yields how to reach them over HTTP and over stdio.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.support.sandbox import AS_OF, seeded_database
from tests.support.servers import create_key, free_port, running, trichome, trichome_env

SANDBOX_KEYS = {"X-Metrc-Vendor-Key": "sandbox-vendor-key", "X-Metrc-User-Key": "sandbox-user-key"}


@dataclass(frozen=True)
class Servers:
    """The running servers, their data dir and keys."""

    base: str
    sandbox: str
    operator: str
    pro: str
    env: dict[str, str]
    data: Path

    @property
    def mcp(self) -> str:
        return f"{self.base}/api/mcp"

    def headers(self, **extra: str) -> dict[str, str]:
        """An Operator key and the sandbox's Metrc keys, as an editor's HTTP config sends."""
        return {"Authorization": f"Bearer {self.operator}", **SANDBOX_KEYS, **extra}

    @property
    def stdio_command(self) -> list[str]:
        """`trichome mcp`, as an editor's stdio config runs it."""
        return [sys.executable, "-m", "trichome.cli", "mcp"]

    @property
    def stdio_env(self) -> dict[str, str]:
        """The environment of `trichome mcp`: the sandbox's Metrc keys."""
        return {
            **self.env,
            "TRICHOME_METRC_VENDOR_KEY": SANDBOX_KEYS["X-Metrc-Vendor-Key"],
            "TRICHOME_METRC_USER_KEY": SANDBOX_KEYS["X-Metrc-User-Key"],
        }


@contextlib.contextmanager
def toolserver_running(data: Path, scratch: Path) -> Iterator[Servers]:
    """The sandbox and the tool server, started and healthy; stopped on exit."""
    seeded_database(data, scratch)
    sandbox_port, tool_port = free_port(), free_port()
    sandbox = f"http://127.0.0.1:{sandbox_port}"
    env = trichome_env(
        data,
        metrc_base_url=sandbox,
        biotrack_url=f"{sandbox}/biotrack/serverjson.asp",
        sandbox_biotrack_as_of=AS_OF.isoformat(),
    )
    trichome("migrate", env=env)
    operator = create_key(env, "operator", "Grower Co")
    pro = create_key(env, "pro", "Small Shop")
    base = f"http://127.0.0.1:{tool_port}"
    with (
        running(
            ["serve", "sandbox", "--port", str(sandbox_port)],
            env,
            f"{sandbox}/api/health",
            data / "sandbox.log",
        ),
        running(
            ["serve", "toolserver", "--port", str(tool_port)],
            env,
            f"{base}/api/health",
            data / "toolserver.log",
        ),
    ):
        yield Servers(base, sandbox, operator, pro, env, data)
