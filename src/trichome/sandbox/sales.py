"""Sales receipts and their lines, as the API's sales routes and the seeded store write them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from trichome.sandbox import documents
from trichome.sandbox.store import Record


def transaction_row(
    package: Record, quantity: float, unit: str, price: float, sold_at: str
) -> dict[str, Any]:
    """One line of a receipt, with the item's declared unit THC and weight (count items)."""
    item = package.data["Item"]
    return {
        "PackageId": package.id,
        "PackageLabel": package.label,
        "ProductName": item["Name"],
        "ProductCategoryName": item["ProductCategoryName"],
        "ItemStrainName": item.get("StrainName"),
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
) -> dict[str, Any]:
    """A sales receipt."""
    return {
        "ReceiptNumber": number_text,
        "ExternalReceiptNumber": None,
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
        "RecordedByUserName": "Sandbox POS",
    }
