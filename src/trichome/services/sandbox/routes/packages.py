"""Packages: the lists, one package, and new packages made from others or as lab samples.

A package's later changes (adjustments, moves, finishing, remediation) are in
`package_changes`.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.facilities import Facility
from trichome.sandbox.reference import UNIT_GRAMS
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.common import (
    Ident,
    a_date,
    json,
    list_routes,
    number,
    owned,
    reading,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.routes.harvests import package_tag, use_tag
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()


def convert(quantity: float, unit: str, to_unit: str) -> float | None:
    """A quantity in another unit, or None when the units cannot convert (count vs weight)."""
    if unit == to_unit:
        return quantity
    if unit in UNIT_GRAMS and to_unit in UNIT_GRAMS:
        return quantity * UNIT_GRAMS[unit] / UNIT_GRAMS[to_unit]
    return None


list_routes(
    router,
    "package",
    {
        "/packages/v2/active": ["active"],
        "/packages/v2/onhold": ["onhold"],
        "/packages/v2/inactive": ["inactive"],
        "/packages/v2/intransit": ["intransit"],
    },
)
list_routes(router, "packageadjustment", {"/packages/v2/adjustments": None})


@router.get("/packages/v2/{ident:ident}", **openapi.one())
async def one(request: Request, ident: Ident) -> Response:
    facility = reading(request)
    async with store(request).transaction() as tx:
        record = await (
            tx.get("package", int(ident)) if ident.isdigit() else tx.by_label("package", ident)
        )
        record = owned(record, facility, f"Package {ident}")
    return json(record.document())


async def own_package(
    tx: Transaction,
    facility: Facility,
    label: str,
    row: int,
    errors: RowErrors,
    *,
    states: tuple[str, ...] = ("active",),
) -> Record | None:
    """A package of the facility in one of the states, or a row error."""
    record = await tx.by_label("package", label) if label else None
    if record is None or record.license != facility.license_number:
        errors.add(row, f"Package {label!r} was not found at this facility.")
        return None
    if record.state not in states:
        errors.add(row, f"Package {label} is {record.state}; this needs it {' or '.join(states)}.")
    return record


async def _ingredients(
    tx: Transaction, facility: Facility, obj: dict[str, Any], row: int, errors: RowErrors
) -> list[tuple[Record, float]]:
    taken = []
    for ingredient in obj.get("Ingredients") or []:
        if not isinstance(ingredient, dict):
            errors.add(row, "Each ingredient must be an object.")
            continue
        source = await own_package(
            tx, facility, text(ingredient, "Package", row, errors), row, errors
        )
        quantity = number(ingredient, "Quantity", row, errors)
        unit = text(ingredient, "UnitOfMeasure", row, errors)
        if source is None or not unit:
            continue
        amount = convert(quantity, unit, source.data["UnitOfMeasureName"])
        if amount is None:
            errors.add(
                row,
                f"{unit} cannot be taken from {source.label}, "
                f"which is in {source.data['UnitOfMeasureName']}.",
            )
        elif amount > source.data["Quantity"] + 1e-9:
            errors.add(
                row,
                f"Package {source.label} holds only "
                f"{source.data['Quantity']:g} {source.data['UnitOfMeasureName']}.",
            )
        else:
            taken.append((source, amount))
    return taken


def _source_item(source: Record) -> Record:
    """The item a package carries, as a record (for packages made with `UseSameItem`)."""
    snapshot = dict(source.data["Item"])
    item_id = int(snapshot.pop("Id"))
    return Record(source.license, "item", "active", snapshot, name=snapshot.get("Name"), id=item_id)


async def _take(tx: Transaction, taken: list[tuple[Record, float]]) -> None:
    for source, amount in taken:
        fresh = await tx.get("package", source.id)
        assert fresh is not None
        fresh.data["Quantity"] = round(fresh.data["Quantity"] - amount, 4)
        await tx.save(fresh)


async def _new_packages(request: Request, *, testing: bool) -> Response:
    capability = ("CanSubmitPackagesForTesting", "submit packages for testing") if testing else None
    facility = writing(
        request, *(capability or ("CanCreateDerivedPackages", "create packages from packages"))
    )
    objects = await written(request)
    errors = RowErrors()
    created: list[Record] = []
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            tag = await package_tag(tx, facility, text(obj, "Tag", row, errors), row, errors)
            location = await tx.by_name(
                facility.license_number, "location", str(obj.get("Location") or "")
            )
            taken = await _ingredients(tx, facility, obj, row, errors)
            if obj.get("UseSameItem") is True:
                # Repackaging keeps the source's item, even one another licence created.
                item = _source_item(taken[0][0]) if taken else None
                if item is None:
                    errors.add(row, "UseSameItem needs an ingredient package of this facility.")
            else:
                item = await tx.by_name(
                    facility.license_number, "item", text(obj, "Item", row, errors)
                )
                if item is None:
                    errors.add(row, "Item does not exist at this facility (or send UseSameItem).")
            quantity = number(obj, "Quantity", row, errors)
            unit = text(obj, "UnitOfMeasure", row, errors)
            if (
                item is not None
                and unit
                and documents.quantity_type(unit) != item.data["QuantityType"]
            ):
                errors.add(
                    row, f"Item {item.name} is {item.data['QuantityType']}; {unit!r} does not fit."
                )
            when = a_date(obj, "ActualDate", row, errors)
            if not obj.get("Ingredients"):
                errors.add(row, "Ingredients must list the packages this one is made from.")
            plans.append((tag, location, item, quantity, unit, when, taken, obj))
        errors.raise_if_any()
        for tag, location, item, quantity, unit, when, taken, obj in plans:
            assert tag is not None and item is not None and when is not None
            place = location or await tx.get("location", taken[0][0].data["LocationId"])
            assert place is not None
            states = {source.data["LabTestingState"] for source, _ in taken}
            inherited = states.pop() if len(states) == 1 else "NotSubmitted"
            record = documents.package(
                facility,
                tag.label or "",
                item,
                quantity,
                unit,
                place,
                when,
                source_packages=[source.label or "" for source, _ in taken],
                lab_state="SubmittedForTesting" if testing else inherited,
                production_batch=obj.get("ProductionBatchNumber")
                if obj.get("IsProductionBatch")
                else None,
            )
            record.data["IsTestingSample"] = testing
            created.append(await tx.insert(record))
            await use_tag(tx, tag)
            await _take(tx, taken)
            if testing:
                for source, _ in taken:
                    fresh = await tx.get("package", source.id)
                    assert fresh is not None
                    fresh.data["LabTestingState"] = "SubmittedForTesting"
                    fresh.data["LabTestingStateDate"] = documents.day(when)
                    await tx.save(fresh)
    return json(writes(created))


@router.post("/packages/v2", **openapi.write(bodies.NEW_PACKAGE))
@router.post("/packages/v2/", **openapi.write(bodies.NEW_PACKAGE))
async def create(request: Request) -> Response:
    return await _new_packages(request, testing=False)


@router.post("/packages/v2/testing", **openapi.write(bodies.NEW_PACKAGE))
async def submit_for_testing(request: Request) -> Response:
    return await _new_packages(request, testing=True)
