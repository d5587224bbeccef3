"""MCP client compatibility: the official SDK clients and the Inspector against the tool server.

Each client connects the two ways an editor does: over stdio (`trichome mcp`, the Metrc
keys in its environment) and over Streamable HTTP (`/api/mcp` with an API key header). It
lists the tools, calls a read tool and a skill, and each result's `structuredContent` is
checked against the tool's `outputSchema` (by the client where it checks, and here with
`jsonschema` in any case). Each test is a row of docs/api.md's compatibility table
(`@pytest.mark.compat`). The Node clients are installed by `make test` from
tests/e2e/clients and tests/e2e/inspector (lock files); without npm they are skipped,
and under CI=true they fail.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx2
import jsonschema
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from tests.support.sandbox import AS_OF, DISPENSARY
from tests.support.toolserver import Servers
from trichome.metrc.tools import load_all

pytestmark = pytest.mark.anyio

HERE = Path(__file__).parent
NODE_CLIENTS = HERE / "clients"
NODE = NODE_CLIENTS / "node_modules" / ".bin" / "node"
TS_CLIENT = NODE_CLIENTS / "ts_client.mjs"
INSPECTOR = HERE / "inspector" / "node_modules" / ".bin" / "mcp-inspector"
# What a Metrc connection (the default) offers: BioTrack's own tools are not listed to it.
TOOL_COUNT = sum("metrc" in spec.systems for spec in load_all().values())
# A read tool and a skill, with the arguments a user would give them.
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("list_active_packages", {"license_number": DISPENSARY, "page_size": 5}),
    ("needs_attention", {"license_number": DISPENSARY, "as_of": AS_OF.isoformat()}),
]


def require(path: Path, what: str) -> None:
    """Skip without an npm-installed client; fail under CI=true, where it must be there."""
    if path.exists():
        return
    reason = f"{what} is not installed (make test installs it with npm)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def conforms(structured: Any, schema: dict[str, Any] | None, tool: str) -> None:
    """The structured content is an object that the tool's outputSchema accepts."""
    assert schema is not None, f"{tool} declares no outputSchema"
    assert isinstance(structured, dict), f"{tool} returned no structuredContent"
    errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(structured)]
    assert not errors, f"{tool}: {errors[:3]}"


def check_prompt(names: set[str], text: str) -> None:
    """The prompts listed, and morning_check filled in for the dispensary."""
    assert names == {"morning_check", "audit_prep", "package_investigation", "waste_review"}
    assert "needs_attention" in text and DISPENSARY in text


def check_answers(answers: dict[str, Any]) -> None:
    """What the read tool and the skill answered about the seeded store."""
    packages, attention = answers["list_active_packages"], answers["needs_attention"]
    assert packages["license_number"] == DISPENSARY and len(packages["items"]) == 5
    assert attention["skill"] == "needs_attention" and attention["summary"]


# MCP Python SDK ---------------------------------------------------------------------------


@asynccontextmanager
async def python_client(servers: Servers, transport: str) -> AsyncIterator[Client]:
    if transport == "stdio":
        command, *args = servers.stdio_command
        async with Client(
            StdioServerParameters(command=command, args=args, env=servers.stdio_env)
        ) as client:
            yield client
        return
    async with (
        httpx2.AsyncClient(headers=servers.headers(), timeout=60) as http,
        Client(streamable_http_client(servers.mcp, http_client=http)) as client,
    ):
        yield client


async def python_sdk_round(servers: Servers, transport: str) -> None:
    async with python_client(servers, transport) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        answers = {}
        for name, arguments in CALLS:
            # The SDK checks structuredContent against the listed outputSchema itself.
            result = await client.call_tool(name, arguments)
            assert not result.is_error, result.content
            conforms(result.structured_content, tools[name].output_schema, name)
            answers[name] = result.structured_content
        prompts = {prompt.name for prompt in (await client.list_prompts()).prompts}
        got = await client.get_prompt("morning_check", {"license_number": DISPENSARY})
        check_prompt(prompts, got.messages[0].content.text)  # type: ignore[union-attr]
    assert len(tools) == TOOL_COUNT
    assert all(tool.output_schema for tool in tools.values())
    check_answers(answers)


@pytest.mark.compat("MCP Python SDK", "stdio: tools")
@pytest.mark.compat("MCP Python SDK", "structured content")
@pytest.mark.compat("MCP Python SDK", "prompts")
async def test_python_sdk_over_stdio(servers: Servers) -> None:
    await python_sdk_round(servers, "stdio")


@pytest.mark.compat("MCP Python SDK", "HTTP: tools")
@pytest.mark.compat("MCP Python SDK", "structured content")
@pytest.mark.compat("MCP Python SDK", "prompts")
async def test_python_sdk_over_http(servers: Servers) -> None:
    await python_sdk_round(servers, "http")


