"""Facility tools against the seeded sandbox: licences, people, locations, units, tags."""

from __future__ import annotations

import itertools
from datetime import date, timedelta

import pytest

from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY, LAB, MEDICAL_STORE
from trichome.metrc import MetrcAuthError, MetrcValidationError
from trichome.metrc.tools import MetrcAccess, ToolProblem, using
from trichome.metrc.tools import facilities as tools

pytestmark = pytest.mark.anyio


async def test_facilities_show_each_licence_with_what_it_may_do(reader: MetrcAccess) -> None:
    with using(reader):
        result = await tools.list_facilities()
    by_licence = {f["LicenseNumber"]: f for f in result["items"]}
    assert result["total"] == 5 and len(by_licence) == 5
    assert "CanGrowPlants" in by_licence[CULTIVATOR]["Capabilities"]
    assert "CanSellToConsumers" in by_licence[DISPENSARY]["Capabilities"]
    assert "CanGrowPlants" not in by_licence[DISPENSARY]["Capabilities"]
    assert by_licence[LAB]["Name"] == "Sandbox Retail Testing Lab"
    assert "CanHaveMemberPatients" in by_licence[MEDICAL_STORE]["Capabilities"]
    assert "CanHaveMemberPatients" not in by_licence[DISPENSARY]["Capabilities"]


async def test_employees_are_listed_and_filtered_by_name(reader: MetrcAccess) -> None:
    everyone = await reader.client.employees(CULTIVATOR, credentials=reader.credentials)
    with using(reader):
        result = await tools.list_employees(CULTIVATOR)
        quinn = await tools.list_employees(CULTIVATOR, name_contains="QUINN")
    assert result["total"] == len(everyone) == 3
    assert [e["FullName"] for e in quinn["items"]] == ["Avery Quinn"]
    assert quinn["items"][0]["IsOwner"] is True
    assert quinn["items"][0]["EmployeeLicenseNumber"]


async def test_locations_filter_by_use_type_and_name_and_page(reader: MetrcAccess) -> None:
    raw = await reader.client.locations_active(CULTIVATOR, credentials=reader.credentials)
    with using(reader):
        everything = await tools.list_locations(CULTIVATOR, page_size=100)
        for_plants = await tools.list_locations(CULTIVATOR, holds="plants", page_size=100)
        hubs = await tools.list_locations(CULTIVATOR, location_type="centralized processing hub")
        flower = await tools.list_locations(CULTIVATOR, name_contains="flower room")
        first = await tools.list_locations(CULTIVATOR, page=1, page_size=5)
        second = await tools.list_locations(CULTIVATOR, page=2, page_size=5)
    assert everything["total"] == len(raw) == 17
    assert for_plants["total"] == sum(1 for r in raw if r["ForPlants"]) < len(raw)
    assert all(loc["ForPlants"] for loc in for_plants["items"])
    assert hubs["total"] >= 1
    assert all(h["LocationTypeName"] == "Centralized Processing Hub" for h in hubs["items"])
    assert flower["total"] == 10
    assert first["has_more"] and first["total_pages"] == 4
    names = [loc["Name"] for loc in everything["items"]]
    assert [loc["Name"] for loc in first["items"] + second["items"]] == names[:10]


