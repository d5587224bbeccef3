"""The three servers under test (fake upstream, Trichome, LiteLLM) and the request each gets."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bench.gateway import fake_upstream, litellm_setup
from bench.gateway.load import HttpRequest
from bench.gateway.processes import ManagedProcess, ProcessSet, free_port

QUESTION = "What is the THC limit per serving for edibles in Michigan?"
TRICHOME_MODEL = "operator-agent"
# Team's 50,000 calls a month cover a whole run; each run counts for a new organisation,
# so counters left in Redis by earlier runs never interfere.
TRICHOME_TIER = "team"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
_CHAT_PATH = "/v1/chat/completions"


@dataclass(frozen=True)
class Target:
    """A running server and the chat request the benchmark sends it."""

    name: str
    label: str
    process: ManagedProcess
    request: HttpRequest
    ready_timeout: float


def chat_request(base_url: str, model: str, api_key: str | None) -> HttpRequest:
    """A non-streaming chat completion request with one realistic user question."""
    body = {"model": model, "stream": False, "messages": [{"role": "user", "content": QUESTION}]}
    headers = {"Content-Type": "application/json"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    return HttpRequest(base_url + _CHAT_PATH, headers, json.dumps(body).encode())


def _clean_env() -> dict[str, str]:
    # Nothing from the caller's TRICHOME_* or LITELLM_* settings leaks into a server.
    return {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("TRICHOME_", "LITELLM_"))
    }


def start_upstream(processes: ProcessSet) -> Target:
    """The fake upstream, in the project's own Python."""
    port = free_port()
    argv = [sys.executable, "-m", fake_upstream.__name__, "--port", str(port)]
    process = processes.start("upstream", argv, _clean_env())
    base = f"http://127.0.0.1:{port}"
    request = chat_request(base, fake_upstream.MODEL, None)
    return Target("upstream", "upstream", process, request, ready_timeout=30.0)


def trichome_env(data_dir: Path, upstream_base_url: str, redis_url: str | None) -> dict[str, str]:
    """Trichome's environment: the `openai` engine in front of the fake upstream, counting
    quota in Redis when it is given."""
    env = _clean_env() | {
        "TRICHOME_ENGINE": "openai",
        "TRICHOME_LLM_BASE_URL": upstream_base_url,
        "TRICHOME_LLM_MODEL": fake_upstream.MODEL,
        "TRICHOME_DATA_DIR": str(data_dir),
        "TRICHOME_LOG_LEVEL": "warning",
    }
    if redis_url:
        env["TRICHOME_REDIS_URL"] = redis_url
    return env


def reachable_redis(url: str) -> bool:
    """Whether a Redis server answers at `url`."""
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=2).ping())
    except Exception:
        return False


def _trichome_command() -> str:
    command = Path(sys.executable).parent / "trichome"
    if command.exists():
        return str(command)
    found = shutil.which("trichome")
    if found is None:
        raise RuntimeError("the trichome command is not installed (make install)")
    return found


def create_trichome_key(env: dict[str, str]) -> str:
    """A new Team-tier key of a new organisation (the last line `keys create` prints).

    Raises:
        RuntimeError: the command failed.
    """
    organization = f"bench-{time.time_ns()}"
    argv = [_trichome_command(), "keys", "create", "--org", organization, "--tier", TRICHOME_TIER]
    result = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    lines = result.stdout.strip().splitlines()
    if result.returncode != 0 or not lines:
        raise RuntimeError(f"trichome keys create failed:\n{result.stdout}\n{result.stderr}")
    return lines[-1].strip()


def start_trichome(
    processes: ProcessSet,
    work_dir: Path,
    upstream_base_url: str,
    workers: int,
    redis_url: str | None,
) -> Target:
    """`trichome serve chat` on a fresh data dir, with a new Team key; every request is
    authenticated, routed and counted against the quota."""
    data_dir = work_dir / "trichome"
    shutil.rmtree(data_dir, ignore_errors=True)
    env = trichome_env(data_dir, upstream_base_url, redis_url)
    key = create_trichome_key(env)
    port = free_port()
    argv = [_trichome_command(), "serve", "chat", "--port", str(port), "--workers", str(workers)]
    process = processes.start("trichome", argv, env)
    request = chat_request(f"http://127.0.0.1:{port}", TRICHOME_MODEL, key)
    return Target("trichome", "Trichome", process, request, ready_timeout=90.0)


def start_litellm(
    processes: ProcessSet,
    work_dir: Path,
    upstream_base_url: str,
    workers: int,
    litellm_command: Path,
) -> Target:
    """The LiteLLM proxy (the reference recipe: local cost map, master key, no database)."""
    config, log_config = litellm_setup.write_config(work_dir / "litellm", upstream_base_url)
    port = free_port()
    argv = [
        str(litellm_command),
        "--config",
        str(config),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--num_workers",
        str(workers),
        "--log_config",
        str(log_config),
    ]
    env = _clean_env() | {"LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    process = processes.start("litellm", argv, env)
    request = chat_request(
        f"http://127.0.0.1:{port}", litellm_setup.MODEL_NAME, litellm_setup.MASTER_KEY
    )
    return Target("litellm", "LiteLLM", process, request, ready_timeout=180.0)
