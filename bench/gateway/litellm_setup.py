"""LiteLLM proxy, pinned, in its own virtualenv (`.venv-litellm`), with the benchmark's config.

Only `litellm[proxy]==1.102.4` is ever installed: 1.82.7 and 1.82.8 were malicious
releases, and 1.103.11+ need a certifi the package index here does not have.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

LITELLM_VERSION = "1.102.4"
LITELLM_REQUIREMENT = f"litellm[proxy]=={LITELLM_VERSION}"
MASTER_KEY = "sk-bench-master-key"
MODEL_NAME = "fake-model"

_CONFIG = """\
model_list:
  - model_name: {model}
    litellm_params:
      model: openai/{model}
      api_base: {upstream}
      api_key: sk-fake
litellm_settings:
  callbacks: []
  num_retries: 0
  request_timeout: 30
  telemetry: false
general_settings:
  master_key: {master_key}
"""

# Trichome runs with TRICHOME_LOG_LEVEL=warning (no access log); LiteLLM gets the same.
_LOG_CONFIG = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "stream": "ext://sys.stderr",
        }
    },
    "loggers": {
        "uvicorn": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        "uvicorn.error": {"level": "WARNING"},
        "uvicorn.access": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
    },
}


def installed_version(venv: Path) -> str | None:
    """The litellm version installed in `venv`, None when there is none."""
    python = venv / "bin" / "python"
    if not python.exists():
        return None
    result = subprocess.run(
        [str(python), "-c", "import importlib.metadata as m; print(m.version('litellm'))"],
        capture_output=True,
        text=True,
        check=False,
    )
    return result.stdout.strip() if result.returncode == 0 else None


def ensure_litellm(venv: Path, install: bool) -> Path:
    """The `litellm` command of `venv`, after creating the venv and installing it if missing.

    Raises:
        RuntimeError: it is missing and installing is off, the venv holds another version,
            or the installation failed.
    """
    command = venv / "bin" / "litellm"
    version = installed_version(venv)
    if version == LITELLM_VERSION and command.exists():
        return command
    if version is not None:
        raise RuntimeError(
            f"{venv} holds litellm {version}, not {LITELLM_VERSION}; remove it and rerun "
            "(only the pinned version is installed, never another)"
        )
    if not install:
        raise RuntimeError(f"LiteLLM is not installed in {venv} (rerun without --no-install)")
    print(f"installing {LITELLM_REQUIREMENT} into {venv} (about 700 MB, a few minutes) ...")
    if not (venv / "bin" / "python").exists():
        subprocess.run(["python3", "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    result = subprocess.run([*pip, LITELLM_REQUIREMENT], check=False)
    if result.returncode != 0 or installed_version(venv) != LITELLM_VERSION:
        raise RuntimeError(f"installing {LITELLM_REQUIREMENT} into {venv} failed")
    return command


def write_config(directory: Path, upstream_base_url: str) -> tuple[Path, Path]:
    """The proxy config and the uvicorn log config, written to `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    config = directory / "litellm_config.yaml"
    config.write_text(
        _CONFIG.format(model=MODEL_NAME, upstream=upstream_base_url, master_key=MASTER_KEY)
    )
    log_config = directory / "litellm_log_config.json"
    log_config.write_text(json.dumps(_LOG_CONFIG, indent=2))
    return config, log_config
