"""Retailer delivery tools: a dispensary's vehicle loaded with stock that sells to several
customers on one trip. Reading trips, loading one, changing or voiding it before it leaves,
and recording its departure; selling from it, restocking and ending it are in
`retailer_trips`.

Shapes follow Metrc's v2 documentation as captured in thunkier/ThunkMetrc
(specs/generated/bruno/Sales): a trip as GetDeliveryRetailerById.bru answers it (`Id`,
`RetailerDeliveryNumber`, `DateTime`, the driver and vehicle, `EstimatedDepartureDateTime`,
`ActualDepartureDateTime`, `RestockDateTime`, `CompletedDateTime`, `VoidedDate`,
`RetailerDeliveryState`, `TotalPackages`, `TotalPrice`, `TotalPriceSold`, `Packages` of
`{PackageLabel, ProductName, Quantity, UnitOfMeasureName, TotalPrice}` and `Destinations`, the
sales made); RecordRetailerDeliveries (CreateSalesDeliveriesRetailer.bru: `DateTime`, the
carrier, `EstimatedDepartureDateTime`, `Packages` of `{PackageLabel, Quantity, UnitOfMeasure,
TotalPrice}`), UpdateRetailerDeliveries (UpdateDeliveriesRetailer.bru, the same with `Id`),
VoidRetailerDelivery (DeleteDeliveryRetailerById.bru) and DepartDelivery
(CreateDeliveriesRetailerDepart.bru: `[{RetailerDeliveryId}]`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, NotRequired

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from trichome.metrc.tools.registry import MetrcAccess, ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    PackageLabel,
    Page,
    PageSize,
    Paging,
    UnitOfMeasure,
    Written,
    compact,
    count_by,
    paged,
    plural,
    shape,
    written,
)
from trichome.metrc.tools.sales.delivery_parts import (
    CARRIER_FIELDS,
    Carrier,
    CarrierParam,
    DeliveryId,
    LocalTime,
    Record,
    find_delivery,
    kept,
    local,
)

TRIP_FIELDS = (
    "Id",
    "RetailerDeliveryNumber",
    "RetailerDeliveryState",
    "DateTime",
    *CARRIER_FIELDS,
    "EstimatedDepartureDateTime",
    "ActualDepartureDateTime",
    "RestockDateTime",
    "CompletedDateTime",
    "VoidedDate",
    "TotalPackages",
    "TotalPrice",
    "TotalPriceSold",
)


class LoadLine(BaseModel):
    """A package (or part of one) loaded onto a retailer delivery."""

    package_label: PackageLabel
    quantity: Annotated[float, Field(gt=0, description="The quantity loaded.")]
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")]
    total_price: Annotated[
        float | None, Field(ge=0, description="Its price if all of it is sold.")
    ] = None

    def metrc(self) -> Record:
        """The line as one of Metrc's `Packages` (without a price when none is given)."""
        line: Record = {
            "PackageLabel": self.package_label.strip(),
            "Quantity": self.quantity,
            "UnitOfMeasure": self.unit_of_measure,
        }
        if self.total_price is not None:
            line["TotalPrice"] = self.total_price
        return line


LoadLines = Annotated[
    list[LoadLine],
    Field(min_length=1, max_length=100, description="What the vehicle carries (1 to 100 lines)."),
]


@shape
class TripPackage(TypedDict):
    """A package on board."""

    PackageLabel: NotRequired[str]
    Item: NotRequired[str]
    Quantity: NotRequired[float]
    Unit: NotRequired[str]
    Price: NotRequired[float]


