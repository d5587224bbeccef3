"""Contract tests: every endpoint the client uses, against the real sandbox server.

One `trichome serve sandbox` process over a seeded year serves the whole module; the
writes run in an order where each builds on what the one before changed, as a user's would.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.support.servers import free_port, running, trichome, trichome_env
from trichome.metrc import (
    HarvestFinish,
    HarvestIngredient,
    HarvestMove,
    HarvestPackage,
    HarvestRename,
    HarvestWaste,
    ItemCreate,
    ItemUpdate,
    LabTestRecord,
    LabTestResult,
    LocationCreate,
    MetrcAuthError,
    MetrcClient,
    MetrcCredentials,
    MetrcNotFound,
    MetrcValidationError,
    PackageAdjustment,
    PackageCreate,
    PackageFinish,
    PackageIngredient,
    PackageMove,
    PackageRemediation,
    PlantBatchDestroy,
    PlantBatchGrowthPhaseChange,
    PlantBatchMove,
    PlantBatchPlanting,
    PlantBatchWaste,
    PlantDestroy,
    PlantGrowthPhaseChange,
    PlantHarvest,
    PlantMove,
    PlantWaste,
    RetryPolicy,
    SalesReceipt,
    SalesTransaction,
    StrainCreate,
    StrainUpdate,
)

pytestmark = pytest.mark.anyio

AS_OF = date(2026, 11, 21)
TODAY = AS_OF.isoformat()
CULTIVATOR = "SF-SBX-CO-21-8002"
MANUFACTURER = "SF-SBX-CO-22-8002"
DISPENSARY = "SF-SBX-CO-24-8002"
LAB = "SF-SBX-CO-25-8002"
MEDICAL_STORE = "SF-SBX-CO-9-8002"
KEYS = MetrcCredentials("sandbox-vendor-key", "sandbox-user-key")
Record = dict[str, Any]


@pytest.fixture(scope="module")
def sandbox_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A seeded sandbox served by `trichome serve sandbox`, at Metrc's GET limit (50/s)."""
    data = tmp_path_factory.mktemp("sandbox")
    env = trichome_env(data)
    trichome("metrc", "seed", "--as-of", TODAY, env=env)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    args = ["serve", "sandbox", "--port", str(port)]
    with running(args, env, f"{base}/api/health", Path(data) / "sandbox.log"):
        yield base


@pytest.fixture
async def client(sandbox_url: str) -> AsyncIterator[MetrcClient]:
    async with MetrcClient(sandbox_url, credentials=KEYS) as made:
        yield made


def by(records: list[Record], key: str) -> dict[Any, Record]:
    return {record[key]: record for record in records}


async def test_reference_reads(client: MetrcClient) -> None:
    facilities = await client.facilities()
    assert {f["License"]["Number"] for f in facilities} == {
        CULTIVATOR,
        MANUFACTURER,
        DISPENSARY,
        LAB,
        MEDICAL_STORE,
    }
    assert len(await client.employees(CULTIVATOR)) >= 1
    types = await client.location_types(CULTIVATOR)
    assert "Default Location Type" in by(types, "Name")
    assert "Vault" in by(await client.locations_active(CULTIVATOR), "Name")
    # The veg room the seeded cultivator closed in the year.
    assert list(by(await client.locations_inactive(CULTIVATOR), "Name")) == ["Veg Room C"]
    assert "Grams" in by(await client.units_of_measure(), "Name")
    assert await client.waste_methods()
    assert len(await client.plant_tags_available(CULTIVATOR)) == 1000
    assert len(await client.package_tags_available(DISPENSARY)) == 1000
    assert "Buds" in by(await client.item_categories(CULTIVATOR), "Name")
    assert "Scale Variance" in by(await client.package_adjust_reasons(DISPENSARY), "Name")
    assert "Pests" in by(await client.plant_waste_reasons(CULTIVATOR), "Name")
    assert "Grinder" in by(await client.plant_waste_methods(CULTIVATOR), "Name")
    assert "Clone" in by(await client.plant_batch_types(CULTIVATOR), "Name")
    assert await client.plant_batch_waste_reasons(CULTIVATOR)
    assert "Stems" in by(await client.harvest_waste_types(CULTIVATOR), "Name")
    assert await client.lab_test_types(LAB)
    assert await client.lab_test_batches(LAB)
    assert "TestPassed" in await client.lab_test_states(LAB)
    assert "Lab Sample Transfer" in by(await client.transfer_types(CULTIVATOR), "Name")
    assert "Consumer" in await client.sales_customer_types(DISPENSARY)
    counties = by(await client.sales_counties(), "Name")
    assert len(counties) == 64 and "Clear Creek County" in counties
    assert await client.sales_patient_registration_locations() == [{"Id": 1, "Name": "Colorado"}]
    assert "Cash" in await client.sales_payment_types(DISPENSARY)
    with pytest.raises(MetrcAuthError):  # a farm does not sell to consumers
        await client.sales_payment_types(CULTIVATOR)
    assert await client.processing_job_types(MANUFACTURER)


