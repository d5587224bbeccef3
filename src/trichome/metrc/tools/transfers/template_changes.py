"""Transfer tools that look into and change what is already recorded: a template's deliveries
(recipient, packages, transporters), updating a template, and voiding a manifest recorded from
a shipper outside Metrc.

Metrc updates a template whole (PUT /transfers/v2/templates/outgoing with its
`TransferTemplateId`), so update_transfer_template reads the template through Metrc's
documented template reads (its delivery, packages, transporters and drivers) and sends it back
with the changes, keeping the destination's `TransferDestinationId`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from datetime import datetime
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.packages.lookup import find_packages
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    Written,
    compact,
    plural,
    shape,
    written,
)
from trichome.metrc.tools.transfers.common import Record
from trichome.metrc.tools.transfers.templates import TemplatePackage
from trichome.metrc.tools.transfers.trips import CARRIER_FIELDS, DRIVER_FIELDS, Carrier, Driver

TemplateId = Annotated[int, Field(ge=1, description="The template's Id (list_transfer_templates).")]
DELIVERY_FIELDS = (
    "Id",
    "RecipientFacilityLicenseNumber",
    "RecipientFacilityName",
    "ShipmentTypeName",
    "InvoiceNumber",
    "PlannedRoute",
    "EstimatedDepartureDateTime",
    "EstimatedArrivalDateTime",
    "DeliveryPackageCount",
)
PACKAGE_FIELDS = (
    "PackageLabel",
    "ItemName",
    "ItemCategoryName",
    "LabTestingState",
    "ShippedQuantity",
    "ShippedUnitOfMeasureName",
)


@shape
class TemplateLine(TypedDict):
    """A package on a template delivery."""

    PackageLabel: NotRequired[str]
    ItemName: NotRequired[str]
    ItemCategoryName: NotRequired[str]
    LabTestingState: NotRequired[str]
    ShippedQuantity: NotRequired[float]
    ShippedUnitOfMeasureName: NotRequired[str]


@shape
class TemplateDelivery(TypedDict):
    """One destination of a template, with its packages and carriers."""

    Id: NotRequired[int]
    RecipientFacilityLicenseNumber: NotRequired[str]
    RecipientFacilityName: NotRequired[str]
    ShipmentTypeName: NotRequired[str]
    InvoiceNumber: NotRequired[str]
    PlannedRoute: NotRequired[str]
    EstimatedDepartureDateTime: NotRequired[str]
    EstimatedArrivalDateTime: NotRequired[str]
    DeliveryPackageCount: NotRequired[int]
    packages: list[TemplateLine]
    transporters: list[Carrier]
    drivers: list[Driver]


@shape
class TemplateDeliveries(TypedDict):
    """What one outgoing template would ship, destination by destination."""

    license_number: str
    template_id: int
    items: list[TemplateDelivery]


@tool("transfers", title="Get a transfer template's deliveries", returns=TemplateDeliveries)
async def get_transfer_template_deliveries(
    license_number: LicenseNumber, template_id: TemplateId
) -> dict[str, Any]:
    """Show what an outgoing transfer template would ship: each destination's recipient,
    transfer type, planned route and times, its packages (item, lab state, quantity) and its
    transporters and drivers. Check it before turning the template into a manifest.
    """
    metrc = access()
    client, keys = metrc.client, metrc.credentials
    deliveries = await client.template_deliveries(license_number, template_id, credentials=keys)

    async def expand(delivery: Mapping[str, Any]) -> Record:
        delivery_id = int(delivery["Id"])
        packages, carriers, drivers = await asyncio.gather(
            client.template_delivery_packages(license_number, delivery_id, credentials=keys),
            client.template_delivery_transporters(license_number, delivery_id, credentials=keys),
            client.template_delivery_transporter_details(
                license_number, delivery_id, credentials=keys
            ),
        )
        return {
            **compact(delivery, DELIVERY_FIELDS),
            "packages": [compact(p, PACKAGE_FIELDS) for p in packages],
            "transporters": [compact(c, CARRIER_FIELDS) for c in carriers],
            "drivers": [compact(d, DRIVER_FIELDS) for d in drivers],
        }

    items = await asyncio.gather(*(expand(d) for d in deliveries))
    return {"license_number": license_number, "template_id": template_id, "items": list(items)}


def _moment(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return None


def _driver(row: Mapping[str, Any]) -> Record:
    """A driver row read back (GetTemplateTransportersDetails) as a write names its fields."""
    return compact(
        {
            "DriverName": row.get("DriverName"),
            "DriverOccupationalLicenseNumber": row.get("DriverOccupationalLicenseNumber"),
            "DriverLicenseNumber": row.get("DriverVehicleLicenseNumber"),
            "DriverLayoverLeg": row.get("DriverLayoverLeg"),
            "VehicleMake": row.get("VehicleMake"),
            "VehicleModel": row.get("VehicleModel"),
            "VehicleLicensePlateNumber": row.get("VehicleLicensePlateNumber"),
        },
        ("DriverName", "DriverOccupationalLicenseNumber", "DriverLicenseNumber",
         "DriverLayoverLeg", "VehicleMake", "VehicleModel", "VehicleLicensePlateNumber"),
    )  # fmt: skip


def _transporters(carriers: list[Record], drivers: list[Record]) -> list[Record]:
    outbound = [c for c in carriers if c.get("TransporterDirection") != "Return"]
    people = [_driver(d) for d in drivers]
    return [
        {
            "TransporterFacilityLicenseNumber": carrier.get("TransporterFacilityLicenseNumber"),
            **(people[0] if people else {}),
            **({"TransporterDetails": people} if len(people) > 1 else {}),
        }
        for carrier in outbound
    ]


@tool("transfers", title="Update a transfer template", read_only=False, returns=Written)
async def update_transfer_template(
    license_number: LicenseNumber,
    template_id: TemplateId,
    name: Annotated[
        str | None, Field(min_length=1, max_length=100, description="A new name.")
    ] = None,
    planned_route: Annotated[
        str | None, Field(max_length=500, description="A new planned route.")
    ] = None,
    estimated_departure: Annotated[
        datetime | None, Field(description="A new departure time (ISO 8601).")
    ] = None,
    estimated_arrival: Annotated[
        datetime | None, Field(description="A new arrival time (ISO 8601).")
    ] = None,
    packages: Annotated[
        list[TemplatePackage] | None,
        Field(min_length=1, max_length=100, description="The packages to ship instead."),
    ] = None,
) -> dict[str, Any]:
    """Change an active outgoing transfer template with one destination: its name, planned
    route, departure and arrival times, or the packages it ships (the whole list, with their
    wholesale prices). What is not given is read from the template and sent again; Metrc's
    template reads show no wholesale prices, so give `packages` to keep or change them.
    """
    metrc = access()
    client, keys = metrc.client, metrc.credentials

    async def destinations() -> list[Record]:
        try:
            return await client.template_deliveries(license_number, template_id, credentials=keys)
        except MetrcNotFound:  # no such template: named below
            return []

    templates, deliveries = await asyncio.gather(
        client.outgoing_templates(license_number, credentials=keys), destinations()
    )
    template = next((t for t in templates if t.get("Id") == template_id), None)
    if template is None or not deliveries:
        raise ToolProblem(
            f"No active transfer template {template_id} at {license_number}; "
            "list_transfer_templates shows them."
        )
    if len(deliveries) > 1:
        raise ToolProblem(f"Template {template_id} has {len(deliveries)} destinations; this "
                          "tool changes templates with one.")  # fmt: skip
    delivery = deliveries[0]
    delivery_id = int(delivery["Id"])
    lines, carriers, drivers = await asyncio.gather(
        client.template_delivery_packages(license_number, delivery_id, credentials=keys),
        client.template_delivery_transporters(license_number, delivery_id, credentials=keys),
        client.template_delivery_transporter_details(license_number, delivery_id, credentials=keys),
    )
    leaves = estimated_departure or _moment(delivery.get("EstimatedDepartureDateTime"))
    arrives = estimated_arrival or _moment(delivery.get("EstimatedArrivalDateTime"))
    if leaves and arrives and arrives <= leaves:
        raise ToolProblem("The estimated arrival must be after the estimated departure.")
    if packages is not None:
        await find_packages(metrc, license_number, [p.label.strip() for p in packages])
    shipped = (
        [{"PackageLabel": p.label.strip(), "WholesalePrice": p.wholesale_price} for p in packages]
        if packages is not None
        else [{"PackageLabel": line.get("PackageLabel"), "WholesalePrice": None} for line in lines]
    )
    destination = {
        "TransferDestinationId": delivery_id,
        "RecipientLicenseNumber": delivery.get("RecipientFacilityLicenseNumber"),
        "InvoiceNumber": delivery.get("InvoiceNumber"),
        "TransferTypeName": delivery.get("ShipmentTypeName"),
        "PlannedRoute": planned_route or delivery.get("PlannedRoute"),
        "EstimatedDepartureDateTime": estimated_departure.isoformat()
        if estimated_departure else delivery.get("EstimatedDepartureDateTime"),
        "EstimatedArrivalDateTime": estimated_arrival.isoformat()
        if estimated_arrival else delivery.get("EstimatedArrivalDateTime"),
        "Transporters": _transporters(carriers, drivers),
        "Packages": shipped,
    }  # fmt: skip
    body = {
        "TransferTemplateId": template_id,
        "Name": (name or str(template.get("Name") or "")).strip(),
        "Destinations": [destination],
    }
    result = await client.update_outgoing_templates(license_number, [body], credentials=keys)
    return written(
        result, f"Updated transfer template {template_id} ({plural(len(shipped), 'package')})."
    )


@tool(
    "transfers",
    title="Void an external incoming transfer",
    read_only=False,
    destructive=True,
    returns=Written,
)
async def void_external_incoming_transfer(
    license_number: LicenseNumber,
    transfer_id: Annotated[
        int, Field(ge=1, description="The manifest's Id (list_incoming_transfers).")
    ],
) -> dict[str, Any]:
    """Void a manifest recorded from a shipper outside Metrc (create_external_incoming_transfer)
    before any of it is received: its packages leave this facility's in-transit list.
    """
    metrc = access()
    result = await metrc.client.void_external_incoming_transfer(
        license_number, transfer_id, credentials=metrc.credentials
    )
    return written(result, f"Voided external incoming transfer {transfer_id}.")