@shape
class Trip(TypedDict):
    """A retailer delivery: its carrier, times, state, what it carries and how much it sold."""

    Id: NotRequired[int]
    RetailerDeliveryNumber: NotRequired[str]
    RetailerDeliveryState: NotRequired[str]
    DateTime: NotRequired[str]
    DriverName: NotRequired[str]
    DriverEmployeeId: NotRequired[str]
    DriversLicenseNumber: NotRequired[str]
    VehicleMake: NotRequired[str]
    VehicleModel: NotRequired[str]
    VehicleLicensePlateNumber: NotRequired[str]
    EstimatedDepartureDateTime: NotRequired[str]
    ActualDepartureDateTime: NotRequired[str]
    RestockDateTime: NotRequired[str]
    CompletedDateTime: NotRequired[str]
    VoidedDate: NotRequired[str]
    TotalPackages: NotRequired[int]
    TotalPrice: NotRequired[float]
    TotalPriceSold: NotRequired[float]
    Sales: Annotated[int, Field(ge=0, description="How many sales it has recorded.")]
    Packages: list[TripPackage]


@shape
class TripPage(Paging):
    """A page of a dispensary's retailer deliveries."""

    license_number: str
    ended: bool
    by_state: Annotated[dict[str, int], Field(description="Deliveries per RetailerDeliveryState.")]
    items: list[Trip]


@shape
class TripFound(TypedDict):
    """One retailer delivery of a licence."""

    license_number: str
    delivery: Trip


def trim_trip(record: Mapping[str, Any]) -> Record:
    """A retailer delivery as tools show it."""
    packages = []
    for line in record.get("Packages") or []:
        brief = {
            "PackageLabel": line.get("PackageLabel"),
            "Item": line.get("ProductName"),
            "Quantity": line.get("Quantity"),
            "Unit": line.get("UnitOfMeasureName"),
            "Price": line.get("TotalPrice"),
        }
        packages.append(compact(brief, tuple(brief)))
    sales = len(record.get("Destinations") or [])
    return {**compact(record, TRIP_FIELDS), "Sales": sales, "Packages": packages}


async def find_trip(metrc: MetrcAccess, license_number: str, delivery_id: int) -> Record:
    """One retailer delivery of the licence.

    Raises:
        ToolProblem: no such delivery at this licence.
    """
    return await find_delivery(
        lambda: metrc.client.retailer_delivery(
            license_number, delivery_id, credentials=metrc.credentials
        ),
        "retailer delivery",
        delivery_id,
        license_number,
    )


