"""The sandbox against the same documented fixtures as the client for the Transfers operations
(tests/metrc/fixtures/documented and its transfer_writes/): each write is sent through the
client as Metrc documents the request, with the sandbox's licences, packages and ids in place
of the fixture's values, and answers no body; each read serves the documented fields. The
rules the sandbox keeps: templates are updated while active and by their owner, a trip's legs
go in order and only by the delivery's transporter, a return leg exists only for rejected
packages, and an external manifest changes or is voided only before it is received."""

from __future__ import annotations

import io
from datetime import date
from typing import Any

import pytest
from pypdf import PdfReader

from tests.metrc.documented.conftest import records
from tests.metrc.documented.test_transfer_operations import write_fixture
from tests.support.sandbox import sandbox_client
from trichome.config import Settings
from trichome.metrc import (
    ItemCreate,
    MetrcAuthError,
    MetrcClient,
    MetrcNotFound,
    MetrcValidationError,
    StrainCreate,
)

pytestmark = pytest.mark.anyio
GROWER = "SF-SBX-CO-21-8002"
STORE = "SF-SBX-CO-24-8002"
LAB = "SF-SBX-CO-25-8002"
TODAY = date(2026, 11, 21).isoformat()


def row(fixture: str, **values: Any) -> dict[str, Any]:
    """The fixture's documented request row with the sandbox's values in place of ours."""
    documented: dict[str, Any] = write_fixture(fixture)["requests"][0]["body"][0]
    assert set(values) <= set(documented), set(values) - set(documented)
    return {**documented, **values}


def documented_destination(fixture: str, **values: Any) -> dict[str, Any]:
    destination: dict[str, Any] = write_fixture(fixture)["requests"][0]["body"][0]["Destinations"][
        0
    ]
    assert set(values) <= set(destination), set(values) - set(destination)
    return {**destination, **values}


def fields(fixture: str) -> set[str]:
    (first, *_) = records(fixture)
    return set(first)


def shapes(rows: list[dict[str, Any]]) -> set[str]:
    assert rows
    (found,) = {frozenset(r) for r in rows}
    return set(found)


async def _buds(client: MetrcClient, count: int) -> list[str]:
    ready = [
        p["Label"]
        for p in await client.packages_active(GROWER)
        if p["LabTestingState"] == "TestPassed" and p["Item"]["ProductCategoryName"] == "Buds"
    ]
    assert len(ready) >= count
    return ready[:count]


def _plan(labels: list[str], route: str = "Highway 6 to the store.") -> dict[str, Any]:
    return {
        "RecipientLicenseNumber": STORE,
        "TransferTypeName": "Affiliated Transfer",
        "PlannedRoute": route,
        "EstimatedDepartureDateTime": f"{TODAY}T08:00:00-07:00",
        "EstimatedArrivalDateTime": f"{TODAY}T10:00:00-07:00",
        "Transporters": [
            {"TransporterFacilityLicenseNumber": GROWER, "DriverName": "Luis Romero",
             "DriverLicenseNumber": "CO-D1182734", "VehicleMake": "Ford",
             "VehicleModel": "Transit", "VehicleLicensePlateNumber": "BXR-4471"}
        ],
        "Packages": [{"PackageLabel": label, "WholesalePrice": 700.0} for label in labels],
    }  # fmt: skip


async def _template(client: MetrcClient, name: str, labels: list[str]) -> int:
    await client.create_outgoing_templates(
        GROWER, [{"Name": name, "Destinations": [_plan(labels)]}]
    )
    return int(next(t["Id"] for t in await client.outgoing_templates(GROWER) if t["Name"] == name))


