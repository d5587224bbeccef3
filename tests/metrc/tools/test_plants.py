"""Plant tools against the seeded sandbox: phase lists, details, and every write."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest
from pydantic import TypeAdapter

from tests.metrc.tools.helpers import AS_OF, CULTIVATOR, DISPENSARY, NOWHERE, changed_between
from trichome.metrc import MetrcAuthError
from trichome.metrc.tools import MetrcAccess, ToolProblem, harvests, plants, using
from trichome.metrc.tools.registry import load_all

pytestmark = pytest.mark.anyio
Record = dict[str, Any]


async def test_vegetative_and_flowering_plants_with_counts(reader: MetrcAccess) -> None:
    client, keys = reader.client, reader.credentials
    vegetative = await client.plants_vegetative(CULTIVATOR, credentials=keys)
    flowering = await client.plants_flowering(CULTIVATOR, credentials=keys)
    with using(reader):
        veg = await plants.list_vegetative_plants(CULTIVATOR)
        flower = await plants.list_flowering_plants(CULTIVATOR, page=3, page_size=10)
        room = await plants.list_flowering_plants(CULTIVATOR, location="Flower Room 6")
        runtz = await plants.list_flowering_plants(CULTIVATOR, strain="runtz", page_size=100)
        batch = flowering[0]["PlantBatchName"]
        of_batch = await plants.list_flowering_plants(CULTIVATOR, batch_contains=batch)
    assert veg["total"] == len(vegetative) == 300
    assert sum(veg["by_strain"].values()) == sum(veg["by_location"].values()) == 300
    assert flower["total"] == len(flowering)
    assert [p["Label"] for p in flower["items"]] == [p["Label"] for p in flowering[20:30]]
    assert room["total"] == sum(p["LocationName"] == "Flower Room 6" for p in flowering) > 0
    assert room["by_location"] == {"Flower Room 6": room["total"]}
    assert runtz["total"] == sum(p["StrainName"] == "Runtz" for p in flowering) > 0
    assert all(p["StrainName"] == "Runtz" for p in runtz["items"])
    assert of_batch["total"] == sum(p["PlantBatchName"] == batch for p in flowering)
    assert all(p["GrowthPhase"] == "Flowering" and p["FloweringDate"] for p in flower["items"])


async def test_inactive_and_on_hold_plants(reader: MetrcAccess) -> None:
    client, keys = reader.client, reader.credentials
    inactive = await client.plants_inactive(CULTIVATOR, credentials=keys)
    held = await client.plants_onhold(CULTIVATOR, credentials=keys)
    week = date(2026, 11, 14)
    with using(reader):
        everything = await plants.list_inactive_plants(CULTIVATOR, page_size=1)
        lately = await plants.list_inactive_plants(CULTIVATOR, modified_from=week)
        on_hold = await plants.list_on_hold_plants(CULTIVATOR)
    assert everything["total"] == len(inactive) > 5000
    assert lately["total"] == len(changed_between(inactive, week, AS_OF)) > 0
    assert all(p.get("HarvestedDate") or p.get("DestroyedDate") for p in lately["items"])
    # Three flowering plants the state holds on the year's last day (scenario state_hold).
    assert on_hold["total"] == len(held) == 3 and {p["IsOnHold"] for p in held} == {True}
    assert {p["Label"] for p in on_hold["items"]} == {p["Label"] for p in held}


async def test_plant_details_unknown_labels_and_capability(reader: MetrcAccess) -> None:
    raw = (await reader.client.plants_flowering(CULTIVATOR))[0]
    with using(reader):
        one = (await plants.get_plant(CULTIVATOR, raw["Label"]))["plant"]
        with pytest.raises(ToolProblem, match=f"{NOWHERE}.*list_vegetative_plants"):
            await plants.get_plant(CULTIVATOR, NOWHERE)
        with pytest.raises(MetrcAuthError, match="CanGrowPlants"):
            await plants.list_flowering_plants(DISPENSARY)
        reasons = await plants.list_plant_waste_reasons(CULTIVATOR)
        methods = await plants.list_plant_waste_methods(CULTIVATOR)
    assert (one["Id"], one["StrainName"], one["LocationName"]) == (
        raw["Id"],
        raw["StrainName"],
        raw["LocationName"],
    )
    assert one["State"] == "Tracked" and one["PlantBatchTypeName"] == "Clone"
    assert "HarvestedDate" not in one  # empty fields are left out
    assert {r["Name"] for r in reasons["items"]} >= {"Pests", "Male Plant"}
    assert {m["Name"] for m in methods["items"]} >= {"Grinder", "Compost"}


async def test_growth_phase_changes_and_moves(writer: MetrcAccess) -> None:
    young = await writer.client.plants_vegetative(CULTIVATOR)
    labels = [p["Label"] for p in young[:3]]
    with using(writer):
        changed = await plants.change_plants_growth_phase(
            CULTIVATOR, labels, "Flowering", "Flower Room 2"
        )
        after = [(await plants.get_plant(CULTIVATOR, label))["plant"] for label in labels]
        with pytest.raises(ToolProblem, match="cannot go back to vegetative"):
            await plants.change_plants_growth_phase(CULTIVATOR, labels, "Vegetative", "Veg Room A")
        with pytest.raises(ToolProblem, match="already Flowering at Flower Room 2"):
            await plants.change_plants_growth_phase(
                CULTIVATOR, labels, "Flowering", "Flower Room 2"
            )
        moved = await plants.move_plants(CULTIVATOR, labels[:1], "Flower Room 4")
        with pytest.raises(ToolProblem, match="already at Flower Room 4"):
            await plants.move_plants(CULTIVATOR, labels[:1], "Flower Room 4")
        rooms = [(await plants.get_plant(CULTIVATOR, label))["plant"] for label in labels]
        vegetative = await plants.list_vegetative_plants(CULTIVATOR)
    assert changed["message"] == "Changed 3 plants to Flowering at Flower Room 2."
    assert all(p["GrowthPhase"] == "Flowering" for p in after)
    assert all(p["FloweringDate"] == AS_OF.isoformat() for p in after)
    assert all(p["LocationName"] == "Flower Room 2" for p in after)
    assert moved["message"] == "Moved 1 plant to Flower Room 4."
    assert [p["LocationName"] for p in rooms] == ["Flower Room 4", "Flower Room 2", "Flower Room 2"]
    assert vegetative["total"] == len(young) - 3


async def test_harvesting_flowering_plants_makes_a_harvest(writer: MetrcAccess) -> None:
    flowering = (await writer.client.plants_flowering(CULTIVATOR))[:2]
    young = (await writer.client.plants_vegetative(CULTIVATOR))[0]
    picked = [
        plants.HarvestedPlant(label=flowering[0]["Label"], weight=610.5),
        plants.HarvestedPlant(label=flowering[1]["Label"], weight=1.25),
    ]
    with using(writer):
        with pytest.raises(ToolProblem, match="Only flowering plants can be harvested"):
            await plants.harvest_plants(
                CULTIVATOR,
                [plants.HarvestedPlant(label=young["Label"], weight=1)],
                "Grams",
                "Dry Room 2",
            )
        with pytest.raises(ToolProblem, match="appear twice"):
            await plants.harvest_plants(CULTIVATOR, [picked[0], picked[0]], "Grams", "Dry Room 2")
        done = await plants.harvest_plants(
            CULTIVATOR, picked[:1], "Grams", "Dry Room 2", harvest_name="TOOLS-H-1"
        )
        more = await plants.harvest_plants(
            CULTIVATOR, picked[1:], "Pounds", "Dry Room 2", harvest_name="TOOLS-H-1"
        )
        batch = await harvests.list_active_harvests(CULTIVATOR, name_contains="TOOLS-H-1")
        gone = (await plants.get_plant(CULTIVATOR, picked[0].label))["plant"]
        with pytest.raises(ToolProblem, match="no longer growing"):
            await plants.harvest_plants(CULTIVATOR, picked[:1], "Grams", "Dry Room 2")
    assert "Harvested 1 plant (610.5 Grams wet) into harvest 'TOOLS-H-1'" in done["message"]
    assert more["ids"] == done["ids"]  # the same harvest batch grew
    harvest = batch["items"][0]
    assert harvest["PlantCount"] == 2
    assert harvest["TotalWetWeight"] == pytest.approx(610.5 + 1.25 * 453.59237, abs=0.01)
    assert gone["HarvestedDate"] == AS_OF.isoformat()


async def test_destroying_plants_is_recorded_and_final(writer: MetrcAccess) -> None:
    label = (await writer.client.plants_vegetative(CULTIVATOR))[0]["Label"]
    before = await writer.client.plant_waste(CULTIVATOR)
    with using(writer):
        done = await plants.destroy_plants(
            CULTIVATOR, [label], "Grinder", "Soil", 0.4, "Kilograms", "Pests", "Spider mites"
        )
        dead = (await plants.get_plant(CULTIVATOR, label))["plant"]
        with pytest.raises(ToolProblem, match=r"no longer growing.*destroyed"):
            await plants.destroy_plants(
                CULTIVATOR, [label], "Grinder", "Soil", 0.4, "Kilograms", "Pests", "Again"
            )
        today = datetime.now(UTC).date()  # the day the sandbox stamps on changes
        inactive = await plants.list_inactive_plants(
            CULTIVATOR, modified_from=today, modified_to=today
        )
    assert done["message"] == "Destroyed 1 plant (Pests)."
    assert (dead["DestroyedDate"], dead["DestroyedNote"]) == (AS_OF.isoformat(), "Spider mites")
    assert label in {p["Label"] for p in inactive["items"]}
    # Its waste is a plant waste record of one plant, as Metrc lists them.
    new = (await writer.client.plant_waste(CULTIVATOR))[len(before) :]
    assert [
        (w["PlantCount"], w["WasteWeight"], w["WasteUnitOfMeasureName"], w["WasteReasonName"])
        for w in new
    ] == [(1, 0.4, "Kilograms", "Pests")]


async def test_plant_waste_for_plants_or_a_location(writer: MetrcAccess) -> None:
    labels = [p["Label"] for p in (await writer.client.plants_flowering(CULTIVATOR))[:2]]
    young = await writer.client.plants_vegetative(CULTIVATOR)
    before = await writer.client.list("/plants/v2/waste", CULTIVATOR)
    with using(writer):
        with pytest.raises(ToolProblem, match="not both"):
            await plants.record_plant_waste(CULTIVATOR, "Compost", "Soil", 1, "Kilograms", "Damage")
        with pytest.raises(ToolProblem, match="not both"):
            await plants.record_plant_waste(
                CULTIVATOR, "Compost", "Soil", 1, "Kilograms", "Damage", labels, "Flower Room 1"
            )
        by_plant = await plants.record_plant_waste(
            CULTIVATOR, "Compost", "Soil", 1.5, "Kilograms", "Damage", labels=labels
        )
        by_room = await plants.record_plant_waste(
            CULTIVATOR, "Grinder", "Kitty litter", 300, "Grams", "Unhealthy", location="Veg Room A"
        )
    after = await writer.client.list("/plants/v2/waste", CULTIVATOR)
    assert by_plant["message"] == "Recorded 1.5 Kilograms of waste from 2 plants."
    assert by_room["message"] == "Recorded 300 Grams of waste from the plants at Veg Room A."
    new: list[Record] = after[len(before) :]
    in_room = sum(p["LocationName"] == "Veg Room A" for p in young)
    assert [w["PlantCount"] for w in new] == [2, in_room] and in_room > 0
    assert {w["WasteReasonName"] for w in new} == {"Damage", "Unhealthy"}
    assert [w["WasteWeight"] for w in new] == [1.5, 300]


async def test_a_plant_waste_record_names_the_plants_it_came_from(writer: MetrcAccess) -> None:
    labels = [p["Label"] for p in (await writer.client.plants_flowering(CULTIVATOR))[:2]]
    with using(writer):
        recorded = await plants.record_plant_waste(
            CULTIVATOR, "Compost", "Soil", 1.5, "Kilograms", "Damage", labels=labels
        )
        (waste_id,) = recorded["ids"]
        found = await plants.get_plant_waste(CULTIVATOR, int(waste_id))
        with pytest.raises(ToolProblem, match="No plant waste record"):
            await plants.get_plant_waste(CULTIVATOR, 999999)
    assert sorted(p["Label"] for p in found["plants"]) == sorted(labels)
    assert sum(p["WasteAmount"] for p in found["plants"]) == pytest.approx(1.5)
    assert found["packages"] == []  # the sandbox packages no plant waste
    TypeAdapter(load_all()["get_plant_waste"].returns).validate_python(found)
