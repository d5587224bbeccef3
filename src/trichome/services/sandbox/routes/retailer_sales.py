"""Retailer deliveries, under way: sales from the vehicle, restocks and the end of the trip
(RecordSaleFromRetailerDelivery, RestockRetailerDeliveries, EndRetailerDeliveries); see
`retailer_deliveries` for the whole life of a trip and where its shapes were documented.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.retailer import destination
from trichome.sandbox.store import Record
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import ID, MOMENT, NUMBER, SALE, SIGNED, TEXT, UNIT, shape
from trichome.services.sandbox.common import json, number, store, writing, written
from trichome.services.sandbox.routes.deliveries import moment_of
from trichome.services.sandbox.routes.packages import convert
from trichome.services.sandbox.routes.retailer_deliveries import (
    BASE,
    RECIPIENT,
    load,
    now,
    open_trip,
    totals,
    unload,
)
from trichome.services.sandbox.routes.sales import SELL, checked_header, deplete
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()
SALE_FROM_TRIP = shape({"RetailerDeliveryId": ID, **SALE}, {key: {} for key in RECIPIENT})
RESTOCK = shape(
    {
        "RetailerDeliveryId": ID,
        "DateTime": MOMENT,
        "Packages": {
            "type": "array",
            "minItems": 1,
            "items": shape(
                {"PackageLabel": TEXT, "Quantity": NUMBER, "UnitOfMeasure": UNIT},
                {"TotalPrice": SIGNED, "RemoveCurrentPackage": {"type": "boolean"}},
            ),
        },
    },
    {"EstimatedDepartureDateTime": {}, "Destinations": {}},
)
ENDING = shape(
    {
        "RetailerDeliveryId": ID,
        "ActualArrivalDateTime": MOMENT,
        "Packages": {
            "type": "array",
            "items": shape({"Label": TEXT, "EndQuantity": NUMBER, "EndUnitOfMeasure": UNIT}),
        },
    },
)


def _on_board(record: Record) -> dict[str, dict[str, Any]]:
    return {line["PackageLabel"]: line for line in record.data["Packages"]}


@router.post(f"{BASE}/sale", **openapi.write(SALE_FROM_TRIP))
async def sell(request: Request) -> Response:
    facility = writing(request, *SELL)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        sold: dict[tuple[int, str], float] = {}
        seen: dict[int, Record] = {}
        for row, obj in enumerate(objects):
            record = await open_trip(
                tx, request, obj["RetailerDeliveryId"], row, errors, departed=True, seen=seen
            )
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
                amount = convert(
                    float(entry["Quantity"]), str(entry["UnitOfMeasure"]), line["UnitOfMeasureName"]
                )
                if amount is None:
                    errors.add(row, f"{entry['UnitOfMeasure']} cannot be sold from {label}.")
                    continue
                key = (record.id or 0, label)
                sold[key] = sold.get(key, 0.0) + amount
                if sold[key] > line["Quantity"] + 1e-9:
                    errors.add(
                        row,
                        f"Retailer delivery {record.id} carries only "
                        f"{line['Quantity']:g} {line['UnitOfMeasureName']} of {label}.",
                    )
                lines.append((line, amount, float(entry["TotalAmount"])))
            plans.append((record, obj, sold_at, customer, lines))
        errors.raise_if_any()
        for record, obj, sold_at, customer, lines in plans:
            assert sold_at is not None  # checked_header found it, or raise_if_any raised
            when = documents.moment(sold_at)
            rows = []
            for line, amount, price in lines:
                line["Quantity"] = round(line["Quantity"] - amount, 4)
                rows.append(
                    {
                        key: line[key]
                        for key in (
                            "PackageId",
                            "PackageLabel",
                            "ProductName",
                            "ProductCategoryName",
                            "ItemStrainName",
                            "UnitOfMeasureName",
                        )
                    }
                    | {
                        "QuantitySold": round(amount, 4),
                        "TotalPrice": round(price, 2),
                        "SalesDeliveryState": "Delivered",
                        "RecordedDateTime": when,
                    }
                )
            record.data["Destinations"].append(
                destination(facility, record, obj, sold_at, customer, rows)
            )
            totals(record)
            await tx.save(record)
    return json(writes([record for record, *_ in plans]))


@router.post(f"{BASE}/restock", **openapi.write(RESTOCK))
async def restock(request: Request) -> Response:
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await open_trip(
                tx, request, obj["RetailerDeliveryId"], row, errors, departed=True
            )
            moment_of(obj, "DateTime", row, errors)
            if record is None:
                continue
            board = _on_board(record)
            removed = [e for e in obj["Packages"] if e.get("RemoveCurrentPackage")]
            for entry in removed:
                if entry["PackageLabel"] not in board:
                    errors.add(row, f"Package {entry['PackageLabel']} is not on the delivery.")
            adding = {**obj, "Packages": [e for e in obj["Packages"] if e not in removed]}
            added = await load(tx, request, adding, row, errors, {}) if adding["Packages"] else []
            plans.append(
                (
                    record,
                    [board[e["PackageLabel"]] for e in removed if e["PackageLabel"] in board],
                    added,
                )
            )
        errors.raise_if_any()
        for record, removed, added in plans:
            await unload(tx, removed)
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
            record.data.update(Packages=lines, RestockDateTime=now())
            totals(record)
            await tx.save(record)
    return json(writes([record for record, *_ in plans]))


@router.post(f"{BASE}/end", **openapi.write(ENDING))
async def end(request: Request) -> Response:
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await open_trip(
                tx, request, obj["RetailerDeliveryId"], row, errors, departed=True
            )
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
                amount = convert(
                    number(entry, "EndQuantity", row, errors, positive=False),
                    str(entry["EndUnitOfMeasure"]),
                    line["UnitOfMeasureName"],
                )
                if amount is None or amount > line["Quantity"] + 1e-9:
                    errors.add(
                        row,
                        f"Package {label} cannot end with more than the "
                        f"{line['Quantity']:g} {line['UnitOfMeasureName']} unsold.",
                    )
                    continue
                counted[label] = amount
            left = {label for label, line in board.items() if line["Quantity"] > 0}
            missing = sorted(left - set(counted))
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
                line["CompletedDateTime"] = line["LastModified"] = now()
            # The trip's own arrival is not read back (bruno Sales/GetDeliveryRetailerById and
            # the lists have CompletedDateTime, no ActualArrivalDateTime): kept out of sight.
            record.data.update(
                _ActualArrivalDateTime=documents.moment(arrived),
                CompletedDateTime=now(),
                RetailerDeliveryState="Completed",
            )
            record.state = "inactive"
            await tx.save(record)
    return json(writes([record for record, *_ in plans]))
