"""Sales tools: receipts by sale date, one receipt, recording and correcting sales, customer types.

Only licences that sell to consumers or patients (dispensaries) have sales.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.inventory import SalesReceipt, SalesTransaction
from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.packages.lookup import find_packages
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem, access, tool
from trichome.metrc.tools.results import (
    Count,
    LicenseNumber,
    PackageLabel,
    Page,
    PageSize,
    Paging,
    UnitOfMeasure,
    Written,
    compact,
    contains,
    count_by,
    paged,
    plural,
    same,
    shape,
    written,
)

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
SOLD = ("TestPassed", "RetestPassed")
DEFAULT_DAYS = 7
MAX_DAYS = 31
# Metrc selects receipts by when they last changed; reading this many days past the range
# finds receipts edited or voided up to a week after the sale.
EDIT_DAYS = 7
CustomerType = Literal["Consumer", "Patient", "Caregiver", "ExternalPatient"]
FromDate = Annotated[
    date | None,
    Field(
        description=f"First sale day (local), YYYY-MM-DD; defaults to {DEFAULT_DAYS - 1} days "
        "before to_date."
    ),
]
ToDate = Annotated[
    date | None,
    Field(description=f"Last sale day (local); defaults to today. At most {MAX_DAYS} days in all."),
]
CustomerFilter = Annotated[
    CustomerType | None, Field(description="Only receipts of this customer type.")
]
PackageFilter = Annotated[
    PackageLabel | None, Field(description="Only receipts that sold from this package.")
]
ItemFilter = Annotated[
    str | None,
    Field(max_length=100, description="Only receipts with an item whose name contains this."),
]


@shape
class ReceiptLine(TypedDict):
    """A package sold on a receipt."""

    PackageLabel: NotRequired[str]
    Item: NotRequired[str]
    Quantity: NotRequired[float]
    Unit: NotRequired[str]
    Price: NotRequired[Annotated[float, Field(description="The line's total price.")]]


@shape
class Receipt(TypedDict):
    """A sales receipt: when, to whom, its total and its lines."""

    Id: NotRequired[int]
    ReceiptNumber: NotRequired[str]
    SalesDateTime: NotRequired[str]
    SalesCustomerType: NotRequired[str]
    PatientLicenseNumber: NotRequired[str]
    CaregiverLicenseNumber: NotRequired[str]
    TotalPackages: NotRequired[int]
    TotalPrice: NotRequired[float]
    IsFinal: NotRequired[bool]
    ArchivedDate: NotRequired[str]
    Lines: list[ReceiptLine]


@shape
class ReceiptDetail(Receipt):
    """A receipt with when Metrc last changed it."""

    LastModified: str | None


@shape
class ReceiptPage(Paging):
    """A page of a dispensary's receipts sold between two days, newest first."""

    license_number: str
    from_date: Annotated[str, Field(description="The first sale day read, YYYY-MM-DD.")]
    to_date: Annotated[str, Field(description="The last sale day read, YYYY-MM-DD.")]
    total_sales: Annotated[float, Field(description="The matching receipts' prices summed.")]
    by_customer_type: Annotated[
        dict[str, int], Field(description="Matching receipts per customer type.")
    ]
    items: list[Receipt]


@shape
class ReceiptFound(TypedDict):
    """One sales receipt of a licence."""

    license_number: str
    receipt: ReceiptDetail


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


def _sale_days(from_date: date | None, to_date: date | None, today: date) -> tuple[date, date]:
    last = to_date or today
    first = from_date or last - timedelta(days=DEFAULT_DAYS - 1)
    if last < first:
        raise ToolProblem(f"to_date ({last}) is before from_date ({first}); swap them.")
    if (last - first).days + 1 > MAX_DAYS:
        raise ToolProblem(
            f"{first}..{last} spans more than {MAX_DAYS} days; ask for a month at a time."
        )
    return first, last


async def _receipts(
    inactive: bool,
    license_number: str,
    from_date: date | None,
    to_date: date | None,
    customer_type: str | None,
    package_label: str | None,
    item_contains: str | None,
    page: int,
    page_size: int,
) -> Record:
    metrc = access()
    first, last = _sale_days(from_date, to_date, metrc.as_of())
    # Local sale days, read through UTC last-modified windows with a day's margin each side.
    start = datetime.combine(first - timedelta(days=1), time.min, UTC)
    end_day = min(last + timedelta(days=EDIT_DAYS + 1), max(metrc.as_of(), last) + timedelta(2))
    end = datetime.combine(end_day, time.min, UTC)
    read = metrc.client.sales_receipts_inactive if inactive else metrc.client.sales_receipts_active
    receipts = await read(
        license_number,
        last_modified_start=start,
        last_modified_end=end,
        credentials=metrc.credentials,
    )
    found = [
        r
        for r in receipts
        if str(first) <= str(r.get("SalesDateTime") or "")[:10] <= str(last)
        and same(r.get("SalesCustomerType"), customer_type)
        and _sold(r, package_label, item_contains)
    ]
    found.sort(key=lambda r: str(r.get("SalesDateTime")), reverse=True)
    return paged(
        found,
        page,
        page_size,
        trim_receipt,
        license_number=license_number,
        from_date=str(first),
        to_date=str(last),
        total_sales=round(sum(float(r.get("TotalPrice") or 0) for r in found), 2),
        by_customer_type=count_by(found, "SalesCustomerType"),
    )


