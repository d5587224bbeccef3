"""The tool server end to end: real servers, the official MCP client over HTTP and stdio.

A seeded sandbox (`trichome serve sandbox`) and the tool server (`trichome serve toolserver`,
pointed at it with `TRICHOME_METRC_BASE_URL`) run as processes; keys are made with
`trichome keys create`. Numbers are checked against the seeded year built in memory.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from tests.support.fake_upstream import fake_upstream
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY, LAB
from tests.support.servers import free_port, running, trichome
from tests.support.toolserver import Servers
from trichome.sandbox.facilities import FACILITIES
from trichome.sandbox.reference import DEFAULT_SEED
from trichome.sandbox.seed import build
from trichome.sandbox.store import Record

pytestmark = pytest.mark.anyio

SNAPSHOTS = Path(__file__).parent / "toolsnaps"
SPEC_MINIMUMS = {
    "facilities": 3,
    "packages": 12,
    "plants": 10,
    "plant_batches": 8,
    "strains": 4,
    "harvests": 6,
    "transfers": 8,
    "sales": 5,
    "lab_results": 3,
    "items": 4,
    "compliance": 2,
}
SKILLS = {
    "needs_attention",
    "audit_ready",
    "fifo",
    "inventory_snapshot",
    "transfer_summary",
    "package_history",
    "compliance_check",
    "yield_analysis",
    "sales_analysis",
    "strain_performance",
    "waste_report",
    "expiration_tracker",
    "purchase_limit_check",
    "fefo",
    "late_sales",
    "credential_expiry",
    "count_reconciliation",
    "flower_trim_yield",
    "wholesale_value",
}
MCP_ACCEPT = {"Accept": "application/json, text/event-stream"}


@pytest.fixture(scope="module")
def year() -> list[Record]:
    return build(DEFAULT_SEED, AS_OF)


@asynccontextmanager
async def mcp_over_http(servers: Servers, **headers: str) -> AsyncIterator[Client]:
    async with (
        httpx2.AsyncClient(headers=servers.headers(**headers), timeout=60) as http,
        Client(streamable_http_client(servers.mcp, http_client=http)) as client,
    ):
        yield client


async def call(client: Client, name: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(name, arguments)
    text = " ".join(getattr(block, "text", "") for block in result.content)
    assert not result.is_error, f"{name}: {text}"
    structured: dict[str, Any] = result.structured_content or json.loads(text)
    return structured


def _snapshot(tool: Any) -> dict[str, Any]:
    return {
        "name": tool.name,
        "title": tool.title,
        "description": tool.description,
        "annotations": tool.annotations.model_dump(by_alias=True, exclude_none=True)
        if tool.annotations
        else None,
        "inputSchema": tool.input_schema,
        "outputSchema": tool.output_schema,
    }


async def test_tools_list_offers_every_category_with_snapshotted_schemas(
    servers: Servers,
) -> None:
    async with mcp_over_http(servers) as client:
        tools = (await client.list_tools()).tools
    names = {tool.name for tool in tools}
    assert len(tools) >= 77  # 65+ tools and the 12 skills
    assert names >= SKILLS
    update = os.environ.get("UPDATE_TOOLSNAPS") == "1"
    missing, changed = [], []
    for tool in tools:
        assert tool.annotations is not None and tool.annotations.read_only_hint is not None
        assert tool.description and len(tool.description) > 40, tool.name
        for prop, schema in tool.input_schema.get("properties", {}).items():
            assert schema.get("description"), f"{tool.name}.{prop} has no description"
        path = SNAPSHOTS / f"{tool.name}.json"
        current = _snapshot(tool)
        if update:
            SNAPSHOTS.mkdir(exist_ok=True)
            path.write_text(json.dumps(current, indent=2, sort_keys=True) + "\n")
        elif not path.exists():
            missing.append(tool.name)
        elif json.loads(path.read_text()) != current:
            changed.append(tool.name)
    assert not missing, f"no schema snapshot for {missing}; run with UPDATE_TOOLSNAPS=1"
    assert not changed, f"schemas changed for {changed}; review and run with UPDATE_TOOLSNAPS=1"
    stale = {path.stem for path in SNAPSHOTS.glob("*.json")} - names
    assert not stale, f"snapshots of tools that no longer exist: {sorted(stale)}"


async def test_every_category_has_at_least_the_specs_count(servers: Servers) -> None:
    async with httpx.AsyncClient() as http:
        health = (await http.get(f"{servers.base}/api/health")).json()
    assert health["status"] == "healthy", health
    assert health["skills"] == 19
    assert health["metrc"] == {
        "base_url": servers.sandbox,
        "sandbox": False,
        "reachable": True,
        "reason": None,
    }
    for category, minimum in SPEC_MINIMUMS.items():
        assert health["toolsets"].get(category, 0) >= minimum, category
    assert health["tools"] == sum(health["toolsets"].values()) >= 77


async def test_a_sample_of_every_category_against_the_seeded_year(
    servers: Servers, year: list[Record]
) -> None:
    def count(licence: str, kind: str, *states: str) -> int:
        return sum(1 for r in year if r.license == licence and r.kind == kind and r.state in states)

    last_day = AS_OF - timedelta(days=1)  # the seeded year ends the day before AS_OF
    week_start = last_day - timedelta(days=6)

    async with mcp_over_http(servers) as client:
        facilities = await call(client, "list_facilities")
        active = await call(client, "list_active_packages", license_number=DISPENSARY)
        flowering = await call(client, "list_flowering_plants", license_number=CULTIVATOR)
        strains = await call(client, "list_active_strains", license_number=CULTIVATOR)
        harvests = await call(client, "list_active_harvests", license_number=CULTIVATOR)
        batches = await call(client, "list_active_plant_batches", license_number=CULTIVATOR)
        items = await call(client, "list_active_items", license_number=DISPENSARY)
        pending = await call(
            client, "list_incoming_transfers", license_number=DISPENSARY, status="pending"
        )
        receipts = await call(
            client,
            "list_active_sales_receipts",
            license_number=DISPENSARY,
            from_date=week_start.isoformat(),
            to_date=last_day.isoformat(),
        )
        first = active["items"][0]
        results = await call(
            client, "list_package_lab_results", license_number=DISPENSARY, label=first["Label"]
        )
    assert {f["LicenseNumber"] for f in facilities["items"]} >= {CULTIVATOR, DISPENSARY, LAB}
    assert active["total"] == count(DISPENSARY, "package", "active")
    assert flowering["total"] == count(CULTIVATOR, "plant", "flowering")
    assert strains["total"] == count(CULTIVATOR, "strain", "active")
    assert harvests["total"] == count(CULTIVATOR, "harvest", "active")
    assert batches["total"] == count(CULTIVATOR, "plantbatch", "active")
    assert items["total"] == count(DISPENSARY, "item", "active")
    manifests = json.dumps(pending["items"])
    for transfer in year:
        if transfer.kind == "transfer" and transfer.partner == DISPENSARY:
            assert (transfer.data["ManifestNumber"] in manifests) == (transfer.state == "pending")
    sold = [
        r
        for r in year
        if r.kind == "receipt"
        and r.license == DISPENSARY
        and r.state == "active"
        and week_start.isoformat() <= r.data["SalesDateTime"][:10] <= last_day.isoformat()
    ]
    assert receipts["total"] == len(sold) > 0
    assert results["total"] > 0


async def test_every_skill_runs_and_finds_what_the_year_holds(
    servers: Servers, year: list[Record]
) -> None:
    overdue = next(
        r
        for r in year
        if r.kind == "transfer"
        and r.state == "pending"
        and datetime.fromisoformat(r.data["EstimatedArrivalDateTime"]).date() < AS_OF
    )
    held = {
        r.label
        for r in year
        if r.kind == "package" and r.state == "onhold" and r.license == DISPENSARY
    }
    a_bag = next(
        r
        for r in year
        if r.kind == "package"
        and r.license == DISPENSARY
        and r.state == "active"
        and r.data["Item"]["ProductCategoryName"] == "Buds"
    )
    month_ago = (AS_OF - timedelta(days=30)).isoformat()
    async with mcp_over_http(servers) as client:
        runs = {
            "needs_attention": await call(
                client, "needs_attention", license_number=DISPENSARY, as_of=AS_OF.isoformat()
            ),
            "audit_ready": await call(
                client, "audit_ready", license_number=DISPENSARY, as_of=AS_OF.isoformat()
            ),
            "fifo": await call(client, "fifo", license_number=DISPENSARY, as_of=AS_OF.isoformat()),
            "compliance_check": await call(
                client, "compliance_check", license_number=DISPENSARY, as_of=AS_OF.isoformat()
            ),
            "expiration_tracker": await call(
                client, "expiration_tracker", license_number=DISPENSARY, as_of=AS_OF.isoformat()
            ),
            "purchase_limit_check": await call(
                client,
                "purchase_limit_check",
                license_number=DISPENSARY,
                state="CO",
                as_of=AS_OF.isoformat(),
            ),
            "inventory_snapshot": await call(
                client, "inventory_snapshot", license_number=DISPENSARY
            ),
            "transfer_summary": await call(
                client, "transfer_summary", license_number=DISPENSARY, as_of=AS_OF.isoformat()
            ),
            "package_history": await call(
                client,
                "package_history",
                license_number=DISPENSARY,
                label=a_bag.label,
                as_of=AS_OF.isoformat(),
            ),
            "yield_analysis": await call(
                client, "yield_analysis", license_number=CULTIVATOR, as_of=AS_OF.isoformat()
            ),
            "sales_analysis": await call(
                client, "sales_analysis", license_number=DISPENSARY, as_of=AS_OF.isoformat()
            ),
            "strain_performance": await call(
                client, "strain_performance", license_number=CULTIVATOR, as_of=AS_OF.isoformat()
            ),
            "waste_report": await call(
                client, "waste_report", license_number=CULTIVATOR, as_of=AS_OF.isoformat()
            ),
            "fefo": await call(client, "fefo", license_number=DISPENSARY, as_of=AS_OF.isoformat()),
            "late_sales": await call(
                client, "late_sales", license_number=DISPENSARY, state="CA", as_of=AS_OF.isoformat()
            ),
            "credential_expiry": await call(
                client, "credential_expiry", license_number=DISPENSARY, as_of=AS_OF.isoformat()
            ),
            "count_reconciliation": await call(
                client,
                "count_reconciliation",
                license_number=DISPENSARY,
                count=[{"label": a_bag.label, "quantity": a_bag.data["Quantity"]}],
                as_of=AS_OF.isoformat(),
            ),
            "flower_trim_yield": await call(
                client, "flower_trim_yield", license_number=CULTIVATOR, as_of=AS_OF.isoformat()
            ),
            "wholesale_value": await call(
                client, "wholesale_value", license_number=CULTIVATOR, as_of=AS_OF.isoformat()
            ),
        }
    assert set(runs) == SKILLS
    assert runs["count_reconciliation"]["counts"]["matched"] == 1
    assert runs["credential_expiry"]["counts"]["employees"] == 3
    for name, result in runs.items():
        assert result["skill"].replace("-", "_") == name
        assert result["summary"], name
    attention = runs["needs_attention"]
    involved = {t for f in attention["findings"] for t in f["transfers"]}
    assert overdue.data["ManifestNumber"] in involved
    flagged = {p for f in attention["findings"] for p in f["packages"]}
    assert held <= flagged
    history = runs["package_history"]
    assert a_bag.data["SourceHarvestNames"] in json.dumps(history)
    sold = [
        line
        for r in year
        if r.kind == "receipt"
        and r.state == "active"
        and month_ago <= r.data["SalesDateTime"][:10] < AS_OF.isoformat()
        for line in r.data["Transactions"]
    ]
    assert runs["sales_analysis"]["counts"], runs["sales_analysis"]
    assert sold  # the seeded store sold in the month before as-of


async def test_metrc_refusals_and_bad_input_come_back_as_readable_tool_errors(
    servers: Servers,
) -> None:
    async with mcp_over_http(servers) as client:
        refused = await client.call_tool("list_flowering_plants", {"license_number": DISPENSARY})
        unknown = await client.call_tool(
            "get_package", {"license_number": DISPENSARY, "label": "1A4000000000000000009999"}
        )
        invalid = await client.call_tool(
            "list_active_packages", {"license_number": DISPENSARY, "page_size": 1000}
        )
    for result in (refused, unknown, invalid):
        assert result.is_error
    assert "CanGrowPlants" in refused.content[0].text  # type: ignore[union-attr]
    assert "1A4000000000000000009999" in unknown.content[0].text  # type: ignore[union-attr]
    assert "page_size" in invalid.content[0].text  # type: ignore[union-attr]


async def test_read_only_connections_see_and_run_no_writes(servers: Servers) -> None:
    async with mcp_over_http(servers, **{"X-MCP-Readonly": "true"}) as client:
        tools = (await client.list_tools()).tools
        with pytest.raises(MCPError) as blocked:
            await client.call_tool(
                "adjust_package",
                {
                    "license_number": DISPENSARY,
                    "label": "1A4000000000000000009999",
                    "quantity": -1,
                    "unit_of_measure": "Grams",
                    "reason": "Scale Variance",
                },
            )
    assert tools and all(tool.annotations and tool.annotations.read_only_hint for tool in tools)
    # A tool the connection does not offer is unknown to it: JSON-RPC invalid params.
    assert blocked.value.error.code == -32602 and "read-only" in blocked.value.error.message
    async with mcp_over_http(servers, **{"X-MCP-Toolsets": "compliance,sales"}) as client:
        narrowed = {tool.name for tool in (await client.list_tools()).tools}
    assert "needs_attention" in narrowed and "list_facilities" not in narrowed
    async with httpx.AsyncClient() as http:
        unknown = await http.post(
            servers.mcp,
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={**servers.headers(**{"X-MCP-Toolsets": "nonsense"}), **MCP_ACCEPT},
        )
    assert unknown.status_code == 400 and "nonsense" in unknown.json()["error"]["message"]


async def test_the_http_paths_need_an_operator_key_and_metrc_keys(servers: Servers) -> None:
    body = {"message": "what needs attention?"}
    async with httpx.AsyncClient(base_url=servers.base) as http:
        nobody = await http.post("/api/mcp", json={})
        pro = await http.post(
            "/api/chat", json=body, headers={"Authorization": f"Bearer {servers.pro}"}
        )
        no_metrc = await http.post(
            "/api/chat", json=body, headers={"Authorization": f"Bearer {servers.operator}"}
        )
        half = await http.post(
            "/api/mcp",
            json={},
            headers={
                "Authorization": f"Bearer {servers.operator}",
                "X-Metrc-Vendor-Key": "sandbox-vendor-key",
            },
        )
    assert nobody.status_code == 401 and nobody.json()["error"]["code"] == "missing_api_key"
    assert pro.status_code == 403 and "Operator or Team" in pro.json()["error"]["message"]
    assert no_metrc.status_code == 401
    assert "X-Metrc-Vendor-Key and X-Metrc-User-Key" in no_metrc.json()["error"]["message"]
    assert half.status_code == 401 and "X-Metrc-User-Key" in half.json()["error"]["message"]


async def test_stored_keys_serve_an_organisation_without_headers(servers: Servers) -> None:
    env = dict(servers.env)
    env["TRICHOME_METRC_VENDOR_KEY"] = "sandbox-vendor-key"
    env["TRICHOME_METRC_USER_KEY"] = "sandbox-user-key"
    stored = trichome("metrc", "connect", "--org", "Grower Co", env=env)
    assert "…-key" in stored.stdout and "sandbox-user-key" not in stored.stdout
    database = (servers.data / "trichome.db").read_bytes()
    assert b"sandbox-user-key" not in database  # stored encrypted
    async with httpx.AsyncClient(base_url=servers.base, timeout=60) as http:
        answer = await http.post(
            "/api/chat",
            json={"message": "which licences do I have?"},
            headers={"Authorization": f"Bearer {servers.operator}"},
        )
    trichome("metrc", "disconnect", "--org", "Grower Co", env=env)
    assert answer.status_code == 200, answer.text
    assert answer.json()["tool_calls"][0]["tool"] == "list_facilities"
    assert DISPENSARY in answer.json()["answer"]


async def test_api_chat_answers_what_needs_attention_from_the_skill(
    servers: Servers, year: list[Record]
) -> None:
    overdue = next(
        r for r in year if r.kind == "transfer" and r.state == "pending" and r.partner == DISPENSARY
    )
    async with httpx.AsyncClient(base_url=servers.base, timeout=60) as http:
        answer = await http.post(
            "/api/chat",
            json={"message": f"What needs attention at {DISPENSARY}?"},
            headers=servers.headers(),
        )
        unclear = await http.post(
            "/api/chat", json={"message": "hello there"}, headers=servers.headers()
        )
        bad = await http.post("/api/chat", json={"message": ""}, headers=servers.headers())
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["engine"] == "grounded"
    assert [use["tool"] for use in body["tool_calls"]] == ["needs_attention"]
    assert body["tool_calls"][0]["arguments"]["license_number"] == DISPENSARY
    assert overdue.data["ManifestNumber"] in json.dumps(body["tool_calls"][0]["result"])
    assert body["tool_calls"][0]["result"]["summary"] in body["answer"]
    assert unclear.status_code == 200 and unclear.json()["tool_calls"] == []
    assert bad.status_code == 400


async def test_stdio_serves_the_same_tools_with_the_keys_from_the_environment(
    servers: Servers,
) -> None:
    env = {
        **servers.env,
        "TRICHOME_METRC_VENDOR_KEY": "sandbox-vendor-key",
        "TRICHOME_METRC_USER_KEY": "sandbox-user-key",
    }
    stdio = StdioServerParameters(
        command=sys.executable, args=["-m", "trichome.cli", "mcp"], env=env
    )
    async with Client(stdio) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        facilities = await call(client, "list_facilities")
    async with mcp_over_http(servers) as http_client:
        over_http = {tool.name for tool in (await http_client.list_tools()).tools}
    assert names == over_http
    assert facilities["total"] == len(FACILITIES)  # every licence the sandbox seeds
    read_only = StdioServerParameters(
        command=sys.executable,
        args=["-m", "trichome.cli", "mcp"],
        env={**env, "TRICHOME_MCP_READ_ONLY": "true"},
    )
    async with Client(read_only) as client:
        tools = (await client.list_tools()).tools
    assert all(t.annotations and t.annotations.read_only_hint for t in tools)
    assert len(tools) < len(names)


def test_api_chat_with_an_llm_lets_the_model_call_the_skill(servers: Servers) -> None:
    with fake_upstream() as upstream:
        upstream.mode = "metrc"
        port = free_port()
        env = {
            **servers.env,
            "TRICHOME_ENGINE": "openai",
            "TRICHOME_LLM_BASE_URL": upstream.base_url,
            "TRICHOME_LLM_MODEL": "upstream-model",
        }
        base = f"http://127.0.0.1:{port}"
        with running(
            ["serve", "toolserver", "--port", str(port)],
            env,
            f"{base}/api/health",
            servers.data / "toolserver-llm.log",
        ):
            answer = httpx.post(
                f"{base}/api/chat",
                json={"message": "What needs attention at the store?"},
                headers=servers.headers(),
                timeout=120,
            )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["engine"] == "openai"
    [use] = body["tool_calls"]
    assert use["tool"] == "needs_attention" and use["error"] is None
    assert (
        body["answer"] == f"{len(use['result']['findings'])} findings: {use['result']['summary']}"
    )
    offered = {tool["function"]["name"] for tool in upstream.requests[0]["tools"]}
    assert "needs_attention" in offered and "adjust_package" not in offered  # reads only
    assert upstream.requests[-1]["messages"][-1]["role"] == "tool"
