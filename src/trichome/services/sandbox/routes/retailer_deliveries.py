"""Retailer deliveries: a dispensary's own vehicle loaded with stock that sells to several
customers on one trip (Metrc v2 `Sales`, `/sales/v2/deliveries/retailer`).

Bodies and answers follow Metrc's v2 documentation as captured in thunkier/ThunkMetrc
(specs/generated/bruno/Sales: CreateSalesDeliveriesRetailer, UpdateDeliveriesRetailer,
CreateDeliveriesRetailerDepart, CreateDeliveriesRetailerRestock, CreateDeliveriesRetailerEnd,
DeleteDeliveryRetailerById, GetActiveDeliveriesRetailer, GetDeliveryRetailerById; the body of
RecordSaleFromRetailerDelivery, which has no Bruno request, from the SDK's
SalesCreateSaleDeliveriesRetailerRequest model). The life of one trip in the sandbox:

- recording it loads its `Packages`: each quantity leaves the package (checked against what the
  package holds, lab testing passed) and rides on the delivery;
- until it departs it can be changed (the old load goes back, the new one is taken) or voided
  (the whole load goes back);
- once departed, sales are recorded from it: each sale names the delivery's packages and may
  not sell more of one than is still on board; the sale is kept as one of its `Destinations`;
- a restock while under way loads more (`Quantity` taken from the package) or, with
  `RemoveCurrentPackage`, takes a package off (its unsold quantity returns to the package);
- ending it counts every package still on board (`EndQuantity`, at most what is unsold);
  that count returns to the packages and the trip moves to the inactive list.

`RetailerDeliveryState` is documented without its values; the sandbox writes Loaded, InTransit,
Completed and Voided. Recorded `Destinations` with their own transactions are refused: the
sandbox records those sales through `.../sale` after departure.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.retailer import package_line
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import (
    ID,
    MAYBE_TEXT,
    MOMENT,
    NUMBER,
    SIGNED,
    TEXT,
    UNIT,
    shape,
)
from trichome.services.sandbox.common import (
    archive_route,
    json,
    list_routes,
    one_route,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.routes.deliveries import moment_of
from trichome.services.sandbox.routes.sales import SELL, deplete, sale_lines
from trichome.services.sandbox.rules import RowErrors, message, writes

router = APIRouter()
KIND = "retailerdelivery"
BASE = "/sales/v2/deliveries/retailer"
CARRIER = (
    "DriverName",
    "DriverEmployeeId",
    "DriversLicenseNumber",
    "VehicleMake",
    "VehicleModel",
    "VehicleLicensePlateNumber",
)
RECIPIENT = (
    "PatientLicenseNumber",
    "ConsumerId",
    "RecipientName",
    "RecipientAddressStreet1",
    "RecipientAddressStreet2",
    "RecipientAddressCity",
    "RecipientAddressCounty",
    "RecipientAddressState",
    "RecipientAddressPostalCode",
    "RecipientZoneId",
    "PlannedRoute",
    "PhoneNumberForQuestions",
    "EstimatedArrivalDateTime",
)
_LOAD = {
    "type": "array",
    "minItems": 1,
    "items": shape(
        {"PackageLabel": TEXT, "Quantity": NUMBER, "UnitOfMeasure": UNIT},
        {"TotalPrice": SIGNED, "DateTime": {}},
    ),
}
_TRIP = {
    "DateTime": MOMENT,
    **{key: TEXT for key in CARRIER},
    "EstimatedDepartureDateTime": MOMENT,
}
_TRIP_EXTRAS = {"PhoneNumberForQuestions": MAYBE_TEXT, "Destinations": {}}
NEW_TRIP = shape({**_TRIP, "Packages": _LOAD}, _TRIP_EXTRAS)
TRIP_CHANGE = shape({"Id": ID, **_TRIP, "Packages": _LOAD}, _TRIP_EXTRAS)
TRIP_ID = shape({"RetailerDeliveryId": ID})

list_routes(
    router, KIND, {f"{BASE}/active": ["active"], f"{BASE}/inactive": ["inactive"]}, capability=SELL
)
one_route(
    router,
    f"{BASE}/{{delivery_id:int}}",
    KIND,
    "Retailer delivery",
    capability=SELL,
    name="retailer_delivery",
)


def now() -> str | None:
    return documents.moment(datetime.now(UTC))


async def load(
    tx: Transaction,
    request: Request,
    obj: dict[str, Any],
    row: int,
    errors: RowErrors,
    giving_back: dict[str, float],
) -> list[dict[str, Any]]:
    """The package lines a trip takes on board, checked against what each package holds."""
    if obj.get("Destinations"):
        errors.add(row, "Destinations are recorded with .../retailer/sale once the trip departs.")
    entries = [
        {**entry, "TotalAmount": entry.get("TotalPrice") or 0.0}
        for entry in obj.get("Packages") or []
        if isinstance(entry, dict)
    ]
    facility = writing(request, *SELL)
    lines = await sale_lines(tx, facility, {"Transactions": entries}, row, errors, giving_back)
    recorded = now()
    return [package_line(package, amount, price, recorded) for package, amount, price, _ in lines]


def _trip_fields(obj: dict[str, Any], row: int, errors: RowErrors) -> dict[str, Any]:
    fields: dict[str, Any] = {key: text(obj, key, row, errors) for key in CARRIER}
    for key in ("DateTime", "EstimatedDepartureDateTime"):
        fields[key] = documents.moment(moment_of(obj, key, row, errors))
    # Recorded and updated with the trip, but not read back: bruno Sales/
    # GetActiveDeliveriesRetailer, GetInactiveDeliveriesRetailer and GetDeliveryRetailerById
    # have no PhoneNumberForQuestions (the store keeps `_` fields out of sight).
    fields["_PhoneNumberForQuestions"] = obj.get("PhoneNumberForQuestions")
    fields["VehicleInfo"] = " ".join(
        str(fields[key]) for key in ("VehicleMake", "VehicleModel", "VehicleLicensePlateNumber")
    )
    return fields


def totals(record: Record) -> None:
    packages = record.data["Packages"]
    record.data["TotalPackages"] = len(packages)
    record.data["TotalPrice"] = round(sum(line["TotalPrice"] for line in packages), 2)
    record.data["TotalPriceSold"] = round(
        sum(sale["TotalPrice"] for sale in record.data["Destinations"]), 2
    )


async def unload(tx: Transaction, lines: list[dict[str, Any]]) -> None:
    for line in lines:
        await deplete(tx, line["PackageLabel"], -float(line["Quantity"]))


@router.post(BASE, **openapi.write(NEW_TRIP))
async def record_trips(request: Request) -> Response:
    facility = writing(request, *SELL)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        taken: dict[str, float] = {}
        for row, obj in enumerate(objects):
            fields = _trip_fields(obj, row, errors)
            # Earlier trips of the same write have already claimed some of each package.
            lines = await load(tx, request, obj, row, errors, {k: -v for k, v in taken.items()})
            for line in lines:
                label = line["PackageLabel"]
                taken[label] = taken.get(label, 0.0) + line["Quantity"]
            plans.append((fields, lines))
        errors.raise_if_any()
        created = []
        for fields, lines in plans:
            for line in lines:
                await deplete(tx, line["PackageLabel"], line["Quantity"])
            document = {
                "FacilityLicenseNumber": facility.license_number,
                "FacilityName": facility.name,
                **fields,
                "Direction": "Outbound",
                "ActualDepartureDateTime": None,
                "RestockDateTime": None,
                "AcceptedDateTime": None,
                "CompletedDateTime": None,
                "VoidedDate": None,
                "RetailerDeliveryState": "Loaded",
                "AllowFullEdit": True,
                "Leg": 1,
                "RecordedDateTime": now(),
                "RecordedByUserName": None,
                "Destinations": [],
                "Packages": lines,
            }
            record = await tx.insert(Record(facility.license_number, KIND, "active", document))
            record.data["RetailerDeliveryNumber"] = f"{record.id:010d}"
            totals(record)
            created.append(await tx.save(record))
    return json(writes(created))


async def open_trip(
    tx: Transaction,
    request: Request,
    ident: Any,
    row: int,
    errors: RowErrors,
    *,
    departed: bool,
    seen: dict[int, Record] | None = None,
) -> Record | None:
    """The facility's active trip, before (`departed` False) or after (True) departure;
    `seen` keeps one copy of a trip named by several objects of a write."""
    facility = writing(request, *SELL)
    seen = {} if seen is None else seen
    record = seen.get(int(ident)) or await tx.get(KIND, int(ident))
    if record is not None and record.id is not None:
        seen[record.id] = record
    if record is None or record.license != facility.license_number:
        errors.add(row, f"Retailer delivery Id {ident} was not found.")
        return None
    if record.state != "active":
        errors.add(row, f"Retailer delivery {ident} is {record.data['RetailerDeliveryState']}.")
        return None
    gone = record.data["ActualDepartureDateTime"] is not None
    if departed is False and gone:
        errors.add(row, f"Retailer delivery {ident} has departed; it can no longer change.")
        return None
    if departed and not gone:
        errors.add(row, f"Retailer delivery {ident} has not departed yet.")
        return None
    return record


@router.put(BASE, **openapi.write(TRIP_CHANGE, answer=None))
async def update_trips(request: Request) -> Response:
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await open_trip(tx, request, obj["Id"], row, errors, departed=False)
            fields = _trip_fields(obj, row, errors)
            if record is None:
                continue
            back: dict[str, float] = {}
            for line in record.data["Packages"]:
                back[line["PackageLabel"]] = back.get(line["PackageLabel"], 0.0) + line["Quantity"]
            plans.append((record, fields, await load(tx, request, obj, row, errors, back)))
        errors.raise_if_any()
        for record, fields, lines in plans:
            await unload(tx, record.data["Packages"])
            for line in lines:
                await deplete(tx, line["PackageLabel"], line["Quantity"])
            record.data.update(fields, Packages=lines)
            totals(record)
            await tx.save(record)
    return Response(status_code=200)


@router.post(f"{BASE}/depart", **openapi.write(TRIP_ID, answer=None))
async def depart(request: Request) -> Response:
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        found = []
        for row, obj in enumerate(objects):
            record = await open_trip(
                tx, request, obj["RetailerDeliveryId"], row, errors, departed=False
            )
            if record is not None and not record.data["Packages"]:
                errors.add(row, f"Retailer delivery {record.id} carries no packages.")
            found.append(record)
        errors.raise_if_any()
        for record in found:
            assert record is not None
            record.data.update(
                ActualDepartureDateTime=now(),
                RetailerDeliveryState="InTransit",
                AllowFullEdit=False,
            )
            await tx.save(record)
    return Response(status_code=200)


async def _void(tx: Transaction, record: Record) -> None:
    if record.data["ActualDepartureDateTime"] is not None:
        raise message(400, f"Retailer delivery {record.id} has departed; end it instead.")
    await unload(tx, record.data["Packages"])
    record.data.update(VoidedDate=now(), RetailerDeliveryState="Voided")


archive_route(
    router,
    f"{BASE}/{{delivery_id:int}}",
    KIND,
    "Retailer delivery",
    capability=SELL,
    on_archive=_void,
    name="void_retailer_delivery",
)
