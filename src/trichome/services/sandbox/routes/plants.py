"""Plants: growth phases, harvesting into harvest batches, moves, destruction and waste."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents, removals
from trichome.sandbox.facilities import Facility
from trichome.sandbox.plant_phases import (
    EVERY_PHASE,
    GROWING,
    TRACKS_MOTHERS,
    change_phase,
    destroy,
    phases,
)
from trichome.sandbox.reference import MOTHER_PHASE, UNIT_GRAMS, WASTE_METHODS
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.common import (
    Ident,
    a_date,
    canonical,
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
from trichome.services.sandbox.growing import (
    GROW,
    WASTE_METHOD_NAMES,
    WASTE_REASONS,
    grams,
    location_for,
    waste_fields,
)
from trichome.services.sandbox.rules import RowErrors, require, writes

router = APIRouter()


@router.get("/plants/v2/waste/methods/all", **openapi.reference_list())
async def plant_waste_methods(request: Request) -> Response:
    reading(request, *GROW)
    return static_list(request, [m for m in WASTE_METHODS if m["ForPlants"]])


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


async def growing_plant(
    tx: Transaction,
    facility: Facility,
    obj: dict[str, Any],
    row: int,
    errors: RowErrors,
    key: str = "Label",
) -> Record | None:
    """A growing (vegetative, flowering or mother) plant of the facility, by Id or label; else
    a row error."""
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
    if record.state not in GROWING:
        errors.add(row, f"Plant {record.label} is not growing (it is {record.state}).")
    return record


@router.put("/plants/v2/growthphase", **openapi.write(bodies.PLANT_GROWTH_PHASE, answer=None))
async def plant_growth_phase(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await growing_plant(tx, facility, obj, row, errors)
            asked = text(obj, "GrowthPhase", row, errors)
            phase = canonical(asked, EVERY_PHASE)
            if phase == MOTHER_PHASE:
                require(facility, TRACKS_MOTHERS, "track mother plants as a growth phase")
            if asked and phase not in phases(facility):
                errors.add(row, f"GrowthPhase must be one of {list(phases(facility))}.")
            if (
                plant is not None
                and phase not in (None, "Flowering")
                and plant.state == "flowering"
            ):
                errors.add(
                    row,
                    f"Plant {plant.label} is flowering and cannot go back to {str(phase).lower()}.",
                )
            location = await location_for(
                tx, facility, text(obj, "NewLocation", row, errors), row, errors, "ForPlants"
            )
            plans.append((plant, phase, location, a_date(obj, "GrowthDate", row, errors)))
        errors.raise_if_any()
        for plant, phase, location, when in plans:
            assert plant is not None and phase is not None and when is not None
            change_phase(plant, phase, when)
            if location is not None:
                plant.data.update(documents.placed(location))
            await tx.save(plant)
    return Response(status_code=200)  # Metrc answers no body (bruno Plants/UpdateGrowthPhase)


@router.put("/plants/v2/harvest", **openapi.write(bodies.PLANT_HARVEST, answer=None))
async def harvest_plants(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await growing_plant(tx, facility, obj, row, errors, key="Plant")
            if plant is not None and plant.state != "flowering":
                errors.add(
                    row,
                    f"Plant {plant.label} is not flowering; only flowering plants are harvested.",
                )
            weight = number(obj, "Weight", row, errors)
            unit = text(obj, "UnitOfWeight", row, errors)
            unit = canonical(unit, UNIT_GRAMS) or unit
            if unit and unit not in UNIT_GRAMS:
                errors.add(row, "UnitOfWeight must be a unit of weight.")
            location = await location_for(
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
            strains = [s for s in (batch.data["SourceStrainNames"] or "").split(", ") if s]
            if plant.data["StrainName"] not in strains:
                strains.append(plant.data["StrainName"])
                # A string, names joined as in SourceHarvestNames (GET /harvests/v2/active).
                batch.data["SourceStrainNames"] = ", ".join(strains)
                batch.data["SourceStrainCount"] = len(strains)
            plant.state = "inactive"
            plant.data.update(
                {
                    "HarvestId": batch.id,
                    "HarvestedWetWeight": round(wet, 4),
                    "HarvestedUnitOfWeightName": "Grams",
                    "HarvestedUnitOfWeightAbbreviation": documents.ABBREVIATIONS["Grams"],
                    "HarvestCount": 1,
                    "HarvestedDate": documents.day(when),
                }
            )
            await tx.save(plant)
        for batch in harvests.values():
            await tx.save(batch)
    return Response(status_code=200)  # Metrc answers no body (bruno Plants/UpdateHarvest)


@router.put("/plants/v2/location", **openapi.write(bodies.PLANT_MOVE, answer=None))
async def move_plants(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await growing_plant(tx, facility, obj, row, errors)
            location = await location_for(
                tx, facility, text(obj, "Location", row, errors), row, errors, "ForPlants"
            )
            a_date(obj, "ActualDate", row, errors)
            plans.append((plant, location))
        errors.raise_if_any()
        for plant, location in plans:
            assert plant is not None and location is not None
            plant.data.update(documents.placed(location))
            await tx.save(plant)
    return Response(status_code=200)  # no body (bruno Plants/UpdatePlantsLocation)


@router.delete("/plants/v2", **openapi.write(bodies.PLANT_DESTRUCTION))
@router.delete("/plants/v2/", **openapi.write(bodies.PLANT_DESTRUCTION))
async def destroy_plants(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await growing_plant(tx, facility, obj, row, errors)
            method = text(obj, "WasteMethodName", row, errors)
            if method and method not in WASTE_METHOD_NAMES:
                errors.add(row, f"WasteMethodName must be one of {sorted(WASTE_METHOD_NAMES)}.")
            number(obj, "WasteWeight", row, errors)
            unit = text(obj, "WasteUnitOfMeasureName", row, errors)
            unit = canonical(unit, UNIT_GRAMS) or unit
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
            assert plant is not None and when is not None
            destroy(plant, when, obj.get("ReasonNote"))
            destroyed.append(await tx.save(plant))
            # The waste of the destroyed plant, as a plant waste record of one plant.
            await tx.insert(
                removals.plant_waste(
                    facility.license_number,
                    method=obj["WasteMethodName"],
                    weight=obj["WasteWeight"],
                    unit=obj["WasteUnitOfMeasureName"],
                    reason=obj["WasteReasonName"],
                    count=1,
                    on=when,
                    plant_labels=[str(plant.label)],
                    mixed_material=obj.get("WasteMaterialMixed"),
                    note=obj.get("ReasonNote"),
                )
            )
    return json(writes(destroyed))


@router.post("/plants/v2/waste", **openapi.write(bodies.PLANT_WASTE))
async def record_plant_waste(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    fields = [waste_fields(obj, row, errors) for row, obj in enumerate(objects)]
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
        growing = await tx.all(facility.license_number, "plant", list(GROWING))
        created = []
        for obj, values in zip(objects, fields, strict=True):
            labels = obj.get("PlantLabels") or []
            where = obj.get("LocationName")
            # The plants it came from: those named, else those growing at the location.
            count = len(labels) or sum(1 for p in growing if p.data["LocationName"] == where)
            created.append(
                await tx.insert(
                    removals.plant_waste(
                        facility.license_number, count=count, plant_labels=labels, **values
                    )
                )
            )
    return json(writes(created))


async def _waste(request: Request, waste_id: int) -> Record:
    facility = reading(request, *GROW)
    async with store(request).transaction() as tx:
        record = await tx.get("plantwaste", waste_id)
    return owned(record, facility, f"Plant waste {waste_id}")


@router.get("/plants/v2/waste/{waste_id:int}/plant", **openapi.children())
async def waste_plants(request: Request, waste_id: int) -> Response:
    """The plants a waste record names, each with an equal share of the weight
    (bruno Plants/GetWasteById). Metrc's example gives GrowthPhase 0 for a tracked and for a
    harvested plant and documents no numbering, so the sandbox answers 0 too."""
    waste = await _waste(request, waste_id)
    labels = waste.data.get("_PlantLabels") or []
    async with store(request).transaction() as tx:
        plants = await tx.by_labels("plant", labels)
    share = round((waste.data["WasteWeight"] or 0) / max(len(labels), 1), 4)
    unit = documents.ABBREVIATIONS.get(waste.data["WasteUnitOfMeasureName"] or "")
    rows = [
        {
            "PlantWasteId": waste.id,
            "PlantId": plant.id,
            "Label": plant.label,
            "StateName": "Harvested" if plant.data.get("HarvestId") else plant.data["State"],
            "GrowthPhase": 0,
            "LocationId": plant.data["LocationId"],
            "LocationName": plant.data["LocationName"],
            "SublocationId": 0,
            "SublocationName": None,
            "WasteAmount": share,
            "WasteUnitOfMeasureAbbreviation": unit,
        }
        for plant in (plants[label] for label in labels if label in plants)
    ]
    return static_list(request, rows)


@router.get("/plants/v2/waste/{waste_id:int}/package", **openapi.children())
async def waste_packages(request: Request, waste_id: int) -> Response:
    """The packages made from a waste record: the sandbox packages no plant waste, so none."""
    await _waste(request, waste_id)
    return static_list(request, [])
