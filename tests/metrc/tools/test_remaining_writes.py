"""Writes against the sandbox, each checked by what a user would see after it: a plant batch's
new tag (plant_batches/tags.py), plants restored out of a harvest (harvests/restore.py), a
harvest's testing samples (harvests/packaging.py), a processing job type changed
(processing/job_types.py) and an external manifest corrected (transfers/external_changes.py)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from tests.metrc.tools.helpers import CULTIVATOR, LAB, MANUFACTURER
from trichome.metrc import MetrcValidationError
from trichome.metrc.tools import (
    MetrcAccess,
    ToolProblem,
    facilities,
    harvests,
    items,
    packages,
    plant_batches,
    plants,
    processing,
    strains,
    transfers,
    using,
)

pytestmark = pytest.mark.anyio
MORNING = datetime(2026, 11, 21, 8, 0, tzinfo=ZoneInfo("America/Denver"))


async def test_a_plant_batch_takes_a_new_tag(writer: MetrcAccess) -> None:
    with using(writer):
        batch = (await plant_batches.list_active_plant_batches(CULTIVATOR))["items"][0]
        free = await facilities.list_available_plant_tags(CULTIVATOR, page_size=2)
        tag = free["items"][0]["Label"]
        done = await plant_batches.replace_plant_batch_tag(CULTIVATOR, batch["Name"], tag)
        after = await facilities.list_available_plant_tags(CULTIVATOR, page_size=100)
        with pytest.raises(MetrcValidationError):
            await plant_batches.replace_plant_batch_tag(CULTIVATOR, batch["Name"], tag)
        with pytest.raises(ToolProblem, match="No plant batch named 'NO-SUCH-BATCH'"):
            await plant_batches.replace_plant_batch_tag(
                CULTIVATOR, "NO-SUCH-BATCH", free["items"][1]["Label"]
            )
    assert done["ok"] and done["message"] == f"Plant batch {batch['Name']} is now tagged {tag}."
    assert after["total"] == free["total"] - 1
    assert tag not in {t["Label"] for t in after["items"]}


async def test_plants_harvested_by_mistake_are_restored_to_flowering(writer: MetrcAccess) -> None:
    flowering = (await writer.client.plants_flowering(CULTIVATOR))[:2]
    picked = [plants.HarvestedPlant(label=p["Label"], weight=500) for p in flowering]
    labels = [p.label for p in picked]
    with using(writer):
        await plants.harvest_plants(CULTIVATOR, picked, "Grams", "Dry Room 2",
                                    harvest_name="TOOLS-RESTORE")  # fmt: skip
        before = (await harvests.get_harvest(CULTIVATOR, "TOOLS-RESTORE"))["harvest"]
        done = await harvests.restore_harvested_plants(CULTIVATOR, "tools-restore", labels[:1])
        after = (await harvests.get_harvest(CULTIVATOR, "TOOLS-RESTORE"))["harvest"]
        back = (await plants.get_plant(CULTIVATOR, labels[0]))["plant"]
        still = (await plants.get_plant(CULTIVATOR, labels[1]))["plant"]
        with pytest.raises(MetrcValidationError, match="was not harvested"):
            await harvests.restore_harvested_plants(CULTIVATOR, "TOOLS-RESTORE", labels[:1])
    assert (
        done["ok"]
        and done["message"] == "Restored 1 plant from harvest TOOLS-RESTORE to flowering."
    )
    assert (before["PlantCount"], after["PlantCount"]) == (2, 1)
    assert after["CurrentWeight"] == pytest.approx(before["CurrentWeight"] - 500)
    assert back.get("HarvestedDate") is None and back["GrowthPhase"] == "Flowering"
    assert still["HarvestedDate"]


async def test_a_harvest_gives_testing_samples_submitted_for_testing(writer: MetrcAccess) -> None:
    with using(writer):
        harvest = (await harvests.list_active_harvests(CULTIVATOR))["items"][0]
        free = await facilities.list_available_package_tags(CULTIVATOR, page_size=2)
        sample_tag, plain_tag = (t["Label"] for t in free["items"])
        item = next(
            i["Name"]
            for i in (await items.list_active_items(CULTIVATOR, page_size=100))["items"]
            if i.get("QuantityType") == "WeightBased"
        )
        sample = await harvests.create_harvest_packages(
            CULTIVATOR, harvest["Name"], [harvests.NewPackage(tag=sample_tag, item=item, weight=5)],
            "Grams", "Dry Room 2", testing_sample=True,
        )  # fmt: skip
        plain = await harvests.create_harvest_packages(
            CULTIVATOR, harvest["Name"], [harvests.NewPackage(tag=plain_tag, item=item, weight=5)],
            "Grams", "Dry Room 2",
        )  # fmt: skip
        tested = (await packages.get_package(CULTIVATOR, sample_tag))["package"]
        untested = (await packages.get_package(CULTIVATOR, plain_tag))["package"]
    assert sample["message"].startswith("Created 1 testing sample package (5 Grams) from harvest")
    assert plain["message"].startswith("Created 1 package (5 Grams) from harvest")
    assert tested["LabTestingState"] == "SubmittedForTesting"
    assert untested["LabTestingState"] != "SubmittedForTesting"


async def test_a_processing_job_type_is_changed_and_keeps_what_is_not_given(
    writer: MetrcAccess,
) -> None:
    with using(writer):
        options = await processing.list_processing_job_categories(MANUFACTURER)
        first, second = (c["Name"] for c in options["categories"][:2])
        attribute = options["attributes"][0]["Name"]
        await processing.create_processing_job_type(
            MANUFACTURER, "Rosin Press", first, "Heat and pressure", "Press at 90 C",
            attributes=[attribute],
        )  # fmt: skip
        done = await processing.update_processing_job_type(
            MANUFACTURER, "rosin press", new_name="Live Rosin Press", category=second
        )
        listed = await processing.list_processing_job_types(MANUFACTURER)
        with pytest.raises(ToolProblem, match="Nothing to change"):
            await processing.update_processing_job_type(MANUFACTURER, "Live Rosin Press")
        with pytest.raises(ToolProblem, match="not an active type"):
            await processing.update_processing_job_type(MANUFACTURER, "Rosin Press", new_name="X")
    changed = next(t for t in listed["items"] if t["Name"] == "Live Rosin Press")
    assert done["ok"] and "name Live Rosin Press" in done["message"]
    assert changed["CategoryName"] == second
    assert changed["Description"] == "Heat and pressure"
    assert changed["ProcessingSteps"] == "Press at 90 C"
    assert [a["Name"] for a in changed["Attributes"]] == [attribute]


async def test_an_external_manifest_is_corrected_before_it_is_received(
    writer: MetrcAccess,
) -> None:
    free = [t["Label"] for t in (await writer.client.package_tags_available(LAB))[:2]]
    shipped = [
        # Each takes the lab's next unused package tag, in order (Metrc's body names none).
        transfers.ExternalPackage(item="Hemp Sample", quantity=12, unit_of_measure="Grams",
                                  packaged_date=date(2026, 11, 20))
        for _ in free
    ]  # fmt: skip
    with using(writer):
        await strains.create_strain(LAB, "Hemp Cultivar")
        await items.create_item(LAB, "Hemp Sample", "Buds", "Grams", strain="Hemp Cultivar")
        await transfers.create_external_incoming_transfer(
            LAB, "HEMP-CO-0042", "Front Range Hemp Farm", "Lab Sample Transfer", shipped,
            MORNING, MORNING + timedelta(hours=3), driver_name="Sam Rivera",
        )  # fmt: skip
        listed = await transfers.list_incoming_transfers(LAB, partner_contains="front range")
        manifest = listed["items"][0]
        later = MORNING + timedelta(days=1)
        done = await transfers.update_external_incoming_transfer(
            LAB, manifest["Id"], shipper_name="Front Range Hemp Co-op",
            estimated_departure=later, estimated_arrival=later + timedelta(hours=4),
            driver_name="Jordan Ellis",
            packages=[transfers.PackageCorrection(label=free[1], quantity=11.5)],
        )  # fmt: skip
        after = (await transfers.list_incoming_transfers(LAB, partner_contains="co-op"))["items"]
        lines = await transfers.list_delivery_packages(LAB, manifest["DeliveryId"])
        corrected = (await packages.get_package(LAB, free[1]))["package"]
        kept = (await packages.get_package(LAB, free[0]))["package"]
        with pytest.raises(ToolProblem, match="Not on manifest"):
            await transfers.update_external_incoming_transfer(
                LAB, manifest["Id"],
                packages=[transfers.PackageCorrection(label="1A40C0029999999999999999", quantity=1)],
            )  # fmt: skip
        with pytest.raises(ToolProblem, match="arrival must be after"):
            await transfers.update_external_incoming_transfer(
                LAB, manifest["Id"], estimated_arrival=later - timedelta(days=2)
            )
    assert (
        done["ok"] and "shipper, departure, arrival, driver, 1 package quantity" in done["message"]
    )
    (moved,) = after
    assert (
        moved["Id"] == manifest["Id"] and moved["ShipperFacilityName"] == "Front Range Hemp Co-op"
    )
    assert moved["DriverName"] == "Jordan Ellis"
    assert datetime.fromisoformat(moved["EstimatedDepartureDateTime"]) == later
    assert {line["PackageLabel"]: line["ShippedQuantity"] for line in lines["items"]} == {
        free[0]: 12,
        free[1]: 11.5,
    }
    assert (corrected["Quantity"], kept["Quantity"]) == (11.5, 12)
