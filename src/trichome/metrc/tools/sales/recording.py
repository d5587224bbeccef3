"""Sales tools that record receipts: new ones, corrections, and the customer types they take."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.inventory import SalesReceipt, SalesTransaction
from trichome.metrc.tools.names import listed_name
from trichome.metrc.tools.packages.lookup import find_packages
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem, access, tool
from trichome.metrc.tools.results import (
    Count,
    LicenseNumber,
    PackageLabel,
    UnitOfMeasure,
    Written,
    plural,
    shape,
    written,
)
from trichome.metrc.tools.sales.lookup import CustomerType, find_receipt
from trichome.tracking import cleared


@shape
class CustomerTypes(TypedDict):
    """The customer types a dispensary may sell to."""

    total: Count
    items: list[str]


class SaleLine(BaseModel):
    """One package sold on a receipt."""

    package_label: PackageLabel
    quantity: Annotated[float, Field(gt=0, description="The quantity sold from it.")]
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")]
    total_amount: Annotated[
        float, Field(ge=0, description="The price charged for this line, before tax.")
    ]


async def check_sale_lines(
    metrc: MetrcAccess, license_number: str, lines: Sequence[SaleLine]
) -> None:
    """Refuse lines whose packages are missing or not cleared by testing.

    Raises:
        ToolProblem: an unknown label or a package that may not be sold.
    """
    packages = await find_packages(metrc, license_number, [line.package_label for line in lines])
    untested = [
        f"{label} ({p.get('LabTestingState')})"
        for label, p in packages.items()
        if not cleared(p.get("LabTestingState"))
    ]
    if untested:
        raise ToolProblem(
            "Only packages cleared by testing (passed, passed on retest, or no test required) "
            f"can be sold; these are not: {', '.join(untested)}."
        )


def check_patient(customer_type: str, patient_license_number: str | None) -> None:
    """Refuse a patient or caregiver sale without the patient's licence.

    Raises:
        ToolProblem: the licence is missing.
    """
    if customer_type in ("Patient", "Caregiver") and not patient_license_number:
        raise ToolProblem(f"A {customer_type} sale needs the patient's licence number.")


def sale_transactions(lines: Sequence[SaleLine]) -> list[SalesTransaction]:
    """Sale lines as Metrc's `Transactions`."""
    return [
        SalesTransaction(
            package_label=line.package_label.strip(),
            quantity=line.quantity,
            unit_of_measure=line.unit_of_measure,
            total_amount=line.total_amount,
        )
        for line in lines
    ]


SaleLines = Annotated[
    list[SaleLine],
    Field(min_length=1, max_length=100, description="What was sold (1 to 100 lines)."),
]
SalesTime = Annotated[
    datetime,
    Field(
        description="When it was sold, in the facility's local time (ISO 8601, e.g. "
        "2026-11-20T14:30:00)."
    ),
]


@tool("sales", title="Record a sales receipt", read_only=False, returns=Written)
async def create_sales_receipt(
    license_number: LicenseNumber,
    sales_date_time: SalesTime,
    customer_type: Annotated[CustomerType, Field(description="Who bought.")],
    lines: SaleLines,
    patient_license_number: Annotated[
        str | None,
        Field(max_length=50, description="The patient's licence (Patient and Caregiver sales)."),
    ] = None,
    caregiver_license_number: Annotated[
        str | None, Field(max_length=50, description="The caregiver's licence (Caregiver sales).")
    ] = None,
    external_receipt_number: Annotated[
        str | None, Field(max_length=50, description="The point-of-sale system's receipt number.")
    ] = None,
) -> dict[str, Any]:
    """Record a sale to a consumer or patient: each line takes its quantity out of a package at
    this dispensary. Only packages that passed testing can be sold.

    To correct a recorded sale use update_sales_receipt.
    """
    check_patient(customer_type, patient_license_number)
    metrc = access()
    customer_type = await listed_name(
        customer_type,
        lambda: metrc.client.sales_customer_types(license_number, credentials=metrc.credentials),
        "customer types",
        "list_customer_types",
    )
    await check_sale_lines(metrc, license_number, lines)
    result = await metrc.client.create_sales_receipts(
        license_number,
        [
            SalesReceipt(
                sales_date_time=sales_date_time,
                sales_customer_type=customer_type,
                transactions=sale_transactions(lines),
                patient_license_number=patient_license_number,
                caregiver_license_number=caregiver_license_number,
                external_receipt_number=external_receipt_number,
            )
        ],
        credentials=metrc.credentials,
    )
    total = sum(line.total_amount for line in lines)
    return written(
        result,
        f"Recorded a {customer_type} sale of {plural(len(lines), 'line')} totalling {total:.2f}.",
    )


