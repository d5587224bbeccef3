"""Transfer tools for the trip: who carries a delivery and in which direction, the shipments a
facility carries (its hub list), and the legs a transporter records (depart, check in and out
at a layover hub, arrive).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    Count,
    LicenseNumber,
    Page,
    PageSize,
    Paging,
    Written,
    compact,
    paged,
    shape,
    written,
)
from trichome.metrc.tools.transfers.common import Record

DeliveryId = Annotated[
    int, Field(ge=1, description="The delivery's Id (DeliveryId in a transfer list).")
]
CARRIER_FIELDS = (
    "TransporterFacilityLicenseNumber",
    "TransporterFacilityName",
    "TransporterDirection",
)
DRIVER_FIELDS = (
    "DriverName",
    "DriverOccupationalLicenseNumber",
    "DriverVehicleLicenseNumber",
    "DriverLayoverLeg",
    "VehicleMake",
    "VehicleModel",
    "VehicleLicensePlateNumber",
    "ActualDriverStartDateTime",
)
HUB_FIELDS = (
    "Id",
    "ManifestNumber",
    "DeliveryId",
    "ShipperFacilityLicenseNumber",
    "ShipperFacilityName",
    "RecipientFacilityLicenseNumber",
    "RecipientFacilityName",
    "PackageCount",
    "IsVoided",
    "IsLayover",
    "TransporterEstimatedDepartureDateTime",
    "TransporterActualDepartureDateTime",
    "TransporterEstimatedArrivalDateTime",
    "TransporterActualArrivalDateTime",
    "ReceivedDateTime",
)


@shape
class Carrier(TypedDict):
    """A transporter of a delivery, and the direction it carries it."""

    TransporterFacilityLicenseNumber: NotRequired[str]
    TransporterFacilityName: NotRequired[str]
    TransporterDirection: NotRequired[str]


@shape
class Driver(TypedDict):
    """A driver and vehicle on a delivery."""

    DriverName: NotRequired[str]
    DriverOccupationalLicenseNumber: NotRequired[str]
    DriverVehicleLicenseNumber: NotRequired[str]
    DriverLayoverLeg: NotRequired[str]
    VehicleMake: NotRequired[str]
    VehicleModel: NotRequired[str]
    VehicleLicensePlateNumber: NotRequired[str]
    ActualDriverStartDateTime: NotRequired[str]


@shape
class DeliveryCarriers(TypedDict):
    """Who carries one delivery: transporters by direction, and drivers with vehicles."""

    license_number: str
    delivery_id: int
    transporters: list[Carrier]
    drivers: list[Driver]
    has_return_leg: Annotated[bool, Field(description="Rejected packages travel back.")]


@shape
class HubShipment(TypedDict):
    """A shipment the facility carries, with its own trip times."""

    Id: NotRequired[int]
    ManifestNumber: NotRequired[str]
    DeliveryId: NotRequired[int]
    ShipperFacilityLicenseNumber: NotRequired[str]
    ShipperFacilityName: NotRequired[str]
    RecipientFacilityLicenseNumber: NotRequired[str]
    RecipientFacilityName: NotRequired[str]
    PackageCount: NotRequired[int]
    IsVoided: NotRequired[bool]
    IsLayover: NotRequired[bool]
    TransporterEstimatedDepartureDateTime: NotRequired[str]
    TransporterActualDepartureDateTime: NotRequired[str]
    TransporterEstimatedArrivalDateTime: NotRequired[str]
    TransporterActualArrivalDateTime: NotRequired[str]
    ReceivedDateTime: NotRequired[str]
    drivers: list[Driver]


@shape
class HubPage(Paging):
    """A page of the shipments a facility carries."""

    license_number: str
    in_transit: Annotated[Count, Field(description="Departed and not yet arrived, all pages.")]
    items: list[HubShipment]


@tool("transfers", title="Get a delivery's transporters", returns=DeliveryCarriers)
async def get_delivery_transporters(
    license_number: LicenseNumber, delivery_id: DeliveryId
) -> dict[str, Any]:
    """Show who carries one delivery: each transporter facility and its direction (Outbound,
    or Return for rejected packages travelling back), and the drivers and vehicles with the
    time each driver started. Use it to check a manifest's driver before departure.
    """
    metrc = access()
    carriers, drivers = await asyncio.gather(
        metrc.client.delivery_transporters(
            license_number, delivery_id, credentials=metrc.credentials
        ),
        metrc.client.delivery_transporter_details(
            license_number, delivery_id, credentials=metrc.credentials
        ),
    )
    return {
        "license_number": license_number,
        "delivery_id": delivery_id,
        "transporters": [compact(c, CARRIER_FIELDS) for c in carriers],
        "drivers": [compact(d, DRIVER_FIELDS) for d in drivers],
        "has_return_leg": any(c.get("TransporterDirection") == "Return" for c in carriers),
    }


def _hub(record: Mapping[str, Any]) -> Record:
    details = record.get("ShipmentTransporterDetails") or []
    return {**compact(record, HUB_FIELDS), "drivers": [compact(d, DRIVER_FIELDS) for d in details]}


@tool("transfers", title="List shipments this facility carries", returns=HubPage)
async def list_transfer_hub(
    license_number: LicenseNumber, page: Page = 1, page_size: PageSize = 20
) -> dict[str, Any]:
    """List the shipments a facility carries as transporter or layover hub, newest first:
    manifest, shipper, recipient, the transporter's estimated and actual departure and
    arrival, whether it laid over at a hub, and its drivers. `in_transit` counts those that
    departed and have not arrived. Record legs with record_transfer_hub_leg.
    """
    metrc = access()
    shipments = await metrc.client.transfer_hub(license_number, credentials=metrc.credentials)
    shipments.sort(key=lambda s: int(s.get("Id") or 0), reverse=True)
    moving = sum(
        1
        for s in shipments
        if s.get("TransporterActualDepartureDateTime")
        and not s.get("TransporterActualArrivalDateTime")
    )
    return paged(shipments, page, page_size, _hub, license_number=license_number, in_transit=moving)


LEGS = {"depart": "departed", "check_in": "checked in", "check_out": "checked out",
        "arrive": "arrived"}  # fmt: skip


@tool("transfers", title="Record a transfer trip leg", read_only=False, returns=Written)
async def record_transfer_hub_leg(
    license_number: LicenseNumber,
    leg: Annotated[
        Literal["depart", "check_in", "check_out", "arrive"],
        Field(description="depart, check_in / check_out at a layover hub, or arrive."),
    ],
    delivery_ids: Annotated[
        list[Annotated[int, Field(ge=1)]],
        Field(min_length=1, max_length=50, description="The deliveries' Ids (list_transfer_hub)."),
    ],
    direction: Annotated[
        Literal["Outbound", "Return"],
        Field(description="Outbound to the recipient, or Return with rejected packages."),
    ] = "Outbound",
) -> dict[str, Any]:
    """Record a leg of the trip for deliveries this facility carries: depart, check in and
    check out at a layover hub, arrive. Legs go in that order, once each per direction; the
    facility must be the delivery's transporter. Departing and arriving set the manifest's
    actual times.
    """
    metrc = access()
    rows = [{"ShipmentDeliveryId": d, "TransporterDirection": direction} for d in delivery_ids]
    send = {
        "depart": metrc.client.depart_transfer_hub,
        "check_in": metrc.client.check_in_transfer_hub,
        "check_out": metrc.client.check_out_transfer_hub,
        "arrive": metrc.client.arrive_transfer_hub,
    }[leg]
    result = await send(license_number, rows, credentials=metrc.credentials)
    return written(
        result,
        f"Recorded {len(delivery_ids)} {'delivery' if len(delivery_ids) == 1 else 'deliveries'} "
        f"{LEGS[leg]} ({direction}).",
    )