async def test_catalogue_and_cultivation_reads(client: MetrcClient) -> None:
    strains = await client.strains_active(CULTIVATOR)
    assert "Blue Dream" in by(strains, "Name")
    assert (await client.strain(CULTIVATOR, strains[0]["Id"]))["Name"] == strains[0]["Name"]
    # The strain the seeded cultivator stopped growing before the year.
    assert list(by(await client.strains_inactive(CULTIVATOR), "Name")) == ["Strawberry Cough"]
    items = await client.items_active(MANUFACTURER)
    assert any(i["ProductCategoryName"] == "Vape Cartridge" for i in items)
    assert (await client.item(MANUFACTURER, items[0]["Id"]))["Name"] == items[0]["Name"]
    assert await client.items_inactive(MANUFACTURER) == []
    flowering = await client.plants_flowering(CULTIVATOR, page_size=20)  # 45 pages
    whole = await client.plants_flowering(CULTIVATOR)  # no paging: the list comes whole
    vegetative = await client.plants_vegetative(CULTIVATOR)
    assert len(flowering) > 100 and len(vegetative) > 100
    assert [p["Id"] for p in flowering] == [p["Id"] for p in whole]
    one = await client.plant(CULTIVATOR, label=flowering[0]["Label"])
    assert one["Id"] == flowering[0]["Id"]
    assert (await client.plant(CULTIVATOR, plant_id=one["Id"]))["Label"] == one["Label"]
    held = await client.plants_onhold(CULTIVATOR)  # the state's hold (scenario state_hold)
    assert len(held) == 3 and not {p["Id"] for p in held} & {p["Id"] for p in whole}
    week = datetime.combine(AS_OF - timedelta(days=7), datetime.min.time(), UTC)
    harvested = await client.plants_inactive(
        CULTIVATOR, last_modified_start=week, last_modified_end=week + timedelta(days=7)
    )
    assert harvested and all(
        week <= datetime.fromisoformat(p["LastModified"]) <= week + timedelta(days=7)
        for p in harvested
    )
    assert await client.plant_batches_inactive(CULTIVATOR)
    batches = await client.plant_batches_active(CULTIVATOR)
    assert (await client.plant_batch(CULTIVATOR, batches[0]["Id"]))["Name"] == batches[0]["Name"]
    assert await client.plant_batch_waste(CULTIVATOR)
    losses = await client.plant_waste(CULTIVATOR)
    assert losses and all(loss["PlantCount"] > 0 and loss["WasteReasonName"] for loss in losses)
    harvests = await client.harvests_active(CULTIVATOR)
    assert harvests and await client.harvests_inactive(CULTIVATOR)
    (held_harvest,) = await client.harvests_onhold(CULTIVATOR)  # the state's (state_hold)
    assert held_harvest["IsOnHold"] and held_harvest["Id"] not in {h["Id"] for h in harvests}
    assert (await client.harvest(CULTIVATOR, harvests[0]["Id"]))["Name"] == harvests[0]["Name"]
    wasted = await client.harvest_waste(CULTIVATOR, harvests[0]["Id"])
    assert {w["WasteTypeName"] for w in wasted} == {"Stems", "Plant Material"}