# MCP TypeScript SDK -----------------------------------------------------------------------


def typescript_round(config: dict[str, Any]) -> None:
    require(NODE, "Node 22 and the MCP TypeScript SDK")
    calls = [{"name": name, "arguments": arguments} for name, arguments in CALLS]
    done = subprocess.run(
        [str(NODE), str(TS_CLIENT), json.dumps({**config, "calls": calls})],
        capture_output=True,
        text=True,
        timeout=180,
    )
    # The SDK client throws (exit 1) when structuredContent misses the outputSchema.
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout)
    schemas = {tool["name"]: tool["outputSchema"] for tool in seen["tools"]}
    assert len(schemas) == TOOL_COUNT and all(schemas.values())
    assert seen["capabilities"] == {
        "tools": {"listChanged": False},
        "prompts": {"listChanged": False},
    }
    answers = {}
    for call in seen["calls"]:
        assert not call["isError"], call["text"]
        conforms(call["structuredContent"], schemas[call["name"]], call["name"])
        answers[call["name"]] = call["structuredContent"]
    check_answers(answers)
    check_prompt(set(seen["prompts"]), seen["prompt"])


@pytest.mark.compat("MCP TypeScript SDK", "stdio: tools")
@pytest.mark.compat("MCP TypeScript SDK", "structured content")
@pytest.mark.compat("MCP TypeScript SDK", "prompts")
def test_typescript_sdk_over_stdio(servers: Servers) -> None:
    command, *args = servers.stdio_command
    typescript_round(
        {"transport": "stdio", "command": command, "args": args, "env": servers.stdio_env}
    )


@pytest.mark.compat("MCP TypeScript SDK", "HTTP: tools")
@pytest.mark.compat("MCP TypeScript SDK", "structured content")
@pytest.mark.compat("MCP TypeScript SDK", "prompts")
def test_typescript_sdk_over_http(servers: Servers) -> None:
    typescript_round({"transport": "http", "url": servers.mcp, "headers": servers.headers()})


# MCP Inspector CLI ------------------------------------------------------------------------


def inspector_round(target: list[str], tmp_path: Path) -> None:
    require(INSPECTOR, "the MCP Inspector")
    env = {**os.environ, "MCP_CATALOG_PATH": str(tmp_path / "catalog.json")}

    def inspector(*args: str) -> dict[str, Any]:
        done = subprocess.run(
            [str(INSPECTOR), "--cli", *target, *args],
            capture_output=True,
            text=True,
            timeout=180,
            env=env,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        parsed: dict[str, Any] = json.loads(done.stdout)
        return parsed

    # --strict: the Inspector's tool-schema portability check; error-severity problems fail it.
    listed = inspector("--method", "tools/list", "--strict")
    schemas = {tool["name"]: tool.get("outputSchema") for tool in listed["tools"]}
    assert len(schemas) == TOOL_COUNT and all(schemas.values())
    answers = {}
    for name, arguments in CALLS:
        pairs = [f"{key}={value}" for key, value in arguments.items()]
        called = inspector("--method", "tools/call", "--tool-name", name, "--tool-arg", *pairs)
        assert not called.get("isError"), called
        conforms(called.get("structuredContent"), schemas[name], name)
        answers[name] = called["structuredContent"]
    check_answers(answers)
    prompts = {prompt["name"] for prompt in inspector("--method", "prompts/list")["prompts"]}
    got = inspector("--method", "prompts/get", "--prompt-name", "morning_check",
                    "--prompt-args", f"license_number={DISPENSARY}")  # fmt: skip
    check_prompt(prompts, got["messages"][0]["content"]["text"])


@pytest.mark.compat("MCP Inspector", "stdio: tools")
@pytest.mark.compat("MCP Inspector", "structured content")
@pytest.mark.compat("MCP Inspector", "prompts")
def test_the_inspector_cli_over_stdio(servers: Servers, tmp_path: Path) -> None:
    # The Inspector starts the server with a minimal environment plus these: the settings.
    settings = {k: v for k, v in servers.stdio_env.items() if k.startswith("TRICHOME_") and v}
    env = [arg for key, value in settings.items() for arg in ("-e", f"{key}={value}")]
    inspector_round([*env, "--transport", "stdio", *servers.stdio_command], tmp_path)


@pytest.mark.compat("MCP Inspector", "HTTP: tools")
@pytest.mark.compat("MCP Inspector", "structured content")
@pytest.mark.compat("MCP Inspector", "prompts")
def test_the_inspector_cli_over_http(servers: Servers, tmp_path: Path) -> None:
    headers = [
        arg for name, value in servers.headers().items() for arg in ("--header", f"{name}: {value}")
    ]
    inspector_round([servers.mcp, "--transport", "http", *headers], tmp_path)
