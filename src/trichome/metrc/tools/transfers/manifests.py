"""Transfer tools over manifests: incoming, outgoing and rejected lists, deliveries and their
packages.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from datetime import date
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    Count,
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    Page,
    PageSize,
    Paging,
    compact,
    contains,
    count_by,
    modified_between,
    paged,
    shape,
)
from trichome.metrc.tools.transfers.common import Record

TRANSFER_FIELDS = (
    "Id",
    "ManifestNumber",
    "DeliveryId",
    "ShipperFacilityLicenseNumber",
    "ShipperFacilityName",
    "RecipientFacilityLicenseNumber",
    "RecipientFacilityName",
    "ShipmentTypeName",
    "ShipmentLicenseType",
    "DeliveryCount",
    "PackageCount",
    "ReceivedPackageCount",
    "EstimatedDepartureDateTime",
    "EstimatedArrivalDateTime",
    "ActualArrivalDateTime",
    "ReceivedDateTime",
    "DriverName",
    "VehicleLicensePlateNumber",
)
DELIVERY_FIELDS = (
    "Id",
    "DeliveryNumber",
    "RecipientFacilityLicenseNumber",
    "RecipientFacilityName",
    "ShipmentTypeName",
    "DeliveryPackageCount",
    "DeliveryReceivedPackageCount",
    "EstimatedArrivalDateTime",
    "ReceivedDateTime",
)
DELIVERY_PACKAGE_FIELDS = (
    "PackageLabel",
    "ItemName",
    "ItemCategoryName",
    "ShippedQuantity",
    "ShippedUnitOfMeasureName",
    "ReceivedQuantity",
    "ReceivedUnitOfMeasureName",
    "ShipmentPackageState",
    "LabTestingState",
)
Status = Literal["pending", "received"]
PartnerFilter = Annotated[
    str | None,
    Field(
        max_length=100,
        description="Only transfers whose other party's name or licence contains this.",
    ),
]
StatusFilter = Annotated[
    Status | None,
    Field(description="pending: not yet received; received: received (in whole or part)."),
]


@shape
class Transfer(TypedDict):
    """A manifest: who ships to whom, how many packages, when, and whether it was received."""

    Id: NotRequired[int]
    ManifestNumber: NotRequired[str]
    DeliveryId: NotRequired[int]
    ShipperFacilityLicenseNumber: NotRequired[str]
    ShipperFacilityName: NotRequired[str]
    RecipientFacilityLicenseNumber: NotRequired[str]
    RecipientFacilityName: NotRequired[str]
    ShipmentTypeName: NotRequired[str]
    ShipmentLicenseType: NotRequired[
        Annotated[int | str, Field(description="An integer in Metrc's v2 documentation.")]
    ]
    DeliveryCount: NotRequired[
        Annotated[int, Field(description="Its deliveries: one per recipient.")]
    ]
    PackageCount: NotRequired[int]
    ReceivedPackageCount: NotRequired[int]
    EstimatedDepartureDateTime: NotRequired[str]
    EstimatedArrivalDateTime: NotRequired[str]
    ActualArrivalDateTime: NotRequired[str]
    ReceivedDateTime: NotRequired[str]
    DriverName: NotRequired[str]
    VehicleLicensePlateNumber: NotRequired[str]
    Status: Annotated[Status, Field(description="received once it has a receipt date.")]


@shape
class TransferPage(Paging):
    """A page of a facility's manifests, newest first."""

    license_number: str
    by_status: Annotated[dict[Status, int], Field(description="Matching manifests per status.")]
    items: list[Transfer]


@shape
class Delivery(TypedDict):
    """One destination of a manifest; its Id is what list_delivery_packages takes."""

    Id: NotRequired[int]
    DeliveryNumber: NotRequired[int]
    RecipientFacilityLicenseNumber: NotRequired[str]
    RecipientFacilityName: NotRequired[str]
    ShipmentTypeName: NotRequired[str]
    DeliveryPackageCount: NotRequired[int]
    DeliveryReceivedPackageCount: NotRequired[int]
    EstimatedArrivalDateTime: NotRequired[str]
    ReceivedDateTime: NotRequired[str]


@shape
class Deliveries(TypedDict):
    """The deliveries of one manifest."""

    license_number: str
    transfer_id: int
    total: Count
    items: list[Delivery]


@shape
class DeliveryPackage(TypedDict):
    """A package on a delivery: shipped and received quantities and its state."""

    PackageLabel: NotRequired[str]
    ItemName: NotRequired[str]
    ItemCategoryName: NotRequired[str]
    ShippedQuantity: NotRequired[float]
    ShippedUnitOfMeasureName: NotRequired[str]
    ReceivedQuantity: NotRequired[float]
    ReceivedUnitOfMeasureName: NotRequired[str]
    ShipmentPackageState: NotRequired[str]
    LabTestingState: NotRequired[str]
    ShipperWholesalePrice: NotRequired[
        Annotated[float | None, Field(description="The shipper's price (wholesale list).")]
    ]
    ReceiverWholesalePrice: NotRequired[
        Annotated[float | None, Field(description="The receiver's price (wholesale list).")]
    ]


@shape
class DeliveryPackagePage(Paging):
    """A page of the packages on one delivery."""

    license_number: str
    delivery_id: int
    by_state: Annotated[dict[str, int], Field(description="The delivery's packages per state.")]
    wholesale_total: Annotated[
        float, Field(description="The delivery's shipper wholesale prices summed.")
    ]
    items: list[DeliveryPackage]


def _status(record: Mapping[str, Any]) -> Status:
    return "received" if record.get("ReceivedDateTime") else "pending"


def trim_transfer(record: Mapping[str, Any]) -> Record:
    """A manifest as tools show it, with a status derived from its receipt."""
    return {**compact(record, TRANSFER_FIELDS), "Status": _status(record)}