async def test_inventory_sales_transfer_and_lab_reads(client: MetrcClient) -> None:
    active = await client.packages_active(DISPENSARY)
    assert len(active) > 20
    one = await client.package(DISPENSARY, label=active[0]["Label"])
    assert (await client.package(DISPENSARY, package_id=one["Id"]))["Label"] == one["Label"]
    assert await client.packages_onhold(DISPENSARY)
    month = datetime.combine(AS_OF - timedelta(days=30), datetime.min.time(), UTC)
    finished = await client.packages_inactive(
        DISPENSARY, last_modified_start=month, last_modified_end=month + timedelta(days=30)
    )
    assert finished and all(p["IsFinished"] for p in finished)
    assert await client.packages_intransit(CULTIVATOR)  # the overdue delivery
    assert await client.package_adjustments(DISPENSARY)
    results = await client.lab_test_results(DISPENSARY, one["Id"])
    assert results and all(r["SourcePackageLabel"] == one["Label"] for r in results)
    # Three days of receipts: the client asks for three 24-hour windows.
    start = datetime.combine(AS_OF - timedelta(days=3), datetime.min.time(), UTC)
    receipts = await client.sales_receipts_active(
        DISPENSARY, last_modified_start=start, last_modified_end=start + timedelta(days=3)
    )
    days = {r["SalesDateTime"][:10] for r in receipts}
    assert len(receipts) > 200 and len(days) >= 3
    assert (await client.sales_receipt(DISPENSARY, receipts[0]["Id"]))["Id"] == receipts[0]["Id"]
    assert await client.sales_receipts_inactive(DISPENSARY)
    incoming = await client.transfers_incoming(DISPENSARY)
    outgoing = await client.transfers_outgoing(CULTIVATOR)
    assert len(incoming) > 100 and len(outgoing) > 100
    assert await client.transfers_rejected(CULTIVATOR)
    deliveries = await client.transfer_deliveries(DISPENSARY, incoming[0]["Id"])
    shipped = await client.delivery_packages(DISPENSARY, deliveries[0]["Id"])
    assert shipped and all("PackageLabel" in row for row in shipped)
    prices = await client.delivery_packages_wholesale(DISPENSARY, deliveries[0]["Id"])
    assert [p["PackageLabel"] for p in prices] == [row["PackageLabel"] for row in shipped]
    assert await client.outgoing_templates(CULTIVATOR)
    assert await client.processing_jobs_inactive(MANUFACTURER)
    assert isinstance(await client.processing_jobs_active(MANUFACTURER), list)


async def test_catalogue_writes(client: MetrcClient) -> None:
    await client.create_locations(
        CULTIVATOR,
        [LocationCreate(name="Contract Room", location_type_name="Default Location Type")],
    )
    assert "Contract Room" in by(await client.locations_active(CULTIVATOR), "Name")
    await client.create_strains(
        CULTIVATOR,
        [
            StrainCreate(
                name="Contract Kush", thc_level=0.2, indica_percentage=60, sativa_percentage=40
            )
        ],
    )
    strain = by(await client.strains_active(CULTIVATOR), "Name")["Contract Kush"]
    await client.update_strains(
        CULTIVATOR,
        [
            StrainUpdate(
                id=strain["Id"],
                name="Contract Kush",
                thc_level=0.25,
                indica_percentage=60,
                sativa_percentage=40,
            )
        ],
    )
    assert (await client.strain(CULTIVATOR, strain["Id"]))["ThcLevel"] == 0.25
    await client.create_items(
        CULTIVATOR,
        [
            ItemCreate(
                name="Buds - Contract Kush",
                item_category="Buds",
                unit_of_measure="Grams",
                strain="Contract Kush",
            )
        ],
    )
    item = by(await client.items_active(CULTIVATOR), "Name")["Buds - Contract Kush"]
    await client.update_items(
        CULTIVATOR,
        [
            ItemUpdate(
                id=item["Id"],
                name="Buds - Contract Kush (smalls)",
                item_category="Buds",
                unit_of_measure="Grams",
                strain="Contract Kush",
            )
        ],
    )
    assert (await client.item(CULTIVATOR, item["Id"]))["Name"] == "Buds - Contract Kush (smalls)"


