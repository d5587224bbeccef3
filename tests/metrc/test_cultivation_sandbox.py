"""The sandbox against the same documented fixtures as the client
(tests/metrc/fixtures/documented and its writes/): each Plants and PlantBatches write is sent
through the client as Metrc documents the request, with the sandbox's own plants, tags, batches
and strains in place of the fixture's values, and answers as Metrc documents (`{Ids, Warnings}`,
or no body); the reads serve the documented fields."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from tests.metrc.documented.conftest import records
from tests.metrc.documented.test_cultivation_operations import write_fixture
from tests.support.sandbox import sandbox_client
from trichome.config import Settings
from trichome.metrc import MetrcAuthError, MetrcClient, MetrcNotFound, MetrcValidationError

pytestmark = pytest.mark.anyio
# The products the seeded cultivator applied on the year's last day.
SEEDED = {"Grow 3-1-2", "Clarified Neem Oil 70%"}
GROWER = "SF-SBX-CO-21-8002"
TODAY = date(2026, 11, 21).isoformat()


def row(fixture: str, **values: Any) -> dict[str, Any]:
    """The fixture's documented request row with the sandbox's values in place of ours."""
    documented: dict[str, Any] = write_fixture(fixture)["requests"][0]["body"][0]
    assert set(values) <= set(documented), set(values) - set(documented)
    return {**documented, **values}


def fields(fixture: str) -> set[str]:
    (first, *_) = records(fixture)
    return set(first)


async def _places(client: MetrcClient) -> dict[str, str]:
    locations = await client.locations_active(GROWER)
    return {
        use: next(loc["Name"] for loc in locations if loc[use])
        for use in ("ForPlants", "ForPlantBatches", "ForHarvests")
    }


async def test_plant_changes_follow_the_documented_requests(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        places = await _places(client)
        growing = await client.plants_vegetative(GROWER)
        first, second, third = growing[0], growing[1], growing[2]
        tags = [t["Label"] for t in await client.plant_tags_available(GROWER)]
        strains = [s["Name"] for s in await client.strains_active(GROWER)]
        other = next(name for name in strains if name != first["StrainName"])

        changed = await client.change_plants_strain(
            GROWER, [row("plants_strain", Id=first["Id"], StrainName=other)]
        )
        assert changed["Ids"] == []  # ChangeStrain answers no body
        assert (await client.plant(GROWER, plant_id=first["Id"]))["StrainName"] == other

        retagged = await client.replace_plant_tags(
            GROWER, [row("plants_tag", Label=first["Label"], NewTag=tags[0])]
        )
        assert retagged["Ids"] == []
        assert (await client.plant(GROWER, label=tags[0]))["Id"] == first["Id"]
        with pytest.raises(MetrcNotFound):
            await client.plant(GROWER, label=first["Label"])
        assert tags[0] not in {t["Label"] for t in await client.plant_tags_available(GROWER)}

        split = await client.split_plants(
            GROWER,
            [row("plants_split", SourcePlantLabel=second["Label"], TagLabel=tags[1],
                 StrainLabel=second["StrainName"], SplitDate=TODAY)],
        )  # fmt: skip
        (new_plant,) = split["Ids"]
        made = await client.plant(GROWER, plant_id=new_plant)
        assert made["Label"] == tags[1] and made["PlantBatchId"] == second["PlantBatchId"]

        merged = await client.merge_plants(
            GROWER,
            [row("plants_merge", TargetPlantGroupLabel=second["Label"],
                 SourcePlantGroupLabel=tags[1], MergeDate=TODAY)],
        )  # fmt: skip
        assert merged["Ids"] == []
        assert new_plant in {p["Id"] for p in await client.plants_inactive(GROWER)}

        moved = await client.move_plants(
            GROWER, [{"Id": third["Id"], "Location": places["ForPlants"], "ActualDate": TODAY}]
        )
        assert moved["Ids"] == []  # UpdatePlantsLocation answers no body (it gave Ids before)

        flowering = (await client.plants_flowering(GROWER))[0]
        manicured = await client.manicure_plants(
            GROWER,
            [row("plants_manicure", Plant=flowering["Label"], Weight=40.0,
                 DryingLocation=places["ForHarvests"], ActualDate=TODAY)],
        )  # fmt: skip
        (harvest_id,) = manicured["Ids"]
        harvest = await client.harvest(GROWER, harvest_id)
        assert harvest["Name"] == f"{TODAY}-{places['ForHarvests']}-M"
        assert harvest["TotalWetWeight"] == 40.0
        assert flowering["Id"] in {p["Id"] for p in await client.plants_flowering(GROWER)}

        with pytest.raises(MetrcValidationError) as refused:
            await client.split_plants(
                GROWER,
                [row("plants_split", SourcePlantLabel=third["Label"], TagLabel=tags[0],
                     StrainLabel=third["StrainName"], SplitDate=TODAY)],
            )  # fmt: skip
        assert "already used" in refused.value.rows[0].message
        with pytest.raises(MetrcNotFound):  # only Maine's and Oregon's collections have it
            await client.adjust_plant_counts(GROWER, [row("plants_adjust", Label=third["Label"])])

        assert await client.plant_growth_phases(GROWER) == ["Vegetative", "Flowering"]
        # Only Massachusetts licences may track mothers (test_sandbox_mothers.py).
        for mothers in (client.plants_mother, client.plants_mother_inactive,
                        client.plants_mother_onhold):  # fmt: skip
            with pytest.raises(MetrcAuthError, match="CanTrackMotherPlantsAsGrowthPhase"):
                await mothers(GROWER)


async def test_batches_and_packages_from_plants_follow_the_documented_requests(
    own_year: Settings,
) -> None:
    async with sandbox_client(own_year) as client:
        places = await _places(client)
        mother = (await client.plants_vegetative(GROWER))[0]
        package_tags = [t["Label"] for t in await client.package_tags_available(GROWER)]
        plant_tags = [t["Label"] for t in await client.plant_tags_available(GROWER)]
        strain = mother["StrainName"]
        await client.create_items(
            GROWER,
            [{"Name": "Clones", "ItemCategory": "Immature Plants", "UnitOfMeasure": "Each",
              "Strain": strain}],
        )  # fmt: skip

        (batch_id,) = (
            await client.create_plantings_from_plants(
                GROWER,
                [
                    row(
                        "plants_plantings",
                        PlantLabel=mother["Label"],
                        PlantBatchName="Cuts A",
                        PlantCount=24,
                        LocationName=places["ForPlantBatches"],
                        StrainName=strain,
                        ActualDate=TODAY,
                    )
                ],
            )
        )["Ids"]
        batch = await client.plant_batch(GROWER, batch_id)
        assert (batch["Name"], batch["UntrackedCount"]) == ("Cuts A", 24)
        assert batch["SourcePlantLabel"] == mother["Label"]

        (package_id,) = (
            await client.create_plant_batch_packages_from_plants(
                GROWER,
                [
                    row(
                        "plants_plantbatch_packages",
                        PlantLabel=mother["Label"],
                        PackageTag=package_tags[0],
                        Item="Clones",
                        Location=places["ForPlantBatches"],
                        Count=6,
                        ActualDate=TODAY,
                    )
                ],
            )
        )["Ids"]
        package = await client.package(GROWER, package_id=package_id)
        assert (package["Label"], package["Quantity"]) == (package_tags[0], 6)

        adjusted = await client.adjust_plant_batches(
            GROWER, [row("plantbatches_adjust", PlantBatchName="Cuts A", AdjustmentDate=TODAY)]
        )
        assert adjusted["Ids"] == [batch_id]
        assert (await client.plant_batch(GROWER, batch_id))["UntrackedCount"] == 22

        (split_id,) = (
            await client.split_plant_batches(
                GROWER,
                [
                    row(
                        "plantbatches_split",
                        PlantBatch="Cuts A",
                        GroupName="Cuts B",
                        Count=4,
                        Location=places["ForPlantBatches"],
                        Strain=strain,
                        ActualDate=TODAY,
                    )
                ],
            )
        )["Ids"]
        assert (await client.plant_batch(GROWER, batch_id))["UntrackedCount"] == 18
        assert (await client.plant_batch(GROWER, split_id))["UntrackedCount"] == 4

        assert (
            await client.rename_plant_batches(
                GROWER, [row("plantbatches_name", Group="Cuts B", NewGroup="Cuts C")]
            )
        )["Ids"] == []
        other = next(s["Name"] for s in await client.strains_active(GROWER) if s["Name"] != strain)
        assert (
            await client.change_plant_batches_strain(
                GROWER, [row("plantbatches_strain", Id=split_id, StrainName=other)]
            )
        )["Ids"] == []
        renamed = await client.plant_batch(GROWER, split_id)
        assert (renamed["Name"], renamed["StrainName"]) == ("Cuts C", other)
        assert (
            await client.replace_plant_batch_tags(
                GROWER, [row("plantbatches_tag", Group="Cuts C", NewTag=plant_tags[0])]
            )
        )["Ids"] == []
        assert plant_tags[0] not in {t["Label"] for t in await client.plant_tags_available(GROWER)}

        packaged = await client.create_plant_batch_packages(
            GROWER,
            [row("plantbatches_packages", PlantBatch="Cuts A", Count=10, Item="Clones",
                 Tag=package_tags[1], ActualDate=TODAY)],
        )  # fmt: skip
        from_mother = await client.create_plant_batch_packages_from_mother(
            GROWER,
            [row("plantbatches_packages_frommotherplant", PlantBatch="Cuts A", Count=8,
                 Item="Clones", Tag=package_tags[2], ActualDate=TODAY)],
        )  # fmt: skip
        assert len(packaged["Ids"]) == len(from_mother["Ids"]) == 1
        emptied = await client.plant_batch(GROWER, batch_id)
        assert (emptied["UntrackedCount"], emptied["PackagedCount"]) == (0, 18)
        assert batch_id in {b["Id"] for b in await client.plant_batches_inactive(GROWER)}

        seeded = (await client.plant_batches_active(GROWER))[0]
        with pytest.raises(MetrcValidationError) as refused:
            await client.create_plant_batch_packages_from_mother(
                GROWER,
                [row("plantbatches_packages_frommotherplant", PlantBatch=seeded["Name"],
                     Count=1, Item="Clones", Tag=package_tags[3], ActualDate=TODAY)],
            )  # fmt: skip
        assert "mother plant" in refused.value.rows[0].message


async def test_additives_are_recorded_and_read_as_documented(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        plant = (await client.plants_vegetative(GROWER))[0]
        batch = (await client.plant_batches_active(GROWER))[0]
        await client.create_additives_templates(
            GROWER, [{"Name": "Bloom Feed", "AdditiveType": "Fertilizer",
                      "ProductTradeName": "Bloom Boost 2-8-4"}]
        )  # fmt: skip
        labels = [plant["Label"]]
        written = [
            await client.record_plant_additives(
                GROWER, [row("plants_additives", PlantLabels=labels, ActualDate=TODAY)]
            ),
            await client.record_plant_additives_using_template(
                GROWER, [row("plants_additives_usingtemplate", PlantLabels=labels,
                             ActualDate=TODAY)]
            ),
            await client.record_location_additives(
                GROWER, [row("plants_additives_bylocation", LocationName=plant["LocationName"],
                             ActualDate=TODAY)]
            ),
            await client.record_location_additives_using_template(
                GROWER, [row("plants_additives_bylocation_usingtemplate",
                             LocationName=plant["LocationName"], ActualDate=TODAY)]
            ),
            await client.record_plant_batch_additives(
                GROWER, [row("plantbatches_additives", PlantBatchName=batch["Name"],
                             ActualDate=TODAY)]
            ),
            await client.record_plant_batch_additives_using_template(
                GROWER, [row("plantbatches_additives_usingtemplate",
                             PlantBatchName=batch["Name"], ActualDate=TODAY)]
            ),
        ]  # fmt: skip
        assert all(len(result["Ids"]) == 1 for result in written)

        # After the seeded cultivator's last feeding and spraying.
        recorded = [
            r for r in await client.plant_additives(GROWER) if r["ProductTradeName"] not in SEEDED
        ]
        assert len(recorded) == 6
        assert all(set(r) == fields("plants_additives") for r in recorded)  # GetAdditives
        at_location = sum(
            1 for p in await client.plants_vegetative(GROWER)
            if p["LocationName"] == plant["LocationName"]
        ) + sum(
            1 for p in await client.plants_flowering(GROWER)
            if p["LocationName"] == plant["LocationName"]
        )  # fmt: skip
        assert [r["PlantCount"] for r in recorded] == [
            1, 1, at_location, at_location, batch["UntrackedCount"], batch["UntrackedCount"]
        ]  # fmt: skip
        assert recorded[1]["ProductTradeName"] == "Bloom Boost 2-8-4"  # from the template
        assert recorded[1]["Rate"] == row("plants_additives_usingtemplate")["Rate"]
        assert recorded[4]["PlantBatchName"] == batch["Name"]
        assert await client.plant_additive_types() == ["Fertilizer", "Pesticide", "Other"]

        with pytest.raises(MetrcValidationError):
            await client.record_plant_additives_using_template(
                GROWER, [row("plants_additives_usingtemplate", PlantLabels=labels,
                             AdditivesTemplateName="No such template", ActualDate=TODAY)]
            )  # fmt: skip


async def test_a_plant_waste_record_names_its_plants(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        plants = (await client.plants_vegetative(GROWER))[:2]
        await client.record_plant_waste(
            GROWER,
            [{"WasteMethodName": "Compost", "MixedMaterial": "Soil", "WasteWeight": 30.0,
              "UnitOfMeasureName": "Grams", "ReasonName": "Pests", "WasteDate": TODAY,
              "PlantLabels": [p["Label"] for p in plants]}],
        )  # fmt: skip
        waste = (await client.plant_waste(GROWER))[-1]
        waste_id = int(waste["PlantWasteNumber"])
        named = await client.plant_waste_plants(GROWER, waste_id)
        assert all(set(r) == fields("plants_waste_plants") for r in named)
        assert [(r["Label"], r["WasteAmount"]) for r in named] == [
            (p["Label"], 15.0) for p in plants
        ]
        assert await client.plant_waste_packages(GROWER, waste_id) == []
        with pytest.raises(MetrcNotFound):
            await client.plant_waste_plants(GROWER, waste_id + 10**9)
        with pytest.raises(MetrcAuthError):  # a manufacturer grows no plants
            await client.plant_waste_plants("SF-SBX-CO-22-8002", waste_id)