async def _transfer_list(
    which: Literal["incoming", "outgoing", "rejected"],
    license_number: str,
    partner_contains: str | None,
    status: Status | None,
    modified_from: date | None,
    modified_to: date | None,
    page: int,
    page_size: int,
) -> Record:
    metrc = access()
    if which == "rejected":
        transfers = await metrc.client.transfers_rejected(
            license_number, credentials=metrc.credentials
        )
    else:
        start, end = modified_between(modified_from, modified_to, metrc.as_of())
        read = (
            metrc.client.transfers_incoming
            if which == "incoming"
            else metrc.client.transfers_outgoing
        )
        transfers = await read(
            license_number,
            last_modified_start=start,
            last_modified_end=end,
            credentials=metrc.credentials,
        )
    side = "Recipient" if which == "outgoing" else "Shipper"
    found = [
        t
        for t in transfers
        if (
            contains(t.get(f"{side}FacilityName"), partner_contains)
            or contains(t.get(f"{side}FacilityLicenseNumber"), partner_contains)
        )
        and (status is None or _status(t) == status)
    ]
    found.sort(key=lambda t: int(t.get("Id") or 0), reverse=True)
    return paged(
        found,
        page,
        page_size,
        trim_transfer,
        license_number=license_number,
        by_status={s: sum(1 for t in found if _status(t) == s) for s in ("pending", "received")},
    )


@tool("transfers", title="List incoming transfers", returns=TransferPage)
async def list_incoming_transfers(
    license_number: LicenseNumber,
    partner_contains: PartnerFilter = None,
    status: StatusFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List manifests shipped to a facility, newest first: manifest number, shipper, transfer
    type, package counts (shipped, and received once it arrived), estimated and actual
    arrival, and whether it is still pending.

    Use list_transfer_deliveries and list_delivery_packages (with DeliveryId) for what is on one.
    """
    return await _transfer_list(
        "incoming", license_number, partner_contains, status, modified_from, modified_to,
        page, page_size,
    )  # fmt: skip


@tool("transfers", title="List outgoing transfers", returns=TransferPage)
async def list_outgoing_transfers(
    license_number: LicenseNumber,
    partner_contains: PartnerFilter = None,
    status: StatusFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List manifests a facility shipped, newest first: recipient, transfer type, package counts,
    departure and arrival, driver, and whether the recipient has received it.

    Pending manifests keep their packages in transit (list_in_transit_packages). A manifest
    to several recipients (DeliveryCount above 1) names none here: list_transfer_deliveries
    shows each delivery, its recipient and its packages.
    """
    return await _transfer_list(
        "outgoing", license_number, partner_contains, status, modified_from, modified_to,
        page, page_size,
    )  # fmt: skip


@tool("transfers", title="List rejected transfers", returns=TransferPage)
async def list_rejected_transfers(
    license_number: LicenseNumber,
    partner_contains: Annotated[
        str | None,
        Field(max_length=100, description="Only transfers whose shipper contains this."),
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's manifests with packages the recipient rejected (some or all of them),
    newest first; the rejected packages return to the shipper. list_delivery_packages shows
    which packages were rejected.
    """
    return await _transfer_list(
        "rejected", license_number, partner_contains, None, None, None, page, page_size
    )


@tool("transfers", title="List a transfer's deliveries", returns=Deliveries)
async def list_transfer_deliveries(
    license_number: LicenseNumber,
    transfer_id: Annotated[
        int,
        Field(
            ge=1, description="The transfer's Id from a transfer list (not its manifest number)."
        ),
    ],
) -> dict[str, Any]:
    """List the deliveries (destinations) of one manifest: recipient, type, estimated arrival
    and when it was received. Each delivery's Id is what list_delivery_packages takes.
    """
    metrc = access()
    deliveries = await metrc.client.transfer_deliveries(
        license_number, transfer_id, credentials=metrc.credentials
    )
    return {
        "license_number": license_number,
        "transfer_id": transfer_id,
        "total": len(deliveries),
        "items": [compact(d, DELIVERY_FIELDS) for d in deliveries],
    }


@tool("transfers", title="List a delivery's packages", returns=DeliveryPackagePage)
async def list_delivery_packages(
    license_number: LicenseNumber,
    delivery_id: Annotated[
        int,
        Field(ge=1, description="The delivery's Id (DeliveryId in a transfer list)."),
    ],
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List the packages on one delivery: label, item, shipped and received quantities, state
    (Shipped, Accepted, Rejected, Returned), lab state, and the shipper's and receiver's
    wholesale prices.

    `by_state` counts the packages per state and `wholesale_total` sums the shipper's prices.
    """
    metrc = access()
    rows, prices = await asyncio.gather(
        metrc.client.delivery_packages(license_number, delivery_id, credentials=metrc.credentials),
        metrc.client.delivery_packages_wholesale(
            license_number, delivery_id, credentials=metrc.credentials
        ),
    )
    price_of = {str(p.get("PackageLabel")): p for p in prices}
    total_price = round(
        sum(float(p.get("ShipperWholesalePrice") or 0) for p in price_of.values()), 2
    )

    def trim(row: Mapping[str, Any]) -> Record:
        price = price_of.get(str(row.get("PackageLabel"))) or {}
        extra = {
            key: price[key]
            for key in ("ShipperWholesalePrice", "ReceiverWholesalePrice")
            if price.get(key) is not None
        }
        return compact(row, DELIVERY_PACKAGE_FIELDS) | extra

    return paged(
        rows,
        page,
        page_size,
        trim,
        license_number=license_number,
        delivery_id=delivery_id,
        by_state=count_by(rows, "ShipmentPackageState"),
        wholesale_total=total_price,
    )