async def test_locations_by_last_modified_day(reader: MetrcAccess) -> None:
    # Metrc documents no LastModified on a location, so the days are found through the filter:
    # one-month windows over two years find some, and no location is counted twice.
    starts = [date(2025 + n // 12, n % 12 + 1, 1) for n in range(25)]
    with using(reader):
        everything = await tools.list_locations(CULTIVATOR)
        monthly = [
            (
                await tools.list_locations(
                    CULTIVATOR, modified_from=start, modified_to=end - timedelta(days=1)
                )
            )["total"]
            for start, end in itertools.pairwise(starts)
        ]
    assert any(monthly) and sum(monthly) <= everything["total"]


async def test_last_modified_days_that_cannot_work_are_explained(reader: MetrcAccess) -> None:
    with using(reader):
        with pytest.raises(ToolProblem, match="needs modified_from"):
            await tools.list_locations(CULTIVATOR, modified_to=date(2026, 11, 1))
        with pytest.raises(ToolProblem, match="swap them"):
            await tools.list_locations(
                CULTIVATOR, modified_from=date(2026, 11, 5), modified_to=date(2026, 11, 1)
            )
        with pytest.raises(ToolProblem, match="more than 31 days"):
            await tools.list_locations(CULTIVATOR, modified_from=date(2026, 1, 1))


async def test_reference_lists_match_metrc(reader: MetrcAccess) -> None:
    units = await reader.client.units_of_measure(credentials=reader.credentials)
    methods = await reader.client.waste_methods(credentials=reader.credentials)
    with using(reader):
        types = await tools.list_location_types(CULTIVATOR)
        weights = await tools.list_units_of_measure(quantity_type="WeightBased")
        all_units = await tools.list_units_of_measure()
        waste = await tools.list_waste_methods()
    assert {t["Name"] for t in types["items"]} == {
        "Default Location Type",
        "Centralized Processing Hub",
    }
    assert all_units["total"] == len(units)
    assert weights["total"] == sum(1 for u in units if u["QuantityType"] == "WeightBased")
    assert {u["Name"] for u in weights["items"]} >= {"Grams", "Ounces", "Pounds"}
    assert "Each" not in {u["Name"] for u in weights["items"]}
    assert [m["Name"] for m in waste["items"]] == [m["Name"] for m in methods]


async def test_available_tags_count_and_page_in_label_order(reader: MetrcAccess) -> None:
    with using(reader):
        plant = await tools.list_available_plant_tags(CULTIVATOR, page_size=3)
        package = await tools.list_available_package_tags(DISPENSARY, page=2, page_size=3)
        package_first = await tools.list_available_package_tags(DISPENSARY, page=1, page_size=6)
        with pytest.raises(MetrcAuthError, match="CanGrowPlants"):
            await tools.list_available_plant_tags(DISPENSARY)
    assert plant["total"] == 1000 and len(plant["items"]) == 3
    labels = [t["Label"] for t in plant["items"]]
    assert labels == sorted(labels)
    # GET /tags/v2/plant/available (bruno Tags/GetAvailablePlant) names the kind in
    # TagInventoryTypeName.
    assert plant["items"][0]["TagInventoryTypeName"] == "RetailPlant"
    assert package["total"] == 1000
    assert package["items"] == package_first["items"][3:]


async def test_a_created_location_is_listed_and_a_duplicate_refused(writer: MetrcAccess) -> None:
    with using(writer):
        done = await tools.create_location(CULTIVATOR, "Cure Room", "Default Location Type")
        found = await tools.list_locations(CULTIVATOR, name_contains="cure")
        with pytest.raises(MetrcValidationError, match="already exists"):
            await tools.create_location(CULTIVATOR, "Cure Room", "Default Location Type")
    assert done["ok"] and len(done["ids"]) == 1 and "Cure Room" in done["message"]
    assert found["total"] == 1
    room = found["items"][0]
    assert room["Id"] == done["ids"][0] and room["ForPlants"] and room["ForPackages"]


async def test_a_location_is_renamed_retyped_and_archived(writer: MetrcAccess) -> None:
    with using(writer):
        made = await tools.create_location(CULTIVATOR, "Cure Room", "Default Location Type")
        room = made["ids"][0]
        renamed = await tools.update_location(CULTIVATOR, room, name=" Curing Annex Q ")
        retyped = await tools.update_location(
            CULTIVATOR, room, location_type="Centralized Processing Hub"
        )
        (shown,) = (await tools.list_locations(CULTIVATOR, name_contains="annex q"))["items"]
        with pytest.raises(ToolProblem, match="Nothing to change"):
            await tools.update_location(CULTIVATOR, room)
        with pytest.raises(ToolProblem, match="No location with Id 999999"):
            await tools.update_location(CULTIVATOR, 999999, name="Nowhere")
        archived = await tools.archive_location(CULTIVATOR, room)
        gone = await tools.list_locations(CULTIVATOR, name_contains="annex q")
    assert (
        renamed["message"] == f"Updated location {room}: 'Curing Annex Q' (Default Location Type)."
    )
    assert "Centralized Processing Hub" in retyped["message"]
    assert shown["Id"] == room and shown["Name"] == "Curing Annex Q"
    assert shown["LocationTypeName"] == "Centralized Processing Hub" and not shown["ForPlants"]
    assert archived["ok"] and gone["total"] == 0
