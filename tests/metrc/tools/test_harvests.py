"""Harvest tools against the seeded sandbox: lists, details, waste, packages and every write."""

from __future__ import annotations

from typing import Any

import pytest

from tests.metrc.tools.helpers import CULTIVATOR, MANUFACTURER, all_pages
from trichome.metrc import MetrcAuthError, MetrcValidationError
from trichome.metrc.tools import MetrcAccess, ToolProblem, packages, using
from trichome.metrc.tools import harvests as tools

pytestmark = pytest.mark.anyio
Record = dict[str, Any]


async def test_harvest_lists_and_filters(reader: MetrcAccess) -> None:
    client, keys = reader.client, reader.credentials
    active = await client.harvests_active(CULTIVATOR, credentials=keys)
    inactive = await client.harvests_inactive(CULTIVATOR, credentials=keys)
    held = await client.harvests_onhold(CULTIVATOR, credentials=keys)
    strain = inactive[0]["SourceStrainNames"]  # a string (one strain per harvest here)
    with using(reader):
        now = await tools.list_active_harvests(CULTIVATOR)
        done = await all_pages(tools.list_inactive_harvests, CULTIVATOR)
        of_strain = await all_pages(tools.list_inactive_harvests, CULTIVATOR, strain=strain.upper())
        room = await tools.list_active_harvests(CULTIVATOR, location="Dry Room 1")
        named = await tools.list_inactive_harvests(CULTIVATOR, name_contains="BD-")
        on_hold = await tools.list_on_hold_harvests(CULTIVATOR)
        with pytest.raises(MetrcAuthError):
            await tools.list_active_harvests(MANUFACTURER)
    assert now["total"] == len(active) == 5  # six, less the one the state holds
    assert len(done) == len(inactive) == 49
    assert all(h["FinishedDate"] for h in done)
    assert len(of_strain) == sum(strain == h["SourceStrainNames"] for h in inactive) > 0
    assert room["total"] == sum(h["DryingLocationName"] == "Dry Room 1" for h in active)
    assert named["total"] == sum(h["Name"].startswith("BD-") for h in inactive) > 0
    # The state's hold on the newest harvest (scenario state_hold).
    assert on_hold["total"] == len(held) == 1 and held[0]["IsOnHold"] is True
    assert held[0]["Name"] not in {h["Name"] for h in active}


async def test_a_harvest_in_detail_with_its_waste(reader: MetrcAccess) -> None:
    active = await reader.client.harvests_active(CULTIVATOR)
    first = active[0]
    with using(reader):
        by_name = await tools.get_harvest(CULTIVATOR, first["Name"].lower())
        by_id = await tools.get_harvest(CULTIVATOR, str(first["Id"]))
        waste = await tools.list_harvest_waste(CULTIVATOR, first["Name"])
        types = await tools.list_harvest_waste_types(CULTIVATOR)
        with pytest.raises(ToolProblem, match=r"harvest not found.*NOPE-1.*list_active_harvests"):
            await tools.get_harvest(CULTIVATOR, "NOPE-1")
    harvest = by_name["harvest"]
    assert harvest["Name"] == first["Name"] == by_id["harvest"]["Name"]
    assert harvest["CurrentWeight"] == first["CurrentWeight"]
    assert waste["total"] == len(by_name["waste"]) == 2
    assert waste["weight_totals"]["Grams"] == pytest.approx(first["TotalWasteWeight"])
    assert {w["WasteTypeName"] for w in waste["items"]} == {"Stems", "Plant Material"}
    assert [t["Name"] for t in types["items"]][:3] == ["Plant Material", "Fibrous", "Root Ball"]


async def test_waste_recorded_and_deleted_moves_weight(writer: MetrcAccess) -> None:
    harvest = (await writer.client.harvests_active(CULTIVATOR))[0]
    name, weight = harvest["Name"], harvest["CurrentWeight"]
    with using(writer):
        done = await tools.record_harvest_waste(CULTIVATOR, name, "Trim", 0.25, "Kilograms")
        after = (await tools.get_harvest(CULTIVATOR, name))["harvest"]
        waste = await tools.list_harvest_waste(CULTIVATOR, name)
        trim = next(w for w in waste["items"] if w["WasteTypeName"] == "Trim")
        deleted = await tools.delete_harvest_waste(CULTIVATOR, trim["Id"])
        restored = (await tools.get_harvest(CULTIVATOR, name))["harvest"]
        with pytest.raises(MetrcValidationError, match="left"):
            await tools.record_harvest_waste(CULTIVATOR, name, "Stems", 10_000, "Pounds")
    assert done["message"] == f"Recorded 0.25 Kilograms of Trim waste on harvest {name}."
    assert after["CurrentWeight"] == pytest.approx(weight - 250)
    assert waste["total"] == 3
    assert deleted["message"] == f"Deleted harvest waste record {trim['Id']}."
    assert restored["CurrentWeight"] == pytest.approx(weight)


