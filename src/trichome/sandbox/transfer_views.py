"""What the sandbox shows of a transfer beyond its lists: transporters and drivers, a
transporter's hub view, template deliveries, the lab test batches a delivered package needs,
and the printable manifest (HTML, or a PDF in Metrc's file envelope).

Field names and order follow Metrc's v2 documentation (api-<state>.metrc.com/Documentation,
Transfers: GetDestinationTransporters, GetTransporterDetails, GetTransferHubs,
GetTemplateDeliveries, GetDeliveryPackageRequiredLabTestBatches, GetManifestPdf; captured in
github.com/thunkier/ThunkMetrc specs/generated/bruno/Transfers). Which batches a package needs
is the sandbox's own rule (Metrc's differ by state): none for a package whose testing is
NotRequired, else its item category's LabTestBatchNames (item_categories.py); for a category
the sandbox does not know, potency, microbials and heavy metals, and moisture for flower.
"""

from __future__ import annotations

import base64
import html
from datetime import datetime
from typing import Any

from trichome.db.models import utcnow
from trichome.sandbox import documents
from trichome.sandbox.facilities import FACILITIES, Facility
from trichome.sandbox.item_categories import CATEGORY_NAMES
from trichome.sandbox.pdf import text_pdf
from trichome.sandbox.store import Record

# GET /transfers/v2/deliveries/packages/states (bruno Transfers/GetDeliveriesPackagesStates).
PACKAGE_STATES = ["Shipped", "Rejected", "Accepted", "Returned"]
OUTBOUND, RETURN = "Outbound", "Return"
# The legs of a hub trip in order: depart, then (at a layover) check in and out, then arrive.
HUB_STEPS = ("depart", "checkin", "checkout", "arrive")
_FLOWER_WORDS = ("bud", "flower", "shake", "trim")


def carrier_name(license_number: str | None, fallback: str | None) -> str | None:
    """A transporter's facility name (a sandbox licence's, or as the manifest gave it)."""
    facility = FACILITIES.get(license_number or "")
    return facility.name if facility else fallback


def transporter_rows(delivery_id: int, transporters: list[dict[str, Any]],
                     directions: list[str]) -> list[dict[str, Any]]:  # fmt: skip
    """A delivery's transporters, one row per direction each carries (GetDestinationTransporters:
    ShipmentDeliveryId, TransporterFacilityLicenseNumber, TransporterFacilityName,
    TransporterDirection)."""
    return [
        {
            "ShipmentDeliveryId": delivery_id,
            "TransporterFacilityLicenseNumber": carrier.get("TransporterFacilityLicenseNumber"),
            "TransporterFacilityName": carrier_name(
                carrier.get("TransporterFacilityLicenseNumber"),
                carrier.get("TransporterFacilityName"),
            ),
            "TransporterDirection": direction,
        }
        for direction in directions
        for carrier in transporters
    ]