async def test_cultivation_writes(client: MetrcClient) -> None:
    await client.create_plant_batch_plantings(
        CULTIVATOR,
        [
            PlantBatchPlanting(
                name="CONTRACT-CL-1",
                type="Clone",
                count=30,
                strain="Blue Dream",
                location="Clone Room",
                actual_date=TODAY,
            )
        ],
    )
    batch = by(await client.plant_batches_active(CULTIVATOR), "Name")["CONTRACT-CL-1"]
    assert batch["UntrackedCount"] == 30
    await client.move_plant_batches(
        CULTIVATOR, [PlantBatchMove(name="CONTRACT-CL-1", location="Veg Room B", move_date=TODAY)]
    )
    await client.record_plant_batch_waste(
        CULTIVATOR,
        [
            PlantBatchWaste(
                plant_batch_name="CONTRACT-CL-1",
                waste_method_name="Compost",
                mixed_material="Soil",
                waste_weight=0.1,
                unit_of_measure_name="Kilograms",
                reason_name="Unhealthy",
                waste_date=TODAY,
            )
        ],
    )
    await client.destroy_plant_batches(
        CULTIVATOR,
        [
            PlantBatchDestroy(
                plant_batch="CONTRACT-CL-1",
                count=5,
                waste_reason_name="Unhealthy",
                reason_note="Root rot",
                actual_date=TODAY,
            )
        ],
    )
    tags = await client.plant_tags_available(CULTIVATOR)
    await client.change_plant_batch_growth_phase(
        CULTIVATOR,
        [
            PlantBatchGrowthPhaseChange(
                name="CONTRACT-CL-1",
                count=4,
                starting_tag=tags[0]["Label"],
                growth_phase="Vegetative",
                new_location="Veg Room A",
                growth_date=TODAY,
            )
        ],
    )
    batch = await client.plant_batch(CULTIVATOR, batch["Id"])
    assert (batch["UntrackedCount"], batch["TrackedCount"], batch["LocationName"]) == (
        21,
        4,
        "Veg Room B",
    )
    labels = [tag["Label"] for tag in tags[:4]]
    tagged = by(await client.plants_vegetative(CULTIVATOR), "Label")
    assert all(label in tagged for label in labels)
    await client.change_plants_growth_phase(
        CULTIVATOR,
        [
            PlantGrowthPhaseChange(
                label=label,
                growth_phase="Flowering",
                new_location="Flower Room 2",
                growth_date=TODAY,
            )
            for label in labels
        ],
    )
    await client.move_plants(
        CULTIVATOR, [PlantMove(label=labels[0], location="Flower Room 4", actual_date=TODAY)]
    )
    moved = await client.plant(CULTIVATOR, label=labels[0])
    assert moved["GrowthPhase"] == "Flowering" and moved["LocationName"] == "Flower Room 4"
    await client.destroy_plants(
        CULTIVATOR,
        [
            PlantDestroy(
                label=labels[3],
                waste_method_name="Grinder",
                waste_material_mixed="Soil",
                waste_weight=0.8,
                waste_unit_of_measure_name="Kilograms",
                waste_reason_name="Pests",
                reason_note="Spider mites",
                actual_date=TODAY,
            )
        ],
    )
    assert (await client.plant(CULTIVATOR, label=labels[3]))["DestroyedDate"] == TODAY
    await client.record_plant_waste(
        CULTIVATOR,
        [
            PlantWaste(
                waste_method_name="Grinder",
                mixed_material="Soil",
                waste_weight=1.2,
                unit_of_measure_name="Kilograms",
                reason_name="Damage",
                waste_date=TODAY,
                plant_labels=[labels[2]],
            )
        ],
    )
    await client.harvest_plants(
        CULTIVATOR,
        [
            PlantHarvest(
                plant=label,
                weight=550,
                unit_of_weight="Grams",
                drying_location="Dry Room 2",
                harvest_name="CONTRACT-H-1",
                actual_date=TODAY,
            )
            for label in labels[:3]
        ],
    )
    harvest = by(await client.harvests_active(CULTIVATOR), "Name")["CONTRACT-H-1"]
    assert harvest["TotalWetWeight"] == pytest.approx(1650)
    await client.record_harvest_waste(
        CULTIVATOR,
        [
            HarvestWaste(
                id=harvest["Id"],
                waste_type="Stems",
                waste_weight=150,
                unit_of_weight="Grams",
                actual_date=TODAY,
            )
        ],
    )
    waste = await client.harvest_waste(CULTIVATOR, harvest["Id"])
    await client.delete_harvest_waste(CULTIVATOR, waste[0]["Id"])
    assert await client.harvest_waste(CULTIVATOR, harvest["Id"]) == []
    package_tag = (await client.package_tags_available(CULTIVATOR))[0]["Label"]
    await client.create_harvest_packages(
        CULTIVATOR,
        [
            HarvestPackage(
                tag=package_tag,
                item="Buds - Blue Dream",
                location="Vault",
                unit_of_weight="Grams",
                actual_date=TODAY,
                ingredients=[
                    HarvestIngredient(harvest_id=harvest["Id"], weight=400, unit_of_weight="Grams")
                ],
            )
        ],
    )
    assert (await client.package(CULTIVATOR, label=package_tag))["Quantity"] == 400
    await client.move_harvests(
        CULTIVATOR, [HarvestMove(id=harvest["Id"], drying_location="Dry Room 1", actual_date=TODAY)]
    )
    await client.rename_harvests(
        CULTIVATOR, [HarvestRename(id=harvest["Id"], new_name="CONTRACT-H-2")]
    )
    await client.finish_harvests(CULTIVATOR, [HarvestFinish(id=harvest["Id"], actual_date=TODAY)])
    done = by(await client.harvests_inactive(CULTIVATOR), "Name")["CONTRACT-H-2"]
    assert done["CurrentWeight"] == pytest.approx(1250)
    assert done["DryingLocationName"] == "Dry Room 1"
    await client.unfinish_harvests(CULTIVATOR, [harvest["Id"]])
    assert "CONTRACT-H-2" in by(await client.harvests_active(CULTIVATOR), "Name")


