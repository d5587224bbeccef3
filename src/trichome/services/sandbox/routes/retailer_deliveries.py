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
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import ID, MAYBE_TEXT, MOMENT, NUMBER, SALE, SIGNED, TEXT
from trichome.services.sandbox.bodies import UNIT, shape
from trichome.services.sandbox.common import archive_route, json, list_routes, number, one_route
from trichome.services.sandbox.common import store, text, writing, written
from trichome.services.sandbox.routes.deliveries import moment_of
from trichome.services.sandbox.routes.packages import convert
from trichome.services.sandbox.routes.sales import SELL, checked_header, deplete, sale_lines
from trichome.services.sandbox.rules import RowErrors, message, writes

router = APIRouter()
KIND = "retailerdelivery"
BASE = "/sales/v2/deliveries/retailer"
_CARRIER = ("DriverName", "DriverEmployeeId", "DriversLicenseNumber", "VehicleMake",
            "VehicleModel", "VehicleLicensePlateNumber")  # fmt: skip
_RECIPIENT = (
    "PatientLicenseNumber", "ConsumerId", "RecipientName", "RecipientAddressStreet1",
    "RecipientAddressStreet2", "RecipientAddressCity", "RecipientAddressCounty",
    "RecipientAddressState", "RecipientAddressPostalCode", "RecipientZoneId",
    "PlannedRoute", "PhoneNumberForQuestions", "EstimatedArrivalDateTime",
)  # fmt: skip
_LOAD = {
    "type": "array",
    "minItems": 1,
    "items": shape(
        {"PackageLabel": TEXT, "Quantity": NUMBER, "UnitOfMeasure": UNIT},
        {"TotalPrice": SIGNED, "DateTime": {}},
    ),
}
_TRIP = {"DateTime": MOMENT, **{key: TEXT for key in _CARRIER}, "EstimatedDepartureDateTime": MOMENT}
_TRIP_EXTRAS = {"PhoneNumberForQuestions": MAYBE_TEXT, "Destinations": {}}
NEW_TRIP = shape({**_TRIP, "Packages": _LOAD}, _TRIP_EXTRAS)
TRIP_CHANGE = shape({"Id": ID, **_TRIP, "Packages": _LOAD}, _TRIP_EXTRAS)
TRIP_ID = shape({"RetailerDeliveryId": ID})
SALE_FROM_TRIP = shape({"RetailerDeliveryId": ID, **SALE}, {key: {} for key in _RECIPIENT})
RESTOCK = shape(
    {"RetailerDeliveryId": ID, "DateTime": MOMENT, "Packages": {
        "type": "array", "minItems": 1,
        "items": shape({"PackageLabel": TEXT, "Quantity": NUMBER, "UnitOfMeasure": UNIT},
                       {"TotalPrice": SIGNED, "RemoveCurrentPackage": {"type": "boolean"}}),
    }},
    {"EstimatedDepartureDateTime": {}, "Destinations": {}},
)  # fmt: skip
ENDING = shape(
    {"RetailerDeliveryId": ID, "ActualArrivalDateTime": MOMENT, "Packages": {
        "type": "array",
        "items": shape({"Label": TEXT, "EndQuantity": NUMBER, "EndUnitOfMeasure": UNIT}),
    }},
)  # fmt: skip

list_routes(router, KIND, {f"{BASE}/active": ["active"], f"{BASE}/inactive": ["inactive"]},
            capability=SELL)  # fmt: skip
one_route(router, f"{BASE}/{{delivery_id:int}}", KIND, "Retailer delivery", capability=SELL,
          name="retailer_delivery")  # fmt: skip


def _now() -> str | None:
    return documents.moment(datetime.now(UTC))


async def _load(
    tx: Transaction, request: Request, obj: dict[str, Any], row: int, errors: RowErrors,
    giving_back: dict[str, float],
) -> list[dict[str, Any]]:  # fmt: skip
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
    return [
        {
            "PackageId": package.id,
            "PackageLabel": package.label,
            "ProductName": package.data["Item"]["Name"],
            "ProductCategoryName": package.data["Item"]["ProductCategoryName"],
            "ItemStrainName": package.data["Item"].get("StrainName"),
            "Quantity": round(amount, 4),
            "UnitOfMeasureName": package.data["UnitOfMeasureName"],
            "TotalPrice": round(price, 2),
            "RetailerDeliveryState": None,
            "RecordedDateTime": _now(),
        }
        for package, amount, price, _unit in lines
    ]


def _trip_fields(obj: dict[str, Any], row: int, errors: RowErrors) -> dict[str, Any]:
    fields: dict[str, Any] = {key: text(obj, key, row, errors) for key in _CARRIER}
    for key in ("DateTime", "EstimatedDepartureDateTime"):
        fields[key] = documents.moment(moment_of(obj, key, row, errors))
    fields["PhoneNumberForQuestions"] = obj.get("PhoneNumberForQuestions")
    fields["VehicleInfo"] = " ".join(
        str(fields[key]) for key in ("VehicleMake", "VehicleModel", "VehicleLicensePlateNumber")
    )
    return fields