def detail_rows(delivery_id: int, transporters: list[dict[str, Any]],
                started: str | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """A delivery's drivers and vehicles (GetTransporterDetails): each transporter's
    `TransporterDetails`, or the transporter's own driver when it lists none."""
    rows = []
    for carrier in transporters:
        for driver in carrier.get("TransporterDetails") or [carrier]:
            rows.append(
                {
                    "ShipmentDeliveryId": delivery_id,
                    "DriverName": driver.get("DriverName"),
                    "DriverOccupationalLicenseNumber": driver.get(
                        "DriverOccupationalLicenseNumber"
                    ),
                    "DriverVehicleLicenseNumber": driver.get(
                        "DriverLicenseNumber", driver.get("DriverVehicleLicenseNumber")
                    ),
                    "DriverLayoverLeg": driver.get("DriverLayoverLeg"),
                    "VehicleMake": driver.get("VehicleMake"),
                    "VehicleModel": driver.get("VehicleModel"),
                    "VehicleLicensePlateNumber": driver.get("VehicleLicensePlateNumber"),
                    "ActualDriverStartDateTime": started,
                }
            )
    return rows


def manifest_transporters(transfer: Record) -> list[dict[str, Any]]:
    """A manifest's transporter as its record holds it (one, with its driver and vehicle)."""
    data = transfer.data
    return [
        {
            "TransporterFacilityLicenseNumber": data.get("TransporterFacilityLicenseNumber"),
            "TransporterFacilityName": data.get("TransporterFacilityName"),
            "DriverName": data.get("DriverName"),
            "DriverOccupationalLicenseNumber": data.get("DriverOccupationalLicenseNumber"),
            "DriverLicenseNumber": data.get("DriverVehicleLicenseNumber"),
            "VehicleMake": data.get("VehicleMake"),
            "VehicleModel": data.get("VehicleModel"),
            "VehicleLicensePlateNumber": data.get("VehicleLicensePlateNumber"),
        }
    ]


def has_rejections(delivery: Record) -> bool:
    """Whether a received delivery sent packages back (a return leg exists)."""
    return any(
        entry.get("ShipmentPackageState") in ("Rejected", "Returned")
        for entry in delivery.data.get("_Packages", [])
    )


def directions(delivery: Record) -> list[str]:
    """The legs a delivery has: outbound, and a return once packages were rejected."""
    return [OUTBOUND, RETURN] if has_rejections(delivery) else [OUTBOUND]


_HUB_FIELDS = (
    "ManifestNumber", "ShipperFacilityLicenseNumber", "ShipperFacilityName", "DeliveryCount",
    "ReceivedDeliveryCount", "PackageCount", "ReceivedPackageCount", "IsVoided",
    "CreatedDateTime", "CreatedByUserName",
)  # fmt: skip
_HUB_DELIVERY = (
    "DeliveryId", "RecipientFacilityLicenseNumber", "RecipientFacilityName", "ShipmentTypeName",
    "ShipmentTransactionType", "EstimatedDepartureDateTime", "ActualDepartureDateTime",
    "EstimatedArrivalDateTime", "ActualArrivalDateTime", "DeliveryPackageCount",
    "DeliveryReceivedPackageCount", "ReceivedDateTime", "EstimatedReturnDepartureDateTime",
    "ActualReturnDepartureDateTime", "EstimatedReturnArrivalDateTime",
    "ActualReturnArrivalDateTime",
)  # fmt: skip
_HUB_CARRIER = (
    "TransporterFacilityLicenseNumber", "TransporterFacilityName", "DriverName",
    "DriverOccupationalLicenseNumber", "DriverVehicleLicenseNumber", "VehicleMake",
    "VehicleModel", "VehicleLicensePlateNumber",
)  # fmt: skip


def hub_row(transfer: Record, delivery: Record) -> dict[str, Any]:
    """A shipment as its transporter sees it (GET /transfers/v2/hub): the manifest's fields,
    the transporter's own times on the outbound leg, and its drivers."""
    data, document, stop = transfer.data, transfer.document(), delivery.data
    outbound = stop.get("_Legs", {}).get(OUTBOUND, {})
    return {
        "Id": transfer.id,
        **{key: data.get(key) for key in _HUB_FIELDS},
        "LastModified": document.get("LastModified"),
        # One row per delivery: a manifest of several shows each (its recipient, its times).
        **{key: stop.get(key) for key in _HUB_DELIVERY},
        "DeliveryId": delivery.id,
        "RejectedPackagesReturned": bool(stop.get("RejectedPackagesReturned")),
        **{key: data.get(key) for key in _HUB_CARRIER},
        "TransporterAcceptedDateTime": None,
        "IsLayover": "checkin" in outbound,
        "TransporterEstimatedDepartureDateTime": stop.get("EstimatedDepartureDateTime"),
        "TransporterActualDepartureDateTime": outbound.get("depart"),
        "TransporterEstimatedArrivalDateTime": stop.get("EstimatedArrivalDateTime"),
        "TransporterActualArrivalDateTime": outbound.get("arrive"),
        "ShipmentTransporterDetails": detail_rows(
            delivery.id, manifest_transporters(transfer), outbound.get("depart")
        ),
    }


def template_delivery_document(recipient: str, destination: dict[str, Any]) -> dict[str, Any]:
    """A template's delivery (GetTemplateDeliveries), with the destination kept under `_`."""
    facility = FACILITIES.get(recipient)
    return {
        "ManifestNumber": None,
        "DeliveryNumber": 0,
        "RecipientFacilityLicenseNumber": recipient,
        "RecipientFacilityName": facility.name if facility else None,
        "ShipmentTypeName": destination.get("TransferTypeName"),
        "ShipmentTransactionType": "Standard",
        "InvoiceNumber": destination.get("InvoiceNumber"),
        "EstimatedDepartureDateTime": destination.get("EstimatedDepartureDateTime"),
        "ActualDepartureDateTime": None,
        "EstimatedArrivalDateTime": destination.get("EstimatedArrivalDateTime"),
        "ActualArrivalDateTime": None,
        "GrossWeight": destination.get("GrossWeight"),
        "GrossUnitOfWeightId": destination.get("GrossUnitOfWeightId"),
        "GrossUnitOfWeightName": None,
        "PlannedRoute": destination.get("PlannedRoute"),
        "DeliveryPackageCount": len(destination.get("Packages") or []),
        "DeliveryReceivedPackageCount": 0,
        "ReceivedDateTime": None,
        "EstimatedReturnDepartureDateTime": None,
        "ActualReturnDepartureDateTime": None,
        "EstimatedReturnArrivalDateTime": None,
        "ActualReturnArrivalDateTime": None,
        "RejectedPackagesReturned": False,
        "PDFDocumentFileSystemId": None,
        "_Destination": destination,
    }


def required_batches(package_id: int, entry: dict[str, Any],
                     batches: list[dict[str, Any]]) -> list[dict[str, Any]]:  # fmt: skip
    """The lab test batches a delivered package needs (the sandbox's rule, above)."""
    if entry.get("LabTestingState") == "NotRequired":
        return []
    known = CATEGORY_NAMES.get(str(entry.get("ItemCategoryName") or ""))
    category = str(entry.get("ItemCategoryName") or "").casefold()
    flower = any(word in category for word in _FLOWER_WORDS)
    return [
        {"PackageId": package_id, "LabTestBatchId": batch["Id"], "LabTestBatchName": batch["Name"]}
        for batch in batches
        if (batch["Name"] in known["LabTestBatchNames"] if known else
            batch["Name"] != "Moisture" or flower)
    ]  # fmt: skip


def manifest_lines(transfer: Record, deliveries: list[Record], viewer: Facility) -> list[str]:
    """The manifest's content, line by line: who ships what to whom, how and when, with each
    of its deliveries (one per destination) and the packages on it."""
    data = transfer.data
    lines = [
        f"Transfer Manifest {data.get('ManifestNumber')}",
        f"Originating entity: {data.get('ShipperFacilityName')} "
        f"({data.get('ShipperFacilityLicenseNumber')})",
        f"Transporter: {data.get('TransporterFacilityName')} "
        f"({data.get('TransporterFacilityLicenseNumber')})",
        f"Driver: {data.get('DriverName') or ''}; vehicle: {data.get('VehicleMake') or ''} "
        f"{data.get('VehicleModel') or ''} {data.get('VehicleLicensePlateNumber') or ''}",
    ]
    for delivery in deliveries:
        stop = delivery.data
        if len(deliveries) > 1:
            lines.append(f"Delivery {stop.get('DeliveryNumber')} of {len(deliveries)}")
        lines += [
            f"Destination: {stop.get('RecipientFacilityName')} "
            f"({stop.get('RecipientFacilityLicenseNumber')})",
            f"Transfer type: {stop.get('ShipmentTypeName')}",
            f"Departure (estimated): {stop.get('EstimatedDepartureDateTime')}",
            f"Arrival (estimated): {stop.get('EstimatedArrivalDateTime')}",
            f"Route to be traveled: {stop.get('PlannedRoute') or ''}",
        ]
        for number, entry in enumerate(stop.get("_Packages", []), start=1):
            lines.append(
                f"{number}. Package {entry['PackageLabel']} | {entry['ShipmentPackageState']} | "
                f"{entry['ItemName']} | Lab test: {entry['LabTestingState']} | "
                f"Shp: {entry['ShippedQuantity']:g} {entry['ShippedUnitOfMeasureName']}"
            )
    lines.append(f"Printed for {viewer.license_number}")
    return lines


def manifest_html(lines: list[str]) -> str:
    """The manifest as a printable HTML page."""
    body = "\n".join(f"<p>{html.escape(line)}</p>" for line in lines[1:])
    title = html.escape(lines[0])
    return (
        f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8" />\n'
        f"<title>{title}</title>\n</head>\n<body>\n<h1>{title}</h1>\n{body}\n</body>\n</html>\n"
    )


def manifest_file(transfer_id: int, lines: list[str]) -> dict[str, Any]:
    """The PDF in Metrc's file envelope (GetManifestPdf)."""
    return {
        "FileContents": base64.b64encode(text_pdf(lines)).decode(),
        "ContentType": "application/octet-stream",
        "FileDownloadName": f"TransferManifestReport-{transfer_id}.pdf",
        "HttpStatusCode": "OK",
    }


def template_document(
    shipper: Facility, posted: dict[str, Any], created: datetime | None = None
) -> dict[str, Any]:
    """An outgoing template as GetOutgoingTemplates lists it (ThunkMetrc bruno
    Transfers/GetOutgoingTemplates): a manifest's fields with no manifest number, recipient or
    shipment type (those are per destination, in its deliveries), counting its destinations
    and packages; the posted template is kept under `_Template` for its deliveries and sending.
    """
    destinations = [d for d in posted.get("Destinations") or [] if isinstance(d, dict)]
    first = destinations[0] if destinations else {}
    carrier = next(
        (t for d in destinations for t in d.get("Transporters") or [] if isinstance(t, dict)),
        {},
    )
    carrier_number = posted.get("TransporterFacilityLicenseNumber") or carrier.get(
        "TransporterFacilityLicenseNumber"
    )
    known = FACILITIES.get(str(carrier_number))

    def driver(key: str) -> Any:
        return posted.get(key) or carrier.get(key)

    return {
        "ManifestNumber": None,
        "InvoiceNumber": None,
        "ShipmentLicenseType": 0,
        "ShipperFacilityLicenseNumber": shipper.license_number,
        "ShipperFacilityName": shipper.name,
        "Name": posted.get("Name"),
        "TransporterFacilityLicenseNumber": carrier_number,
        "TransporterFacilityName": known.name if known else None,
        "DriverName": driver("DriverName"),
        "DriverOccupationalLicenseNumber": driver("DriverOccupationalLicenseNumber"),
        "DriverVehicleLicenseNumber": driver("DriverLicenseNumber"),
        "VehicleMake": driver("VehicleMake"),
        "VehicleModel": driver("VehicleModel"),
        "VehicleLicensePlateNumber": driver("VehicleLicensePlateNumber"),
        "DeliveryCount": len(destinations),
        "ReceivedDeliveryCount": 0,
        "PackageCount": sum(len(d.get("Packages") or []) for d in destinations),
        "ReceivedPackageCount": 0,
        "ContainsPlantPackage": False,
        "ContainsProductPackage": False,
        "ContainsTradeSample": False,
        "ContainsDonation": False,
        "ContainsTestingSample": False,
        "ContainsProductRequiresRemediation": False,
        "ContainsRemediatedProductPackage": False,
        "IsVoided": False,
        "CreatedDateTime": documents.moment(created or utcnow()),
        "CreatedByUserName": None,
        "DeliveryId": 0,
        "RecipientFacilityLicenseNumber": None,
        "RecipientFacilityName": None,
        "ShipmentTypeName": None,
        "ShipmentTransactionType": None,
        "EstimatedDepartureDateTime": first.get("EstimatedDepartureDateTime"),
        "ActualDepartureDateTime": None,
        "EstimatedArrivalDateTime": first.get("EstimatedArrivalDateTime"),
        "ActualArrivalDateTime": None,
        "DeliveryPackageCount": 0,
        "DeliveryReceivedPackageCount": 0,
        "ReceivedDateTime": None,
        "EstimatedReturnDepartureDateTime": None,
        "ActualReturnDepartureDateTime": None,
        "EstimatedReturnArrivalDateTime": None,
        "ActualReturnArrivalDateTime": None,
        "OriginatingTemplateId": None,
        "_Template": posted,
    }


def posted_template(record: Record) -> dict[str, Any]:
    """The template as it was posted (or last updated)."""
    found: dict[str, Any] = record.data.get("_Template", record.data)
    return found
