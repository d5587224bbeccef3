"""Transfers between licences: manifests, their deliveries, shipping and receiving.

The API's transfer routes and the seeded year's transporters build the same documents here;
the routes ship and receive through `ship` and `receive_delivery` in one store transaction.
"""

from __future__ import annotations

from typing import Any

from trichome.db.models import utcnow
from trichome.sandbox import documents
from trichome.sandbox.delivery_packages import accept_entry, delivery_package, reject_entry
from trichome.sandbox.facilities import FACILITIES, Facility
from trichome.sandbox.store import Record, Transaction, iso


def manifest_number(transfer_id: int) -> str:
    """Metrc's ten-digit manifest number."""
    return f"{transfer_id:010d}"


def transfer_document(
    shipper: Facility | dict[str, str],
    recipient: Facility,
    template: dict[str, Any],
    destination: dict[str, Any],
    packages: list[Record],
) -> dict[str, Any]:
    """A manifest as the shipper's outgoing list shows it (GET /transfers/v2/outgoing), built
    from its first delivery; `several_deliveries` makes it the manifest of more."""
    shipper_number = shipper.license_number if isinstance(shipper, Facility) else shipper["License"]
    shipper_name = shipper.name if isinstance(shipper, Facility) else shipper["Name"]
    transporter = (destination.get("Transporters") or [{}])[0]
    carrier = transporter.get("TransporterFacilityLicenseNumber", shipper_number)
    carrier_name = FACILITIES[carrier].name if carrier in FACILITIES else shipper_name
    data = [package.data for package in packages]
    return {
        "ManifestNumber": None,
        "InvoiceNumber": None,
        # An integer in Metrc's v2 documentation (bruno Transfers/GetIncomingTransfers: 0).
        "ShipmentLicenseType": 0,
        "ShipperFacilityLicenseNumber": shipper_number,
        "ShipperFacilityName": shipper_name,
        "Name": template.get("Name"),
        "TransporterFacilityLicenseNumber": carrier,
        "TransporterFacilityName": carrier_name,
        "DriverName": transporter.get("DriverName"),
        "DriverOccupationalLicenseNumber": transporter.get("DriverOccupationalLicenseNumber"),
        "DriverVehicleLicenseNumber": transporter.get("DriverLicenseNumber"),
        "VehicleMake": transporter.get("VehicleMake"),
        "VehicleModel": transporter.get("VehicleModel"),
        "VehicleLicensePlateNumber": transporter.get("VehicleLicensePlateNumber"),
        "DeliveryCount": 1,
        "ReceivedDeliveryCount": 0,
        "PackageCount": len(packages),
        "ReceivedPackageCount": 0,
        "ContainsPlantPackage": False,
        "ContainsProductPackage": bool(packages),
        "ContainsTradeSample": False,
        "ContainsDonation": False,
        "ContainsTestingSample": any(d.get("IsTestingSample") for d in data),
        "ContainsProductRequiresRemediation": any(
            d.get("ProductRequiresRemediation") for d in data
        ),
        "ContainsRemediatedProductPackage": any(d.get("RemediationDate") for d in data),
        "IsVoided": False,
        "CreatedDateTime": documents.moment(utcnow()),
        "CreatedByUserName": None,
        "DeliveryId": None,
        "RecipientFacilityLicenseNumber": recipient.license_number,
        "RecipientFacilityName": recipient.name,
        "ShipmentTypeName": destination.get("TransferTypeName"),
        "ShipmentTransactionType": "Standard",
        "EstimatedDepartureDateTime": destination.get("EstimatedDepartureDateTime"),
        "ActualDepartureDateTime": None,
        "EstimatedArrivalDateTime": destination.get("EstimatedArrivalDateTime"),
        "ActualArrivalDateTime": None,
        "DeliveryPackageCount": len(packages),
        "DeliveryReceivedPackageCount": 0,
        "ReceivedDateTime": None,
        "EstimatedReturnDepartureDateTime": None,
        "ActualReturnDepartureDateTime": None,
        "EstimatedReturnArrivalDateTime": None,
        "ActualReturnArrivalDateTime": None,
        "OriginatingTemplateId": None,
    }


