"""Sales delivery tools that read: deliveries under way, finished ones, and one delivery with
its recipient, transporter, route, times and packages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    Page,
    PageSize,
    Paging,
    compact,
    count_by,
    paged,
    shape,
)
from trichome.metrc.tools.sales.read import ReceiptLine

Record = dict[str, Any]
DELIVERY_FIELDS = (
    "Id",
    "DeliveryNumber",
    "SalesDeliveryState",
    "SalesDateTime",
    "SalesCustomerType",
    "RecipientName",
    "RecipientAddressCity",
    "PlannedRoute",
    "TransporterFacilityLicenseNumber",
    "TransporterFacilityName",
    "DriverName",
    "VehicleLicensePlateNumber",
    "EstimatedDepartureDateTime",
    "EstimatedArrivalDateTime",
    "ActualDepartureDateTime",
    "ActualArrivalDateTime",
    "CompletedDateTime",
    "VoidedDate",
    "TotalPackages",
    "TotalPrice",
)


@shape
class Delivery(TypedDict):
    """A sales delivery: to whom, by whom, along which route, when, and what it carries."""

    Id: NotRequired[int]
    DeliveryNumber: NotRequired[str]
    SalesDeliveryState: NotRequired[str]
    SalesDateTime: NotRequired[str]
    SalesCustomerType: NotRequired[str]
    RecipientName: NotRequired[str]
    RecipientAddressCity: NotRequired[str]
    PlannedRoute: NotRequired[str]
    TransporterFacilityLicenseNumber: NotRequired[str]
    TransporterFacilityName: NotRequired[str]
    DriverName: NotRequired[str]
    VehicleLicensePlateNumber: NotRequired[str]
    EstimatedDepartureDateTime: NotRequired[str]
    EstimatedArrivalDateTime: NotRequired[str]
    ActualDepartureDateTime: NotRequired[str]
    ActualArrivalDateTime: NotRequired[str]
    CompletedDateTime: NotRequired[str]
    VoidedDate: NotRequired[str]
    TotalPackages: NotRequired[int]
    TotalPrice: NotRequired[float]
    Lines: list[ReceiptLine]


@shape
class DeliveryPage(Paging):
    """A page of a dispensary's sales deliveries, soonest expected arrival first."""

    license_number: str
    by_state: Annotated[dict[str, int], Field(description="Deliveries per SalesDeliveryState.")]
    items: list[Delivery]


@shape
class DeliveryFound(TypedDict):
    """One sales delivery of a licence."""

    license_number: str
    delivery: Delivery


def trim_delivery(record: Mapping[str, Any]) -> Record:
    """A delivery as tools show it, with its packages in brief."""
    lines = []
    for line in record.get("Transactions") or []:
        brief = {
            "PackageLabel": line.get("PackageLabel"),
            "Item": line.get("ProductName"),
            "Quantity": line.get("QuantitySold"),
            "Unit": line.get("UnitOfMeasureName"),
            "Price": line.get("TotalPrice"),
        }
        lines.append(compact(brief, tuple(brief)))
    return {**compact(record, DELIVERY_FIELDS), "Lines": lines}


async def _deliveries(inactive: bool, license_number: str, page: int, page_size: int) -> Record:
    metrc = access()
    client = metrc.client
    read = client.sales_deliveries_inactive if inactive else client.sales_deliveries_active
    found = await read(license_number, credentials=metrc.credentials)
    found.sort(key=lambda d: str(d.get("EstimatedArrivalDateTime") or ""), reverse=inactive)
    return paged(
        found,
        page,
        page_size,
        trim_delivery,
        license_number=license_number,
        by_state=count_by(found, "SalesDeliveryState"),
    )


@tool("sales", title="List active sales deliveries", returns=DeliveryPage)
async def list_active_sales_deliveries(
    license_number: LicenseNumber, page: Page = 1, page_size: PageSize = 20
) -> dict[str, Any]:
    """List a dispensary's sales deliveries still on the road, soonest expected arrival first:
    recipient, transporter, driver and vehicle, planned route, estimated and actual times, and
    the packages carried. Completed and voided ones: list_inactive_sales_deliveries.
    """
    return await _deliveries(False, license_number, page, page_size)


@tool("sales", title="List inactive (completed or voided) sales deliveries", returns=DeliveryPage)
async def list_inactive_sales_deliveries(
    license_number: LicenseNumber, page: Page = 1, page_size: PageSize = 20
) -> dict[str, Any]:
    """List a dispensary's finished sales deliveries, latest expected arrival first: completed
    ones (CompletedDateTime and ActualArrivalDateTime set) and voided ones (VoidedDate set:
    voiding returned their quantities to the packages). Same fields as
    list_active_sales_deliveries.
    """
    return await _deliveries(True, license_number, page, page_size)


@tool("sales", title="Get a sales delivery", returns=DeliveryFound)
async def get_sales_delivery(
    license_number: LicenseNumber,
    delivery_id: Annotated[
        int, Field(ge=1, description="The delivery's Id (list_active_sales_deliveries).")
    ],
) -> dict[str, Any]:
    """Get one sales delivery by Id: its state, recipient, transporter, route, times and the
    packages it carries."""
    metrc = access()
    try:
        record = await metrc.client.sales_delivery(
            license_number, delivery_id, credentials=metrc.credentials
        )
    except MetrcNotFound:
        raise ToolProblem(
            f"No sales delivery with Id {delivery_id} at licence {license_number}; find it with "
            "list_active_sales_deliveries or list_inactive_sales_deliveries."
        ) from None
    return {"license_number": license_number, "delivery": trim_delivery(record)}