async def test_package_and_lab_writes(client: MetrcClient) -> None:
    source = next(
        p
        for p in await client.packages_active(CULTIVATOR)
        if p["LabTestingState"] == "TestPassed" and p["Item"]["ProductCategoryName"] == "Buds"
    )
    tags = [t["Label"] for t in await client.package_tags_available(CULTIVATOR)][:2]
    await client.create_packages(
        CULTIVATOR,
        [
            PackageCreate(
                tag=tags[0],
                item=source["Item"]["Name"],
                quantity=28,
                unit_of_measure="Grams",
                actual_date=TODAY,
                ingredients=[
                    PackageIngredient(package=source["Label"], quantity=1, unit_of_measure="Ounces")
                ],
            )
        ],
    )
    made = await client.package(CULTIVATOR, label=tags[0])
    assert made["SourcePackageLabels"] == source["Label"]
    assert made["LabTestingState"] == "TestPassed"  # same item from a tested package
    reduced = await client.package(CULTIVATOR, label=source["Label"])
    assert reduced["Quantity"] == pytest.approx(source["Quantity"] - 28.3495, abs=1e-3)
    await client.move_packages(
        CULTIVATOR, [PackageMove(label=tags[0], location="Quarantine", move_date=TODAY)]
    )
    await client.adjust_packages(
        CULTIVATOR,
        [
            PackageAdjustment(
                label=tags[0],
                quantity=-28,
                unit_of_measure="Grams",
                adjustment_reason="Waste",
                reason_note="Dropped",
                adjustment_date=TODAY,
            )
        ],
    )
    await client.finish_packages(CULTIVATOR, [PackageFinish(label=tags[0], actual_date=TODAY)])
    assert (await client.package(CULTIVATOR, label=tags[0]))["IsFinished"] is True
    await client.unfinish_packages(CULTIVATOR, [tags[0]])
    assert (await client.package(CULTIVATOR, label=tags[0]))["IsFinished"] is False
    await client.submit_packages_for_testing(
        CULTIVATOR,
        [
            PackageCreate(
                tag=tags[1],
                item=source["Item"]["Name"],
                quantity=5,
                unit_of_measure="Grams",
                actual_date=TODAY,
                ingredients=[
                    PackageIngredient(package=source["Label"], quantity=5, unit_of_measure="Grams")
                ],
            )
        ],
    )
    assert (await client.package(CULTIVATOR, label=source["Label"]))[
        "LabTestingState"
    ] == "SubmittedForTesting"
    # At the lab: the sample waiting there fails; its sources can be decontaminated.
    waiting = next(
        p
        for p in await client.packages_active(LAB)
        if p["LabTestingState"] == "SubmittedForTesting"
    )
    await client.record_lab_test_results(
        LAB,
        [
            LabTestRecord(
                label=waiting["Label"],
                result_date=TODAY,
                results=[
                    LabTestResult(
                        lab_test_type_name="E. coli (CFU/g) Raw Plant Material",
                        quantity=420,
                        passed=False,
                    )
                ],
            )
        ],
    )
    failed = waiting["SourcePackageLabels"].split(",")[0].strip()
    assert (await client.package(CULTIVATOR, label=failed))["LabTestingState"] != "TestFailed"
    await client.release_lab_test_results(LAB, [waiting["Label"]])  # the sources see it now
    assert (await client.package(CULTIVATOR, label=failed))["LabTestingState"] == "TestFailed"
    # A retail cultivation may not remediate (CO-21 in Metrc's sandbox); it decontaminates.
    with pytest.raises(MetrcAuthError, match="CanRemediatePackagesWithFailedLabResults"):
        await client.remediate_packages(
            CULTIVATOR,
            [
                PackageRemediation(
                    package_label=failed,
                    remediation_method_name="Further Drying",
                    remediation_date=TODAY,
                    remediation_steps="Ozone",
                )
            ],
        )
    await client.decontaminate_packages(
        CULTIVATOR,
        [
            {
                "PackageLabel": failed,
                "DecontaminationMethodName": "Decontamination",
                "DecontaminationDate": TODAY,
                "DecontaminationSteps": "Ozone",
            }
        ],
    )
    treated = await client.package(CULTIVATOR, label=failed)
    assert treated["LabTestingState"] == "Decontaminated" and treated["RemediationDate"] is None


