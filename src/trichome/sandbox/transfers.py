"""Transfers between licences: manifests, their deliveries, shipping and receiving.

The API's transfer routes and the seeded year's transporters build the same documents here;
the routes ship and receive through `ship` and `receive_delivery` in one store transaction.
"""

from __future__ import annotations

from typing import Any

from trichome.db.models import utcnow
from trichome.sandbox import documents
from trichome.sandbox.reference import Facility
from trichome.sandbox.store import Record, Transaction


def manifest_number(transfer_id: int) -> str:
    """Metrc's ten-digit manifest number."""
    return f"{transfer_id:010d}"


def transfer_document(
    shipper: Facility | dict[str, str],
    recipient: Facility,
    template: dict[str, Any],
    destination: dict[str, Any],
    package_count: int,
) -> dict[str, Any]:
    """A manifest as the shipper's outgoing and the recipient's incoming lists show it."""
    shipper_number = shipper.license_number if isinstance(shipper, Facility) else shipper["License"]
    shipper_name = shipper.name if isinstance(shipper, Facility) else shipper["Name"]
    transporter = (destination.get("Transporters") or [{}])[0]
    return {
        "ManifestNumber": None,
        "ShipmentLicenseType": "Licensed",
        "Name": template.get("Name"),
        "ShipperFacilityLicenseNumber": shipper_number,
        "ShipperFacilityName": shipper_name,
        "TransporterFacilityLicenseNumber": transporter.get(
            "TransporterFacilityLicenseNumber", shipper_number
        ),
        "DriverName": transporter.get("DriverName"),
        "VehicleMake": transporter.get("VehicleMake"),
        "VehicleModel": transporter.get("VehicleModel"),
        "VehicleLicensePlateNumber": transporter.get("VehicleLicensePlateNumber"),
        "DeliveryCount": 1,
        "ReceivedDeliveryCount": 0,
        "PackageCount": package_count,
        "ReceivedPackageCount": 0,
        "ContainsTestingSample": False,
        "CreatedDateTime": documents.moment(utcnow()),
        "DeliveryId": None,
        "RecipientFacilityLicenseNumber": recipient.license_number,
        "RecipientFacilityName": recipient.name,
        "ShipmentTypeName": destination.get("TransferTypeName"),
        "ShipmentTransactionType": "Standard",
        "PlannedRoute": destination.get("PlannedRoute"),
        "EstimatedDepartureDateTime": destination.get("EstimatedDepartureDateTime"),
        "ActualDepartureDateTime": None,
        "EstimatedArrivalDateTime": destination.get("EstimatedArrivalDateTime"),
        "ActualArrivalDateTime": None,
        "ReceivedDateTime": None,
        "RejectedPackagesCount": 0,
    }


def delivery_package(package: Record, price: float | None) -> dict[str, Any]:
    """A package on a delivery."""
    return {
        "PackageId": package.id,
        "PackageLabel": package.label,
        "ItemName": package.data["Item"]["Name"],
        "ItemCategoryName": package.data["Item"]["ProductCategoryName"],
        "ShippedQuantity": package.data["Quantity"],
        "ShippedUnitOfMeasureName": package.data["UnitOfMeasureName"],
        "ReceivedQuantity": None,
        "ReceivedUnitOfMeasureName": None,
        "ShipmentPackageState": "Shipped",
        "WholesalePrice": price,
        "LabTestingState": package.data["LabTestingState"],
    }


async def ship(
    tx: Transaction,
    shipper: Facility | dict[str, str],
    recipient: Facility,
    template: dict[str, Any],
    destination: dict[str, Any],
    packages: list[tuple[Record, float | None]],
) -> Record:
    """Create a manifest and its delivery, and put the packages in transit."""
    shipper_license = (
        shipper.license_number if isinstance(shipper, Facility) else shipper["License"]
    )
    transfer = await tx.insert(
        Record(
            shipper_license,
            "transfer",
            "pending",
            transfer_document(shipper, recipient, template, destination, len(packages)),
            partner=recipient.license_number,
        )
    )
    delivery = await tx.insert(
        Record(
            shipper_license,
            "delivery",
            "pending",
            {
                "TransferId": transfer.id,
                "RecipientFacilityLicenseNumber": recipient.license_number,
                "RecipientFacilityName": recipient.name,
                "ShipmentTypeName": destination.get("TransferTypeName"),
                "EstimatedArrivalDateTime": destination.get("EstimatedArrivalDateTime"),
                "ReceivedDateTime": None,
                "Packages": [delivery_package(p, price) for p, price in packages],
            },
            label=f"transfer:{transfer.id}",
            partner=recipient.license_number,
        )
    )
    transfer.data.update(
        {"ManifestNumber": manifest_number(transfer.id), "DeliveryId": delivery.id}
    )
    await tx.save(transfer)
    for package, _ in packages:
        package.state, package.data["IsInTransit"] = "intransit", True
        await tx.save(package)
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
    transfer = await tx.get("transfer", delivery.data["TransferId"])
    assert transfer is not None
    now = documents.moment(utcnow())
    packages = await tx.by_labels("package", list(shipped))
    accepted = 0
    for label, decision in decisions.items():
        package, entry = packages[label], shipped[label]
        package.data["IsInTransit"] = False
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
            entry.update(
                {
                    "ShipmentPackageState": "Accepted",
                    "ReceivedQuantity": received,
                    "ReceivedUnitOfMeasureName": package.data["UnitOfMeasureName"],
                }
            )
        else:
            entry.update(
                {
                    "ShipmentPackageState": "Rejected",
                    "RejectionReason": decision.get("RejectionReason"),
                }
            )
        await tx.save(package)
    delivery.state = "received"
    delivery.data["ReceivedDateTime"] = now
    await tx.save(delivery)
    transfer.state = "received" if accepted else "rejected"
    transfer.data.update(
        {
            "ReceivedDeliveryCount": 1,
            "ReceivedPackageCount": accepted,
            "RejectedPackagesCount": len(decisions) - accepted,
            "ReceivedDateTime": now,
            "ActualArrivalDateTime": now,
        }
    )
    return await tx.save(transfer)
