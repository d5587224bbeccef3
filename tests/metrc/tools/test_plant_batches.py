"""Plant batch tools against the seeded sandbox: lists, details, waste, and every write."""

from __future__ import annotations

import pytest

from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY, all_pages
from trichome.metrc import MetrcAuthError, MetrcValidationError
from trichome.metrc.tools import MetrcAccess, ToolProblem, plants, using
from trichome.metrc.tools import plant_batches as tools

pytestmark = pytest.mark.anyio


async def test_active_and_inactive_batches_with_untracked_totals(reader: MetrcAccess) -> None:
    client, keys = reader.client, reader.credentials
    active = await client.plant_batches_active(CULTIVATOR, credentials=keys)
    inactive = await client.plant_batches_inactive(CULTIVATOR, credentials=keys)
    strain = inactive[0]["StrainName"]
    with using(reader):
        now = await tools.list_active_plant_batches(CULTIVATOR)
        past = await tools.list_inactive_plant_batches(CULTIVATOR, page_size=5)
        of_strain = await all_pages(tools.list_inactive_plant_batches, CULTIVATOR, strain=strain)
        named = await tools.list_inactive_plant_batches(CULTIVATOR, name_contains="-CL")
        cloned = await tools.list_active_plant_batches(CULTIVATOR, location="Clone Room")
    assert now["total"] == len(active) == 2
    assert now["untracked_plants"] == sum(b["UntrackedCount"] for b in active) > 0
    assert past["total"] == len(inactive) and past["untracked_plants"] == 0
    assert len(of_strain) == sum(b["StrainName"] == strain for b in inactive) > 0
    assert named["total"] == len(inactive)
    assert cloned["total"] == sum(b["LocationName"] == "Clone Room" for b in active)


async def test_a_batch_in_detail_with_its_waste(reader: MetrcAccess) -> None:
    waste = await reader.client.plant_batch_waste(CULTIVATOR)
    name = waste[0]["PlantBatchName"]
    with using(reader):
        found = await tools.get_plant_batch(CULTIVATOR, name.lower())
        with pytest.raises(ToolProblem, match="No plant batch named 'NO-SUCH-BATCH'"):
            await tools.get_plant_batch(CULTIVATOR, "NO-SUCH-BATCH")
        with pytest.raises(MetrcAuthError):
            await tools.list_active_plant_batches(DISPENSARY)
    assert found["plant_batch"]["Name"] == name
    assert len(found["waste"]) == sum(w["PlantBatchName"] == name for w in waste) >= 1
    assert found["waste"][0]["WasteReasonName"] == waste[0]["WasteReasonName"]


async def test_waste_lists_reasons_and_types(reader: MetrcAccess) -> None:
    waste = await reader.client.plant_batch_waste(CULTIVATOR)
    name = waste[-1]["PlantBatchName"]
    with using(reader):
        everything = await all_pages(tools.list_plant_batch_waste, CULTIVATOR)
        one = await tools.list_plant_batch_waste(CULTIVATOR, name_contains=name)
        unhealthy = await tools.list_plant_batch_waste(CULTIVATOR, reason="Unhealthy")
        reasons = await tools.list_plant_batch_waste_reasons(CULTIVATOR)
        types = await tools.list_plant_batch_types(CULTIVATOR)
    assert len(everything) == len(waste)
    days = [w["WasteDate"] for w in everything]
    assert days == sorted(days, reverse=True)
    assert one["total"] == sum(w["PlantBatchName"] == name for w in waste)
    assert unhealthy["total"] == sum(w["WasteReasonName"] == "Unhealthy" for w in waste)
    assert "Unhealthy" in {r["Name"] for r in reasons["items"]}
    assert [t["Name"] for t in types["items"]] == ["Seed", "Clone", "Genetic Material"]
    assert all(isinstance(t["CanBeCloned"], bool) and t["LastModified"] for t in types["items"])


