"""Plant batches: planting, tagging into plants, waste, destruction of untracked plants, moves."""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents, removals
from trichome.sandbox.facilities import Facility
from trichome.sandbox.reference import GROWTH_PHASES, PLANT_BATCH_TYPES
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.common import (
    a_date,
    canonical,
    json,
    list_routes,
    number,
    one_route,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.growing import (
    GROW,
    WASTE_REASONS,
    location_for,
    waste_fields,
)
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()
BATCH_TYPES = {t["Name"] for t in PLANT_BATCH_TYPES}


list_routes(
    router,
    "plantbatch",
    {"/plantbatches/v2/active": ["active"], "/plantbatches/v2/inactive": ["inactive"]},
    capability=GROW,
)
list_routes(router, "plantbatchwaste", {"/plantbatches/v2/waste": None}, capability=GROW)


one_route(
    router,
    "/plantbatches/v2/{batch_id:int}",
    "plantbatch",
    "Plant batch",
    capability=GROW,
    name="one_batch",
)


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
            if kind and canonical(kind, BATCH_TYPES) is None:
                errors.add(row, f"Type must be one of {sorted(BATCH_TYPES)}.")
            kind = canonical(kind, BATCH_TYPES) or kind
            count = number(obj, "Count", row, errors)
            strain_name = text(obj, "Strain", row, errors)
            strain = (
                await tx.by_name(facility.license_number, "strain", strain_name)
                if strain_name
                else None
            )
            if strain_name and strain is None:
                errors.add(row, f"Strain {strain_name!r} does not exist.")
            # Metrc's example plants with "Location": null (bruno
            # PlantBatches/CreatePlantBatchesPlantings); the batch then has no location.
            location = (
                await location_for(
                    tx, facility, text(obj, "Location", row, errors), row, errors, "ForPlantBatches"
                )
                if obj.get("Location") is not None
                else None
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
            location = await location_for(
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
                tag.state = "used"
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
            rows.append((batch, waste_fields(obj, row, errors)))
        errors.raise_if_any()
        for batch, fields in rows:
            assert batch is not None
            count = batch.data["UntrackedCount"] + batch.data["TrackedCount"]
            record = removals.plant_waste(
                facility.license_number, count=count, batch=batch, **fields
            )
            created.append(await tx.insert(record))
    return json(writes(created))


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
                removals.plant_waste(
                    facility.license_number,
                    method=obj.get("WasteMethodName"),
                    weight=obj.get("WasteWeight"),
                    unit=obj.get("WasteUnitOfMeasure"),
                    reason=reason,
                    count=count,
                    on=when,
                    batch=batch,
                    mixed_material=obj.get("WasteMaterialMixed"),
                    note=f"{count} plants destroyed: {obj['ReasonNote']}",
                )
            )
    return json(writes(list(changed.values())))


@router.put("/plantbatches/v2/location", **openapi.write(bodies.BATCH_MOVE, answer=None))
async def move_batches(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            batch = await _batch(tx, facility, text(obj, "Name", row, errors), row, errors)
            location = await location_for(
                tx, facility, text(obj, "Location", row, errors), row, errors, "ForPlantBatches"
            )
            a_date(obj, "MoveDate", row, errors)
            plans.append((batch, location))
        errors.raise_if_any()
        for batch, location in plans:
            assert batch is not None and location is not None
            batch.data.update(documents.placed(location))
            await tx.save(batch)
    return Response(status_code=200)  # no body (bruno PlantBatches/UpdatePlantBatchesLocation)
