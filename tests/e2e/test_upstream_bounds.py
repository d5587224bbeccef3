"""A real `trichome serve chat` (the `openai` engine) against an upstream that sends a 200 MB
line: the client gets a 502 `upstream_too_large`, the call is not charged, the worker's
memory stays far below what reading the line would take, and the next call is served."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.support.fake_upstream import ANSWER, fake_upstream
from tests.support.servers import create_key, free_port, running, trichome_env

pytestmark = pytest.mark.e2e

QUESTION = {"role": "user", "content": "What is the decarboxylation factor for THCA?"}
MEMORY_BOUND_KB = 500 * 1024  # generous: an idle worker holds about 270 MB here
GROWTH_BOUND_KB = 100 * 1024  # half the line: reading it whole would take all of it, and more


def memory_kb(pid: int) -> dict[str, int]:
    """The process's resident memory now (VmRSS) and at its peak (VmHWM), in kB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0])
    return fields


def test_a_200_mb_line_is_a_502_and_leaves_the_worker_small_and_serving(tmp_path: Path) -> None:
    with fake_upstream() as upstream:
        env = trichome_env(
            tmp_path / "data",
            engine="openai",
            llm_base_url=upstream.base_url,
            llm_model="upstream-model",
            llm_max_retries="0",
        )
        key = create_key(env, "operator")
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        args = ["serve", "chat", "--port", str(port), "--workers", "1"]
        with running(args, env, f"{base}/health", tmp_path / "server.log") as server:

            def ask(stream: bool) -> httpx.Response:
                return httpx.post(
                    f"{base}/v1/chat/completions",
                    json={"model": "operator-agent", "messages": [QUESTION], "stream": stream},
                    headers={"Authorization": f"Bearer {key}"},
                    timeout=120,
                )

            first = ask(False)
            assert first.status_code == 200, first.text
            remaining = int(first.headers["x-ratelimit-remaining-requests"])
            before = memory_kb(server.pid)
            upstream.mode = "big_line"
            for stream in (True, False):
                failed = ask(stream)
                assert failed.status_code == 502, failed.text[:500]
                error = failed.json()["error"]
                assert (error["type"], error["code"]) == ("upstream_error", "upstream_too_large")
            memory = memory_kb(server.pid)
            assert memory["VmHWM"] < MEMORY_BOUND_KB, (before, memory)
            assert memory["VmHWM"] - before["VmRSS"] < GROWTH_BOUND_KB, (before, memory)
            upstream.mode = "ok"
            after = ask(True)
            assert after.status_code == 200 and "".join(ANSWER)[:20] in after.text
            # Only the answered calls counted: the two failures were given back.
            assert int(after.headers["x-ratelimit-remaining-requests"]) == remaining - 1
            assert server.poll() is None
