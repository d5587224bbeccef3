"""Strains, items (products) and processing jobs."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.item_categories import CATEGORY_NAMES
from trichome.sandbox.reference import UNITS_OF_MEASURE
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.common import (
    json,
    list_routes,
    one_route,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()
UNIT_NAMES = {unit["Name"]: unit["QuantityType"] for unit in UNITS_OF_MEASURE}
TESTING_STATUSES = {"None", "InHouse", "ThirdParty"}


list_routes(
    router,
    "strain",
    {"/strains/v2/active": ["active"], "/strains/v2/inactive": ["inactive"]},
)


one_route(router, "/strains/v2/{strain_id:int}", "strain", "Strain", name="one_strain")


def _strain_fields(obj: dict[str, Any], row: int, errors: RowErrors) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    status = obj.get("TestingStatus", "None")
    if status not in TESTING_STATUSES:
        errors.add(row, f"TestingStatus must be one of {sorted(TESTING_STATUSES)}.")
    fields["TestingStatus"] = status
    for key in ("ThcLevel", "CbdLevel"):
        value = obj.get(key)
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int | float) or value < 0
        ):
            errors.add(row, f"{key} must be a number of 0 or more.")
        fields[key] = value
    indica, sativa = obj.get("IndicaPercentage", 50), obj.get("SativaPercentage", 50)
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in (indica, sativa)):
        errors.add(row, "IndicaPercentage and SativaPercentage must be numbers.")
    elif abs(float(indica) + float(sativa) - 100) > 0.001:
        errors.add(row, "IndicaPercentage and SativaPercentage must add up to 100.")
    fields["IndicaPercentage"], fields["SativaPercentage"] = indica, sativa
    genetics = obj.get("Genetics")
    if genetics is not None and not isinstance(genetics, str):
        errors.add(row, "Genetics must be text, e.g. 'Chemdawg x Super Skunk'.")
    fields["Genetics"] = genetics
    return fields


@router.post("/strains/v2", **openapi.write(bodies.NEW_STRAIN))
@router.post("/strains/v2/", **openapi.write(bodies.NEW_STRAIN))
async def create_strains(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    created: list[Record] = []
    async with store(request).transaction() as tx:
        fields = []
        for row, obj in enumerate(objects):
            name = text(obj, "Name", row, errors)
            fields.append(_strain_fields(obj, row, errors))
            if name and await tx.by_name(facility.license_number, "strain", name):
                errors.add(row, f"A strain named {name!r} already exists.")
        errors.raise_if_any()
        for obj, values in zip(objects, fields, strict=True):
            record = documents.strain(
                facility,
                obj["Name"].strip(),
                values["ThcLevel"],
                values["CbdLevel"],
                values["IndicaPercentage"],
                values["SativaPercentage"],
                values["TestingStatus"],
            )
            record.data["Genetics"] = values["Genetics"]
            created.append(await tx.insert(record))
    return json(writes(created))


@router.put("/strains/v2", **openapi.write(bodies.STRAIN_CHANGE, answer=None))
@router.put("/strains/v2/", **openapi.write(bodies.STRAIN_CHANGE, answer=None))
async def update_strains(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        records = []
        for row, obj in enumerate(objects):
            record = (
                await tx.get("strain", obj.get("Id", 0)) if isinstance(obj.get("Id"), int) else None
            )
            if record is None or record.license != facility.license_number:
                errors.add(row, f"Strain Id {obj.get('Id')!r} was not found.")
            records.append(
                (record, _strain_fields({**(record.data if record else {}), **obj}, row, errors))
            )
        errors.raise_if_any()
        for (record, values), obj in zip(records, objects, strict=True):
            assert record is not None
            record.data.update(values)
            if obj.get("Name"):
                record.data["Name"] = record.name = str(obj["Name"]).strip()
            await tx.save(record)
    return Response(status_code=200)


list_routes(router, "item", {"/items/v2/active": ["active"], "/items/v2/inactive": ["inactive"]})


one_route(router, "/items/v2/{item_id:int}", "item", "Item", name="one_item")


async def _item_checks(
    tx: Transaction, license_number: str, obj: dict[str, Any], row: int, errors: RowErrors
) -> Record | None:
    category = text(obj, "ItemCategory", row, errors)
    unit = text(obj, "UnitOfMeasure", row, errors)
    strain_record = None
    if category and category not in CATEGORY_NAMES:
        errors.add(row, f"Item category {category!r} does not exist.")
    elif category:
        kind = CATEGORY_NAMES[category]
        if unit and UNIT_NAMES.get(unit) != kind["QuantityType"]:
            errors.add(row, f"{category} items are {kind['QuantityType']}; {unit!r} does not fit.")
        if kind["RequiresStrain"] or obj.get("Strain"):
            strain_name = text(obj, "Strain", row, errors)
            strain_record = (
                await tx.by_name(license_number, "strain", strain_name) if strain_name else None
            )
            if strain_name and strain_record is None:
                errors.add(row, f"Strain {strain_name!r} does not exist.")
        if kind["RequiresUnitThcContent"] and not isinstance(
            obj.get("UnitThcContent"), int | float
        ):
            errors.add(row, f"{category} items need UnitThcContent (mg).")
    return strain_record


@router.post("/items/v2", **openapi.write(bodies.NEW_ITEM))
@router.post("/items/v2/", **openapi.write(bodies.NEW_ITEM))
async def create_items(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    created: list[Record] = []
    async with store(request).transaction() as tx:
        strains = []
        for row, obj in enumerate(objects):
            name = text(obj, "Name", row, errors)
            strains.append(await _item_checks(tx, facility.license_number, obj, row, errors))
            if name and await tx.by_name(facility.license_number, "item", name):
                errors.add(row, f"An item named {name!r} already exists.")
        errors.raise_if_any()
        for obj, strain_record in zip(objects, strains, strict=True):
            record = documents.item(
                facility,
                obj["Name"].strip(),
                obj["ItemCategory"],
                obj["UnitOfMeasure"],
                strain_record,
                obj.get("UnitThcContent"),
                obj.get("UnitWeight"),
            )
            created.append(await tx.insert(record))
    return json(writes(created))


@router.put("/items/v2", **openapi.write(bodies.ITEM_CHANGE, answer=None))
@router.put("/items/v2/", **openapi.write(bodies.ITEM_CHANGE, answer=None))
async def update_items(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        changes: list[tuple[Record | None, dict[str, Any]]] = []
        strains: list[Record | None] = []
        for row, obj in enumerate(objects):
            record = await tx.get("item", obj["Id"]) if isinstance(obj.get("Id"), int) else None
            if record is None or record.license != facility.license_number:
                errors.add(row, f"Item Id {obj.get('Id')!r} was not found.")
                changes.append((None, obj))
                strains.append(None)
                continue
            current = {
                "ItemCategory": record.data["ProductCategoryName"],
                "UnitOfMeasure": record.data["UnitOfMeasureName"],
                "Strain": record.data.get("StrainName"),
                **obj,
            }
            strains.append(await _item_checks(tx, facility.license_number, current, row, errors))
            changes.append((record, current))
        errors.raise_if_any()
        for (record, values), strain in zip(changes, strains, strict=True):
            assert record is not None
            if values.get("Name"):
                record.data["Name"] = record.name = str(values["Name"]).strip()
            record.data["UnitOfMeasureName"] = values["UnitOfMeasure"]
            record.data["StrainId"] = strain.id if strain else None
            record.data["StrainName"] = strain.name if strain else None
            for key in ("UnitThcContent", "UnitWeight"):
                if key in values:
                    record.data[key] = values[key]
            if "UnitWeight" in values:
                record.data["UnitWeightUnitOfMeasureName"] = values.get(
                    "UnitWeightUnitOfMeasure", record.data.get("UnitWeightUnitOfMeasureName")
                )
            await tx.save(record)
    return Response(status_code=200)


list_routes(
    router,
    "processingjob",
    {"/processing/v2/active": ["active"], "/processing/v2/inactive": ["inactive"]},
    capability=("CanInfuseProducts", "run processing jobs"),
)