async def test_packages_from_a_harvest_take_its_weight(writer: MetrcAccess) -> None:
    harvest = (await writer.client.harvests_active(CULTIVATOR))[0]
    strain = harvest["SourceStrainNames"]
    tags = [t["Label"] for t in (await writer.client.package_tags_available(CULTIVATOR))[:2]]
    bags = [tools.NewPackage(tag=tag, item=f"Buds - {strain}", weight=500) for tag in tags]
    with using(writer):
        done = await tools.create_harvest_packages(
            CULTIVATOR, harvest["Name"], bags, "Grams", "Vault"
        )
        after = (await tools.get_harvest(CULTIVATOR, harvest["Name"]))["harvest"]
        bag = (await packages.get_package(CULTIVATOR, tags[0]))["package"]
        with pytest.raises(ToolProblem, match="left to package"):
            await tools.create_harvest_packages(
                CULTIVATOR,
                harvest["Name"],
                [tools.NewPackage(tag=tags[1], item=f"Buds - {strain}", weight=1000)],
                "Pounds",
                "Vault",
            )
    assert done["message"] == f"Created 2 packages (1000 Grams) from harvest {harvest['Name']}."
    assert after["CurrentWeight"] == pytest.approx(harvest["CurrentWeight"] - 1000)
    assert after["PackageCount"] == harvest["PackageCount"] + 2
    assert (bag["Quantity"], bag["SourceHarvestNames"], bag["LocationName"]) == (
        500,
        harvest["Name"],
        "Vault",
    )


async def test_moving_renaming_finishing_and_reopening(writer: MetrcAccess) -> None:
    active = await writer.client.harvests_active(CULTIVATOR)
    harvest = next(h for h in active if h["DryingLocationName"] == "Dry Room 1")
    other = next(h["Name"] for h in active if h["Id"] != harvest["Id"])
    name = harvest["Name"]
    with using(writer):
        moved = await tools.move_harvest(CULTIVATOR, name, "Dry Room 2")
        with pytest.raises(ToolProblem, match="already at Dry Room 2"):
            await tools.move_harvest(CULTIVATOR, name, "Dry Room 2")
        renamed = await tools.rename_harvest(CULTIVATOR, name, "TOOLS-RENAMED")
        with pytest.raises(ToolProblem, match="already named"):
            await tools.rename_harvest(CULTIVATOR, "TOOLS-RENAMED", "TOOLS-RENAMED")
        finished = await tools.finish_harvests(CULTIVATOR, ["TOOLS-RENAMED"])
        closed = await tools.list_inactive_harvests(CULTIVATOR, name_contains="TOOLS-RENAMED")
        with pytest.raises(ToolProblem, match=r"must be active.*TOOLS-RENAMED \(inactive\)"):
            await tools.record_harvest_waste(CULTIVATOR, "TOOLS-RENAMED", "Stems", 1, "Grams")
        with pytest.raises(ToolProblem, match=rf"must be finished.*{other} \(active\)"):
            await tools.unfinish_harvests(CULTIVATOR, [str(harvest["Id"]), other])
        reopened = await tools.unfinish_harvests(CULTIVATOR, [str(harvest["Id"])])
        back = (await tools.get_harvest(CULTIVATOR, "TOOLS-RENAMED"))["harvest"]
    assert moved["message"] == f"Moved harvest {name} to Dry Room 2."
    assert renamed["message"] == f"Renamed harvest {name} to TOOLS-RENAMED."
    assert finished["message"] == "Finished 1 harvest: TOOLS-RENAMED."
    assert closed["total"] == 1 and closed["items"][0]["DryingLocationName"] == "Dry Room 2"
    assert reopened["message"] == "Reopened 1 harvest: TOOLS-RENAMED."
    assert "FinishedDate" not in back
