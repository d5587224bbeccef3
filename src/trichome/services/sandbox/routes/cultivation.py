"""Plant batches and plants: planting, tagging, growth phases, harvesting, waste, destruction."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.reference import (
    GROWTH_PHASES,
    PLANT_BATCH_TYPES,
    PLANT_WASTE_REASONS,
    UNIT_GRAMS,
    WASTE_METHODS,
    Facility,
)
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.common import (
    Ident,
    ObjectId,
    a_date,
    json,
    list_routes,
    number,
    owned,
    reading,
    static_list,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()
GROW = ("CanGrowPlants", "grow plants")
BATCH_TYPES = {t["Name"] for t in PLANT_BATCH_TYPES}
WASTE_METHOD_NAMES = {m["Name"] for m in WASTE_METHODS if m["ForPlants"]}
WASTE_REASONS = {r["Name"] for r in PLANT_WASTE_REASONS}


def grams(weight: float, unit: str) -> float:
    """A weight in grams."""
    return weight * UNIT_GRAMS[unit]


list_routes(
    router,
    "plantbatch",
    {"/plantbatches/v2/active": ["active"], "/plantbatches/v2/inactive": ["inactive"]},
    capability=GROW,
)
list_routes(router, "plantbatchwaste", {"/plantbatches/v2/waste": None}, capability=GROW)


@router.get("/plantbatches/v2/{batch_id:int}", **openapi.one())
async def one_batch(request: Request, batch_id: ObjectId) -> Response:
    facility = reading(request, *GROW)
    async with store(request).transaction() as tx:
        record = owned(await tx.get("plantbatch", batch_id), facility, f"Plant batch {batch_id}")
    return json(record.document())


async def _location(
    tx: Transaction, facility: Facility, name: str, row: int, errors: RowErrors, use: str
) -> Record | None:
    if not name:
        return None
    record = await tx.by_name(facility.license_number, "location", name)
    if record is None:
        errors.add(row, f"Location {name!r} does not exist.")
    elif not record.data.get(use):
        errors.add(row, f"Location {name!r} is not for {use.removeprefix('For').lower()}.")
    return record


@router.post("/plantbatches/v2/plantings", **openapi.write(bodies.PLANTING))
async def plantings(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            name = text(obj, "Name", row, errors)
            kind = text(obj, "Type", row, errors)
            if kind and kind not in BATCH_TYPES:
                errors.add(row, f"Type must be one of {sorted(BATCH_TYPES)}.")
            count = number(obj, "Count", row, errors)
            strain_name = text(obj, "Strain", row, errors)
            strain = (
                await tx.by_name(facility.license_number, "strain", strain_name)
                if strain_name
                else None
            )
            if strain_name and strain is None:
                errors.add(row, f"Strain {strain_name!r} does not exist.")
            location = await _location(
                tx, facility, text(obj, "Location", row, errors), row, errors, "ForPlantBatches"
            )
            planted = a_date(obj, "ActualDate", row, errors)
            if name and await tx.by_name(facility.license_number, "plantbatch", name):
                errors.add(row, f"A plant batch named {name!r} already exists.")
            if count != int(count):
                errors.add(row, "Count must be a whole number.")
            plans.append((name, kind, int(count), strain, location, planted))
        errors.raise_if_any()
        created = [
            await tx.insert(documents.plant_batch(facility, n, k, c, s, loc, p))  # type: ignore[arg-type]
            for n, k, c, s, loc, p in plans
        ]
    return json(writes(created))


async def _next_tags(tx: Transaction, facility: Facility, start: str, count: int) -> list[Record]:
    available = sorted(
        (
            tag
            for tag in await tx.all(facility.license_number, "tag", ["available"])
            if tag.name == "plant"
        ),
        key=lambda tag: tag.label or "",
    )
    labels = [tag.label for tag in available]
    if start not in labels:
        return []
    first = labels.index(start)
    return available[first : first + count]


@router.post("/plantbatches/v2/growthphase", **openapi.write(bodies.BATCH_GROWTH_PHASE))
async def batch_growth_phase(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    created: list[Record] = []
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            batch = await tx.by_name(
                facility.license_number, "plantbatch", text(obj, "Name", row, errors)
            )
            count = int(number(obj, "Count", row, errors))
            phase = text(obj, "GrowthPhase", row, errors)
            if phase and phase not in GROWTH_PHASES:
                errors.add(row, f"GrowthPhase must be one of {list(GROWTH_PHASES)}.")
            location = await _location(
                tx, facility, text(obj, "NewLocation", row, errors), row, errors, "ForPlants"
            )
            when = a_date(obj, "GrowthDate", row, errors)
            tags = await _next_tags(tx, facility, text(obj, "StartingTag", row, errors), count)
            if batch is None or batch.state != "active":
                errors.add(row, "The plant batch does not exist or is not active.")
            elif count > batch.data["UntrackedCount"]:
                errors.add(
                    row, f"The batch has only {batch.data['UntrackedCount']} untracked plants."
                )
            if count and len(tags) < count:
                errors.add(
                    row, "StartingTag and the tags after it are not all available plant tags."
                )
            plans.append((batch, count, phase, location, when, tags))
        errors.raise_if_any()
        for batch, count, phase, location, when, tags in plans:
            assert batch is not None and location is not None and when is not None
            for tag in tags:
                tag.state, tag.data["IsUsed"] = "used", True
                await tx.save(tag)
                plant = documents.plant(
                    facility,
                    tag.label or "",
                    phase,
                    batch,
                    location,
                    date.fromisoformat(batch.data["PlantedDate"]),
                    when,
                )
                created.append(await tx.insert(plant))
            batch.data["UntrackedCount"] -= count
            batch.data["TrackedCount"] += count
            if batch.data["UntrackedCount"] == 0:
                batch.state = "inactive"
            await tx.save(batch)
    return json(writes(created))


@router.post("/plantbatches/v2/waste", **openapi.write(bodies.BATCH_WASTE))
async def record_batch_waste(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    created: list[Record] = []
    async with store(request).transaction() as tx:
        rows = []
        for row, obj in enumerate(objects):
            batch = await tx.by_name(
                facility.license_number, "plantbatch", text(obj, "PlantBatchName", row, errors)
            )
            if batch is None:
                errors.add(row, "The plant batch does not exist.")
            rows.append((batch, _waste_fields(obj, row, errors)))
        errors.raise_if_any()
        for batch, fields in rows:
            assert batch is not None
            record = Record(
                facility.license_number,
                "plantbatchwaste",
                "recorded",
                {"PlantBatchId": batch.id, "PlantBatchName": batch.name, **fields},
                label=f"plantbatch:{batch.id}",
            )
            created.append(await tx.insert(record))
    return json(writes(created))


def _waste_fields(obj: dict[str, Any], row: int, errors: RowErrors) -> dict[str, Any]:
    method = text(obj, "WasteMethodName", row, errors)
    if method and method not in WASTE_METHOD_NAMES:
        errors.add(row, f"WasteMethodName must be one of {sorted(WASTE_METHOD_NAMES)}.")
    reason = text(obj, "ReasonName", row, errors)
    if reason and reason not in WASTE_REASONS:
        errors.add(row, f"ReasonName must be one of {sorted(WASTE_REASONS)}.")
    weight = number(obj, "WasteWeight", row, errors)
    unit = text(obj, "UnitOfMeasureName", row, errors)
    if unit and unit not in UNIT_GRAMS:
        errors.add(row, "UnitOfMeasureName must be a unit of weight.")
    when = a_date(obj, "WasteDate", row, errors)
    return {
        "WasteMethodName": method,
        "MixedMaterial": obj.get("MixedMaterial"),
        "WasteWeight": weight,
        "UnitOfMeasureName": unit,
        "ReasonName": reason,
        "Note": obj.get("Note"),
        "WasteDate": documents.day(when),
    }


async def _batch(
    tx: Transaction, facility: Facility, name: str, row: int, errors: RowErrors
) -> Record | None:
    batch = await tx.by_name(facility.license_number, "plantbatch", name) if name else None
    if batch is None:
        errors.add(row, f"Plant batch {name!r} does not exist at this facility.")
    elif batch.state != "active":
        errors.add(row, f"Plant batch {name} is {batch.state}, not active.")
    return batch


@router.delete("/plantbatches/v2", **openapi.write(bodies.BATCH_DESTRUCTION))
@router.delete("/plantbatches/v2/", **openapi.write(bodies.BATCH_DESTRUCTION))
async def destroy_batch_plants(request: Request) -> Response:
    """Destroy untracked plants of batches; a batch with none left becomes inactive."""
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        wanted: dict[int, int] = {}
        for row, obj in enumerate(objects):
            batch = await _batch(tx, facility, text(obj, "PlantBatch", row, errors), row, errors)
            count = obj.get("Count")
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                errors.add(row, "Count must be a whole number of plants, 1 or more.")
                count = 0
            reason = text(obj, "WasteReasonName", row, errors)
            if reason and reason not in WASTE_REASONS:
                errors.add(row, f"WasteReasonName must be one of {sorted(WASTE_REASONS)}.")
            text(obj, "ReasonNote", row, errors)
            when = a_date(obj, "ActualDate", row, errors)
            if batch is not None and count:
                wanted[batch.id] = wanted.get(batch.id, 0) + count
                if wanted[batch.id] > batch.data["UntrackedCount"]:
                    errors.add(
                        row,
                        f"Plant batch {batch.name} has only {batch.data['UntrackedCount']} "
                        "untracked plants.",
                    )
            plans.append((batch, count, reason, when, obj))
        errors.raise_if_any()
        changed: dict[int, Record] = {}
        for batch, count, reason, when, obj in plans:
            assert batch is not None
            batch = changed.get(batch.id, batch)
            batch.data["UntrackedCount"] -= count
            batch.data["DestroyedCount"] += count
            if batch.data["UntrackedCount"] == 0:
                batch.state = "inactive"
            changed[batch.id] = await tx.save(batch)
            await tx.insert(
                Record(
                    facility.license_number,
                    "plantbatchwaste",
                    "recorded",
                    {
                        "PlantBatchId": batch.id,
                        "PlantBatchName": batch.name,
                        "WasteMethodName": obj.get("WasteMethodName"),
                        "MixedMaterial": obj.get("WasteMaterialMixed"),
                        "WasteWeight": obj.get("WasteWeight"),
                        "UnitOfMeasureName": obj.get("WasteUnitOfMeasure"),
                        "ReasonName": reason,
                        "Note": f"{count} plants destroyed: {obj['ReasonNote']}",
                        "WasteDate": documents.day(when),
                    },
                    label=f"plantbatch:{batch.id}",
                )
            )
    return json(writes(list(changed.values())))


@router.put("/plantbatches/v2/location", **openapi.write(bodies.BATCH_MOVE))
async def move_batches(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            batch = await _batch(tx, facility, text(obj, "Name", row, errors), row, errors)
            location = await _location(
                tx, facility, text(obj, "Location", row, errors), row, errors, "ForPlantBatches"
            )
            a_date(obj, "MoveDate", row, errors)
            plans.append((batch, location))
        errors.raise_if_any()
        moved = []
        for batch, location in plans:
            assert batch is not None and location is not None
            batch.data["LocationId"], batch.data["LocationName"] = location.id, location.name
            moved.append(await tx.save(batch))
    return json(writes(moved))


@router.get("/plants/v2/waste/methods/all", **openapi.reference_list())
async def plant_waste_methods(request: Request) -> Response:
    reading(request, *GROW)
    return static_list(request, [{"Name": m["Name"]} for m in WASTE_METHODS if m["ForPlants"]])


list_routes(
    router,
    "plant",
    {
        "/plants/v2/vegetative": ["vegetative"],
        "/plants/v2/flowering": ["flowering"],
        "/plants/v2/inactive": ["inactive"],
        "/plants/v2/onhold": ["onhold"],
    },
    capability=GROW,
)
list_routes(router, "plantwaste", {"/plants/v2/waste": None}, capability=GROW)


@router.get("/plants/v2/{ident:ident}", **openapi.one())
async def one_plant(request: Request, ident: Ident) -> Response:
    facility = reading(request, *GROW)
    async with store(request).transaction() as tx:
        record = await (
            tx.get("plant", int(ident)) if ident.isdigit() else tx.by_label("plant", ident)
        )
        record = owned(record, facility, f"Plant {ident}")
    return json(record.document())


async def _plant(
    tx: Transaction,
    facility: Facility,
    obj: dict[str, Any],
    row: int,
    errors: RowErrors,
    key: str = "Label",
) -> Record | None:
    if isinstance(obj.get("Id"), int):
        record = await tx.get("plant", obj["Id"])
    elif isinstance(obj.get(key), str):
        record = await tx.by_label("plant", obj[key])
    else:
        errors.add(row, f"Id or {key} is required.")
        return None
    if record is None or record.license != facility.license_number:
        named = obj["Id"] if isinstance(obj.get("Id"), int) else obj.get(key)
        errors.add(row, f"Plant {named!r} was not found.")
        return None
    if record.state not in ("vegetative", "flowering"):
        errors.add(row, f"Plant {record.label} is not growing (it is {record.state}).")
    return record


@router.put("/plants/v2/growthphase", **openapi.write(bodies.PLANT_GROWTH_PHASE))
async def plant_growth_phase(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await _plant(tx, facility, obj, row, errors)
            phase = text(obj, "GrowthPhase", row, errors)
            if phase and phase not in GROWTH_PHASES:
                errors.add(row, f"GrowthPhase must be one of {list(GROWTH_PHASES)}.")
            if plant is not None and phase == "Vegetative" and plant.state == "flowering":
                errors.add(
                    row, f"Plant {plant.label} is flowering and cannot go back to vegetative."
                )
            location = await _location(
                tx, facility, text(obj, "NewLocation", row, errors), row, errors, "ForPlants"
            )
            plans.append((plant, phase, location, a_date(obj, "GrowthDate", row, errors)))
        errors.raise_if_any()
        changed = []
        for plant, phase, location, when in plans:
            assert plant is not None
            plant.state, plant.data["GrowthPhase"] = phase.lower(), phase
            plant.data["FloweringDate" if phase == "Flowering" else "VegetativeDate"] = (
                documents.day(when)
            )
            if location is not None:
                plant.data["LocationId"], plant.data["LocationName"] = location.id, location.name
            changed.append(await tx.save(plant))
    return json(writes(changed))


@router.put("/plants/v2/harvest", **openapi.write(bodies.PLANT_HARVEST))
async def harvest_plants(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await _plant(tx, facility, obj, row, errors, key="Plant")
            if plant is not None and plant.state != "flowering":
                errors.add(
                    row,
                    f"Plant {plant.label} is not flowering; only flowering plants are harvested.",
                )
            weight = number(obj, "Weight", row, errors)
            unit = text(obj, "UnitOfWeight", row, errors)
            if unit and unit not in UNIT_GRAMS:
                errors.add(row, "UnitOfWeight must be a unit of weight.")
            location = await _location(
                tx, facility, text(obj, "DryingLocation", row, errors), row, errors, "ForHarvests"
            )
            plans.append(
                (
                    plant,
                    text(obj, "HarvestName", row, errors),
                    weight,
                    unit,
                    location,
                    a_date(obj, "ActualDate", row, errors),
                )
            )
        errors.raise_if_any()
        harvests: dict[str, Record] = {}
        for plant, name, weight, unit, location, when in plans:
            assert plant is not None and location is not None and when is not None
            batch = harvests.get(name) or await tx.by_name(facility.license_number, "harvest", name)
            if batch is None:
                batch = await tx.insert(documents.harvest(facility, name, location, when))
            harvests[name] = batch
            wet = grams(weight, unit)
            batch.data["PlantCount"] += 1
            batch.data["TotalWetWeight"] = round(batch.data["TotalWetWeight"] + wet, 4)
            batch.data["CurrentWeight"] = round(batch.data["CurrentWeight"] + wet, 4)
            if plant.data["StrainName"] not in batch.data["SourceStrainNames"]:
                batch.data["SourceStrainNames"].append(plant.data["StrainName"])
                batch.data["SourceStrainCount"] = len(batch.data["SourceStrainNames"])
            plant.state = "inactive"
            plant.data.update(
                {
                    "HarvestId": batch.id,
                    "HarvestedWetWeight": round(wet, 4),
                    "HarvestedUnitOfWeightName": "Grams",
                    "HarvestCount": 1,
                    "HarvestedDate": documents.day(when),
                }
            )
            await tx.save(plant)
        for batch in harvests.values():
            await tx.save(batch)
    return json(writes(list(harvests.values())))


@router.put("/plants/v2/location", **openapi.write(bodies.PLANT_MOVE))
async def move_plants(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await _plant(tx, facility, obj, row, errors)
            location = await _location(
                tx, facility, text(obj, "Location", row, errors), row, errors, "ForPlants"
            )
            a_date(obj, "ActualDate", row, errors)
            plans.append((plant, location))
        errors.raise_if_any()
        moved = []
        for plant, location in plans:
            assert plant is not None and location is not None
            plant.data["LocationId"], plant.data["LocationName"] = location.id, location.name
            moved.append(await tx.save(plant))
    return json(writes(moved))


@router.delete("/plants/v2", **openapi.write(bodies.PLANT_DESTRUCTION))
@router.delete("/plants/v2/", **openapi.write(bodies.PLANT_DESTRUCTION))
async def destroy_plants(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await _plant(tx, facility, obj, row, errors)
            method = text(obj, "WasteMethodName", row, errors)
            if method and method not in WASTE_METHOD_NAMES:
                errors.add(row, f"WasteMethodName must be one of {sorted(WASTE_METHOD_NAMES)}.")
            number(obj, "WasteWeight", row, errors)
            unit = text(obj, "WasteUnitOfMeasureName", row, errors)
            if unit and unit not in UNIT_GRAMS:
                errors.add(row, "WasteUnitOfMeasureName must be a unit of weight.")
            reason = text(obj, "WasteReasonName", row, errors)
            if reason and reason not in WASTE_REASONS:
                errors.add(row, f"WasteReasonName must be one of {sorted(WASTE_REASONS)}.")
            text(obj, "ReasonNote", row, errors)
            plans.append((plant, obj, a_date(obj, "ActualDate", row, errors)))
        errors.raise_if_any()
        destroyed = []
        for plant, obj, when in plans:
            assert plant is not None
            plant.state = "inactive"
            plant.data.update(
                {"DestroyedDate": documents.day(when), "DestroyedNote": obj.get("ReasonNote")}
            )
            destroyed.append(await tx.save(plant))
    return json(writes(destroyed))


@router.post("/plants/v2/waste", **openapi.write(bodies.PLANT_WASTE))
async def record_plant_waste(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    fields = [_waste_fields(obj, row, errors) for row, obj in enumerate(objects)]
    async with store(request).transaction() as tx:
        for row, obj in enumerate(objects):
            labels = obj.get("PlantLabels") or []
            if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
                errors.add(row, "PlantLabels must be a list of plant tag labels.")
                continue
            for label in labels:
                plant = await tx.by_label("plant", label)
                if plant is None or plant.license != facility.license_number:
                    errors.add(row, f"Plant {label} was not found at this facility.")
            where = obj.get("LocationName")
            if where and await tx.by_name(facility.license_number, "location", str(where)) is None:
                errors.add(row, f"Location {where!r} does not exist.")
        errors.raise_if_any()
        created = [
            await tx.insert(
                Record(
                    facility.license_number,
                    "plantwaste",
                    "recorded",
                    {**values, "PlantLabels": obj.get("PlantLabels") or []},
                )
            )
            for obj, values in zip(objects, fields, strict=True)
        ]
    return json(writes(created))