async def test_transfer_writes(client: MetrcClient) -> None:
    ready = [
        p
        for p in await client.packages_active(CULTIVATOR)
        if p["LabTestingState"] == "TestPassed"
        and p["Item"]["ProductCategoryName"] == "Pre-Roll Flower"
    ]
    template = {
        "Name": "Contract template",
        "Destinations": [
            {
                "RecipientLicenseNumber": DISPENSARY,
                "TransferTypeName": "Affiliated Transfer",
                "EstimatedDepartureDateTime": f"{TODAY}T08:00:00-07:00",
                "EstimatedArrivalDateTime": f"{TODAY}T10:00:00-07:00",
                "PlannedRoute": "County road 12 to I-25 south",
                "Transporters": [
                    {"TransporterFacilityLicenseNumber": CULTIVATOR, "DriverName": "Sam Ortiz"}
                ],
                "Packages": [{"PackageLabel": ready[0]["Label"], "WholesalePrice": 600.0}],
            }
        ],
    }
    await client.create_outgoing_templates(CULTIVATOR, [template])
    made = by(await client.outgoing_templates(CULTIVATOR), "Name")["Contract template"]
    await client.delete_outgoing_template(CULTIVATOR, made["Id"])
    assert "Contract template" not in by(await client.outgoing_templates(CULTIVATOR), "Name")
    # The lab receives a hemp sample from an unlicensed farm, under an item of its own.
    await client.create_strains(LAB, [StrainCreate(name="Hemp Cultivar")])
    await client.create_items(
        LAB,
        [
            ItemCreate(
                name="Hemp Sample",
                item_category="Buds",
                unit_of_measure="Grams",
                strain="Hemp Cultivar",
            )
        ],
    )
    tag = (await client.package_tags_available(LAB))[0]["Label"]
    await client.create_external_incoming_transfers(
        LAB,
        [
            {
                "ShipperLicenseNumber": "HEMP-CO-0042",
                "ShipperName": "Front Range Hemp Farm",
                "Destinations": [
                    {
                        "RecipientLicenseNumber": LAB,
                        "TransferTypeName": "Lab Sample Transfer",
                        "EstimatedDepartureDateTime": f"{TODAY}T09:00:00-07:00",
                        "EstimatedArrivalDateTime": f"{TODAY}T11:00:00-07:00",
                        "Packages": [
                            {  # no tag: the package takes the lab's first unused one
                                "ItemName": "Hemp Sample",
                                "Quantity": 12,
                                "UnitOfMeasureName": "Grams",
                                "PackagedDate": TODAY,
                            }
                        ],
                    }
                ],
            }
        ],
    )
    incoming = await client.transfers_incoming(LAB)
    assert any(t["ShipperFacilityLicenseNumber"] == "HEMP-CO-0042" for t in incoming)
    assert (await client.package(LAB, label=tag))["Quantity"] == 12