@tool("sales", title="List retailer deliveries", returns=TripPage)
async def list_retailer_deliveries(
    license_number: LicenseNumber,
    ended: Annotated[
        bool, Field(description="List ended and voided trips instead of those under way.")
    ] = False,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a dispensary's retailer deliveries (a vehicle loaded with stock selling to several
    customers on one trip): those loaded or on the road by default, ended or voided ones with
    `ended`. Each shows its driver and vehicle, times, what is on board and what it sold.
    """
    metrc = access()
    client = metrc.client
    read = client.retailer_deliveries_inactive if ended else client.retailer_deliveries_active
    found = await read(license_number, credentials=metrc.credentials)
    found.sort(key=lambda trip: str(trip.get("DateTime") or ""), reverse=True)
    return paged(
        found,
        page,
        page_size,
        trim_trip,
        license_number=license_number,
        ended=ended,
        by_state=count_by(found, "RetailerDeliveryState"),
    )


@tool("sales", title="Get a retailer delivery", returns=TripFound)
async def get_retailer_delivery(
    license_number: LicenseNumber, delivery_id: DeliveryId
) -> dict[str, Any]:
    """Get one retailer delivery by Id: its state, carrier, times, the packages on board and
    how many sales it recorded."""
    record = await find_trip(access(), license_number, delivery_id)
    return {"license_number": license_number, "delivery": trim_trip(record)}


@tool("sales", title="Record a retailer delivery", read_only=False, returns=Written)
async def record_retailer_delivery(
    license_number: LicenseNumber,
    date_time: Annotated[LocalTime, Field(description="When it was loaded (local time).")],
    carrier: CarrierParam,
    estimated_departure: Annotated[LocalTime, Field(description="When it should leave.")],
    packages: LoadLines,
    phone_number_for_questions: Annotated[
        str | None, Field(max_length=30, description="A number customers may call.")
    ] = None,
) -> dict[str, Any]:
    """Load a vehicle for a retailer delivery: each line's quantity leaves its package and
    rides on the trip. Record its departure with depart_retailer_delivery, then its sales
    with record_retailer_delivery_sale, and end it with end_retailer_delivery.
    """
    metrc = access()
    trip = {
        "DateTime": local(date_time),
        **carrier.metrc(),
        **(
            {"PhoneNumberForQuestions": phone_number_for_questions.strip()}
            if phone_number_for_questions
            else {}
        ),
        "EstimatedDepartureDateTime": local(estimated_departure),
        "Packages": [line.metrc() for line in packages],
    }
    result = await metrc.client.create_retailer_deliveries(
        license_number, [trip], credentials=metrc.credentials
    )
    return written(
        result, f"Recorded a retailer delivery carrying {plural(len(packages), 'line')}."
    )


@tool(
    "sales", title="Update a retailer delivery", read_only=False, idempotent=True, returns=Written
)
async def update_retailer_delivery(
    license_number: LicenseNumber,
    delivery_id: DeliveryId,
    packages: Annotated[
        LoadLines | None, Field(description="A new load, replacing what is on board.")
    ] = None,
    carrier: Annotated[Carrier | None, Field(description="Another driver or vehicle.")] = None,
    estimated_departure: Annotated[LocalTime | None, Field(description="New departure.")] = None,
) -> dict[str, Any]:
    """Change a retailer delivery that has not left: its load (the old load goes back to the
    packages, the new one is taken), driver and vehicle, or departure time. What is not given
    stays."""
    if packages is None and carrier is None and estimated_departure is None:
        raise ToolProblem("Nothing to change: give packages, a carrier or a departure time.")
    metrc = access()
    record = await find_trip(metrc, license_number, delivery_id)
    load = [line.metrc() for line in packages] if packages else [
        {
            "PackageLabel": line.get("PackageLabel"),
            "Quantity": line.get("Quantity"),
            "UnitOfMeasure": line.get("UnitOfMeasureName"),
            "TotalPrice": line.get("TotalPrice"),
        }
        for line in record.get("Packages") or []
    ]  # fmt: skip
    trip = {
        "Id": delivery_id,
        "DateTime": str(record.get("DateTime"))[:19],
        **(carrier.metrc() if carrier else kept(record, CARRIER_FIELDS)),
        **kept(record, ("PhoneNumberForQuestions",)),
        "EstimatedDepartureDateTime": local(estimated_departure)
        if estimated_departure
        else str(record.get("EstimatedDepartureDateTime"))[:19],
        "Packages": load,
    }
    result = await metrc.client.update_retailer_deliveries(
        license_number, [trip], credentials=metrc.credentials
    )
    return written(result, f"Updated retailer delivery {delivery_id}.")


@tool(
    "sales",
    title="Void a retailer delivery",
    read_only=False,
    destructive=True,
    returns=Written,
)
async def void_retailer_delivery(
    license_number: LicenseNumber, delivery_id: DeliveryId
) -> dict[str, Any]:
    """Void a retailer delivery that has not left: its whole load goes back to the packages."""
    metrc = access()
    await find_trip(metrc, license_number, delivery_id)
    result = await metrc.client.void_retailer_delivery(
        license_number, delivery_id, credentials=metrc.credentials
    )
    return written(result, f"Voided retailer delivery {delivery_id}.")


@tool("sales", title="Record a retailer delivery's departure", read_only=False, returns=Written)
async def depart_retailer_delivery(
    license_number: LicenseNumber, delivery_id: DeliveryId
) -> dict[str, Any]:
    """Record that a loaded retailer delivery left; from then on its sales can be recorded."""
    metrc = access()
    result = await metrc.client.depart_retailer_deliveries(
        license_number, [{"RetailerDeliveryId": delivery_id}], credentials=metrc.credentials
    )
    return written(result, f"Recorded the departure of retailer delivery {delivery_id}.")
