"""Schemathesis over every service's `/openapi.json`, on real servers, with every check.

Each service runs as `trichome serve <service>` and is driven by the `schemathesis` command
(`run --checks all`: server errors, status codes, content types, headers and bodies against
the document, valid data accepted and invalid data refused, missing required headers,
unsupported methods answered 405 with `Allow`, credentials enforced, and the rest), signed in
as a user is. `tests/apps/schemathesis/<service>.toml` holds each service's credentials and
the few operations whose expected statuses differ from the defaults, each with its reason.
The run is deterministic (a fixed seed) and bounded (`MAX_EXAMPLES` per operation).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.support.servers import chat_server, create_key, kb_server, trichome, trichome_env

pytestmark = pytest.mark.e2e
CONFIGS = Path(__file__).parent / "schemathesis"
SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")
MAX_EXAMPLES = 25
SEED = 16
RUN_TIMEOUT = 280


@dataclass(frozen=True)
class Served:
    """A running service and what schemathesis needs to call it as a user."""

    name: str
    base_url: str
    credentials: Mapping[str, str] = field(default_factory=dict)


def schemathesis(served: Served, reports: Path) -> dict[str, Any]:
    """Run schemathesis over the service's document; its JSON run report."""
    command = [
        str(SCHEMATHESIS),
        "--config-file",
        str(CONFIGS / f"{served.name}.toml"),
        "run",
        f"{served.base_url}/openapi.json",
        "--checks",
        "all",
        "--max-examples",
        str(MAX_EXAMPLES),
        "--seed",
        str(SEED),
        "--generation-deterministic",
        "--workers",
        "1",
        "--no-color",
        "--report",
        "json",
        "--report-dir",
        str(reports),
    ]
    environment = {**os.environ, **served.credentials}
    result = subprocess.run(
        command,
        env=environment,
        cwd=reports,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        check=False,
    )
    found = sorted(reports.glob("*.json"))
    assert found, f"schemathesis wrote no report:\n{result.stdout}\n{result.stderr}"
    report: dict[str, Any] = json.loads(found[-1].read_text())
    report["output"] = result.stdout + result.stderr
    return report


def assert_nothing_found(report: dict[str, Any]) -> None:
    output = report["output"]
    assert report["complete"] and report["exit_code"] == 0, output
    assert not report["failures"] and not report["errors"], output
    operations = report["operations"]
    assert operations["tested"] == operations["selected"] == operations["total"] > 0, output
    warnings = report["warnings"]
    # The credentials were sent: none missing, none configured for nothing.
    assert not warnings["missing_auth"] and not warnings["unused_openapi_auth"], warnings


@pytest.fixture(scope="module")
def chat(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    tmp_path = tmp_path_factory.mktemp("chat")
    env = trichome_env(tmp_path / "data")
    key = create_key(env, "team")
    with chat_server(env, tmp_path / "server.log") as base_url:
        yield Served("chat", base_url, {"SCHEMATHESIS_API_KEY": key})


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    tmp_path = tmp_path_factory.mktemp("kb")
    env = trichome_env(tmp_path / "data")
    trichome("migrate", env=env)
    key = create_key(env, "team")
    with kb_server(env, tmp_path / "server.log") as base_url:
        yield Served("kb", base_url, {"SCHEMATHESIS_API_KEY": key})


@pytest.mark.parametrize("service", ["chat", "kb"])
def test_schemathesis_finds_nothing(
    service: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    served: Served = request.getfixturevalue(service)
    assert_nothing_found(schemathesis(served, tmp_path))
