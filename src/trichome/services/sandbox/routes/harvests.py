"""Harvests: packages from harvest weight, waste, moves, renames, finishing."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents, removals
from trichome.sandbox.facilities import Facility
from trichome.sandbox.reference import HARVEST_WASTE_TYPES, UNIT_GRAMS
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.common import (
    ObjectId,
    a_date,
    canonical,
    json,
    list_routes,
    number,
    one_route,
    owned,
    reading,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.growing import grams
from trichome.services.sandbox.rules import RowErrors, message, paging_of, writes

router = APIRouter()
GROW = ("CanGrowPlants", "work with harvests")
WASTE_TYPES = {t["Name"] for t in HARVEST_WASTE_TYPES}


list_routes(
    router,
    "harvest",
    {
        "/harvests/v2/active": ["active"],
        "/harvests/v2/inactive": ["inactive"],
        "/harvests/v2/onhold": ["onhold"],
    },
    capability=GROW,
)


@router.get("/harvests/v2/waste", **openapi.children(openapi.id_query("harvestId", "harvest")))
async def waste(request: Request) -> Response:
    facility = reading(request, *GROW)
    harvest_id = request.query_params.get("harvestId", "")
    if not harvest_id.isdigit():
        raise message(400, "harvestId is required.")
    async with store(request).transaction() as tx:
        owned(await tx.get("harvest", int(harvest_id)), facility, f"Harvest {harvest_id}")
        records = [
            record
            for record in await tx.children("harvestwaste", "harvest", int(harvest_id))
            if record.state == "recorded"
        ]
    from trichome.services.sandbox.rules import envelope

    paging = paging_of(request)
    total = len(records)
    if paging is not None:
        records = records[(paging.number - 1) * paging.size : paging.number * paging.size]
    return json(envelope(records, total, paging))


@router.delete("/harvests/v2/waste/{waste_id:int}", **openapi.action())
async def delete_waste(request: Request, waste_id: ObjectId) -> Response:
    """Undo a waste record: its weight goes back to the harvest."""
    facility = writing(request, *GROW)
    async with store(request).transaction() as tx:
        record = await tx.get("harvestwaste", waste_id)
        if record is None or record.state != "recorded":
            record = None
        record = owned(record, facility, f"Harvest waste {waste_id}")
        harvest = await tx.get("harvest", record.data["_HarvestId"])
        assert harvest is not None
        if harvest.state != "active":
            raise message(400, f"Harvest {harvest.name} is finished; unfinish it first.")
        wasted = grams(record.data["WasteWeight"], record.data["UnitOfWeightName"])
        harvest.data["TotalWasteWeight"] = round(harvest.data["TotalWasteWeight"] - wasted, 4)
        harvest.data["CurrentWeight"] = round(harvest.data["CurrentWeight"] + wasted, 4)
        await tx.save(harvest)
        record.state = "deleted"
        await tx.save(record)
    return Response(status_code=200)


one_route(router, "/harvests/v2/{harvest_id:int}", "harvest", "Harvest", capability=GROW)


async def _harvest(
    tx: Transaction,
    facility: Facility,
    obj: dict[str, Any],
    row: int,
    errors: RowErrors,
    *,
    active_only: bool = True,
) -> Record | None:
    harvest_id = obj.get("Id", obj.get("HarvestId"))
    record = await tx.get("harvest", harvest_id) if isinstance(harvest_id, int) else None
    if record is None and isinstance(obj.get("HarvestName"), str):
        record = await tx.by_name(facility.license_number, "harvest", obj["HarvestName"])
    if record is None or record.license != facility.license_number:
        errors.add(row, f"Harvest {harvest_id or obj.get('HarvestName')!r} was not found.")
        return None
    if active_only and record.state != "active":
        errors.add(row, f"Harvest {record.name} is {record.state}, not active.")
    return record


async def package_tag(
    tx: Transaction, facility: Facility, label: str, row: int, errors: RowErrors
) -> Record | None:
    """An available package tag of the facility, or a row error."""
    tag = await tx.by_label("tag", label) if label else None
    if tag is None or tag.license != facility.license_number or tag.name != "package":
        errors.add(row, f"Tag {label!r} is not one of this facility's package tags.")
        return None
    if tag.state != "available":
        errors.add(row, f"Tag {label!r} is already used.")
        return None
    return tag


async def use_tag(tx: Transaction, tag: Record) -> None:
    """Mark a tag used."""
    tag.state = "used"
    await tx.save(tag)


@router.post("/harvests/v2/packages", **openapi.write(bodies.HARVEST_PACKAGE))
async def create_packages(request: Request) -> Response:
    return await _packages(request, testing=False)


@router.post("/harvests/v2/packages/testing", **openapi.write(bodies.HARVEST_PACKAGE))
async def create_testing_packages(request: Request) -> Response:
    """Testing samples from harvests (Harvests CreatePackagesForTesting): the body of
    POST /harvests/v2/packages; the sample is submitted for testing."""
    return await _packages(request, testing=True)


async def _packages(request: Request, *, testing: bool) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    created: list[Record] = []
    async with store(request).transaction() as tx:
        plans = []
        taking: dict[int, float] = {}
        for row, obj in enumerate(objects):
            tag = await package_tag(tx, facility, text(obj, "Tag", row, errors), row, errors)
            # Metrc's example sends "Location": null (bruno Harvests/CreateHarvestsPackages):
            # the package then stays where its first harvest dries.
            named = obj.get("Location")
            location = (
                await tx.by_name(
                    facility.license_number, "location", text(obj, "Location", row, errors)
                )
                if named is not None
                else None
            )
            if named is not None and location is None:
                errors.add(row, "Location does not exist.")
            item = await tx.by_name(facility.license_number, "item", text(obj, "Item", row, errors))
            if item is None:
                errors.add(row, "Item does not exist.")
            elif item.data["QuantityType"] != "WeightBased":
                errors.add(
                    row,
                    f"Item {item.name} is {item.data['QuantityType']}; "
                    "harvest packages need weight.",
                )
            unit = text(obj, "UnitOfWeight", row, errors)
            unit = canonical(unit, UNIT_GRAMS) or unit
            if unit and unit not in UNIT_GRAMS:
                errors.add(row, "UnitOfWeight must be a unit of weight.")
            when = a_date(obj, "ActualDate", row, errors)
            ingredients = obj.get("Ingredients")
            if not isinstance(ingredients, list) or not ingredients:
                errors.add(row, "Ingredients must list the harvests the package is made from.")
                ingredients = []
            sources = []
            for ingredient in ingredients:
                source = await _harvest(
                    tx, facility, ingredient if isinstance(ingredient, dict) else {}, row, errors
                )
                weight = (
                    number(ingredient, "Weight", row, errors)
                    if isinstance(ingredient, dict)
                    else 0.0
                )
                weight_unit = (
                    ingredient.get("UnitOfWeight", unit) if isinstance(ingredient, dict) else unit
                )
                if isinstance(weight_unit, str):
                    weight_unit = canonical(weight_unit, UNIT_GRAMS) or weight_unit
                if source is not None and weight_unit in UNIT_GRAMS:
                    taken = grams(weight, weight_unit)
                    taking[source.id] = taking.get(source.id, 0.0) + taken
                    if taking[source.id] > source.data["CurrentWeight"] + 1e-6:
                        errors.add(
                            row,
                            f"Harvest {source.name} has only "
                            f"{source.data['CurrentWeight']:g} g left.",
                        )
                    sources.append((source, taken))
            if named is None and sources:
                location = await tx.get("location", sources[0][0].data["DryingLocationId"])
            if named is None and location is None:
                errors.add(row, "Location is required: no harvest to take it from.")
            plans.append((tag, location, item, unit, when, sources, obj))
        errors.raise_if_any()
        for tag, location, item, unit, when, sources, obj in plans:
            assert (
                tag is not None and location is not None and item is not None and when is not None
            )
            total = sum(taken for _, taken in sources)
            record = documents.package(
                facility,
                tag.label or "",
                item,
                total / UNIT_GRAMS[unit],
                unit,
                location,
                when,
                source_harvests=[source.name or "" for source, _ in sources],
                production_batch=obj.get("ProductionBatchNumber")
                if obj.get("IsProductionBatch")
                else None,
            )
            record.data["ProductRequiresRemediation"] = bool(obj.get("ProductRequiresRemediation"))
            if testing:
                record.data.update(IsTestingSample=True, LabTestingState="SubmittedForTesting")
            created.append(await tx.insert(record))
            await use_tag(tx, tag)
            for source, taken in sources:
                fresh = await tx.get("harvest", source.id)
                assert fresh is not None
                fresh.data["CurrentWeight"] = round(fresh.data["CurrentWeight"] - taken, 4)
                fresh.data["TotalPackagedWeight"] = round(
                    fresh.data["TotalPackagedWeight"] + taken, 4
                )
                fresh.data["PackageCount"] += 1
                await tx.save(fresh)
    return json(writes(created))


@router.post("/harvests/v2/waste", **openapi.write(bodies.HARVEST_WASTE))
async def record_waste(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await _harvest(tx, facility, obj, row, errors)
            kind = text(obj, "WasteType", row, errors)
            if kind and canonical(kind, WASTE_TYPES) is None:
                errors.add(row, f"WasteType must be one of {sorted(WASTE_TYPES)}.")
            kind = canonical(kind, WASTE_TYPES) or kind
            weight = number(obj, "WasteWeight", row, errors)
            unit = text(obj, "UnitOfWeight", row, errors)
            unit = canonical(unit, UNIT_GRAMS) or unit
            if unit and unit not in UNIT_GRAMS:
                errors.add(row, "UnitOfWeight must be a unit of weight.")
            elif record is not None and grams(weight, unit) > record.data["CurrentWeight"] + 1e-6:
                errors.add(
                    row, f"Harvest {record.name} has only {record.data['CurrentWeight']:g} g left."
                )
            plans.append((record, kind, weight, unit, a_date(obj, "ActualDate", row, errors)))
        errors.raise_if_any()
        created = []
        for record, kind, weight, unit, when in plans:
            assert record is not None
            wasted = grams(weight, unit)
            record.data["TotalWasteWeight"] = round(record.data["TotalWasteWeight"] + wasted, 4)
            record.data["CurrentWeight"] = round(record.data["CurrentWeight"] - wasted, 4)
            await tx.save(record)
            created.append(
                await tx.insert(
                    removals.harvest_waste(
                        facility.license_number, record, kind, weight, unit, when
                    )
                )
            )
    return json(writes(created))


async def _update(request: Request, change: str) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await _harvest(
                tx, facility, obj, row, errors, active_only=change != "unfinish"
            )
            if change == "unfinish" and record is not None and record.state != "inactive":
                errors.add(row, f"Harvest {record.name} is not finished.")
            if change == "rename":
                new_name = text(obj, "NewName", row, errors)
                if new_name and await tx.by_name(facility.license_number, "harvest", new_name):
                    errors.add(row, f"A harvest named {new_name!r} already exists.")
            if change == "location":
                location = await tx.by_name(
                    facility.license_number, "location", text(obj, "DryingLocation", row, errors)
                )
                if location is None:
                    errors.add(row, "DryingLocation does not exist.")
                obj["_location"] = location
            if change in ("finish", "location"):
                obj["_when"] = a_date(obj, "ActualDate", row, errors)
            plans.append((record, obj))
        errors.raise_if_any()
        changed = []
        for record, obj in plans:
            assert record is not None
            if change == "finish":
                record.state, record.data["FinishedDate"] = "inactive", documents.day(obj["_when"])
            elif change == "unfinish":
                record.state, record.data["FinishedDate"] = "active", None
            elif change == "rename":
                record.name = record.data["Name"] = obj["NewName"].strip()
            else:
                location = obj["_location"]
                record.data.update(
                    {"DryingLocationId": location.id, "DryingLocationName": location.name}
                )
            changed.append(await tx.save(record))
    return json(writes(changed))


@router.put("/harvests/v2/finish", **openapi.write(bodies.HARVEST_FINISH))
async def finish(request: Request) -> Response:
    return await _update(request, "finish")


@router.put("/harvests/v2/unfinish", **openapi.write(bodies.HARVEST_UNFINISH))
async def unfinish(request: Request) -> Response:
    return await _update(request, "unfinish")


@router.put("/harvests/v2/rename", **openapi.write(bodies.HARVEST_RENAME))
async def rename(request: Request) -> Response:
    return await _update(request, "rename")


@router.put("/harvests/v2/location", **openapi.write(bodies.HARVEST_MOVE))
async def move(request: Request) -> Response:
    return await _update(request, "location")