def _totals(record: Record) -> None:
    packages = record.data["Packages"]
    record.data["TotalPackages"] = len(packages)
    record.data["TotalPrice"] = round(sum(line["TotalPrice"] for line in packages), 2)
    record.data["TotalPriceSold"] = round(
        sum(sale["TotalPrice"] for sale in record.data["Destinations"]), 2
    )


async def _unload(tx: Transaction, lines: list[dict[str, Any]]) -> None:
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
            lines = await _load(tx, request, obj, row, errors, {k: -v for k, v in taken.items()})
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
                "RecordedDateTime": _now(),
                "RecordedByUserName": None,
                "Destinations": [],
                "Packages": lines,
            }
            record = await tx.insert(Record(facility.license_number, KIND, "active", document))
            record.data["RetailerDeliveryNumber"] = f"{record.id:010d}"
            _totals(record)
            created.append(await tx.save(record))
    return json(writes(created))


async def _trip(
    tx: Transaction, request: Request, ident: Any, row: int, errors: RowErrors, *,
    departed: bool, seen: dict[int, Record] | None = None,
) -> Record | None:  # fmt: skip
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
            record = await _trip(tx, request, obj["Id"], row, errors, departed=False)
            fields = _trip_fields(obj, row, errors)
            if record is None:
                continue
            back: dict[str, float] = {}
            for line in record.data["Packages"]:
                back[line["PackageLabel"]] = back.get(line["PackageLabel"], 0.0) + line["Quantity"]
            plans.append((record, fields, await _load(tx, request, obj, row, errors, back)))
        errors.raise_if_any()
        for record, fields, lines in plans:
            await _unload(tx, record.data["Packages"])
            for line in lines:
                await deplete(tx, line["PackageLabel"], line["Quantity"])
            record.data.update(fields, Packages=lines)
            _totals(record)
            await tx.save(record)
    return Response(status_code=200)


@router.post(f"{BASE}/depart", **openapi.write(TRIP_ID, answer=None))
async def depart(request: Request) -> Response:
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        found = []
        for row, obj in enumerate(objects):
            record = await _trip(tx, request, obj["RetailerDeliveryId"], row, errors,
                                 departed=False)  # fmt: skip
            if record is not None and not record.data["Packages"]:
                errors.add(row, f"Retailer delivery {record.id} carries no packages.")
            found.append(record)
        errors.raise_if_any()
        for record in found:
            assert record is not None
            record.data.update(ActualDepartureDateTime=_now(), RetailerDeliveryState="InTransit",
                               AllowFullEdit=False)  # fmt: skip
            await tx.save(record)
    return Response(status_code=200)


def _on_board(record: Record) -> dict[str, dict[str, Any]]:
    return {line["PackageLabel"]: line for line in record.data["Packages"]}


@router.post(f"{BASE}/sale", **openapi.write(SALE_FROM_TRIP))
async def sell(request: Request) -> Response:
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        sold: dict[tuple[int, str], float] = {}
        seen: dict[int, Record] = {}
        for row, obj in enumerate(objects):
            record = await _trip(tx, request, obj["RetailerDeliveryId"], row, errors,
                                 departed=True, seen=seen)  # fmt: skip
            sold_at, customer = checked_header(obj, row, errors)
            if record is None:
                continue
            board = _on_board(record)
            lines = []
            for entry in obj["Transactions"]:
                label = str(entry.get("PackageLabel"))
                line = board.get(label)
                if line is None:
                    errors.add(row, f"Package {label} is not on retailer delivery {record.id}.")
                    continue
                amount = convert(float(entry["Quantity"]), str(entry["UnitOfMeasure"]),
                                 line["UnitOfMeasureName"])  # fmt: skip
                if amount is None:
                    errors.add(row, f"{entry['UnitOfMeasure']} cannot be sold from {label}.")
                    continue
                key = (record.id or 0, label)
                sold[key] = sold.get(key, 0.0) + amount
                if sold[key] > line["Quantity"] + 1e-9:
                    errors.add(row, f"Retailer delivery {record.id} carries only "
                                    f"{line['Quantity']:g} {line['UnitOfMeasureName']} of {label}.")  # fmt: skip
                lines.append((line, amount, float(entry["TotalAmount"])))
            plans.append((record, obj, sold_at, customer, lines))
        errors.raise_if_any()
        for record, obj, sold_at, customer, lines in plans:
            when = documents.moment(sold_at)
            rows = []
            for line, amount, price in lines:
                line["Quantity"] = round(line["Quantity"] - amount, 4)
                rows.append({key: line[key] for key in ("PackageId", "PackageLabel", "ProductName",
                             "ProductCategoryName", "ItemStrainName", "UnitOfMeasureName")}
                            | {"QuantitySold": round(amount, 4), "TotalPrice": round(price, 2),
                               "SalesDeliveryState": "Delivered", "RecordedDateTime": when})  # fmt: skip
            destinations = record.data["Destinations"]
            destinations.append({
                "Id": len(destinations) + 1, "SalesDateTime": when, "SalesCustomerType": customer,
                **{key: obj.get(key) for key in _RECIPIENT},
                **{key: record.data[key] for key in _CARRIER},
                "ActualArrivalDateTime": when, "TotalPackages": len(rows),
                "TotalPrice": round(sum(r["TotalPrice"] for r in rows), 2),
                "SalesDeliveryState": "Delivered", "Transactions": rows,
            })  # fmt: skip
            _totals(record)
            await tx.save(record)
    return json(writes([record for record, *_ in plans]))


