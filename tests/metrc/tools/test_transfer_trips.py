"""Transfer trip and template-change tools against a seeded sandbox year of the test's own:
recording trip legs, updating a template, voiding an external manifest."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY, LAB
from trichome.metrc import ItemCreate, MetrcValidationError, StrainCreate
from trichome.metrc.tools import MetrcAccess, ToolProblem, using
from trichome.metrc.tools import transfers as tools

pytestmark = pytest.mark.anyio
DENVER = timezone(timedelta(hours=-7))
MORNING = datetime(2026, 11, 21, 8, 0, tzinfo=DENVER)


async def _buds(writer: MetrcAccess, count: int) -> list[str]:
    return [
        p["Label"]
        for p in await writer.client.packages_active(CULTIVATOR)
        if p["LabTestingState"] == "TestPassed" and p["Item"]["ProductCategoryName"] == "Buds"
    ][:count]


async def test_a_template_is_changed_and_its_trip_recorded(writer: MetrcAccess) -> None:
    first, second = await _buds(writer, 2)
    with using(writer):
        await tools.create_transfer_template(
            CULTIVATOR, "Tool trip", DISPENSARY, "Affiliated Transfer",
            [tools.TemplatePackage(label=first, wholesale_price=500.0)],
            MORNING, MORNING + timedelta(hours=2), planned_route="Highway 6",
            driver_name="Luis Romero", vehicle_license_plate="BXR-4471",
        )  # fmt: skip
        (template,) = [
            t
            for t in (await tools.list_transfer_templates(CULTIVATOR, page_size=100))["items"]
            if t["Name"] == "Tool trip"
        ]
        changed = await tools.update_transfer_template(
            CULTIVATOR, template["Id"], name="Tool trip 2", planned_route="Back roads",
            packages=[tools.TemplatePackage(label=second, wholesale_price=650.0)],
        )  # fmt: skip
        seen = await tools.get_transfer_template_deliveries(CULTIVATOR, template["Id"])
        with pytest.raises(ToolProblem, match="arrival must be after"):
            await tools.update_transfer_template(
                CULTIVATOR, template["Id"], estimated_departure=MORNING + timedelta(days=1)
            )
    (delivery,) = seen["items"]
    assert changed["ok"] and "1 package" in changed["message"]
    assert delivery["PlannedRoute"] == "Back roads"
    assert [p["PackageLabel"] for p in delivery["packages"]] == [second]
    assert delivery["drivers"][0]["DriverName"] == "Luis Romero"  # kept from the template

    sent = await writer.client.post(f"/sandbox/v2/templates/{template['Id']}/send", CULTIVATOR)
    (transfer_id,) = sent["Ids"]
    with using(writer):
        hub = await tools.list_transfer_hub(CULTIVATOR, page_size=100)
        (trip,) = [s for s in hub["items"] if s["Id"] == transfer_id]
        departed = await tools.record_transfer_hub_leg(CULTIVATOR, "depart", [trip["DeliveryId"]])
        moving = await tools.list_transfer_hub(CULTIVATOR, page_size=100)
        with pytest.raises(MetrcValidationError, match="hub shipments"):
            await tools.record_transfer_hub_leg(DISPENSARY, "arrive", [trip["DeliveryId"]])
        carriers = await tools.get_delivery_transporters(DISPENSARY, trip["DeliveryId"])
        printed = await tools.get_transfer_manifest(DISPENSARY, transfer_id)
        tests = await tools.list_required_lab_tests(DISPENSARY, trip["DeliveryId"])
    assert departed["message"] == "Recorded 1 delivery departed (Outbound)."
    assert moving["in_transit"] == hub["in_transit"] + 1
    assert carriers["has_return_leg"] is False
    assert carriers["transporters"][0]["TransporterFacilityLicenseNumber"] == CULTIVATOR
    assert trip["ManifestNumber"] in printed["lines"][0] and not printed["truncated"]
    assert any(second in line for line in printed["lines"])
    (needs,) = tests["items"]
    assert needs["PackageLabel"] == second and "Potency" in needs["required"]


async def test_an_external_manifest_is_voided_before_it_arrives(writer: MetrcAccess) -> None:
    client = writer.client
    await client.create_strains(LAB, [StrainCreate(name="Hemp Cultivar")])
    await client.create_items(
        LAB,
        [ItemCreate(name="Hemp Sample", item_category="Buds", unit_of_measure="Grams",
                    strain="Hemp Cultivar")],
    )  # fmt: skip
    tag = (await client.package_tags_available(LAB))[0]["Label"]
    with using(writer):
        await tools.create_external_incoming_transfer(
            LAB, "HEMP-CO-0042", "Front Range Hemp Farm", "Lab Sample Transfer",
            [tools.ExternalPackage(item="Hemp Sample", quantity=12, unit_of_measure="Grams",
                                   packaged_date=MORNING.date())],
            MORNING, MORNING + timedelta(hours=2),
        )  # fmt: skip
        incoming = await tools.list_incoming_transfers(LAB, page_size=100)
        (manifest,) = [
            t for t in incoming["items"] if t["ShipperFacilityLicenseNumber"] == "HEMP-CO-0042"
        ]
        voided = await tools.void_external_incoming_transfer(LAB, manifest["Id"])
        with pytest.raises(MetrcValidationError, match="voided"):
            await tools.void_external_incoming_transfer(LAB, manifest["Id"])
        after = await tools.list_incoming_transfers(LAB, page_size=100)
    assert voided["ok"] and str(manifest["Id"]) in voided["message"]
    assert manifest["Id"] not in {t["Id"] for t in after["items"]}
    assert tag not in {p["Label"] for p in await client.packages_intransit(LAB)}