# The fields of a manifest row that describe one of its deliveries. A manifest with several
# deliveries shows them empty on the shipper's row, as Metrc's GetOutgoingTransfers example
# does; each delivery is read from GET /transfers/v2/{id}/deliveries, and each recipient's
# incoming row shows its own delivery.
DELIVERY_FIELDS = (
    "RecipientFacilityLicenseNumber",
    "RecipientFacilityName",
    "ShipmentTypeName",
    "ShipmentTransactionType",
    "EstimatedDepartureDateTime",
    "ActualDepartureDateTime",
    "EstimatedArrivalDateTime",
    "ActualArrivalDateTime",
    "DeliveryPackageCount",
    "DeliveryReceivedPackageCount",
    "ReceivedDateTime",
    "EstimatedReturnDepartureDateTime",
    "ActualReturnDepartureDateTime",
    "EstimatedReturnArrivalDateTime",
    "ActualReturnArrivalDateTime",
)


def several_deliveries(document: dict[str, Any], packages: int, deliveries: int) -> None:
    """Make a manifest document (built from its first delivery) the manifest of several
    deliveries: its counts cover all of them and no single delivery's fields are shown."""
    document.update({field: None for field in DELIVERY_FIELDS})
    document.update(
        {
            "DeliveryCount": deliveries,
            "PackageCount": packages,
            "DeliveryPackageCount": 0,
            "DeliveryReceivedPackageCount": 0,
        }
    )


def incoming_row(transfer: Record, delivery: Record) -> dict[str, Any]:
    """A recipient's row of GET /transfers/v2/incoming: the manifest, with its own delivery's
    fields and Id (one row per delivery, as Metrc's GetIncomingTransfers example shows)."""
    row = transfer.document()
    row.update({field: delivery.data.get(field) for field in DELIVERY_FIELDS})
    row["DeliveryId"] = delivery.id
    row["LastModified"] = iso(max(transfer.last_modified, delivery.last_modified))
    return row


def delivery_document(
    transfer: Record,
    recipient: Facility,
    destination: dict[str, Any],
    packages: list[tuple[Record, float | None]],
    number: int = 1,
) -> dict[str, Any]:
    """A manifest's delivery (GET /transfers/v2/{id}/deliveries), with its packages (GET
    /transfers/v2/deliveries/{id}/packages) kept apart under `_Packages`."""
    return {
        "ManifestNumber": None,
        "DeliveryNumber": number,
        "RecipientFacilityLicenseNumber": recipient.license_number,
        "RecipientFacilityName": recipient.name,
        "ShipmentTypeName": destination.get("TransferTypeName"),
        "ShipmentTransactionType": "Standard",
        "InvoiceNumber": None,
        "EstimatedDepartureDateTime": destination.get("EstimatedDepartureDateTime"),
        "ActualDepartureDateTime": transfer.data.get("ActualDepartureDateTime"),
        "EstimatedArrivalDateTime": destination.get("EstimatedArrivalDateTime"),
        "ActualArrivalDateTime": None,
        "GrossWeight": None,
        "GrossUnitOfWeightId": None,
        "GrossUnitOfWeightName": None,
        "PlannedRoute": destination.get("PlannedRoute"),
        "DeliveryPackageCount": len(packages),
        "DeliveryReceivedPackageCount": 0,
        "ReceivedDateTime": None,
        "EstimatedReturnDepartureDateTime": None,
        "ActualReturnDepartureDateTime": None,
        "EstimatedReturnArrivalDateTime": None,
        "ActualReturnArrivalDateTime": None,
        "RejectedPackagesReturned": False,
        "PDFDocumentFileSystemId": None,
        "_TransferId": transfer.id,
        "_Packages": [delivery_package(package, price) for package, price in packages],
    }


def _outcome(accepted: int, shipped: int) -> str:
    """Received (every package accepted), partly rejected, or rejected (none accepted)."""
    return "received" if accepted == shipped else "partial" if accepted else "rejected"


def settle(transfer: Record, delivery: Record, accepted: int, arrived: str, received: str) -> None:
    """A received delivery's counts and times on its manifest and itself. The delivery, and
    the manifest once its last delivery is in, is received, partly rejected (some packages
    refused) or rejected (all of them); a manifest stays pending until then."""
    delivery.state = _outcome(accepted, len(delivery.data["_Packages"]))
    delivery.data.update(
        {
            "ActualArrivalDateTime": arrived,
            "DeliveryReceivedPackageCount": accepted,
            "ReceivedDateTime": received,
        }
    )
    data = transfer.data
    data["ReceivedDeliveryCount"] = int(data.get("ReceivedDeliveryCount") or 0) + 1
    data["ReceivedPackageCount"] = int(data.get("ReceivedPackageCount") or 0) + accepted
    complete = data["ReceivedDeliveryCount"] >= int(data.get("DeliveryCount") or 1)
    if complete:
        transfer.state = _outcome(data["ReceivedPackageCount"], int(data["PackageCount"]))
    if int(data.get("DeliveryCount") or 1) == 1:
        data.update(
            {
                "DeliveryReceivedPackageCount": accepted,
                "ReceivedDateTime": received,
                "ActualArrivalDateTime": arrived,
            }
        )
    elif complete:  # the shipper's row shows the manifest received once every delivery is
        data["ReceivedDateTime"] = received


