"""Schemathesis over every service's `/openapi.json`, on real servers, with every check.

Each service runs as `trichome serve <service>` and is driven by the `schemathesis` command
(`run --checks all`: server errors, status codes, content types, headers and bodies against
the document, valid data accepted and invalid data refused, missing required headers,
unsupported methods answered 405 with `Allow`, credentials enforced, and the rest), signed in
as a user is. `tests/services/schemathesis/<service>.toml` holds each service's credentials and
the few operations whose expected statuses differ from the defaults, each with its reason.
The run is deterministic and bounded (`MAX_EXAMPLES` per operation).
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

import httpx
import pytest

from tests.support.sandbox import seeded_database
from tests.support.schemathesis_hooks import SECRET_VARIABLE
from tests.support.servers import (
    chat_server,
    create_key,
    dashboard_server,
    free_port,
    kb_server,
    running,
    trichome,
    trichome_env,
)

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]
CONFIGS = Path(__file__).parent / "schemathesis"
SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")
MAX_EXAMPLES = 25
# The sandbox has about 300 operations (Metrc's), each write with a body of many fields: fewer
# examples each keep its run near the others'.
MAX_EXAMPLES_OF = {"sandbox": 7}
# A safety net per run, not a budget: a loaded machine runs a hundred sandbox operations for
# minutes.
RUN_TIMEOUT = 900
# The sandbox's operations in three runs of about a hundred each, by the path's first segment
# (Metrc's category), so no one run holds them all: the first two name their categories and
# the last takes every operation neither names, so together they cover the document.
SANDBOX_NAMED = {
    "sales-packages-plantbatches": "sales|packages|plantbatches",
    "plants-transfers-items-harvests": "plants|transfers|items|harvests",
}
SANDBOX_PARTS: dict[str, tuple[str, ...]] = {
    **{
        part: ("--include-path-regex", f"^/({categories})/")
        for part, categories in SANDBOX_NAMED.items()
    },
    "the-rest": ("--exclude-path-regex", f"^/({'|'.join(SANDBOX_NAMED.values())})/"),
}


# The sandbox's development keys (HTTP Basic), as tests/services/schemathesis/sandbox.toml.
SANDBOX_KEYS = ("sandbox-vendor-key", "sandbox-user-key")


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


@dataclass(frozen=True)
class Served:
    """A running service and what schemathesis needs to call it as a user."""

    name: str
    base_url: str
    credentials: Mapping[str, str] = field(default_factory=dict)


def schemathesis(served: Served, reports: Path, only: tuple[str, ...] = ()) -> dict[str, Any]:
    """Run schemathesis over the service's document (`only`: filter options); its report."""
    command = [
        str(SCHEMATHESIS),
        "--config-file",
        str(CONFIGS / f"{served.name}.toml"),
        "run",
        f"{served.base_url}/openapi.json",
        "--checks",
        "all",
        "--max-examples",
        str(MAX_EXAMPLES_OF.get(served.name, MAX_EXAMPLES)),
        "--generation-deterministic",
        # Health checks of the generator itself, not of the API: "too slow" measures the
        # machine, and "data too large" trips on a body of ten objects of many fields.
        "--suppress-health-check",
        "data_too_large,too_slow",
        "--workers",
        "1",
        "--no-color",
        "--report",
        "json",
        "--report-dir",
        str(reports),
        *only,
    ]
    # The hooks module (tests/support/schemathesis_hooks.py) is imported from the checkout.
    python_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    environment = {**os.environ, **served.credentials, "PYTHONPATH": python_path}
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


def assert_nothing_found(report: dict[str, Any], *, whole: bool = True) -> None:
    """No failure or error, and every operation selected was tested (`whole`: all of them)."""
    output = report["output"]
    assert report["complete"] and report["exit_code"] == 0, output
    assert not report["failures"] and not report["errors"], output
    operations = report["operations"]
    assert operations["tested"] == operations["selected"] > 0, output
    if whole:
        assert operations["selected"] == operations["total"], output
    # Every credential configured names a scheme of the document (each fixture checks that
    # its credential works).
    assert not report["warnings"]["unused_openapi_auth"], report["warnings"]


