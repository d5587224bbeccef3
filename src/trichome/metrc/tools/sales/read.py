"""Sales tools that read: active (open) and inactive (finalized or voided) receipts sold
between two days, and one receipt."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    PackageLabel,
    Page,
    PageSize,
    Paging,
    contains,
    count_by,
    paged,
    same,
    shape,
)
from trichome.metrc.tools.sales.lookup import CustomerType, Record, find_receipt, trim_receipt

DEFAULT_DAYS = 7
MAX_DAYS = 31
# Metrc's sales-date bounds are UTC (yyyy-mm-ddThh:mm:ssZ) and a receipt's SalesDateTime is
# local time: the bounds reach a day beyond the range, and receipts are kept by local day.
ZONE_MARGIN = timedelta(days=1)
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
    # Local sale days, read by Metrc's sales-date filter with a day's margin each side.
    start = datetime.combine(first, time.min, UTC) - ZONE_MARGIN
    end = datetime.combine(last + timedelta(days=1), time.min, UTC) + ZONE_MARGIN
    read = metrc.client.sales_receipts_inactive if inactive else metrc.client.sales_receipts_active
    receipts = await read(
        license_number, sales_date_start=start, sales_date_end=end, credentials=metrc.credentials
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
    Receipts are found by sale day, however long after the sale they were edited.
    Finalized and voided receipts: list_inactive_sales_receipts.
    """
    return await _receipts(
        False, license_number, from_date, to_date, customer_type, package_label, item_contains,
        page, page_size,
    )  # fmt: skip


@tool("sales", title="List inactive (finalized or voided) sales receipts", returns=ReceiptPage)
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
    """List a dispensary's inactive sales receipts sold between two days (the last 7 days by
    default; at most 31), newest first: finalized ones (IsFinal true: closed to edits, still
    sales) and voided ones (ArchivedDate set: voiding returned their quantities to the
    packages). Same fields and filters as list_active_sales_receipts.
    """
    return await _receipts(
        True, license_number, from_date, to_date, customer_type, package_label, item_contains,
        page, page_size,
    )  # fmt: skip


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
    receipt = await find_receipt(metrc, license_number, receipt_id)
    return {
        "license_number": license_number,
        "receipt": {**trim_receipt(receipt), "LastModified": receipt.get("LastModified")},
    }
