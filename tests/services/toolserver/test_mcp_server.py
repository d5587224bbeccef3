"""The MCP server on the wire, in process: what it advertises is what it serves, in every
protocol version the SDK negotiates, and each failure answers the error the MCP
specification names for it.

Handshake versions (2024-11-05 to 2025-11-25) open with `initialize`; 2026-07-28 has no
handshake: every request carries its envelope (`_meta` and `MCP-Protocol-Version`,
`Mcp-Method`, `Mcp-Name` headers) and `server/discover` tells the capabilities.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS

from tests.conftest import KeyMaker, started
from trichome.config import Settings
from trichome.plans import Tier
from trichome.services.toolserver.app import create_app

pytestmark = pytest.mark.anyio

MODERN = MODERN_PROTOCOL_VERSIONS[-1]
URL = "http://127.0.0.1:8001/api/mcp"
ACCEPT = {"Accept": "application/json, text/event-stream"}
METHOD_NOT_FOUND, INVALID_PARAMS = -32601, -32602
PROMPT = {"type": "ref/prompt", "name": "any"}

# For each capability a server may advertise, requests that only a server serving it answers.
PROBES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "tools": [("tools/list", {})],
    "prompts": [("prompts/list", {}), ("prompts/get", {"name": "any"})],
    "resources": [
        ("resources/list", {}),
        ("resources/templates/list", {}),
        ("resources/read", {"uri": "file:///any"}),
    ],
    "completions": [
        ("completion/complete", {"ref": PROMPT, "argument": {"name": "a", "value": "b"}})
    ],
}
HANDSHAKE_PROBES = {
    **PROBES,
    "logging": [("logging/setLevel", {"level": "info"})],
    "resources.subscribe": [
        ("resources/subscribe", {"uri": "file:///any"}),
        ("resources/unsubscribe", {"uri": "file:///any"}),
    ],
}
LISTEN = {"notifications": {"toolsListChanged": True, "resourceSubscriptions": ["file:///any"]}}
MODERN_PROBES = {**PROBES, "subscriptions": [("subscriptions/listen", LISTEN)]}


@dataclass
class Wire:
    """JSON-RPC over the tool server's `/api/mcp`, with an Operator key."""

    http: httpx.AsyncClient
    key: str

    async def post(
        self, method: str, params: dict[str, Any], headers: dict[str, str] | None = None
    ) -> httpx.Response:
        body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
        auth = {"Authorization": f"Bearer {self.key}", **ACCEPT, **(headers or {})}
        return await self.http.post(URL, json=body, headers=auth)

    async def handshake(self, method: str, params: dict[str, Any], version: str) -> dict[str, Any]:
        """A request of a handshake-era client (stateless: the version header says which)."""
        answer = await self.post(method, params, {"MCP-Protocol-Version": version})
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        return body

    async def modern(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """A 2026-07-28 request: the envelope in `_meta` and the routing headers."""
        meta = {
            "io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "1"},
            "io.modelcontextprotocol/clientCapabilities": {},
        }
        headers = {"MCP-Protocol-Version": MODERN, "Mcp-Method": method}
        name = params.get("name") or params.get("uri")
        if method in ("tools/call", "prompts/get", "resources/read") and name:
            headers["Mcp-Name"] = name
        answer = await self.post(method, {**params, "_meta": meta}, headers)
        return answer.status_code, answer.json()


@pytest.fixture
async def wire(settings: Settings, make_key: KeyMaker) -> AsyncIterator[Wire]:
    key = await make_key(Tier.OPERATOR)
    async with started(create_app(settings)) as http:
        yield Wire(http, key)


def served(answer: dict[str, Any]) -> bool:
    """Whether the server serves the method (any answer but -32601 means it does)."""
    return answer.get("error", {}).get("code") != METHOD_NOT_FOUND


def advertised(capabilities: dict[str, Any], name: str) -> bool:
    if name == "resources.subscribe":
        return bool(capabilities.get("resources", {}).get("subscribe"))
    if name == "subscriptions":
        return any(
            capabilities.get(kind, {}).get("listChanged")
            for kind in ("tools", "prompts", "resources")
        ) or bool(capabilities.get("resources", {}).get("subscribe"))
    return name in capabilities


@pytest.mark.parametrize("version", HANDSHAKE_PROTOCOL_VERSIONS)
async def test_initialize_advertises_exactly_what_is_served(wire: Wire, version: str) -> None:
    init = {
        "protocolVersion": version,
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"},
    }
    result = (await wire.handshake("initialize", init, version))["result"]
    assert result["protocolVersion"] == version
    capabilities = result["capabilities"]
    # Tools and prompts, fixed lists.
    assert capabilities == {"tools": {"listChanged": False}, "prompts": {"listChanged": False}}
    for capability, probes in HANDSHAKE_PROBES.items():
        for method, params in probes:
            answer = await wire.handshake(method, params, version)
            assert served(answer) == advertised(capabilities, capability), (method, answer)


async def test_discover_advertises_exactly_what_is_served(wire: Wire) -> None:
    status, body = await wire.modern("server/discover", {})
    assert status == 200, body
    assert MODERN in body["result"]["supportedVersions"]
    capabilities = body["result"]["capabilities"]
    assert capabilities == {"tools": {"listChanged": False}, "prompts": {"listChanged": False}}
    for capability, probes in MODERN_PROBES.items():
        for method, params in probes:
            status, answer = await wire.modern(method, params)
            assert served(answer) == advertised(capabilities, capability), (method, answer)
            if not served(answer):
                assert status == 404  # the 2026-07-28 transport's status for -32601


@pytest.mark.parametrize("version", [*HANDSHAKE_PROTOCOL_VERSIONS, MODERN])
async def test_an_unknown_tool_is_invalid_params_and_bad_arguments_a_tool_error(
    wire: Wire, version: str
) -> None:
    unknown_call = {"name": "list_everything", "arguments": {}}
    bad_call = {"name": "list_employees", "arguments": {"page_size": 500}}
    if version == MODERN:
        status, unknown = await wire.modern("tools/call", unknown_call)
        assert status == 400
        _, bad = await wire.modern("tools/call", bad_call)
    else:
        unknown = await wire.handshake("tools/call", unknown_call, version)
        bad = await wire.handshake("tools/call", bad_call, version)
    assert unknown["error"]["code"] == INVALID_PARAMS
    assert "list_everything" in unknown["error"]["message"]
    # Arguments that miss the input schema are the model's to correct: a tool error (SEP-1303).
    assert bad["result"]["isError"] is True
    text = bad["result"]["content"][0]["text"]
    assert "license_number" in text and "page_size" in text and "errors.pydantic" not in text


async def test_a_tool_hidden_from_a_connection_is_unknown_to_it(wire: Wire) -> None:
    read_only = {"X-MCP-Readonly": "true", "MCP-Protocol-Version": "2025-11-25"}
    call = {"name": "adjust_package", "arguments": {}}
    answer = (await wire.post("tools/call", call, read_only)).json()
    listed = (await wire.post("tools/list", {}, read_only)).json()["result"]["tools"]
    assert answer["error"]["code"] == INVALID_PARAMS
    assert "read-only" in answer["error"]["message"]
    assert "adjust_package" not in {tool["name"] for tool in listed}


@pytest.mark.parametrize("version", [*HANDSHAKE_PROTOCOL_VERSIONS, MODERN])
async def test_prompts_fill_in_their_arguments_and_refuse_unknown_names(
    wire: Wire, version: str
) -> None:
    async def ask(method: str, params: dict[str, Any]) -> dict[str, Any]:
        if version == MODERN:
            return (await wire.modern(method, params))[1]
        return await wire.handshake(method, params, version)

    listed = (await ask("prompts/list", {}))["result"]["prompts"]
    names = {prompt["name"] for prompt in listed}
    assert names == {"morning_check", "audit_prep", "package_investigation", "waste_review"}
    licence = {"license_number": "SF-SBX-CO-21-8002"}
    got = (await ask("prompts/get", {"name": "morning_check", "arguments": licence}))["result"]
    text = got["messages"][0]["content"]["text"]
    assert "needs_attention" in text and "SF-SBX-CO-21-8002" in text
    unknown = await ask("prompts/get", {"name": "no_such_prompt"})
    assert unknown["error"]["code"] == INVALID_PARAMS
    assert "no_such_prompt" in unknown["error"]["message"]
    missing = await ask("prompts/get", {"name": "package_investigation", "arguments": licence})
    assert missing["error"]["code"] == INVALID_PARAMS
    assert "package_label" in missing["error"]["message"]


async def test_a_prompt_is_offered_only_with_the_tools_it_runs(wire: Wire) -> None:
    narrowed = {"X-MCP-Tools": "needs_attention,expiration_tracker,list_facilities",
                "MCP-Protocol-Version": "2025-11-25"}  # fmt: skip
    listed = (await wire.post("prompts/list", {}, narrowed)).json()["result"]["prompts"]
    assert [prompt["name"] for prompt in listed] == ["morning_check"]
    hidden = {"name": "audit_prep", "arguments": {"license_number": "SF-SBX-CO-21-8002"}}
    answer = (await wire.post("prompts/get", hidden, narrowed)).json()
    assert answer["error"]["code"] == INVALID_PARAMS