async def test_sales_writes_are_split_into_chunks_of_ten(client: MetrcClient) -> None:
    jar = next(
        p
        for p in await client.packages_active(DISPENSARY)
        if p["Item"]["ProductCategoryName"] == "Buds" and p["Quantity"] > 30
    )
    receipts = [
        SalesReceipt(
            sales_date_time=f"{TODAY}T{10 + n // 4}:{(n % 4) * 15:02d}:00",
            sales_customer_type="Consumer",
            transactions=[
                SalesTransaction(
                    package_label=jar["Label"],
                    quantity=1,
                    unit_of_measure="Grams",
                    total_amount=9.0,
                )
            ],
        )
        for n in range(25)
    ]
    result = await client.create_sales_receipts(DISPENSARY, receipts)
    assert len(result["Ids"]) == 25
    after = await client.package(DISPENSARY, label=jar["Label"])
    assert after["Quantity"] == pytest.approx(jar["Quantity"] - 25)
    first = await client.sales_receipt(DISPENSARY, result["Ids"][0])
    assert first["SalesDateTime"].startswith(f"{TODAY}T10:00:00")  # local time kept
    await client.update_sales_receipts(
        DISPENSARY,
        [
            SalesReceipt(
                id=result["Ids"][0],
                sales_date_time=f"{TODAY}T10:00:00",
                sales_customer_type="Consumer",
                transactions=[
                    SalesTransaction(
                        package_label=jar["Label"],
                        quantity=3.5,
                        unit_of_measure="Grams",
                        total_amount=30.0,
                    )
                ],
            )
        ],
    )
    changed = await client.package(DISPENSARY, label=jar["Label"])
    assert changed["Quantity"] == pytest.approx(jar["Quantity"] - 27.5)
    await client.void_sales_receipt(DISPENSARY, result["Ids"][1])
    voided = await client.package(DISPENSARY, label=jar["Label"])
    assert voided["Quantity"] == pytest.approx(jar["Quantity"] - 26.5)
    assert result["Ids"][1] in by(await client.sales_receipts_inactive(DISPENSARY), "Id")


