"""The tool server on a BioTrack connection, end to end: the sandbox's seeded New Mexico
year behind `trichome serve toolserver`, driven by the official MCP client over HTTP (the
connection named in headers) and over stdio (named in the environment)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from tests.e2e.test_toolserver import SKILLS, SNAPSHOTS, _snapshot, call
from tests.support.sandbox import AS_OF
from tests.support.servers import trichome
from tests.support.toolserver import Servers
from trichome.tracking.biotrack import BioTrackClient, BioTrackCredentials
from trichome.tracking.biotrack.fields import flag, number

pytestmark = pytest.mark.anyio

FARM = ("990101", "grower@sandbox.test")
STORE = ("990202", "store@sandbox.test")
PASSWORD = "sandbox-password"
BIOTRACK_ONLY = {
    "list_destruction_schedule",
    "schedule_destruction",
    "undo_destruction_schedule",
    "destroy_scheduled",
    "list_manifests_to_receive",
    "receive_manifest",
}


def login_headers(servers: Servers, login: tuple[str, str]) -> dict[str, str]:
    licence, user = login
    return {
        "Authorization": f"Bearer {servers.operator}",
        "X-Tracking-System": "biotrack",
        "X-Tracking-State": "NM",
        "X-BioTrack-License": licence,
        "X-BioTrack-Username": user,
        "X-BioTrack-Password": PASSWORD,
    }


@asynccontextmanager
async def biotrack_mcp(servers: Servers, login: tuple[str, str]) -> AsyncIterator[Client]:
    async with (
        httpx2.AsyncClient(headers=login_headers(servers, login), timeout=120) as http,
        Client(streamable_http_client(servers.mcp, http_client=http)) as client,
    ):
        yield client


async def sandbox_rows(servers: Servers, login: tuple[str, str], table: str) -> list[Any]:
    """A table as the real client reads it from the sandbox, beside the tool server."""
    client = BioTrackClient.for_state(
        "NM",
        BioTrackCredentials(login[0], login[1], PASSWORD),
        url=f"{servers.sandbox}/biotrack/serverjson.asp",
    )
    try:
        return list((await client.sync(table)).records)
    finally:
        await client.aclose()


async def test_a_biotrack_connection_offers_the_shared_and_its_own_tools(
    servers: Servers,
) -> None:
    async with biotrack_mcp(servers, FARM) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        with pytest.raises(MCPError) as metrc_only:
            await client.call_tool("list_active_packages", {"license_number": FARM[0]})
        facilities = await call(client, "list_facilities")
    assert names >= SKILLS | BIOTRACK_ONLY | {"list_facilities"}
    assert "list_active_packages" not in names and "destroy_plants" not in names
    assert metrc_only.value.error.code == -32602
    assert "BioTrack" in metrc_only.value.error.message
    [farm] = facilities["items"]
    assert farm["LicenseNumber"] == FARM[0] and farm["Name"] == "Sandbox Mesa Cultivation"
    assert "CanGrowPlants" in farm["Capabilities"]
    async with biotrack_mcp(servers, STORE) as client:
        store = await call(client, "list_facilities")
    assert store["items"][0]["Capabilities"] == ["CanSellToConsumers"]


async def test_biotrack_only_tools_have_snapshotted_schemas(servers: Servers) -> None:
    """BioTrack's own tools, as `tools/list` shows them (the shared ones are snapshotted by
    the Metrc test, and a BioTrack connection must show them the same)."""
    async with biotrack_mcp(servers, FARM) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    folder = SNAPSHOTS / "biotrack"
    update = os.environ.get("UPDATE_TOOLSNAPS") == "1"
    for name in sorted(BIOTRACK_ONLY):
        path = folder / f"{name}.json"
        current = _snapshot(tools[name])
        if update:
            folder.mkdir(exist_ok=True)
            path.write_text(json.dumps(current, indent=2, sort_keys=True) + "\n")
        assert path.exists(), f"no schema snapshot for {name}; run with UPDATE_TOOLSNAPS=1"
        assert json.loads(path.read_text()) == current, f"schema of {name} changed"
    for name in set(tools) - BIOTRACK_ONLY:
        shared = SNAPSHOTS / f"{name}.json"
        assert json.loads(shared.read_text()) == _snapshot(tools[name]), name
    assert {path.stem for path in folder.glob("*.json")} == BIOTRACK_ONLY


async def test_every_skill_runs_on_the_biotrack_year(servers: Servers) -> None:
    day = AS_OF.isoformat()
    runs: dict[str, dict[str, Any]] = {}
    async with biotrack_mcp(servers, FARM) as farm:
        for name in ("needs_attention", "audit_ready", "compliance_check", "yield_analysis",
                     "strain_performance", "waste_report", "expiration_tracker",
                     "credential_expiry", "flower_trim_yield", "wholesale_value"):  # fmt: skip
            runs[name] = await call(farm, name, license_number=FARM[0], as_of=day)
        lots = (await call(farm, "inventory_snapshot", license_number=FARM[0]))["counts"]
    async with biotrack_mcp(servers, STORE) as store:
        for name in ("fifo", "fefo", "transfer_summary", "sales_analysis"):
            runs[name] = await call(store, name, license_number=STORE[0], as_of=day)
        runs["purchase_limit_check"] = await call(
            store, "purchase_limit_check", license_number=STORE[0], state="WA", as_of=day
        )
        runs["inventory_snapshot"] = await call(
            store, "inventory_snapshot", license_number=STORE[0]
        )
        held = [p for p in await sandbox_rows(servers, STORE, "inventory") if not flag(p["deleted"])
                and number(p["remaining_quantity"]) > 0]  # fmt: skip
        runs["package_history"] = await call(
            store, "package_history", license_number=STORE[0], label=held[0]["id"], as_of=day
        )
        # New Mexico has no sourced recording window: the caller gives one.
        runs["late_sales"] = await call(
            store, "late_sales", license_number=STORE[0], window_hours=24, as_of=day
        )
        counted = number(held[0]["remaining_quantity"]) - 1
        runs["count_reconciliation"] = await call(
            store,
            "count_reconciliation",
            license_number=STORE[0],
            count_csv=f"label,quantity\n{held[0]['id']},{counted}\n",
        )
    assert set(runs) == SKILLS
    for name, result in runs.items():
        assert result["skill"].replace("-", "_") == name and result["summary"], name
    farm_lots = [p for p in await sandbox_rows(servers, FARM, "inventory") if not flag(p["deleted"])
                 and number(p["remaining_quantity"]) > 0]  # fmt: skip
    assert lots["packages"] == len(farm_lots) > 0
    assert runs["inventory_snapshot"]["counts"]["packages"] == len(held)
    assert runs["sales_analysis"]["counts"]["receipts"] > 0
    assert runs["waste_report"]["counts"]["plants_destroyed"] >= 1
    off = runs["count_reconciliation"]["details"]
    assert str(held[0]["id"]) in json.dumps(off)  # the one package counted short is listed
    checks = {f["check"] for f in runs["needs_attention"]["findings"]}
    assert "low_tags" not in checks  # BioTrack issues identifiers itself


async def test_destruction_waits_and_receiving_through_the_biotrack_tools(
    servers: Servers,
) -> None:
    plants = await sandbox_rows(servers, FARM, "plant")
    growing = [p["id"] for p in plants if not flag(p["deleted"]) and not flag(p["removescheduled"])
               and p.get("state") in (0, "0")]  # fmt: skip
    async with biotrack_mcp(servers, FARM) as farm:
        before = await call(farm, "list_destruction_schedule", license_number=FARM[0])
        scheduled = await call(
            farm, "schedule_destruction", license_number=FARM[0], kind="plant",
            barcodes=[growing[0]], reason="Hermaphrodite",
        )  # fmt: skip
        early = await farm.call_tool(
            "destroy_scheduled", {"license_number": FARM[0], "kind": "plant",
                                  "barcodes": [growing[0]]},
        )  # fmt: skip
        after = await call(farm, "list_destruction_schedule", license_number=FARM[0])
        undone = await call(
            farm, "undo_destruction_schedule", license_number=FARM[0], kind="plant",
            barcodes=[growing[0]],
        )  # fmt: skip
    assert before["wait"]["hours"] == 72 and before["wait"]["sources"]
    assert scheduled["ok"] and "72 hours" in scheduled["message"]
    assert early.is_error and "72" in early.content[0].text  # type: ignore[union-attr]
    mine = next(item for item in after["items"] if item["barcode"] == growing[0])
    assert mine["ready"] is False and mine["reason"] == "Hermaphrodite"
    assert after["total"] == before["total"] + 1 and undone["ok"]

    async with biotrack_mcp(servers, STORE) as store:
        waiting = await call(store, "list_manifests_to_receive", license_number=STORE[0])
        [manifest] = waiting["items"]
        received = await call(
            store, "receive_manifest", license_number=STORE[0],
            manifest_id=manifest["manifest_id"],
        )  # fmt: skip
        left = await call(store, "list_manifests_to_receive", license_number=STORE[0])
    assert manifest["sender_license"] == FARM[0] and manifest["items"]
    assert received["ok"] and left["total"] == 0
    inbound = await sandbox_rows(servers, STORE, "inventory_transfer_inbound")
    got = {row["inventoryid"] for row in inbound if row["manifestid"] == manifest["manifest_id"]}
    assert got == {item["barcode"] for item in manifest["items"]}


async def test_stdio_serves_a_biotrack_connection_from_the_environment(
    servers: Servers,
) -> None:
    env = {
        **servers.env,
        "TRICHOME_TRACKING_SYSTEM": "biotrack",
        "TRICHOME_BIOTRACK_STATE": "NM",
        "TRICHOME_BIOTRACK_LICENSE": FARM[0],
        "TRICHOME_BIOTRACK_USERNAME": FARM[1],
        "TRICHOME_BIOTRACK_PASSWORD": PASSWORD,
    }
    stdio = StdioServerParameters(command=sys.executable, args=["-m", "trichome.cli", "mcp"],
                                  env=env)  # fmt: skip
    async with Client(stdio) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        facilities = await call(client, "list_facilities")
        attention = await call(client, "needs_attention", license_number=FARM[0])
    async with biotrack_mcp(servers, FARM) as over_http:
        http_names = {tool.name for tool in (await over_http.list_tools()).tools}
    assert names == http_names
    assert facilities["items"][0]["LicenseNumber"] == FARM[0]
    assert attention["counts"]["growing_plants"] > 100


async def test_a_stored_biotrack_login_serves_an_organisation_without_headers(
    servers: Servers,
) -> None:
    env = {
        **servers.env,
        "TRICHOME_BIOTRACK_USERNAME": STORE[1],
        "TRICHOME_BIOTRACK_PASSWORD": PASSWORD,
    }
    stored = trichome(
        "tracking", "connect", "--org", "Grower Co", "--system", "biotrack", "--state", "nm",
        "--license", STORE[0], env=env,
    )  # fmt: skip
    try:
        listed = trichome("tracking", "connections", env=env).stdout
        assert "NM, licence 990202" in stored.stdout and PASSWORD not in stored.stdout
        assert "biotrack" in listed and STORE[1] not in listed and PASSWORD not in listed
        assert _line(listed, "Grower Co").endswith("never")
        assert PASSWORD.encode() not in (servers.data / "trichome.db").read_bytes()
        key = {"Authorization": f"Bearer {servers.operator}"}
        for headers in (key, {**key, "X-Tracking-System": "biotrack"}):
            async with (
                httpx2.AsyncClient(headers=headers, timeout=120) as http,
                Client(streamable_http_client(servers.mcp, http_client=http)) as client,
            ):
                names = {tool.name for tool in (await client.list_tools()).tools}
                facilities = await call(client, "list_facilities")
            assert "receive_manifest" in names and "list_active_packages" not in names
            assert facilities["items"][0]["LicenseNumber"] == STORE[0]
        # The listing says when the tool server last reached BioTrack with the login.
        used = _line(trichome("tracking", "connections", env=env).stdout, "Grower Co")
        assert not used.endswith("never") and used.split()[-2].startswith("20")
    finally:
        trichome("tracking", "disconnect", "--org", "Grower Co", "--system", "biotrack", env=env)
    async with httpx.AsyncClient(base_url=servers.base) as http:
        nothing = await http.post(
            "/api/mcp", json={}, headers={**key, "X-Tracking-System": "biotrack"}
        )
        unknown = await http.post("/api/mcp", json={}, headers={**key, "X-Tracking-System": "x"})
    assert nothing.status_code == 401 and "X-Tracking-State" in nothing.json()["error"]["message"]
    assert unknown.status_code == 400


def _line(listing: str, organisation: str) -> str:
    """The listing's row for one organisation."""
    return next(line.strip() for line in listing.splitlines() if line.startswith(organisation))
