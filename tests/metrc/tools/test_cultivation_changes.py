"""The plant and plant batch tools added for Metrc's Plants and PlantBatches operations
(tags, strain, merge and split, manicure, clones from a plant, additives, batch renames,
splits, adjustments and packaging) against the seeded sandbox."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import TypeAdapter

from tests.metrc.tools.helpers import CULTIVATOR
from tests.support.sandbox import AS_OF, KEYS, sandbox_client
from trichome.config import Settings
from trichome.metrc import MetrcAuthError
from trichome.metrc.tools import MetrcAccess, ToolProblem, load_all, plants, using
from trichome.metrc.tools import plant_batches as batches

pytestmark = pytest.mark.anyio
MA_CULTIVATOR = "SF-SBX-MA-4-3301"
STATUSES: tuple[Literal["active", "inactive", "on_hold"], ...] = ("active", "inactive", "on_hold")


async def test_plant_tools_change_tags_strains_and_groups(writer: MetrcAccess) -> None:
    client, keys = writer.client, writer.credentials
    growing = await client.plants_vegetative(CULTIVATOR, credentials=keys)
    first, second = growing[0], growing[1]
    tags = [t["Label"] for t in await client.plant_tags_available(CULTIVATOR, credentials=keys)]
    other = next(
        s["Name"]
        for s in await client.strains_active(CULTIVATOR, credentials=keys)
        if s["Name"] != first["StrainName"]
    )
    with using(writer):
        retagged = await plants.replace_plant_tag(CULTIVATOR, first["Label"], tags[0])
        strained = await plants.change_plants_strain(CULTIVATOR, [tags[0]], other)
        with pytest.raises(ToolProblem, match="already of strain"):
            await plants.change_plants_strain(CULTIVATOR, [tags[0]], other)
        split = await plants.split_plants(
            CULTIVATOR, second["Label"], 1, tags[1], second["StrainName"]
        )
        merged = await plants.merge_plants(CULTIVATOR, second["Label"], tags[1])
        with pytest.raises(ToolProblem, match="into itself"):
            await plants.merge_plants(CULTIVATOR, tags[0], tags[0])
        for status in STATUSES:  # Colorado has no mother phase
            with pytest.raises(MetrcAuthError, match="CanTrackMotherPlantsAsGrowthPhase"):
                await plants.list_mother_plants(CULTIVATOR, status=status)
    assert retagged["ids"] == [] and "now tagged" in retagged["message"]
    assert (await client.plant(CULTIVATOR, label=tags[0], credentials=keys))["StrainName"] == other
    assert strained["ids"] == [] and len(split["ids"]) == 1 and merged["ids"] == []


async def test_mother_plants_are_listed_where_the_licence_tracks_them(own_year: Settings) -> None:
    """Massachusetts' cultivator (served by the sandbox told it is in MA) keeps its mothers,
    one destroyed and one held (sandbox/seed/mothers.py); each list fits the tool's schema."""
    async with sandbox_client(own_year.model_copy(update={"sandbox_state": "MA"})) as client:
        with using(MetrcAccess(client, KEYS, today=AS_OF)):
            lists = {
                status: await plants.list_mother_plants(MA_CULTIVATOR, status=status)
                for status in STATUSES
            }
    for found in lists.values():
        TypeAdapter(load_all()["list_mother_plants"].returns).validate_python(found)
        assert {p["GrowthPhase"] for p in found["items"]} == {"Mother"}
    assert [found["total"] for found in lists.values()] == [2, 1, 1]


async def test_a_plant_is_kept_as_a_mother_only_where_the_licence_tracks_mothers(
    own_year: Settings, writer: MetrcAccess
) -> None:
    """change_plants_growth_phase offers Mother: at Massachusetts' cultivator a vegetative
    plant moves to the mother list; a flowering plant is refused by the tool, and a Colorado
    plant by Metrc (the licence lacks CanTrackMotherPlantsAsGrowthPhase)."""
    async with sandbox_client(own_year.model_copy(update={"sandbox_state": "MA"})) as client:
        young = (await client.plants_vegetative(MA_CULTIVATOR, credentials=KEYS))[0]["Label"]
        with using(MetrcAccess(client, KEYS, today=AS_OF)):
            kept = await plants.change_plants_growth_phase(
                MA_CULTIVATOR, [young], "Mother", "Mother Room"
            )
            mothers = await plants.list_mother_plants(MA_CULTIVATOR)
    colorado = writer.client
    veg = (await colorado.plants_vegetative(CULTIVATOR, credentials=writer.credentials))[0]
    bloom = (await colorado.plants_flowering(CULTIVATOR, credentials=writer.credentials))[0]
    with using(writer):
        with pytest.raises(ToolProblem, match="cannot go back to mother"):
            await plants.change_plants_growth_phase(
                CULTIVATOR, [bloom["Label"]], "Mother", "Flower Room 2"
            )
        with pytest.raises(MetrcAuthError, match="CanTrackMotherPlantsAsGrowthPhase"):
            await plants.change_plants_growth_phase(
                CULTIVATOR, [veg["Label"]], "Mother", veg["LocationName"]
            )
    assert kept["message"] == "Changed 1 plant to Mother at Mother Room."
    assert young in {p["Label"] for p in mothers["items"]} and mothers["total"] == 3


