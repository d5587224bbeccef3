"""Transfer tools against the seeded sandbox: manifests, deliveries, templates, external incoming."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from tests.metrc.tools.helpers import (
    CULTIVATOR,
    DISPENSARY,
    LAB,
    MANUFACTURER,
    all_pages,
    changed_between,
)
from trichome.metrc import MetrcAuthError
from trichome.metrc.tools import MetrcAccess, ToolProblem, items, packages, strains, using
from trichome.metrc.tools import transfers as tools

pytestmark = pytest.mark.anyio
DENVER = timezone(timedelta(hours=-7))
MORNING = datetime(2026, 11, 21, 8, 0, tzinfo=DENVER)


async def test_incoming_and_outgoing_manifests(reader: MetrcAccess) -> None:
    client, keys = reader.client, reader.credentials
    incoming = await client.transfers_incoming(DISPENSARY, credentials=keys)
    outgoing = await client.transfers_outgoing(CULTIVATOR, credentials=keys)
    november = date(2026, 11, 1)
    with using(reader):
        received = await tools.list_incoming_transfers(DISPENSARY, page_size=10)
        pending = await tools.list_incoming_transfers(DISPENSARY, status="pending")
        from_mip = await all_pages(
            tools.list_incoming_transfers, DISPENSARY, partner_contains="retail mip"
        )
        sent = await tools.list_outgoing_transfers(CULTIVATOR, partner_contains=LAB)
        lately = await tools.list_outgoing_transfers(CULTIVATOR, modified_from=november)
    assert received["total"] == len(incoming) == 191
    ids = [t["Id"] for t in received["items"]]
    assert ids == sorted(ids, reverse=True)  # newest first
    assert received["by_status"]["pending"] == pending["total"] >= 1
    assert all(t["Status"] == "pending" and "ReceivedDateTime" not in t for t in pending["items"])
    assert len(from_mip) == sum(t["ShipperFacilityLicenseNumber"] == MANUFACTURER for t in incoming)
    assert sent["total"] == sum(t["RecipientFacilityLicenseNumber"] == LAB for t in outgoing) > 0
    assert lately["total"] == len(changed_between(outgoing, november, date(2026, 11, 21)))


async def test_rejected_manifests_and_what_was_on_them(reader: MetrcAccess) -> None:
    rejected = await reader.client.transfers_rejected(MANUFACTURER)
    with using(reader):
        result = await tools.list_rejected_transfers(MANUFACTURER)
        one = result["items"][0]
        deliveries = await tools.list_transfer_deliveries(MANUFACTURER, one["Id"])
        shipped = await tools.list_delivery_packages(MANUFACTURER, one["DeliveryId"])
    # Manifests with rejected packages: all of them (5) or some (1).
    assert result["total"] == len(rejected) == 6
    assert sum(t["ReceivedPackageCount"] > 0 for t in rejected) == 1
    assert deliveries["total"] == 1 and deliveries["items"][0]["Id"] == one["DeliveryId"]
    assert shipped["total"] == one["PackageCount"]
    refused = one["PackageCount"] - one["ReceivedPackageCount"]
    assert shipped["by_state"].get("Rejected") == refused > 0


async def test_a_delivery_package_by_package(reader: MetrcAccess) -> None:
    incoming = await reader.client.transfers_incoming(DISPENSARY)
    big = max(incoming, key=lambda t: t["PackageCount"])
    rows = await reader.client.delivery_packages(DISPENSARY, big["DeliveryId"])
    prices = await reader.client.delivery_packages_wholesale(DISPENSARY, big["DeliveryId"])
    with using(reader):
        first = await tools.list_delivery_packages(DISPENSARY, big["DeliveryId"], page_size=5)
        second = await tools.list_delivery_packages(
            DISPENSARY, big["DeliveryId"], page=2, page_size=5
        )
    assert first["total"] == len(rows) == big["PackageCount"] > 5
    labels = [r["PackageLabel"] for r in first["items"] + second["items"]]
    assert labels == [r["PackageLabel"] for r in rows][:10]
    assert sum(first["by_state"].values()) == len(rows)
    assert [p["PackageLabel"] for p in prices] == [r["PackageLabel"] for r in rows]
    shipper = sum(p["ShipperWholesalePrice"] or 0 for p in prices)
    assert first["wholesale_total"] == pytest.approx(shipper) and shipper > 0
    priced = {p["PackageLabel"]: p for p in prices}
    for item in first["items"]:
        assert (
            item["ShipperWholesalePrice"] == priced[item["PackageLabel"]]["ShipperWholesalePrice"]
        )


async def test_templates_and_transfer_types(reader: MetrcAccess) -> None:
    with using(reader):
        templates = await tools.list_transfer_templates(CULTIVATOR)
        none = await tools.list_transfer_templates(CULTIVATOR, name_contains="nothing like it")
        types = await tools.list_transfer_types(CULTIVATOR)
        deliveries = await tools.get_transfer_template_deliveries(
            CULTIVATOR, templates["items"][0]["Id"]
        )
    assert templates["total"] == 1
    template = templates["items"][0]
    # Metrc lists templates as manifests without a recipient (bruno GetOutgoingTemplates).
    assert template["Name"] == "Store restock - buds"
    assert (template["DeliveryCount"], template["PackageCount"]) == (1, 2)
    assert "Destinations" not in template and "RecipientLicenseNumber" not in template
    assert [d["RecipientFacilityLicenseNumber"] for d in deliveries["items"]] == [DISPENSARY]
    assert len(deliveries["items"][0]["packages"]) == 2
    assert none["total"] == 0
    external = [t["Name"] for t in types["items"] if t["ForExternalIncomingShipments"]]
    assert external == ["Lab Sample Transfer"]


async def test_a_template_is_made_checked_and_deleted(writer: MetrcAccess) -> None:
    ready = [
        p["Label"]
        for p in await writer.client.packages_active(CULTIVATOR)
        if p["LabTestingState"] == "TestPassed"
        and p["Item"]["ProductCategoryName"] == "Pre-Roll Flower"
    ][:2]
    held = (await writer.client.packages_onhold(CULTIVATOR))[0]["Label"]
    arrival = MORNING + timedelta(hours=2)
    lines = [tools.TemplatePackage(label=label, wholesale_price=400) for label in ready]
    with using(writer):
        with pytest.raises(ToolProblem, match=r"cannot be shipped.*on hold"):
            await tools.create_transfer_template(
                CULTIVATOR,
                "Held",
                DISPENSARY,
                "Affiliated Transfer",
                [tools.TemplatePackage(label=held)],
                MORNING,
                arrival,
                "I-25 south",
                "Marcus Webb",
            )
        with pytest.raises(ToolProblem, match="after estimated_departure"):
            await tools.create_transfer_template(
                CULTIVATOR, "Late", DISPENSARY, "Affiliated Transfer", lines, arrival, MORNING,
                "I-25 south", "Marcus Webb",
            )  # fmt: skip
        with pytest.raises(ToolProblem, match="another licence"):
            await tools.create_transfer_template(
                CULTIVATOR, "Self", CULTIVATOR, "Affiliated Transfer", lines, MORNING, arrival,
                "I-25 south", "Marcus Webb",
            )  # fmt: skip
        made = await tools.create_transfer_template(
            CULTIVATOR,
            "Pre-rolls for the store",
            DISPENSARY,
            "Affiliated Transfer",
            lines,
            MORNING,
            arrival,
            planned_route="I-25 south",
            driver_name="Marcus Webb",
            vehicle_license_plate="CO-4KX-219",
        )
        listed = await tools.list_transfer_templates(CULTIVATOR, name_contains="pre-rolls")
        planned = await tools.get_transfer_template_deliveries(CULTIVATOR, listed["items"][0]["Id"])
        deleted = await tools.delete_transfer_template(CULTIVATOR, made["ids"][0])
        after = await tools.list_transfer_templates(CULTIVATOR)
    assert "2 packages to SF-SBX-CO-24-8002 (Affiliated Transfer)" in made["message"]
    assert listed["items"][0]["PackageCount"] == 2
    assert listed["items"][0]["DriverName"] == "Marcus Webb"
    destination = planned["items"][0]
    assert [p["PackageLabel"] for p in destination["packages"]] == ready
    assert destination["PlannedRoute"] == "I-25 south"
    assert destination["EstimatedArrivalDateTime"] == arrival.isoformat()
    assert deleted["ok"] and after["total"] == 1  # only the seeded template is left


async def test_a_lab_records_a_sample_from_an_unlicensed_farm(writer: MetrcAccess) -> None:
    tag = (await writer.client.package_tags_available(LAB))[0]["Label"]
    # The sample takes the lab's first unused package tag (Metrc's body names none).
    sample = tools.ExternalPackage(
        item="Hemp Sample",
        quantity=12,
        unit_of_measure="Grams",
        packaged_date=date(2026, 11, 20),
    )
    with using(writer):
        await strains.create_strain(LAB, "Hemp Cultivar")
        await items.create_item(LAB, "Hemp Sample", "Buds", "Grams", strain="Hemp Cultivar")
        done = await tools.create_external_incoming_transfer(
            LAB,
            "HEMP-CO-0042",
            "Front Range Hemp Farm",
            "Lab Sample Transfer",
            [sample],
            MORNING,
            MORNING + timedelta(hours=3),
            driver_name="Sam Rivera",
        )
        incoming = await tools.list_incoming_transfers(LAB, partner_contains="front range")
        package = (await packages.get_package(LAB, tag))["package"]
        with pytest.raises(MetrcAuthError, match="CanTransferFromExternalFacilities"):
            await tools.create_external_incoming_transfer(
                DISPENSARY,
                "HEMP-CO-0042",
                "Front Range Hemp Farm",
                "Lab Sample Transfer",
                [sample],
                MORNING,
                MORNING + timedelta(hours=3),
            )
    assert "from Front Range Hemp Farm with 1 package" in done["message"]
    assert incoming["total"] == 1
    manifest = incoming["items"][0]
    assert (manifest["ShipperFacilityName"], manifest["PackageCount"]) == (
        "Front Range Hemp Farm",
        1,
    )
    assert manifest["DriverName"] == "Sam Rivera"
    assert (package["Item"], package["Quantity"]) == ("Hemp Sample", 12)