async def test_a_batch_from_planting_to_tagged_plants(writer: MetrcAccess) -> None:
    name = "TOOLS-CL-1"
    with using(writer):
        planted = await tools.create_plant_batch(
            CULTIVATOR, name, "Clone", 20, "Blue Dream", "Clone Room"
        )
        with pytest.raises(MetrcValidationError, match="already exists"):
            await tools.create_plant_batch(CULTIVATOR, name, "Clone", 5, "Blue Dream", "Clone Room")
        moved = await tools.move_plant_batch(CULTIVATOR, name, "Veg Room A")
        with pytest.raises(ToolProblem, match="already at Veg Room A"):
            await tools.move_plant_batch(CULTIVATOR, name, "Veg Room A")
        wasted = await tools.record_plant_batch_waste(
            CULTIVATOR, name, "Compost", "Soil", 0.05, "Kilograms", "Unhealthy", note="Wilted"
        )
        destroyed = await tools.destroy_plant_batch_plants(
            CULTIVATOR, name, 5, "Unhealthy", "Root rot", "Compost", "Soil", 0.1, "Kilograms"
        )
        with pytest.raises(ToolProblem, match="only 15 untracked"):
            await tools.destroy_plant_batch_plants(CULTIVATOR, name, 16, "Pests", "Mites")
        with pytest.raises(ToolProblem, match="weight and its unit together"):
            await tools.destroy_plant_batch_plants(
                CULTIVATOR, name, 1, "Pests", "Mites", waste_weight=1
            )
        tag = (await writer.client.plant_tags_available(CULTIVATOR))[0]["Label"]
        with pytest.raises(ToolProblem, match="tag at most 15"):
            await tools.change_plant_batch_growth_phase(
                CULTIVATOR, name, 16, tag, "Vegetative", "Veg Room B"
            )
        tagged = await tools.change_plant_batch_growth_phase(
            CULTIVATOR, name, 3, tag, "Vegetative", "Veg Room B"
        )
        batch = (await tools.get_plant_batch(CULTIVATOR, name))["plant_batch"]
        waste = await tools.list_plant_batch_waste(CULTIVATOR, name_contains=name)
        young = await plants.list_vegetative_plants(CULTIVATOR, batch_contains=name)
    assert planted["message"] == "Planted batch TOOLS-CL-1: 20 clone plants of Blue Dream."
    # UpdatePlantBatchesLocation answers no body, so a move has no Ids.
    assert moved["ids"] == [] and planted["ids"] and wasted["ids"]
    assert "15 untracked left" in destroyed["message"]
    assert "Tagged 3 plants" in tagged["message"]
    assert (batch["UntrackedCount"], batch["TrackedCount"], batch["DestroyedCount"]) == (12, 3, 5)
    assert batch["LocationName"] == "Veg Room A"
    assert waste["total"] == 2
    assert {w["WasteReasonName"] for w in waste["items"]} == {"Unhealthy"}
    # The batch's 20 plants when the waste was recorded, then the 5 destroyed.
    assert sorted(w["PlantCount"] for w in waste["items"]) == [5, 20]
    assert young["total"] == 3 and young["items"][0]["Label"] == tag
    assert young["by_location"] == {"Veg Room B": 3}


async def test_an_emptied_batch_is_inactive_for_writes(writer: MetrcAccess) -> None:
    with using(writer):
        await tools.create_plant_batch(CULTIVATOR, "TOOLS-SD-1", "Seed", 2, "Gelato", "Clone Room")
        await tools.destroy_plant_batch_plants(CULTIVATOR, "TOOLS-SD-1", 2, "Damage", "Dropped")
        gone = await tools.list_inactive_plant_batches(CULTIVATOR, name_contains="TOOLS-SD")
        with pytest.raises(ToolProblem, match="inactive"):
            await tools.move_plant_batch(CULTIVATOR, "TOOLS-SD-1", "Veg Room A")
    assert gone["total"] == 1 and gone["items"][0]["DestroyedCount"] == 2
