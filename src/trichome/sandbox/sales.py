"""Sales receipts and deliveries and their lines, as the API's sales routes and the seeded
store write them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from trichome.sandbox import documents
from trichome.sandbox.facilities import Facility
from trichome.sandbox.registers import facility_id
from trichome.sandbox.store import Record

RECORDED_BY = "Sandbox POS"
# What a delivery's recording names: the driver and vehicle, and where it goes.
DELIVERY_CARRIER = (
    "DriverEmployeeId", "DriverName", "DriversLicenseNumber", "VehicleMake", "VehicleModel",
    "VehicleLicensePlateNumber",
)  # fmt: skip
DELIVERY_ADDRESS = (
    "RecipientAddressStreet1", "RecipientAddressStreet2", "RecipientAddressCity",
    "RecipientAddressCounty", "RecipientAddressState", "RecipientAddressPostalCode",
)  # fmt: skip


def package_product(package: Record) -> dict[str, Any]:
    """The package and the product it holds, as every sold or delivered line names them."""
    item = package.data["Item"]
    return {
        "PackageId": package.id,
        "PackageLabel": package.label,
        "ProductName": item["Name"],
        "ProductCategoryName": item["ProductCategoryName"],
        "ItemStrainName": item.get("StrainName"),
    }


def transaction_row(
    package: Record, quantity: float, unit: str, price: float, sold_at: str
) -> dict[str, Any]:
    """One line of a receipt, with the item's declared unit THC and weight (count items)."""
    item = package.data["Item"]
    return {
        **package_product(package),
        "ItemUnitThcContent": item.get("UnitThcContent"),
        "ItemUnitThcContentUnitOfMeasureName": item.get("UnitThcContentUnitOfMeasureName"),
        "ItemUnitWeight": item.get("UnitWeight"),
        "ItemUnitWeightUnitOfMeasureName": item.get("UnitWeightUnitOfMeasureName"),
        "QuantitySold": quantity,
        "UnitOfMeasureName": unit,
        "TotalPrice": round(price, 2),
        "SalesDeliveryState": None,
        "ArchivedDate": None,
        "RecordedDateTime": sold_at,
    }


def receipt_document(
    number_text: str,
    sold_at: datetime,
    customer_type: str,
    lines: list[dict[str, Any]],
    patient: str | None = None,
    external: str | None = None,
) -> dict[str, Any]:
    """A sales receipt (`external`: the point-of-sale's own number, when it sent one)."""
    return {
        "ReceiptNumber": number_text,
        "ExternalReceiptNumber": external,
        "SalesDateTime": documents.moment(sold_at),
        "SalesCustomerType": customer_type,
        "PatientLicenseNumber": patient,
        "CaregiverLicenseNumber": None,
        "IdentificationMethod": None,
        "PatientRegistrationLocationId": None,
        "TotalPackages": len({line["PackageLabel"] for line in lines}),
        "TotalPrice": round(sum(line["TotalPrice"] for line in lines), 2),
        "Transactions": lines,
        "IsFinal": False,
        "ArchivedDate": None,
        "RecordedDateTime": documents.moment(sold_at),
        "RecordedByUserName": RECORDED_BY,
    }


def delivery_document(
    facility: Facility,
    carrier: Facility,
    posted: dict[str, Any],
    sold_at: datetime,
    customer_type: str,
    lines: list[dict[str, Any]],
    recorded_at: datetime,
) -> dict[str, Any]:
    """A sales delivery in transit, in the order of Metrc's GetActiveDeliveries example
    (bruno Sales/GetActiveDeliveries); `DeliveryNumber` is set once the record has its Id.
    What the recording sends and Metrc does not read back (`PhoneNumberForQuestions`) is
    kept out of sight."""
    return {
        "DeliveryNumber": None,
        "FacilityLicenseNumber": facility.license_number,
        "FacilityName": facility.name,
        "ShipperFacilityLicenseNumber": None,
        "TransporterFacilityId": facility_id(carrier),
        "TransporterFacilityLicenseNumber": carrier.license_number,
        "TransporterFacilityName": carrier.name,
        "SalesDateTime": documents.moment(sold_at),
        "SalesCustomerType": customer_type,
        "PatientLicenseNumber": posted.get("PatientLicenseNumber"),
        "ConsumerId": posted.get("ConsumerId"),
        **{key: posted.get(key) for key in DELIVERY_CARRIER},
        "RecipientName": posted.get("RecipientName"),
        **{key: posted.get(key) for key in DELIVERY_ADDRESS[:3]},
        "RecipientDeliveryZoneId": None,
        "RecipientZoneId": posted.get("RecipientZoneId"),
        "RecipientDeliveryZoneName": None,
        **{key: posted.get(key) for key in DELIVERY_ADDRESS[3:]},
        "PlannedRoute": posted.get("PlannedRoute"),
        "Direction": "Undesignated",
        "EstimatedDepartureDateTime": posted["EstimatedDepartureDateTime"],
        "ActualDepartureDateTime": None,
        "EstimatedArrivalDateTime": posted["EstimatedArrivalDateTime"],
        "ActualArrivalDateTime": None,
        "EstimatedReturnDepartureDateTime": None,
        "ActualReturnDepartureDateTime": None,
        "EstimatedReturnArrivalDateTime": None,
        "ActualReturnArrivalDateTime": None,
        "TotalPackages": len(lines),
        "TotalPrice": round(sum(line["TotalPrice"] for line in lines), 2),
        "AcceptedDateTime": None,
        "Transactions": [{**line, "SalesDeliveryState": "InTransit"} for line in lines],
        "CompletedDateTime": None,
        "SalesDeliveryState": "InTransit",
        "VoidedDate": None,
        "RecordedDateTime": documents.moment(recorded_at),
        "RecordedByUserName": RECORDED_BY,
        "_PhoneNumberForQuestions": posted.get("PhoneNumberForQuestions"),
    }
