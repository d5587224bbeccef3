"""Transfers between licences: manifests, their deliveries, shipping and receiving.

The API's transfer routes and the seeded year's transporters build the same documents here;
the routes ship and receive through `ship` and `receive_delivery` in one store transaction.
"""

from __future__ import annotations

from typing import Any

from trichome.db.models import utcnow
from trichome.sandbox import documents
from trichome.sandbox.reference import FACILITIES, Facility
from trichome.sandbox.store import Record, Transaction


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
    """A manifest as the shipper's outgoing and the recipient's incoming lists show it
    (GET /transfers/v2/incoming and /outgoing; one delivery each)."""
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


def delivery_document(
    transfer: Record,
    recipient: Facility,
    destination: dict[str, Any],
    packages: list[tuple[Record, float | None]],
) -> dict[str, Any]:
    """A manifest's delivery (GET /transfers/v2/{id}/deliveries), with its packages (GET
    /transfers/v2/deliveries/{id}/packages) kept apart under `_Packages`."""
    return {
        "ManifestNumber": None,
        "DeliveryNumber": 1,
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


def delivery_package(package: Record, price: float | None) -> dict[str, Any]:
    """A package on a delivery (GET /transfers/v2/deliveries/{id}/packages). Its wholesale
    price is shown apart (GET .../packages/wholesale), so it is kept under `_` keys."""
    data, item = package.data, package.data["Item"]
    item_fields = {
        f"ItemUnit{part}": None
        for part in (
            "CbdPercent", "CbdContent", "CbdContentUnitOfMeasureName", "CbdContentDose",
            "CbdContentDoseUnitOfMeasureName", "ThcPercent", "ThcContent",
            "ThcContentUnitOfMeasureName", "ThcContentDose", "ThcContentDoseUnitOfMeasureName",
            "CbdAPercent", "CbdAContent", "CbdAContentUnitOfMeasureName", "CbdAContentDose",
            "CbdAContentDoseUnitOfMeasureName", "ThcAPercent", "ThcAContent",
            "ThcAContentUnitOfMeasureName", "ThcAContentDose", "ThcAContentDoseUnitOfMeasureName",
            "Volume", "VolumeUnitOfMeasureName", "Weight", "WeightUnitOfMeasureName",
        )
    }  # fmt: skip
    item_fields |= {
        "ItemUnitThcContent": item.get("UnitThcContent"),
        "ItemUnitThcContentUnitOfMeasureName": item.get("UnitThcContentUnitOfMeasureName"),
        "ItemUnitWeight": item.get("UnitWeight"),
        "ItemUnitWeightUnitOfMeasureName": item.get("UnitWeightUnitOfMeasureName"),
    }
    return {
        "PackageId": package.id,
        "PackageLabel": package.label,
        "PackageType": data.get("PackageType"),
        "SourceHarvestNames": data.get("SourceHarvestNames"),
        "SourcePackageLabels": data.get("SourcePackageLabels"),
        "ItemId": item.get("Id"),
        "ItemName": item["Name"],
        "ItemCategoryName": item["ProductCategoryName"],
        "ItemStrainName": item.get("StrainName"),
        "ItemBrandName": None,
        **item_fields,
        "ItemServingSize": None,
        "ItemSupplyDurationDays": None,
        "ItemUnitQuantity": None,
        "ItemUnitQuantityUnitOfMeasureName": None,
        "LabTestingState": data["LabTestingState"],
        "ProductionBatchNumber": data.get("ProductionBatchNumber"),
        "IsTradeSample": False,
        "IsTradeSamplePersistent": False,
        "SourcePackageIsTradeSample": False,
        "IsDonation": False,
        "SourcePackageIsDonation": False,
        "IsTestingSample": bool(data.get("IsTestingSample")),
        "ProductRequiresRemediation": bool(data.get("ProductRequiresRemediation")),
        "ContainsRemediatedProduct": bool(data.get("RemediationDate")),
        "RemediationDate": data.get("RemediationDate"),
        "ShipmentPackageState": "Shipped",
        "ShippedQuantity": data["Quantity"],
        "ShippedUnitOfMeasureName": data["UnitOfMeasureName"],
        "PackagedDate": data.get("PackagedDate"),
        "ExpirationDate": data.get("ExpirationDate"),
        "SellByDate": data.get("SellByDate"),
        "UseByDate": data.get("UseByDate"),
        "GrossUnitOfWeightName": None,
        "ReceivedQuantity": None,
        "ReceivedUnitOfMeasureName": None,
        "ProductLabel": None,
        "SourceProductionBatchNumbers": None,
        "ExternalId": None,
        "IsFinishedGood": False,
        "_ShipperWholesalePrice": price,
        "_ReceiverWholesalePrice": None,
        "_RejectionReason": None,
    }


def wholesale_row(entry: dict[str, Any]) -> dict[str, Any]:
    """A delivery package's prices (GET /transfers/v2/deliveries/{id}/packages/wholesale)."""
    return {
        "PackageId": entry["PackageId"],
        "PackageLabel": entry["PackageLabel"],
        "ShipperWholesalePrice": entry.get("_ShipperWholesalePrice"),
        "ReceiverWholesalePrice": entry.get("_ReceiverWholesalePrice"),
    }


def shown(entry: dict[str, Any]) -> dict[str, Any]:
    """A delivery package as Metrc shows it (without the sandbox's own keys)."""
    return {key: value for key, value in entry.items() if not key.startswith("_")}


def accept_entry(entry: dict[str, Any], package: Record, received: float) -> None:
    """Mark a delivery package accepted, with the quantity received."""
    entry.update(
        {
            "ShipmentPackageState": "Accepted",
            "ReceivedQuantity": received,
            "ReceivedUnitOfMeasureName": package.data["UnitOfMeasureName"],
            "_ReceiverWholesalePrice": entry.get("_ShipperWholesalePrice"),
        }
    )


def reject_entry(entry: dict[str, Any], reason: str | None) -> None:
    """Mark a delivery package rejected (it goes back to the shipper)."""
    entry.update(
        {
            "ShipmentPackageState": "Rejected",
            "ReceivedQuantity": 0.0,
            "ReceivedUnitOfMeasureName": entry["ShippedUnitOfMeasureName"],
            "_RejectionReason": reason,
        }
    )


def settle(transfer: Record, delivery: Record, accepted: int, arrived: str, received: str) -> None:
    """A received delivery's counts and times on its manifest and itself; the manifest is
    received, partly rejected (some packages refused) or rejected (all of them)."""
    shipped = len(delivery.data["_Packages"])
    delivery.state = "received"
    delivery.data.update(
        {
            "ActualArrivalDateTime": arrived,
            "DeliveryReceivedPackageCount": accepted,
            "ReceivedDateTime": received,
        }
    )
    transfer.state = "received" if accepted == shipped else "partial" if accepted else "rejected"
    transfer.data.update(
        {
            "ReceivedDeliveryCount": 1,
            "ReceivedPackageCount": accepted,
            "DeliveryReceivedPackageCount": accepted,
            "ReceivedDateTime": received,
            "ActualArrivalDateTime": arrived,
        }
    )


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
            transfer_document(shipper, recipient, template, destination, [p for p, _ in packages]),
            partner=recipient.license_number,
        )
    )
    delivery = await tx.insert(
        Record(
            shipper_license,
            "delivery",
            "pending",
            delivery_document(transfer, recipient, destination, packages),
            label=f"transfer:{transfer.id}",
            partner=recipient.license_number,
        )
    )
    number = manifest_number(transfer.id)
    transfer.data.update({"ManifestNumber": number, "DeliveryId": delivery.id})
    delivery.data["ManifestNumber"] = number
    await tx.save(delivery)
    await tx.save(transfer)
    for package, _ in packages:
        package.state = "intransit"
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
