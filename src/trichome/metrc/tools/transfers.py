"""Transfer tools: manifests in and out, deliveries and their packages, templates, external
incoming manifests and transfer types.

Metrc's API creates licensed outgoing transfers only as templates; the licensee turns a
template into a manifest in Metrc's web app, and recipients receive there too.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from trichome.metrc.tools.packages.lookup import find_packages
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    Count,
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    PackageLabel,
    Page,
    PageSize,
    Paging,
    UnitOfMeasure,
    Written,
    compact,
    contains,
    count_by,
    modified_between,
    paged,
    plural,
    shape,
    written,
)

Record = dict[str, Any]
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
    "PackageCount",
    "ReceivedPackageCount",
    "RejectedPackagesCount",
    "EstimatedDepartureDateTime",
    "EstimatedArrivalDateTime",
    "ActualArrivalDateTime",
    "ReceivedDateTime",
    "DriverName",
    "VehicleLicensePlateNumber",
)
DELIVERY_FIELDS = (
    "Id",
    "RecipientFacilityLicenseNumber",
    "RecipientFacilityName",
    "ShipmentTypeName",
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
    "RejectionReason",
    "WholesalePrice",
    "LabTestingState",
)
UNSHIPPABLE = {"IsOnHold": "on hold", "IsInTransit": "in transit", "IsFinished": "finished"}
TransferType = Literal["Affiliated Transfer", "Unaffiliated Transfer", "Lab Sample Transfer"]
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
Departure = Annotated[datetime, Field(description="When it leaves (ISO 8601 date-time).")]
Arrival = Annotated[datetime, Field(description="When it is due to arrive (ISO 8601 date-time).")]


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
    ShipmentLicenseType: NotRequired[str]
    PackageCount: NotRequired[int]
    ReceivedPackageCount: NotRequired[int]
    RejectedPackagesCount: NotRequired[int]
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
    RecipientFacilityLicenseNumber: NotRequired[str]
    RecipientFacilityName: NotRequired[str]
    ShipmentTypeName: NotRequired[str]
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
    RejectionReason: NotRequired[str]
    WholesalePrice: NotRequired[float]
    LabTestingState: NotRequired[str]


@shape
class DeliveryPackagePage(Paging):
    """A page of the packages on one delivery."""

    license_number: str
    delivery_id: int
    by_state: Annotated[dict[str, int], Field(description="The delivery's packages per state.")]
    wholesale_total: Annotated[float, Field(description="The delivery's wholesale prices summed.")]
    items: list[DeliveryPackage]


@shape
class TemplateDestination(TypedDict):
    """Where a transfer template sends which packages."""

    RecipientLicenseNumber: NotRequired[str]
    TransferTypeName: NotRequired[str]
    PlannedRoute: NotRequired[str]
    EstimatedDepartureDateTime: NotRequired[str]
    EstimatedArrivalDateTime: NotRequired[str]
    PackageLabels: list[str | None]


@shape
class Template(TypedDict):
    """An outgoing transfer template."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    Destinations: list[TemplateDestination]


@shape
class TemplatePage(Paging):
    """A page of a facility's outgoing transfer templates."""

    license_number: str
    items: list[Template]


@shape
class TransferKind(TypedDict):
    """A transfer type and the shipments it serves."""

    Name: NotRequired[str]
    TransactionType: NotRequired[str]
    ForLicensedShipments: NotRequired[bool]
    ForExternalIncomingShipments: NotRequired[bool]
    ForExternalOutgoingShipments: NotRequired[bool]
    RequiresPackagesGrossWeight: NotRequired[bool]


@shape
class TransferKinds(TypedDict):
    """The transfer types a facility may use."""

    total: Count
    items: list[TransferKind]


class TemplatePackage(BaseModel):
    """A package on a transfer template."""

    label: PackageLabel
    wholesale_price: Annotated[
        float | None,
        Field(ge=0, description="The price charged for the whole package, if sold."),
    ] = None


class ExternalPackage(BaseModel):
    """A package arriving from an unlicensed shipper, tagged on arrival."""

    tag: Annotated[PackageLabel, Field(description="An unused package tag of this facility.")]
    item: Annotated[
        str, Field(min_length=1, max_length=150, description="This facility's item for it.")
    ]
    quantity: Annotated[float, Field(gt=0, description="The quantity shipped.")]
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")]
    packaged_date: Annotated[date, Field(description="When the shipper packaged it.")]
    wholesale_price: Annotated[float | None, Field(ge=0, description="The price paid, if any.")] = (
        None
    )


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
    type, package counts (shipped, received, rejected), estimated and actual arrival, and
    whether it is still pending.

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

    Pending manifests keep their packages in transit (list_in_transit_packages).
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
    """List a facility's manifests whose packages the recipient rejected, newest first; the
    rejected packages return to the shipper. list_delivery_packages shows the rejection reasons.
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
    (Shipped, Accepted, Rejected), rejection reason, wholesale price and lab state.

    `by_state` counts the packages per state and `wholesale_total` sums their prices.
    """
    metrc = access()
    rows = await metrc.client.delivery_packages(
        license_number, delivery_id, credentials=metrc.credentials
    )
    total_price = round(sum(float(r.get("WholesalePrice") or 0) for r in rows), 2)
    return paged(
        rows,
        page,
        page_size,
        lambda r: compact(r, DELIVERY_PACKAGE_FIELDS),
        license_number=license_number,
        delivery_id=delivery_id,
        by_state=count_by(rows, "ShipmentPackageState"),
        wholesale_total=total_price,
    )