async def test_finalized_receipts_are_inactive_sales_until_reopened(client: MetrcClient) -> None:
    jar = next(p for p in await client.packages_active(DISPENSARY) if p["Quantity"] > 5)
    line = SalesTransaction(
        package_label=jar["Label"], quantity=1, unit_of_measure=jar["UnitOfMeasureName"],
        total_amount=12.0,
    )  # fmt: skip
    made = await client.create_sales_receipts(
        DISPENSARY,
        [SalesReceipt(sales_date_time=f"{TODAY}T16:05:00", sales_customer_type="Consumer",
                      external_receipt_number="POS-7781", transactions=[line])],
    )  # fmt: skip
    receipt_id = made["Ids"][0]
    found = await client.sales_receipt_by_external_number(DISPENSARY, "POS-7781")
    assert found["Id"] == receipt_id and found["IsFinal"] is False
    with pytest.raises(MetrcAuthError, match="not valid for this licence"):
        await client.sales_receipt_by_external_number(DISPENSARY, "POS-0000")

    await client.finalize_sales_receipts(DISPENSARY, [receipt_id])
    inactive = by(await client.sales_receipts_inactive(DISPENSARY), "Id")
    assert inactive[receipt_id]["IsFinal"] is True and inactive[receipt_id]["ArchivedDate"] is None
    assert receipt_id not in by(await client.sales_receipts_active(DISPENSARY), "Id")
    with pytest.raises(MetrcValidationError):  # finalized: not open any more
        await client.finalize_sales_receipts(DISPENSARY, [receipt_id])

    await client.unfinalize_sales_receipts(DISPENSARY, [receipt_id])
    reopened = await client.sales_receipt(DISPENSARY, receipt_id)
    assert reopened["IsFinal"] is False
    assert receipt_id in by(await client.sales_receipts_active(DISPENSARY), "Id")


async def test_metrc_errors_arrive_typed_with_their_messages(client: MetrcClient) -> None:
    jar = (await client.packages_active(DISPENSARY))[0]
    with pytest.raises(MetrcValidationError) as invalid:
        await client.adjust_packages(
            DISPENSARY,
            [
                PackageAdjustment(
                    label=jar["Label"],
                    quantity=-1,
                    unit_of_measure=jar["UnitOfMeasureName"],
                    adjustment_reason="Because",
                    adjustment_date=TODAY,
                )
            ],
        )
    assert invalid.value.rows[0].row == 0
    assert "AdjustmentReason" in invalid.value.rows[0].message
    with pytest.raises(MetrcAuthError) as capability:
        await client.plants_flowering(DISPENSARY)
    assert "CanGrowPlants" in str(capability.value)
    with pytest.raises(MetrcAuthError):
        await client.facilities(credentials=MetrcCredentials("sandbox-vendor-key", "wrong"))
    with pytest.raises(MetrcNotFound):
        await client.package(DISPENSARY, package_id=999_999_999)


async def test_the_client_rides_out_the_sandboxs_429s(tmp_path: Path) -> None:
    env = trichome_env(tmp_path, sandbox_get_rate_limit="2")
    trichome("migrate", env=env)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        import anyio

        waits.append(seconds)
        await anyio.sleep(seconds)

    with running(
        ["serve", "sandbox", "--port", str(port)], env, f"{base}/api/health", tmp_path / "log"
    ):
        async with MetrcClient(
            base,
            credentials=KEYS,
            max_gets_per_second_per_facility=None,  # let the server do the limiting
            retry=RetryPolicy(max_attempts=6, base_delay=0.05),
            sleep=sleep,
        ) as client:
            import anyio

            answers: list[list[Record]] = []

            async def read() -> None:
                answers.append(await client.package_adjust_reasons(DISPENSARY))

            async with anyio.create_task_group() as group:
                for _ in range(6):
                    group.start_soon(read)
    assert len(answers) == 6 and all(answers)
    assert any(wait >= 1 for wait in waits)  # Retry-After was honoured