@pytest.fixture(scope="module")
def chat(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    tmp_path = tmp_path_factory.mktemp("chat")
    env = trichome_env(tmp_path / "data")
    key = create_key(env, "team")
    with chat_server(env, tmp_path / "server.log") as base_url:
        assert httpx.get(f"{base_url}/v1/models", headers=bearer(key)).status_code == 200
        yield Served("chat", base_url, {"SCHEMATHESIS_API_KEY": key})


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    tmp_path = tmp_path_factory.mktemp("kb")
    env = trichome_env(tmp_path / "data")
    trichome("migrate", env=env)
    key = create_key(env, "team")
    with kb_server(env, tmp_path / "server.log") as base_url:
        found = httpx.get(f"{base_url}/api/threads", params={"q": "trim"}, headers=bearer(key))
        assert found.status_code == 200 and "x-ratelimit-limit-requests" in found.headers
        yield Served("kb", base_url, {"SCHEMATHESIS_API_KEY": key})


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    data = tmp_path_factory.mktemp("sandbox")
    seeded_database(data, tmp_path_factory.getbasetemp() / "sandbox-template")
    # The GET rate limit (tests/sandbox) would answer most of a fuzzer's calls with 429.
    env = trichome_env(data, sandbox_get_rate_limit="0")
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    args = ["serve", "sandbox", "--port", str(port)]
    with running(args, env, f"{base_url}/api/health", data / "server.log"):
        assert httpx.get(f"{base_url}/facilities/v2", auth=SANDBOX_KEYS).status_code == 200
        yield Served("sandbox", base_url)


@pytest.fixture(scope="module")
def toolserver(sandbox: Served, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    data = tmp_path_factory.mktemp("toolserver")
    # Metrc calls go to the seeded sandbox, with its development keys.
    env = trichome_env(data, sandbox_port=sandbox.base_url.rsplit(":", 1)[1])
    trichome("migrate", env=env)
    key = create_key(env, "team")
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    args = ["serve", "toolserver", "--port", str(port)]
    with running(args, env, f"{base_url}/api/health", data / "server.log"):
        asked = httpx.post(
            f"{base_url}/api/chat", json={"message": "Which facilities?"}, headers=bearer(key)
        )
        assert asked.status_code == 200, asked.text
        yield Served("toolserver", base_url, {"SCHEMATHESIS_API_KEY": key})


@pytest.fixture(scope="module")
def dashboard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    data = tmp_path_factory.mktemp("dashboard")
    stripe_secret = "whsec_" + "s" * 32
    env = trichome_env(
        data,
        stripe_webhook_secret=stripe_secret,
        # Google sign-in configured, so `POST /login/token` verifies tokens (else a 503).
        jwt_secret="j" * 32,
        jwt_issuer="https://auth.example",
        jwt_audience="trichome",
    )
    trichome("migrate", env=env)
    create_key(env, "team", "Crew")
    with dashboard_server(env, data / "server.log") as (base_url, dashboard_env):
        link = trichome("dashboard", "login-link", "--org", "Crew", env=dashboard_env)
        signed_in = httpx.get(link.stdout.strip(), follow_redirects=False)
        assert signed_in.status_code == 303, signed_in.text
        session = signed_in.cookies["trichome_session"]
        team = httpx.get(f"{base_url}/team", cookies={"trichome_session": session})
        assert team.status_code == 200 and "Invite" in team.text
        credentials = {"SCHEMATHESIS_SESSION": session, SECRET_VARIABLE: stripe_secret}
        yield Served("dashboard", base_url, credentials)


@pytest.mark.timeout(RUN_TIMEOUT + 300)  # the run's own safety net, plus the server's start
@pytest.mark.parametrize("service", ["chat", "kb", "toolserver", "dashboard"])
def test_schemathesis_finds_nothing(
    service: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    served: Served = request.getfixturevalue(service)
    assert_nothing_found(schemathesis(served, tmp_path))


@pytest.mark.timeout(RUN_TIMEOUT + 300)
@pytest.mark.parametrize("part", SANDBOX_PARTS)
def test_schemathesis_finds_nothing_in_the_sandbox(
    part: str, sandbox: Served, tmp_path: Path
) -> None:
    assert_nothing_found(schemathesis(sandbox, tmp_path, SANDBOX_PARTS[part]), whole=False)