Stop = tuple[Facility, dict[str, Any], list[tuple[Record, float | None]]]


def recipients(transfer: Record) -> set[str]:
    """The licences a manifest delivers to (one per delivery)."""
    return set(transfer.data.get("_Recipients") or [transfer.partner or ""]) - {""}


async def ship(
    tx: Transaction,
    shipper: Facility | dict[str, str],
    recipient: Facility,
    template: dict[str, Any],
    destination: dict[str, Any],
    packages: list[tuple[Record, float | None]],
) -> Record:
    """Create a manifest with one delivery, and put the packages in transit."""
    return await ship_manifest(tx, shipper, template, [(recipient, destination, packages)])


async def ship_manifest(
    tx: Transaction,
    shipper: Facility | dict[str, str],
    template: dict[str, Any],
    stops: list[Stop],
) -> Record:
    """Create ONE manifest with a delivery per stop (a recipient, its destination and its
    packages, in the template's order), and put the packages in transit."""
    shipper_license = (
        shipper.license_number if isinstance(shipper, Facility) else shipper["License"]
    )
    first, destination, packages = stops[0]
    document = transfer_document(shipper, first, template, destination, [p for p, _ in packages])
    if len(stops) > 1:
        several_deliveries(document, sum(len(shipped) for *_, shipped in stops), len(stops))
    document["_Recipients"] = [recipient.license_number for recipient, *_ in stops]
    transfer = await tx.insert(
        Record(
            shipper_license,
            "transfer",
            "pending",
            document,
            # The incoming lists read deliveries; a manifest of several has no one partner.
            partner=first.license_number if len(stops) == 1 else None,
        )
    )
    number = manifest_number(transfer.id)
    deliveries = []
    for position, (recipient, destination, packages) in enumerate(stops, start=1):
        delivery = await tx.insert(
            Record(
                shipper_license,
                "delivery",
                "pending",
                delivery_document(transfer, recipient, destination, packages, position),
                label=f"transfer:{transfer.id}",
                partner=recipient.license_number,
            )
        )
        delivery.data["ManifestNumber"] = number
        await tx.save(delivery)
        deliveries.append(delivery)
        for package, _ in packages:
            package.state = "intransit"
            await tx.save(package)
    transfer.data.update({"ManifestNumber": number, "DeliveryId": deliveries[0].id})
    await tx.save(transfer)
    return transfer


async def receive_delivery(
    tx: Transaction,
    facility: Facility,
    delivery: Record,
    shipped: dict[str, dict[str, Any]],
    decisions: dict[str, dict[str, Any]],
) -> Record:
    """Accept or reject each package of a delivery at the facility; the transfer, updated.

    `shipped` is the delivery's package entries by label, `decisions` the recipient's answer
    for each (`Accepted`, and `ReceivedQuantity` or `RejectionReason`).
    """
    transfer = await tx.get("transfer", delivery.data["_TransferId"])
    assert transfer is not None
    now = documents.moment(utcnow())
    packages = await tx.by_labels("package", list(shipped))
    accepted = 0
    for label, decision in decisions.items():
        package, entry = packages[label], shipped[label]
        package.state = "active"
        if decision["Accepted"]:
            accepted += 1
            received = decision.get("ReceivedQuantity", package.data["Quantity"])
            package.license = facility.license_number
            locations = await tx.all(facility.license_number, "location", ["active"])
            package.data.update(
                {
                    "Quantity": received,
                    "ReceivedDateTime": now,
                    "ReceivedFromFacilityLicenseNumber": transfer.license,
                    "ReceivedFromFacilityName": transfer.data["ShipperFacilityName"],
                    "ReceivedFromManifestNumber": transfer.data["ManifestNumber"],
                    "LocationId": locations[0].id,
                    "LocationName": locations[0].name,
                }
            )
            accept_entry(entry, package, received)
        else:
            reject_entry(entry, decision.get("RejectionReason"))
        await tx.save(package)
    assert now is not None
    settle(transfer, delivery, accepted, now, now)
    await tx.save(delivery)
    return await tx.save(transfer)