async def test_clones_manicure_and_additives_through_the_tools(writer: MetrcAccess) -> None:
    client, keys = writer.client, writer.credentials
    mother = (await client.plants_vegetative(CULTIVATOR, credentials=keys))[0]
    flowering = (await client.plants_flowering(CULTIVATOR, credentials=keys))[0]
    locations = await client.locations_active(CULTIVATOR, credentials=keys)
    for_batches = next(loc["Name"] for loc in locations if loc["ForPlantBatches"])
    for_harvests = next(loc["Name"] for loc in locations if loc["ForHarvests"])
    package_tags = [
        t["Label"] for t in await client.package_tags_available(CULTIVATOR, credentials=keys)
    ]
    await client.create_items(
        CULTIVATOR,
        [{"Name": "Clones", "ItemCategory": "Immature Plants", "UnitOfMeasure": "Each",
          "Strain": mother["StrainName"]}],
        credentials=keys,
    )  # fmt: skip
    with using(writer):
        started = await plants.start_batch_from_plant(
            CULTIVATOR, mother["Label"], "Cuts A", "Clone", 30, for_batches
        )
        packaged = await plants.package_clones_from_plant(
            CULTIVATOR, mother["Label"], package_tags[0], "Clones", 5, location=for_batches
        )
        manicured = await plants.manicure_plants(
            CULTIVATOR,
            [plants.HarvestedPlant(label=flowering["Label"], weight=25.0)],
            "Grams",
            for_harvests,
        )
        renamed = await batches.rename_plant_batch(CULTIVATOR, "Cuts A", "Cuts B")
        with pytest.raises(ToolProblem, match="already of strain"):
            await batches.change_plant_batch_strain(CULTIVATOR, "Cuts B", mother["StrainName"])
        adjusted = await batches.adjust_plant_batch(CULTIVATOR, "Cuts B", -2, "Scale Variance")
        split = await batches.split_plant_batch(CULTIVATOR, "Cuts B", "Cuts C", 8, for_batches)
        boxed = await batches.package_plant_batch(
            CULTIVATOR, "Cuts B", 10, "Clones", package_tags[1], from_mother_plant=True
        )
        with pytest.raises(ToolProblem, match="only 10 untracked"):
            await batches.package_plant_batch(CULTIVATOR, "Cuts B", 11, "Clones", package_tags[2])
        additive = await plants.record_additive(
            CULTIVATOR, "plant_batch", 2.5, "Gallons", plant_batch="Cuts C",
            additive_type="Fertilizer", product="Root Start",
        )  # fmt: skip
        with pytest.raises(ToolProblem, match="template, or the additive_type"):
            await plants.record_additive(
                CULTIVATOR, "plants", 1.0, "Gallons", plant_labels=[mother["Label"]]
            )
        recorded = await plants.list_plant_additives(CULTIVATOR)
    assert len(started["ids"]) == len(packaged["ids"]) == len(manicured["ids"]) == 1
    assert renamed["ids"] == [] and len(adjusted["ids"]) == len(split["ids"]) == 1
    assert len(boxed["ids"]) == 1 and len(additive["ids"]) == 1
    # Beside the seeded cultivator's last feeding (Grow 3-1-2) and spraying (neem oil).
    (applied,) = [
        a
        for a in recorded["items"]
        if a["ProductTradeName"] not in {"Grow 3-1-2", "Clarified Neem Oil 70%"}
    ]
    assert (applied["ProductTradeName"], applied["PlantBatchName"], applied["PlantCount"]) == (
        "Root Start",
        "Cuts C",
        8,
    )
    cut_b = next(
        b for b in await client.plant_batches_active(CULTIVATOR, credentials=keys)
        if b["Name"] == "Cuts B"
    )  # fmt: skip
    assert (cut_b["UntrackedCount"], cut_b["PackagedCount"]) == (10, 10)