@router.post(f"{BASE}/restock", **openapi.write(RESTOCK))
async def restock(request: Request) -> Response:
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await _trip(tx, request, obj["RetailerDeliveryId"], row, errors,
                                 departed=True)  # fmt: skip
            moment_of(obj, "DateTime", row, errors)
            if record is None:
                continue
            board = _on_board(record)
            removed = [e for e in obj["Packages"] if e.get("RemoveCurrentPackage")]
            for entry in removed:
                if entry["PackageLabel"] not in board:
                    errors.add(row, f"Package {entry['PackageLabel']} is not on the delivery.")
            adding = {**obj, "Packages": [e for e in obj["Packages"] if e not in removed]}
            added = await _load(tx, request, adding, row, errors, {}) if adding["Packages"] else []
            plans.append((record, [board[e["PackageLabel"]] for e in removed
                                   if e["PackageLabel"] in board], added))  # fmt: skip
        errors.raise_if_any()
        for record, removed, added in plans:
            await _unload(tx, removed)
            lines = [line for line in record.data["Packages"] if line not in removed]
            board = {line["PackageLabel"]: line for line in lines}
            for line in added:
                await deplete(tx, line["PackageLabel"], line["Quantity"])
                if line["PackageLabel"] in board:
                    kept = board[line["PackageLabel"]]
                    kept["Quantity"] = round(kept["Quantity"] + line["Quantity"], 4)
                    kept["TotalPrice"] = round(kept["TotalPrice"] + line["TotalPrice"], 2)
                else:
                    lines.append(line)
            record.data.update(Packages=lines, RestockDateTime=_now())
            _totals(record)
            await tx.save(record)
    return json(writes([record for record, *_ in plans]))


@router.post(f"{BASE}/end", **openapi.write(ENDING))
async def end(request: Request) -> Response:
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await _trip(tx, request, obj["RetailerDeliveryId"], row, errors,
                                 departed=True)  # fmt: skip
            arrived = moment_of(obj, "ActualArrivalDateTime", row, errors)
            if record is None:
                continue
            board = _on_board(record)
            counted: dict[str, float] = {}
            for entry in obj["Packages"]:
                label = str(entry["Label"])
                line = board.get(label)
                if line is None or label in counted:
                    errors.add(row, f"Package {label} is not on the delivery or is named twice.")
                    continue
                amount = convert(number(entry, "EndQuantity", row, errors, positive=False),
                                 str(entry["EndUnitOfMeasure"]), line["UnitOfMeasureName"])  # fmt: skip
                if amount is None or amount > line["Quantity"] + 1e-9:
                    errors.add(row, f"Package {label} cannot end with more than the "
                                    f"{line['Quantity']:g} {line['UnitOfMeasureName']} unsold.")  # fmt: skip
                    continue
                counted[label] = amount
            missing = sorted(set(board) - set(counted))
            if missing:
                errors.add(row, f"Count every package still on board; missing: {missing}.")
            plans.append((record, arrived, counted))
        errors.raise_if_any()
        for record, arrived, counted in plans:
            for label, amount in counted.items():
                await deplete(tx, label, -amount)
            for line in record.data["Packages"]:
                line["Quantity"] = 0.0
                line["RetailerDeliveryState"] = "Completed"
            record.data.update(ActualArrivalDateTime=documents.moment(arrived),
                               CompletedDateTime=_now(), RetailerDeliveryState="Completed")  # fmt: skip
            record.state = "inactive"
            await tx.save(record)
    return json(writes([record for record, *_ in plans]))


async def _void(tx: Transaction, record: Record) -> None:
    if record.data["ActualDepartureDateTime"] is not None:
        raise message(400, f"Retailer delivery {record.id} has departed; end it instead.")
    await _unload(tx, record.data["Packages"])
    record.data.update(VoidedDate=_now(), RetailerDeliveryState="Voided")


archive_route(router, f"{BASE}/{{delivery_id:int}}", KIND, "Retailer delivery", capability=SELL,
              on_archive=_void, name="void_retailer_delivery")  # fmt: skip