@tool("sales", title="Update a sales receipt", read_only=False, idempotent=True, returns=Written)
async def update_sales_receipt(
    license_number: LicenseNumber,
    receipt_id: Annotated[int, Field(ge=1, description="The receipt's Id.")],
    lines: Annotated[
        list[SaleLine] | None,
        Field(
            min_length=1,
            max_length=100,
            description="The receipt's corrected lines, replacing all its lines.",
        ),
    ] = None,
    sales_date_time: Annotated[
        datetime | None, Field(description="A corrected sale time (facility local time).")
    ] = None,
    customer_type: Annotated[
        CustomerType | None, Field(description="A corrected customer type.")
    ] = None,
    patient_license_number: Annotated[
        str | None, Field(max_length=50, description="A corrected patient licence.")
    ] = None,
) -> dict[str, Any]:
    """Correct an active sales receipt: replace its lines (quantities go back to the old packages
    and come out of the new ones), its time or its customer type; what is not given stays.
    """
    if all(v is None for v in (lines, sales_date_time, customer_type, patient_license_number)):
        raise ToolProblem("Nothing to change: give new lines, a time or a customer type.")
    metrc = access()
    receipt = await find_receipt(metrc, license_number, receipt_id)
    if receipt.get("ArchivedDate"):
        raise ToolProblem(f"Receipt {receipt_id} was voided; only active receipts can change.")
    if receipt.get("IsFinal"):
        raise ToolProblem(
            f"Receipt {receipt_id} was finalized; Metrc must unfinalize it before it can change."
        )
    kind = customer_type or str(receipt.get("SalesCustomerType"))
    patient = patient_license_number or receipt.get("PatientLicenseNumber")
    check_patient(kind, patient)
    if lines is not None:
        await check_sale_lines(metrc, license_number, lines)
        transactions: list[SalesTransaction] = sale_transactions(lines)
    else:
        transactions = [
            SalesTransaction(
                package_label=str(line.get("PackageLabel")),
                quantity=float(line.get("QuantitySold") or 0),
                unit_of_measure=str(line.get("UnitOfMeasureName")),
                total_amount=float(line.get("TotalPrice") or 0),
            )
            for line in receipt.get("Transactions") or []
        ]
    result = await metrc.client.update_sales_receipts(
        license_number,
        [
            SalesReceipt(
                id=receipt_id,
                sales_date_time=sales_date_time or str(receipt.get("SalesDateTime"))[:19],
                sales_customer_type=kind,
                transactions=transactions,
                patient_license_number=patient,
            )
        ],
        credentials=metrc.credentials,
    )
    return written(result, f"Updated sales receipt {receipt_id}.")


@tool("sales", title="List customer types", returns=CustomerTypes)
async def list_customer_types(license_number: LicenseNumber) -> dict[str, Any]:
    """List the customer types a dispensary may sell to (Consumer, Patient, Caregiver,
    ExternalPatient, NonResidentConsumer...)."""
    metrc = access()
    types = await metrc.client.sales_customer_types(license_number, credentials=metrc.credentials)
    return {"total": len(types), "items": list(types)}