def _sold(receipt: Mapping[str, Any], label: str | None, item: str | None) -> bool:
    lines = receipt.get("Transactions") or []
    return any(
        same(line.get("PackageLabel"), label) and contains(line.get("ProductName"), item)
        for line in lines
    ) or (not label and not item)


@tool("sales", title="List active sales receipts", returns=ReceiptPage)
async def list_active_sales_receipts(
    license_number: LicenseNumber,
    from_date: FromDate = None,
    to_date: ToDate = None,
    customer_type: CustomerFilter = None,
    package_label: PackageFilter = None,
    item_contains: ItemFilter = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a dispensary's active sales receipts sold between two days (the last 7 days by
    default; at most 31), newest first, with what each sold.

    `total_sales` sums the filtered receipts' prices and `by_customer_type` counts them.
    Metrc finds receipts by when they last changed, so a receipt edited more than a week
    after its sale is missed. Voided receipts: list_inactive_sales_receipts.
    """
    return await _receipts(
        False, license_number, from_date, to_date, customer_type, package_label, item_contains,
        page, page_size,
    )  # fmt: skip


@tool("sales", title="List inactive (voided) sales receipts", returns=ReceiptPage)
async def list_inactive_sales_receipts(
    license_number: LicenseNumber,
    from_date: FromDate = None,
    to_date: ToDate = None,
    customer_type: CustomerFilter = None,
    package_label: PackageFilter = None,
    item_contains: ItemFilter = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a dispensary's inactive (voided) sales receipts sold between two days (the last 7
    days by default; at most 31), newest first. Voiding returned their quantities to the
    packages. Same fields and filters as list_active_sales_receipts.
    """
    return await _receipts(
        True, license_number, from_date, to_date, customer_type, package_label, item_contains,
        page, page_size,
    )  # fmt: skip


async def _find_receipt(metrc: MetrcAccess, license_number: str, receipt_id: int) -> Record:
    try:
        return await metrc.client.sales_receipt(
            license_number, receipt_id, credentials=metrc.credentials
        )
    except MetrcNotFound:
        raise ToolProblem(
            f"No sales receipt with Id {receipt_id} at licence {license_number}; find it with "
            "list_active_sales_receipts."
        ) from None


@tool("sales", title="Get a sales receipt", returns=ReceiptFound)
async def get_sales_receipt(
    license_number: LicenseNumber,
    receipt_id: Annotated[
        int, Field(ge=1, description="The receipt's Id (list_active_sales_receipts).")
    ],
) -> dict[str, Any]:
    """Get one sales receipt by Id: its time, customer type, total, and every line (package,
    item, quantity, price)."""
    metrc = access()
    receipt = await _find_receipt(metrc, license_number, receipt_id)
    return {
        "license_number": license_number,
        "receipt": {**trim_receipt(receipt), "LastModified": receipt.get("LastModified")},
    }


async def _check_lines(metrc: MetrcAccess, license_number: str, lines: Sequence[SaleLine]) -> None:
    packages = await find_packages(metrc, license_number, [line.package_label for line in lines])
    untested = [
        f"{label} ({p.get('LabTestingState')})"
        for label, p in packages.items()
        if p.get("LabTestingState") not in SOLD
    ]
    if untested:
        raise ToolProblem(
            f"Only packages that passed testing can be sold; these have not: {', '.join(untested)}."
        )


def _patient_check(customer_type: str, patient_license_number: str | None) -> None:
    if customer_type in ("Patient", "Caregiver") and not patient_license_number:
        raise ToolProblem(f"A {customer_type} sale needs the patient's licence number.")


def _transactions(lines: Sequence[SaleLine]) -> list[SalesTransaction]:
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
    _patient_check(customer_type, patient_license_number)
    metrc = access()
    await _check_lines(metrc, license_number, lines)
    result = await metrc.client.create_sales_receipts(
        license_number,
        [
            SalesReceipt(
                sales_date_time=sales_date_time,
                sales_customer_type=customer_type,
                transactions=_transactions(lines),
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
    receipt = await _find_receipt(metrc, license_number, receipt_id)
    if receipt.get("ArchivedDate"):
        raise ToolProblem(f"Receipt {receipt_id} was voided; only active receipts can change.")
    kind = customer_type or str(receipt.get("SalesCustomerType"))
    patient = patient_license_number or receipt.get("PatientLicenseNumber")
    _patient_check(kind, patient)
    if lines is not None:
        await _check_lines(metrc, license_number, lines)
        transactions: list[SalesTransaction] = _transactions(lines)
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
    ExternalPatient)."""
    metrc = access()
    types = await metrc.client.sales_customer_types(license_number, credentials=metrc.credentials)
    return {"total": len(types), "items": list(types)}
