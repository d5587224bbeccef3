"""`trichome kb import` killed with SIGKILL part-way: the database keeps what was committed,
and running the same import again leaves the index holding every thread (the index is
derived from the database and catches up by itself). Real processes, SQLite and PostgreSQL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from tests.conftest import reconfigured
from tests.forum.conftest import thread
from tests.support.servers import trichome, trichome_env
from trichome.config import Settings
from trichome.forum.index import ThreadIndex

pytestmark = pytest.mark.e2e

THREADS = 3_000


def corpus(path: Path) -> Path:
    with path.open("wb") as out:
        for topic in range(1, THREADS + 1):
            item = thread(
                topic, f"Trim run {topic}: hand trim versus machine", "Cultivation",
                ("trimmer_tia", f"Batch {topic} went through the tumbler twice; trichome loss "
                                f"stayed under {topic % 7 + 2} percent."),
            )  # fmt: skip
            out.write(orjson.dumps(item) + b"\n")
    return path


def saved_threads(settings: Settings) -> int:
    """Threads committed so far, read with the command any operator would use."""
    out = trichome("kb", "export", env=env_of(settings), check=False)
    return out.stdout.count("\n") if out.returncode == 0 else 0


def env_of(settings: Settings) -> dict[str, str]:
    return trichome_env(settings.data_dir, settings.database_url, kb_sample="false")


def test_a_killed_import_run_again_leaves_every_thread_indexed(
    settings: Settings, tmp_path: Path
) -> None:
    settings = reconfigured(settings, kb_sample=False)
    source = corpus(tmp_path / "threads.jsonl")
    env = env_of(settings)
    importing = subprocess.Popen(
        [sys.executable, "-m", "trichome.cli", "kb", "import", str(source)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while importing.poll() is None and time.monotonic() < deadline:
        if saved_threads(settings) > 0:  # part of the corpus is committed: kill it now
            os.kill(importing.pid, signal.SIGKILL)
            break
        time.sleep(0.05)
    importing.wait(timeout=60)
    before = saved_threads(settings)
    assert before <= THREADS
    print(f"killed after {before} of {THREADS} threads were saved")

    done = trichome("kb", "import", str(source), env=env)
    assert "lines skipped" in done.stdout
    assert saved_threads(settings) == THREADS
    index = ThreadIndex(settings.kb_index_path)
    assert index.count() == THREADS
    assert index.search("trim run 1234", limit=1).hits[0].title.startswith("Trim run 1234:")
