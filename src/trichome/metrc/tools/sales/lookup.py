"""Finding a sales receipt by Id, and showing a receipt the way every sales tool does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.names import CustomerType as CustomerType
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem
from trichome.metrc.tools.results import compact

Record = dict[str, Any]
RECEIPT_FIELDS = (
    "Id",
    "ReceiptNumber",
    "SalesDateTime",
    "SalesCustomerType",
    "PatientLicenseNumber",
    "CaregiverLicenseNumber",
    "TotalPackages",
    "TotalPrice",
    "IsFinal",
    "ArchivedDate",
)


def _line(record: Mapping[str, Any]) -> Record:
    line = {
        "PackageLabel": record.get("PackageLabel"),
        "Item": record.get("ProductName"),
        "Quantity": record.get("QuantitySold"),
        "Unit": record.get("UnitOfMeasureName"),
        "Price": record.get("TotalPrice"),
    }
    return compact(line, tuple(line))


def trim_receipt(record: Mapping[str, Any]) -> Record:
    """A receipt as tools show it, with its lines in brief."""
    return {
        **compact(record, RECEIPT_FIELDS),
        "Lines": [_line(line) for line in record.get("Transactions") or []],
    }


async def find_receipt(metrc: MetrcAccess, license_number: str, receipt_id: int) -> Record:
    """One sales receipt of the licence by Id.

    Raises:
        ToolProblem: no receipt with this Id at this licence.
    """
    try:
        return await metrc.client.sales_receipt(
            license_number, receipt_id, credentials=metrc.credentials
        )
    except MetrcNotFound:
        raise ToolProblem(
            f"No sales receipt with Id {receipt_id} at licence {license_number}; find it with "
            "list_active_sales_receipts."
        ) from None
