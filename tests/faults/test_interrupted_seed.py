"""`trichome metrc seed` killed with SIGKILL while it writes: the sandbox keeps the year it
had, whole (the replacement is one transaction), and a seed run again completes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import database_for
from tests.sandbox.conftest import AS_OF
from tests.sandbox.test_seed import _dump
from tests.support.servers import trichome, trichome_env

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
@pytest.mark.parametrize("after", [0.5, 1.5, 3.0])
def test_a_killed_seed_leaves_the_previous_year_whole(
    backend: str, after: float, tmp_path: Path
) -> None:
    with database_for(backend, tmp_path) as url:
        env = trichome_env(tmp_path, url)
        trichome("metrc", "seed", "--seed", "7", "--as-of", AS_OF.isoformat(), env=env)
        before = _dump(url)
        seeding = subprocess.Popen(
            [sys.executable, "-m", "trichome.cli", "metrc", "seed", "--seed", "9",
             "--as-of", AS_OF.isoformat()],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        time.sleep(after)  # somewhere in building or writing the new year; any moment will do
        os.kill(seeding.pid, signal.SIGKILL)
        seeding.wait(timeout=60)
        after_kill = _dump(url)
        if after_kill != before:  # then the new year committed before the kill, and whole:
            again = trichome("metrc", "seed", "--seed", "9", "--as-of", AS_OF.isoformat(), env=env)
            assert "seeded the sandbox with seed 9" in again.stdout
            assert _dump(url) == after_kill