async def test_a_template_is_read_by_delivery_and_updated_whole(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        first, second, third = await _buds(client, 3)
        template_id = await _template(client, "Restock A", [first, second])
        (delivery,) = await client.template_deliveries(None, template_id)
        lines = await client.template_delivery_packages(None, delivery["Id"])
        carriers = await client.template_delivery_transporters(None, delivery["Id"])
        drivers = await client.template_delivery_transporter_details(None, delivery["Id"])

        assert set(delivery) == fields("transfers_template_deliveries")
        assert shapes(lines) == fields("transfers_delivery_packages")
        assert shapes(carriers) == fields("transfers_template_delivery_transporters")
        assert shapes(drivers) == fields("transfers_template_delivery_transporter_details")
        assert {line["PackageLabel"] for line in lines} == {first, second}
        assert carriers[0]["TransporterFacilityLicenseNumber"] == GROWER
        assert drivers[0]["DriverName"] == "Luis Romero"
        with pytest.raises(MetrcNotFound):  # another licence's template
            await client.template_deliveries(STORE, template_id)

        destination = documented_destination(
            "transfers_templates_update", **_plan([third], "Back roads."),
            TransferDestinationId=delivery["Id"],
        )  # fmt: skip
        answer = await client.update_outgoing_templates(
            GROWER, [row("transfers_templates_update", TransferTemplateId=template_id,
                         Name="Restock B", Destinations=[destination])]
        )  # fmt: skip
        (kept,) = await client.template_deliveries(GROWER, template_id)
        lines = await client.template_delivery_packages(GROWER, kept["Id"])
        drivers = await client.template_delivery_transporter_details(GROWER, kept["Id"])
        names = {t["Name"] for t in await client.outgoing_templates(GROWER)}

        assert answer["Ids"] == []  # Metrc answers no body
        assert kept["Id"] == delivery["Id"] and kept["PlannedRoute"] == "Back roads."
        assert [line["PackageLabel"] for line in lines] == [third]
        assert "Restock B" in names and "Restock A" not in names

        with pytest.raises(MetrcValidationError, match="not one of this template"):
            await client.update_outgoing_templates(
                GROWER, [row("transfers_templates_update", TransferTemplateId=template_id,
                             Destinations=[{**destination, "TransferDestinationId": 1}])]
            )  # fmt: skip
        await client.delete_outgoing_template(GROWER, template_id)
        with pytest.raises(MetrcValidationError, match="archived"):
            await client.update_outgoing_templates(
                GROWER, [row("transfers_templates_update", TransferTemplateId=template_id,
                             Destinations=[destination])]
            )  # fmt: skip


async def _send(client: MetrcClient, name: str, labels: list[str]) -> tuple[int, int]:
    template_id = await _template(client, name, labels)
    sent = await client.post(f"/sandbox/v2/templates/{template_id}/send", GROWER)
    (transfer_id,) = sent["Ids"]
    (delivery,) = await client.transfer_deliveries(STORE, transfer_id)
    return transfer_id, int(delivery["Id"])


def _legs(delivery_id: int, direction: str = "Outbound") -> list[dict[str, Any]]:
    return [{"ShipmentDeliveryId": delivery_id, "TransporterDirection": direction}]


async def test_a_trip_is_carried_leg_by_leg_by_its_transporter(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        first, second = await _buds(client, 2)
        transfer_id, delivery_id = await _send(client, "Trip", [first, second])
        carriers = await client.delivery_transporters(None, delivery_id)
        drivers = await client.delivery_transporter_details(STORE, delivery_id)
        hub = [s for s in await client.transfer_hub(GROWER) if s["Id"] == transfer_id]
        lines = await client.delivery_packages(STORE, delivery_id)
        batches = await client.delivery_package_required_lab_test_batches(
            None, lines[0]["PackageId"]
        )

        assert shapes(carriers) == fields("transfers_delivery_transporters")
        assert [c["TransporterDirection"] for c in carriers] == ["Outbound"]
        assert shapes(drivers) == fields("transfers_delivery_transporter_details")
        assert shapes(hub) == fields("transfers_hub")
        assert shapes(batches) == fields("transfers_delivery_package_requiredlabtestbatches")
        assert "Moisture" in {b["LabTestBatchName"] for b in batches}  # flower
        assert await client.transfer_hub(STORE) == []  # the store carries nothing
        assert await client.delivery_package_states() == records(
            "transfers_delivery_package_states"
        )
        with pytest.raises(MetrcNotFound):
            await client.delivery_transporters(LAB, delivery_id)

        with pytest.raises(MetrcValidationError, match="must depart"):
            await client.arrive_transfer_hub(GROWER, _legs(delivery_id))
        with pytest.raises(MetrcValidationError, match="hub shipments"):
            await client.depart_transfer_hub(STORE, _legs(delivery_id))
        with pytest.raises(MetrcValidationError, match="no rejected packages"):
            await client.depart_transfer_hub(GROWER, _legs(delivery_id, "Return"))
        for step, send in [
            ("depart", client.depart_transfer_hub),
            ("checkin", client.check_in_transfer_hub),
        ]:
            payload = row(f"transfers_hub_{step}", ShipmentDeliveryId=delivery_id)
            assert (await send(GROWER, [payload]))["Ids"] == []
        with pytest.raises(MetrcValidationError, match="check it out"):
            await client.arrive_transfer_hub(GROWER, _legs(delivery_id))
        await client.check_out_transfer_hub(GROWER, _legs(delivery_id))
        await client.arrive_transfer_hub(GROWER, _legs(delivery_id))
        with pytest.raises(MetrcValidationError, match="already recorded"):
            await client.depart_transfer_hub(GROWER, _legs(delivery_id))
        (trip,) = [s for s in await client.transfer_hub(GROWER) if s["Id"] == transfer_id]
        (shipped,) = [t for t in await client.transfers_outgoing(GROWER) if t["Id"] == transfer_id]

        assert trip["IsLayover"] is True
        assert trip["TransporterActualDepartureDateTime"] == shipped["ActualDepartureDateTime"]
        assert trip["TransporterActualArrivalDateTime"] is not None

        await client.post(
            f"/sandbox/v2/deliveries/{delivery_id}/receive", STORE,
            body=[{"PackageLabel": first, "Accepted": True},
                  {"PackageLabel": second, "Accepted": False, "RejectionReason": "Damaged"}],
        )  # fmt: skip
        with pytest.raises(MetrcValidationError, match="outbound trip is over"):
            await client.check_in_transfer_hub(GROWER, _legs(delivery_id))
        directions = [c["TransporterDirection"] for c in
                      await client.delivery_transporters(GROWER, delivery_id)]  # fmt: skip
        await client.depart_transfer_hub(GROWER, _legs(delivery_id, "Return"))
        await client.arrive_transfer_hub(GROWER, _legs(delivery_id, "Return"))
        states = {p["PackageLabel"]: p["ShipmentPackageState"]
                  for p in await client.delivery_packages(GROWER, delivery_id)}  # fmt: skip

    assert directions == ["Outbound", "Return"]
    assert states == {first: "Accepted", second: "Returned"}


async def test_a_manifest_prints_as_html_and_pdf_for_its_parties(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        (label,) = await _buds(client, 1)
        transfer_id, _ = await _send(client, "Printed", [label])
        (manifest,) = [t for t in await client.transfers_outgoing(GROWER) if t["Id"] == transfer_id]
        page = await client.transfer_manifest_html(STORE, transfer_id)
        pdf = await client.transfer_manifest_pdf(GROWER, transfer_id)
        with pytest.raises(MetrcNotFound):
            await client.transfer_manifest_pdf(LAB, transfer_id)

    assert manifest["ManifestNumber"] in page and label in page
    assert pdf.file_name == f"TransferManifestReport-{transfer_id}.pdf"
    assert pdf.content_type == "application/pdf" and pdf.content.startswith(b"%PDF-")
    printed = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert manifest["ManifestNumber"] in printed and label in printed


async def _external(client: MetrcClient) -> tuple[int, str]:
    """A hemp sample manifest recorded at the lab; its transfer's id and package tag."""
    await client.create_strains(LAB, [StrainCreate(name="Hemp Cultivar")])
    await client.create_items(
        LAB,
        [ItemCreate(name="Hemp Sample", item_category="Buds", unit_of_measure="Grams",
                    strain="Hemp Cultivar")],
    )  # fmt: skip
    item = "Hemp Sample"
    tag = (await client.package_tags_available(LAB))[0]["Label"]
    await client.create_external_incoming_transfers(
        LAB,
        [{"ShipperLicenseNumber": "HEMP-CO-0042", "ShipperName": "Front Range Hemp Farm",
          "Destinations": [{"RecipientLicenseNumber": LAB, "TransferTypeName": "Lab Sample Transfer",
                            "EstimatedDepartureDateTime": f"{TODAY}T09:00:00-07:00",
                            "EstimatedArrivalDateTime": f"{TODAY}T11:00:00-07:00",
                            "Packages": [{"PackageLabel": tag, "ItemName": item, "Quantity": 12,
                                          "UnitOfMeasureName": "Grams", "PackagedDate": TODAY}]}]}],
    )  # fmt: skip
    incoming = await client.transfers_incoming(LAB)
    return next(
        t["Id"] for t in incoming if t["ShipperFacilityLicenseNumber"] == "HEMP-CO-0042"
    ), tag


async def test_an_external_manifest_changes_or_is_voided_before_receipt(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        transfer_id, tag = await _external(client)
        item = (await client.package(LAB, label=tag))["Item"]["Name"]
        destination = documented_destination(
            "transfers_external_incoming_update", RecipientLicenseNumber=LAB,
            TransferTypeName="Lab Sample Transfer",
            Packages=[{**documented_destination("transfers_external_incoming_update")["Packages"][0],
                       "ItemName": item, "Quantity": 9.5, "UnitOfMeasureName": "Grams"}],
        )  # fmt: skip
        change = row("transfers_external_incoming_update", TransferId=transfer_id,
                     ShipperName="Front Range Hemp Co-op", Destinations=[destination])  # fmt: skip
        with pytest.raises(MetrcAuthError):  # the store may not receive external manifests
            await client.update_external_incoming_transfers(STORE, [change])
        assert (await client.update_external_incoming_transfers(LAB, [change]))["Ids"] == []
        (changed,) = [t for t in await client.transfers_incoming(LAB) if t["Id"] == transfer_id]
        package = await client.package(LAB, label=tag)

        assert changed["ShipperFacilityName"] == "Front Range Hemp Co-op"
        assert changed["ShipperFacilityLicenseNumber"] == change["ShipperLicenseNumber"]
        assert package["Quantity"] == 9.5

        assert (await client.void_external_incoming_transfer(LAB, transfer_id))["Ids"] == []
        with pytest.raises(MetrcValidationError, match="voided"):
            await client.void_external_incoming_transfer(LAB, transfer_id)
        with pytest.raises(MetrcValidationError, match="voided"):
            await client.update_external_incoming_transfers(LAB, [change])
        with pytest.raises(MetrcNotFound):
            await client.void_external_incoming_transfer(LAB, 1)
        in_transit = {p["Label"] for p in await client.packages_intransit(LAB)}
        incoming = {t["Id"] for t in await client.transfers_incoming(LAB)}

    assert tag not in in_transit and transfer_id not in incoming
