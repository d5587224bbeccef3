"""Transfer types, and manifests recorded from shippers outside Metrc."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, NotRequired

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from trichome.metrc.tools.names import listed_name
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    Count,
    LicenseNumber,
    Names,
    UnitOfMeasure,
    Written,
    compact,
    plural,
    shape,
    written,
)
from trichome.metrc.tools.transfers.common import Arrival, Departure, Record, TransferType


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


class ExternalPackage(BaseModel):
    """A package arriving from an unlicensed shipper. It names no tag: Metrc's example of
    CreateExternalIncoming describes a package by item, quantity and dates only, in every
    state's collection (bruno Transfers/CreateIncomingExternal), and the tag it gets is read
    back with list_delivery_packages."""

    item: Annotated[
        str, Field(min_length=1, max_length=150, description="This facility's item for it.")
    ]
    quantity: Annotated[float, Field(gt=0, description="The quantity shipped.")]
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")]
    packaged_date: Annotated[date, Field(description="When the shipper packaged it.")]
    wholesale_price: Annotated[float | None, Field(ge=0, description="The price paid, if any.")] = (
        None
    )


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
    the packages are created at this facility under its own items, each on an unused package
    tag of the facility (list_delivery_packages shows which), and the manifest appears in
    list_incoming_transfers. Needs a facility allowed external transfers
    (CanTransferFromExternalFacilities).
    """
    if estimated_arrival <= estimated_departure:
        raise ToolProblem("estimated_arrival must be after estimated_departure.")
    metrc = access()
    transfer_type = await listed_name(
        transfer_type,
        lambda: metrc.client.transfer_types(license_number, credentials=metrc.credentials),
        "transfer types",
        "list_transfer_types",
    )
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
                    "ItemName": p.item,
                    "Quantity": p.quantity,
                    "UnitOfMeasureName": p.unit_of_measure,
                    "PackagedDate": p.packaged_date.isoformat(),
                    "WholesalePrice": p.wholesale_price,
                },
                (
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


@tool("transfers", title="List delivery package states", returns=Names)
async def list_delivery_package_states(license_number: LicenseNumber) -> dict[str, Any]:
    """List the states a package on a transfer delivery can be in (Transfers GetTypes at
    `/transfers/v2/deliveries/packages/states`: Shipped, Rejected, Accepted, Returned)."""
    metrc = access()
    states = await metrc.client.delivery_package_states(
        license_number, credentials=metrc.credentials
    )
    return {"total": len(states), "items": [{"Name": str(state)} for state in states]}
