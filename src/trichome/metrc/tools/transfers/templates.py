"""Transfer tools over outgoing templates: listing, creating and deleting them.

Metrc's API creates licensed outgoing transfers only as templates; the licensee turns a
template into a manifest in Metrc's web app.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, NotRequired

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from trichome.metrc.paging import MAX_PAGE_SIZE
from trichome.metrc.tools.names import listed_name
from trichome.metrc.tools.packages.lookup import find_packages
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    PackageLabel,
    Page,
    PageSize,
    Paging,
    Written,
    compact,
    contains,
    paged,
    plural,
    shape,
    written,
)
from trichome.metrc.tools.transfers.common import Arrival, Departure, Record, TransferType

UNSHIPPABLE = {"IsOnHold": "on hold", "IsFinished": "finished"}


TEMPLATE_FIELDS = (
    "Id",
    "Name",
    "DeliveryCount",
    "PackageCount",
    "TransporterFacilityLicenseNumber",
    "TransporterFacilityName",
    "DriverName",
    "VehicleLicensePlateNumber",
    "EstimatedDepartureDateTime",
    "EstimatedArrivalDateTime",
    "CreatedDateTime",
)


@shape
class Template(TypedDict):
    """An outgoing transfer template, as Metrc lists it (GetOutgoingTemplates): how many
    destinations (deliveries) and packages, the transporter and the first departure."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    DeliveryCount: NotRequired[int]
    PackageCount: NotRequired[int]
    TransporterFacilityLicenseNumber: NotRequired[str]
    TransporterFacilityName: NotRequired[str]
    DriverName: NotRequired[str]
    VehicleLicensePlateNumber: NotRequired[str]
    EstimatedDepartureDateTime: NotRequired[str]
    EstimatedArrivalDateTime: NotRequired[str]
    CreatedDateTime: NotRequired[str]


@shape
class TemplatePage(Paging):
    """A page of a facility's outgoing transfer templates."""

    license_number: str
    items: list[Template]


class TemplatePackage(BaseModel):
    """A package on a transfer template."""

    label: PackageLabel
    wholesale_price: Annotated[
        float | None,
        Field(ge=0, description="The price charged for the whole package, if sold."),
    ] = None


def _template(record: Mapping[str, Any]) -> Record:
    return compact(record, TEMPLATE_FIELDS)


@tool("transfers", title="List transfer templates", returns=TemplatePage)
async def list_transfer_templates(
    license_number: LicenseNumber,
    name_contains: Annotated[
        str | None, Field(max_length=100, description="Only templates whose name contains this.")
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's outgoing transfer templates: name, how many destinations and
    packages, transporter and driver, and departure and arrival. Each destination's recipient,
    transfer type, route and packages: get_transfer_template_deliveries. A template becomes a
    manifest in Metrc's web app.
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
        str,
        Field(min_length=1, max_length=500, description="The route the driver takes (required)."),
    ],
    driver_name: Annotated[
        str, Field(min_length=1, max_length=100, description="The driver (required).")
    ],
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
    and the packages to ship. Metrc refuses a template without a planned route and a driver.
    Metrc's API cannot send a manifest directly; the licensee turns the template into a
    manifest in Metrc's web app.

    The packages must be active at this facility (not on hold or already in transit).
    """
    if estimated_arrival <= estimated_departure:
        raise ToolProblem("estimated_arrival must be after estimated_departure.")
    if recipient_license_number.strip() == license_number.strip():
        raise ToolProblem("A transfer goes to another licence; the recipient is this facility.")
    metrc = access()
    transfer_type = await listed_name(
        transfer_type,
        lambda: metrc.client.transfer_types(license_number, credentials=metrc.credentials),
        "transfer types",
        "list_transfer_types",
    )
    found = await find_packages(metrc, license_number, [p.label for p in packages])
    # Metrc's v2 package has no in-transit flag; GET /packages/v2/intransit lists them.
    moving = {
        record.get("Label")
        for record in await metrc.client.packages_intransit(
            license_number, page_size=MAX_PAGE_SIZE, credentials=metrc.credentials
        )
    }
    blocked = [
        f"{label} ({', '.join(why)})"
        for label, p in found.items()
        if (
            why := [text for key, text in UNSHIPPABLE.items() if p.get(key) is True]
            + (["in transit"] if label in moving else [])
        )
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
        "PlannedRoute": planned_route.strip(),
        "EstimatedDepartureDateTime": estimated_departure.isoformat(),
        "EstimatedArrivalDateTime": estimated_arrival.isoformat(),
        "Transporters": [transporter],
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
