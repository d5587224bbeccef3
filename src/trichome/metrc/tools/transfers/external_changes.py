"""Correcting a manifest recorded from a shipper outside Metrc (Metrc v2 Transfers
UpdateExternalIncoming).

`PUT /transfers/v2/external/incoming` takes the manifest whole again, by `TransferId`:
`ShipperLicenseNumber`, `ShipperName`, the shipper's address and transporter fields, and
`Destinations` with `RecipientLicenseNumber`, `TransferTypeName`, `PlannedRoute`,
`EstimatedDepartureDateTime`, `EstimatedArrivalDateTime`, `Transporters` and `Packages`
(`ItemName`, `Quantity`, `UnitOfMeasureName`, `PackagedDate`, `WholesalePrice`...); it answers
no body (thunkier/ThunkMetrc specs/generated/bruno/Transfers/UpdateIncomingExternal.bru). What
is not changed is read back from GetIncoming (`ShipperFacilityLicenseNumber`,
`ShipperFacilityName`, `DeliveryId`, the driver and vehicle, the estimated times) and from the
delivery's packages (`PackageLabel`, `ItemName`, `ShippedQuantity`, `ShippedUnitOfMeasureName`,
`PackagedDate`), in their order.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, Field

from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    PackageLabel,
    UnitOfMeasure,
    Written,
    compact,
    written,
)

Record = dict[str, Any]


class PackageCorrection(BaseModel):
    """A package on the manifest whose shipped quantity was recorded wrong."""

    label: Annotated[PackageLabel, Field(description="The package's tag on this manifest.")]
    quantity: Annotated[float, Field(gt=0, description="The quantity actually shipped.")]
    unit_of_measure: Annotated[
        UnitOfMeasure | None, Field(description="Its unit, when that changes too.")
    ] = None


def _moment(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


@tool(
    "transfers", title="Update an external incoming transfer", read_only=False, idempotent=True,
    returns=Written,
)  # fmt: skip
async def update_external_incoming_transfer(
    license_number: LicenseNumber,
    transfer_id: Annotated[
        int, Field(ge=1, description="The manifest's Id (list_incoming_transfers).")
    ],
    shipper_name: Annotated[
        str | None, Field(min_length=1, max_length=150, description="The shipper's name.")
    ] = None,
    estimated_departure: Annotated[
        datetime | None, Field(description="A new departure time (ISO 8601).")
    ] = None,
    estimated_arrival: Annotated[
        datetime | None, Field(description="A new arrival time (ISO 8601).")
    ] = None,
    driver_name: Annotated[str | None, Field(max_length=100, description="The driver.")] = None,
    vehicle_license_plate: Annotated[
        str | None, Field(max_length=20, description="The vehicle's plate number.")
    ] = None,
    packages: Annotated[
        list[PackageCorrection] | None,
        Field(min_length=1, max_length=100, description="Shipped quantities to correct."),
    ] = None,
) -> dict[str, Any]:
    """Correct a manifest recorded from a shipper outside Metrc (create_external_incoming_
    transfer) before any of it is received: the shipper's name, the expected times, the driver
    and vehicle, or a package's shipped quantity. What is not given stays as it is; packages
    and their items cannot change (void the manifest and record it again for that).
    """
    given = (shipper_name, estimated_departure, estimated_arrival, driver_name,
             vehicle_license_plate, packages)  # fmt: skip
    if all(value is None for value in given):
        raise ToolProblem("Nothing to change: give a shipper name, times, driver, vehicle or "
                          "package quantities.")  # fmt: skip
    metrc = access()
    client, keys = metrc.client, metrc.credentials
    transfers = await client.transfers_incoming(license_number, credentials=keys)
    transfer = next((t for t in transfers if t.get("Id") == transfer_id), None)
    if transfer is None or not transfer.get("DeliveryId"):
        raise ToolProblem(f"No incoming transfer {transfer_id} at {license_number}; "
                          "list_incoming_transfers shows them.")  # fmt: skip
    lines = await client.delivery_packages(
        license_number, int(transfer["DeliveryId"]), credentials=keys
    )
    corrections = {p.label.strip().upper(): p for p in packages or []}
    on_manifest = {str(line.get("PackageLabel")).upper() for line in lines}
    stray = sorted(set(corrections) - on_manifest)
    if stray:
        raise ToolProblem(f"Not on manifest {transfer_id}: {', '.join(stray)}.")
    leaves = estimated_departure or _moment(transfer.get("EstimatedDepartureDateTime"))
    arrives = estimated_arrival or _moment(transfer.get("EstimatedArrivalDateTime"))
    if leaves and arrives and arrives.replace(tzinfo=None) <= leaves.replace(tzinfo=None):
        raise ToolProblem("The estimated arrival must be after the estimated departure.")
    shipped = []
    for line in lines:
        fix = corrections.get(str(line.get("PackageLabel")).upper())
        shipped.append(
            {
                "ItemName": line.get("ItemName"),
                "Quantity": fix.quantity if fix else line.get("ShippedQuantity"),
                "UnitOfMeasureName": (fix.unit_of_measure if fix else None)
                or line.get("ShippedUnitOfMeasureName"),
                "PackagedDate": line.get("PackagedDate"),
            }
        )
    carrier = {
        "DriverName": driver_name if driver_name is not None else transfer.get("DriverName"),
        "VehicleLicensePlateNumber": vehicle_license_plate
        if vehicle_license_plate is not None
        else transfer.get("VehicleLicensePlateNumber"),
    }
    destination: Record = {
        "RecipientLicenseNumber": license_number,
        "TransferTypeName": transfer.get("ShipmentTypeName"),
        "EstimatedDepartureDateTime": estimated_departure.isoformat()
        if estimated_departure else transfer.get("EstimatedDepartureDateTime"),
        "EstimatedArrivalDateTime": estimated_arrival.isoformat()
        if estimated_arrival else transfer.get("EstimatedArrivalDateTime"),
        "Transporters": [compact(carrier, tuple(carrier))] if any(carrier.values()) else [],
        "Packages": shipped,
    }  # fmt: skip
    body = {
        "TransferId": transfer_id,
        "ShipperLicenseNumber": transfer.get("ShipperFacilityLicenseNumber"),
        "ShipperName": (shipper_name or str(transfer.get("ShipperFacilityName") or "")).strip(),
        "Destinations": [destination],
    }
    result = await client.update_external_incoming_transfers(
        license_number, [body], credentials=keys
    )
    changed = [name for name, value in (
        ("shipper", shipper_name), ("departure", estimated_departure),
        ("arrival", estimated_arrival), ("driver", driver_name),
        ("vehicle", vehicle_license_plate),
    ) if value is not None]  # fmt: skip
    if packages:
        changed.append(f"{len(packages)} package quantit{'y' if len(packages) == 1 else 'ies'}")
    return written(
        result, f"Updated external incoming transfer {transfer_id}: {', '.join(changed)}."
    )