def _template(record: Mapping[str, Any]) -> Record:
    destinations = []
    for destination in record.get("Destinations") or []:
        packages = destination.get("Packages") or []
        destinations.append(
            {
                **compact(
                    destination,
                    (
                        "RecipientLicenseNumber",
                        "TransferTypeName",
                        "PlannedRoute",
                        "EstimatedDepartureDateTime",
                        "EstimatedArrivalDateTime",
                    ),
                ),
                "PackageLabels": [p.get("PackageLabel") for p in packages],
            }
        )
    return {**compact(record, ("Id", "Name")), "Destinations": destinations}


@tool("transfers", title="List transfer templates", returns=TemplatePage)
async def list_transfer_templates(
    license_number: LicenseNumber,
    name_contains: Annotated[
        str | None, Field(max_length=100, description="Only templates whose name contains this.")
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's outgoing transfer templates: name, recipient, transfer type, planned
    route and times, and package labels. A template becomes a manifest in Metrc's web app.
    """
    metrc = access()
    templates = await metrc.client.outgoing_templates(license_number, credentials=metrc.credentials)
    found = [t for t in templates if contains(t.get("Name"), name_contains)]
    return paged(found, page, page_size, _template, license_number=license_number)


@tool("transfers", title="Create a transfer template", read_only=False, returns=Written)
async def create_transfer_template(
    license_number: LicenseNumber,
    name: Annotated[str, Field(min_length=1, max_length=100, description="The template's name.")],
    recipient_license_number: Annotated[
        str, Field(min_length=3, max_length=40, description="The receiving facility's licence.")
    ],
    transfer_type: Annotated[
        TransferType, Field(description="The transfer type (list_transfer_types).")
    ],
    packages: Annotated[
        list[TemplatePackage],
        Field(min_length=1, max_length=100, description="The packages to ship."),
    ],
    estimated_departure: Departure,
    estimated_arrival: Arrival,
    planned_route: Annotated[
        str | None, Field(max_length=500, description="The route the driver takes.")
    ] = None,
    driver_name: Annotated[str | None, Field(max_length=100, description="The driver.")] = None,
    driver_license_number: Annotated[
        str | None, Field(max_length=50, description="The driver's licence number.")
    ] = None,
    vehicle_make: Annotated[
        str | None, Field(max_length=50, description="The vehicle's make.")
    ] = None,
    vehicle_model: Annotated[
        str | None, Field(max_length=50, description="The vehicle's model.")
    ] = None,
    vehicle_license_plate: Annotated[
        str | None, Field(max_length=20, description="The vehicle's plate number.")
    ] = None,
) -> dict[str, Any]:
    """Create an outgoing transfer template: the recipient, transfer type, times, route, driver
    and the packages to ship. Metrc's API cannot send a manifest directly; the licensee turns
    the template into a manifest in Metrc's web app.

    The packages must be active at this facility (not on hold or already in transit).
    """
    if estimated_arrival <= estimated_departure:
        raise ToolProblem("estimated_arrival must be after estimated_departure.")
    if recipient_license_number.strip() == license_number.strip():
        raise ToolProblem("A transfer goes to another licence; the recipient is this facility.")
    metrc = access()
    found = await find_packages(metrc, license_number, [p.label for p in packages])
    blocked = [
        f"{label} ({', '.join(why)})"
        for label, p in found.items()
        if (why := [text for key, text in UNSHIPPABLE.items() if p.get(key) is True])
    ]
    if blocked:
        raise ToolProblem(f"These packages cannot be shipped: {', '.join(blocked)}.")
    transporter = compact(
        {
            "TransporterFacilityLicenseNumber": license_number,
            "DriverName": driver_name,
            "DriverLicenseNumber": driver_license_number,
            "VehicleMake": vehicle_make,
            "VehicleModel": vehicle_model,
            "VehicleLicensePlateNumber": vehicle_license_plate,
        },
        (
            "TransporterFacilityLicenseNumber",
            "DriverName",
            "DriverLicenseNumber",
            "VehicleMake",
            "VehicleModel",
            "VehicleLicensePlateNumber",
        ),
    )
    destination: Record = {
        "RecipientLicenseNumber": recipient_license_number.strip(),
        "TransferTypeName": transfer_type,
        "PlannedRoute": planned_route,
        "EstimatedDepartureDateTime": estimated_departure.isoformat(),
        "EstimatedArrivalDateTime": estimated_arrival.isoformat(),
        "Transporters": [transporter] if len(transporter) > 1 else [],
        "Packages": [
            compact(
                {"PackageLabel": p.label.strip(), "WholesalePrice": p.wholesale_price},
                ("PackageLabel", "WholesalePrice"),
            )
            for p in packages
        ],
    }
    result = await metrc.client.create_outgoing_templates(
        license_number,
        [
            {
                "Name": name.strip(),
                "TransporterFacilityLicenseNumber": license_number,
                "Destinations": [destination],
            }
        ],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"Created the transfer template {name.strip()!r}: {plural(len(found), 'package')} to "
        f"{recipient_license_number.strip()} ({transfer_type}).",
    )


@tool(
    "transfers",
    title="Delete a transfer template",
    read_only=False,
    destructive=True,
    idempotent=True,
    returns=Written,
)
async def delete_transfer_template(
    license_number: LicenseNumber,
    template_id: Annotated[
        int, Field(ge=1, description="The template's Id (list_transfer_templates).")
    ],
) -> dict[str, Any]:
    """Delete (archive) an outgoing transfer template; manifests already made from it stay."""
    metrc = access()
    result = await metrc.client.delete_outgoing_template(
        license_number, template_id, credentials=metrc.credentials
    )
    return written(result, f"Deleted transfer template {template_id}.")


@tool("transfers", title="List transfer types", returns=TransferKinds)
async def list_transfer_types(license_number: LicenseNumber) -> dict[str, Any]:
    """List the transfer types a facility may use (e.g. Affiliated Transfer, Lab Sample
    Transfer), and whether each serves licensed, external incoming or external outgoing
    shipments.
    """
    metrc = access()
    types = await metrc.client.transfer_types(license_number, credentials=metrc.credentials)
    fields = (
        "Name",
        "TransactionType",
        "ForLicensedShipments",
        "ForExternalIncomingShipments",
        "ForExternalOutgoingShipments",
        "RequiresPackagesGrossWeight",
    )
    return {"total": len(types), "items": [compact(t, fields) for t in types]}


@tool("transfers", title="Record an external incoming transfer", read_only=False, returns=Written)
async def create_external_incoming_transfer(
    license_number: LicenseNumber,
    shipper_license_number: Annotated[
        str,
        Field(min_length=1, max_length=50, description="The unlicensed shipper's own licence/ID."),
    ],
    shipper_name: Annotated[
        str, Field(min_length=1, max_length=150, description="The shipper's name.")
    ],
    transfer_type: Annotated[
        TransferType, Field(description="A type for external incoming shipments.")
    ],
    packages: Annotated[
        list[ExternalPackage],
        Field(min_length=1, max_length=100, description="The packages arriving."),
    ],
    estimated_departure: Departure,
    estimated_arrival: Arrival,
    driver_name: Annotated[str | None, Field(max_length=100, description="The driver.")] = None,
    vehicle_license_plate: Annotated[
        str | None, Field(max_length=20, description="The vehicle's plate number.")
    ] = None,
) -> dict[str, Any]:
    """Record a manifest from a shipper outside Metrc (e.g. a hemp farm sending a lab sample):
    the packages are created at this facility under its own tags and items, and the manifest
    appears in list_incoming_transfers. Needs a facility allowed external transfers
    (CanTransferFromExternalFacilities).
    """
    if estimated_arrival <= estimated_departure:
        raise ToolProblem("estimated_arrival must be after estimated_departure.")
    metrc = access()
    transporter = compact(
        {"DriverName": driver_name, "VehicleLicensePlateNumber": vehicle_license_plate},
        ("DriverName", "VehicleLicensePlateNumber"),
    )
    destination: Record = {
        "RecipientLicenseNumber": license_number,
        "TransferTypeName": transfer_type,
        "EstimatedDepartureDateTime": estimated_departure.isoformat(),
        "EstimatedArrivalDateTime": estimated_arrival.isoformat(),
        "Transporters": [transporter] if transporter else [],
        "Packages": [
            compact(
                {
                    "PackageLabel": p.tag.strip(),
                    "ItemName": p.item,
                    "Quantity": p.quantity,
                    "UnitOfMeasureName": p.unit_of_measure,
                    "PackagedDate": p.packaged_date.isoformat(),
                    "WholesalePrice": p.wholesale_price,
                },
                (
                    "PackageLabel",
                    "ItemName",
                    "Quantity",
                    "UnitOfMeasureName",
                    "PackagedDate",
                    "WholesalePrice",
                ),
            )
            for p in packages
        ],
    }
    result = await metrc.client.create_external_incoming_transfers(
        license_number,
        [
            {
                "ShipperLicenseNumber": shipper_license_number.strip(),
                "ShipperName": shipper_name.strip(),
                "Destinations": [destination],
            }
        ],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"Recorded an incoming manifest from {shipper_name.strip()} with "
        f"{plural(len(packages), 'package')}.",
    )
