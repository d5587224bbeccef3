"""Plant changes beyond growth, moves and waste (Metrc v2 Plants Manicure, Merge,
SplitPlantGroup, ChangeStrain, ReplacePlantTags, AdjustPlantCount, CreatePlantBatches,
CreatePlantBatchPackage), the growth phases and the mother-plant lists.

As Metrc documents (ThunkMetrc bruno Plants/*.bru): Merge, ChangeStrain, ReplacePlantTags and
AdjustPlantCount answer no body; Manicure, SplitPlantGroup, CreatePlantBatches and
CreatePlantBatchPackage answer `{Ids, Warnings}`. AdjustPlantCount exists only in Maine's and
Oregon's collections, so it is a 404 for the sandbox's Colorado licences. The sandbox's plants
are single plants in the vegetative or flowering phase, and at a licence whose type may track
mother plants as a growth phase (`CanTrackMotherPlantsAsGrowthPhase`: the Massachusetts
cultivator) in the mother phase too (sandbox/plant_phases.py); the mother lists are read there
and refused elsewhere with a 401 naming the flag.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.plant_phases import TRACKS_MOTHERS, ended, phases
from trichome.sandbox.reference import PLANT_BATCH_TYPES, UNIT_GRAMS
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import (
    COUNT,
    DAY,
    FLAG,
    MAYBE_TEXT,
    NUMBER,
    TEXT,
    WEIGHT_UNIT,
    identified,
    names,
    shape,
)
from trichome.services.sandbox.common import (
    a_date,
    canonical,
    json,
    list_routes,
    number,
    reading,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.cultivating import free_tag, item_named, strain_of, use_strain
from trichome.services.sandbox.growing import GROW, grams, location_for
from trichome.services.sandbox.routes.plants import growing_plant
from trichome.services.sandbox.rules import RowErrors, message, writes

router = APIRouter()
MAYBE_ID: dict[str, Any] = {"type": ["integer", "null"]}
# Metrc's examples name a plant by Id or Label and send the other as null.
PLANT_REF = {"Id": MAYBE_ID, "Label": MAYBE_TEXT}
BATCH_TYPE = names(PLANT_BATCH_TYPES)
BATCH_TYPES = [t["Name"] for t in PLANT_BATCH_TYPES]
MANICURE = shape(
    {
        "Plant": TEXT,
        "Weight": NUMBER,
        "UnitOfWeight": WEIGHT_UNIT,
        "DryingLocation": TEXT,
        "ActualDate": DAY,
    },
    {"HarvestName": MAYBE_TEXT, "DryingSublocation": MAYBE_TEXT, "PlantCount": COUNT},
)
MERGE = shape({"TargetPlantGroupLabel": TEXT, "SourcePlantGroupLabel": TEXT, "MergeDate": DAY})
SPLIT = shape(
    {"SourcePlantLabel": TEXT, "PlantCount": COUNT, "TagLabel": TEXT, "StrainLabel": TEXT,
     "SplitDate": DAY}
)  # fmt: skip
STRAIN_CHANGE = identified(
    ("Id", "Label"),
    shape({}, {**PLANT_REF, "StrainId": MAYBE_ID, "StrainName": MAYBE_TEXT}),
)
TAG_CHANGE = identified(
    ("Id", "Label"),
    shape({"ReplaceDate": DAY}, {**PLANT_REF, "TagId": MAYBE_ID, "NewTag": MAYBE_TEXT}),
)
COUNT_ADJUSTMENT = shape(
    {"AdjustCount": {"type": "integer"}, "AdjustReason": TEXT, "AdjustmentDate": DAY},
    {**PLANT_REF, "ReasonNote": MAYBE_TEXT},
)
PLANTINGS = shape(
    {
        "PlantLabel": TEXT,
        "PlantBatchName": TEXT,
        "PlantBatchType": BATCH_TYPE,
        "PlantCount": COUNT,
        "LocationName": TEXT,
        "StrainName": TEXT,
        "ActualDate": DAY,
    },
    {"SublocationName": MAYBE_TEXT, "PatientLicenseNumber": MAYBE_TEXT},
)
BATCH_PACKAGE = shape(
    {
        "PlantLabel": TEXT,
        "PackageTag": TEXT,
        "PlantBatchType": BATCH_TYPE,
        "Item": TEXT,
        "Count": COUNT,
        "ActualDate": DAY,
    },
    {"Location": MAYBE_TEXT, "Sublocation": MAYBE_TEXT, "Note": MAYBE_TEXT,
     "IsTradeSample": FLAG, "IsDonation": FLAG, "PatientLicenseNumber": MAYBE_TEXT},
)  # fmt: skip

list_routes(
    router,
    "plant",
    {
        "/plants/v2/mother": ["mother"],
        "/plants/v2/mother/inactive": ["mother-inactive"],
        "/plants/v2/mother/onhold": ["mother-onhold"],
    },
    capability=(TRACKS_MOTHERS, "track mother plants as a growth phase"),
)


@router.get("/plants/v2/growthphases", **openapi.reference_list(items={"type": "string"}))
async def growth_phases(request: Request) -> Response:
    """The phases the facility's plants may be in (Mother where it may track mothers)."""
    return json(list(phases(reading(request, *GROW))))


@router.post("/plants/v2/manicure", **openapi.write(MANICURE))
async def manicure(request: Request) -> Response:
    """Part of a growing plant's weight into a harvest; the plant keeps growing."""
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await growing_plant(tx, facility, {"Label": obj.get("Plant")}, row, errors)
            weight = number(obj, "Weight", row, errors)
            unit = canonical(text(obj, "UnitOfWeight", row, errors), UNIT_GRAMS)
            where = await location_for(
                tx, facility, text(obj, "DryingLocation", row, errors), row, errors, "ForHarvests"
            )
            when = a_date(obj, "ActualDate", row, errors)
            name = obj.get("HarvestName") or f"{documents.day(when)}-{obj.get('DryingLocation')}-M"
            plans.append((plant, weight, unit, where, when, str(name).strip()))
        errors.raise_if_any()
        harvests: dict[str, Any] = {}
        for plant, weight, unit, where, when, name in plans:
            assert plant is not None and unit is not None and where is not None and when
            batch = harvests.get(name) or await tx.by_name(facility.license_number, "harvest", name)
            if batch is None:
                batch = await tx.insert(documents.harvest(facility, name, where, when))
            wet = grams(weight, unit)
            batch.data["TotalWetWeight"] = round(batch.data["TotalWetWeight"] + wet, 4)
            batch.data["CurrentWeight"] = round(batch.data["CurrentWeight"] + wet, 4)
            if plant.data["StrainName"] not in (batch.data["SourceStrainNames"] or ""):
                strains = [s for s in (batch.data["SourceStrainNames"] or "").split(", ") if s]
                batch.data["SourceStrainNames"] = ", ".join([*strains, plant.data["StrainName"]])
                batch.data["SourceStrainCount"] = len(strains) + 1
            harvests[name] = await tx.save(batch)
    return json(writes(list(harvests.values())))


@router.put("/plants/v2/merge", **openapi.write(MERGE, answer=None))
async def merge(request: Request) -> Response:
    """The source plant group joins the target: the source leaves the growing lists."""
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            target = await growing_plant(
                tx, facility, {"Label": obj.get("TargetPlantGroupLabel")}, row, errors
            )
            source = await growing_plant(
                tx, facility, {"Label": obj.get("SourcePlantGroupLabel")}, row, errors
            )
            when = a_date(obj, "MergeDate", row, errors)
            if target is not None and source is not None and target.id == source.id:
                errors.add(row, "A plant group cannot be merged into itself.")
            plans.append((source, when))
        errors.raise_if_any()
        for source, when in plans:
            assert source is not None
            source.state = ended(source)
            source.data.update({"DestroyedDate": documents.day(when), "DestroyedNote": "Merged"})
            await tx.save(source)
    return Response(status_code=200)


@router.put("/plants/v2/split", **openapi.write(SPLIT))
async def split(request: Request) -> Response:
    """New plants under new tags, from a growing plant group, in its batch and location."""
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            source = await growing_plant(
                tx, facility, {"Label": obj.get("SourcePlantLabel")}, row, errors
            )
            tag = await free_tag(tx, facility, obj.get("TagLabel"), "plant", row, errors)
            strain = await strain_of(
                tx, facility, {"StrainName": obj.get("StrainLabel")}, row, errors
            )
            when = a_date(obj, "SplitDate", row, errors)
            plans.append((source, tag, strain, when))
        errors.raise_if_any()
        created = []
        for source, tag, strain, when in plans:
            assert source is not None and tag is not None and strain is not None and when
            tag.state = "used"
            await tx.save(tag)
            batch = await tx.get("plantbatch", source.data["PlantBatchId"])
            location = await tx.get("location", source.data["LocationId"])
            assert batch is not None and location is not None
            plant = documents.plant(
                facility, tag.label or "", source.data["GrowthPhase"], batch, location,
                date.fromisoformat(source.data["PlantedDate"]), when,
            )  # fmt: skip
            use_strain(plant, strain)
            created.append(await tx.insert(plant))
    return json(writes(created))


@router.put("/plants/v2/strain", **openapi.write(STRAIN_CHANGE, answer=None))
async def change_strain(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await growing_plant(tx, facility, obj, row, errors)
            plans.append((plant, await strain_of(tx, facility, obj, row, errors)))
        errors.raise_if_any()
        for plant, strain in plans:
            assert plant is not None and strain is not None
            use_strain(plant, strain)
            await tx.save(plant)
    return Response(status_code=200)


@router.put("/plants/v2/tag", **openapi.write(TAG_CHANGE, answer=None))
async def replace_tags(request: Request) -> Response:
    """The plant takes a new tag (its Label); the new tag is used."""
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await growing_plant(tx, facility, obj, row, errors)
            new = obj.get("NewTag")
            if isinstance(obj.get("TagId"), int):
                found = await tx.get("tag", obj["TagId"])
                new = found.label if found is not None else f"Id {obj['TagId']}"
            tag = await free_tag(tx, facility, new, "plant", row, errors)
            a_date(obj, "ReplaceDate", row, errors)
            plans.append((plant, tag))
        errors.raise_if_any()
        for plant, tag in plans:
            assert plant is not None and tag is not None
            tag.state = "used"
            await tx.save(tag)
            plant.label = plant.data["Label"] = tag.label
            await tx.save(plant)
    return Response(status_code=200)


@router.put("/plants/v2/adjust", **openapi.write(COUNT_ADJUSTMENT, found=True, answer=None))
async def adjust_counts(request: Request) -> Response:
    writing(request, *GROW)
    # Only Maine's and Oregon's collections have AdjustPlantCount; the sandbox is Colorado.
    raise message(404, "Plant count adjustment is not available in this state.")


@router.post("/plants/v2/plantings", **openapi.write(PLANTINGS))
async def plantings_from_plants(request: Request) -> Response:
    """New plant batches (clones or seeds) taken from growing plants."""
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await growing_plant(tx, facility, {"Label": obj.get("PlantLabel")}, row, errors)
            name = text(obj, "PlantBatchName", row, errors)
            if name and await tx.by_name(facility.license_number, "plantbatch", name):
                errors.add(row, f"A plant batch named {name!r} already exists.")
            kind = canonical(text(obj, "PlantBatchType", row, errors), BATCH_TYPES)
            strain = await strain_of(
                tx, facility, {"StrainName": obj.get("StrainName")}, row, errors
            )
            where = await location_for(
                tx, facility, text(obj, "LocationName", row, errors), row, errors,
                "ForPlantBatches",
            )  # fmt: skip
            when = a_date(obj, "ActualDate", row, errors)
            plans.append((plant, name, kind, int(obj.get("PlantCount") or 0), strain, where, when))
        errors.raise_if_any()
        created = []
        for plant, name, kind, count, strain, where, when in plans:
            assert plant is not None and kind and strain is not None and when is not None
            batch = documents.plant_batch(facility, name, kind, count, strain, where, when)
            batch.data.update({"SourcePlantId": plant.id, "SourcePlantLabel": plant.label})
            created.append(await tx.insert(batch))
    return json(writes(created))


@router.post("/plants/v2/plantbatch/packages", **openapi.write(BATCH_PACKAGE))
async def batch_packages_from_plants(request: Request) -> Response:
    """Packages of clones or seeds taken from growing plants (counted in Each)."""
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            plant = await growing_plant(tx, facility, {"Label": obj.get("PlantLabel")}, row, errors)
            tag = await free_tag(tx, facility, obj.get("PackageTag"), "package", row, errors)
            item = await item_named(tx, facility, obj.get("Item"), row, errors)
            if item is not None and item.data["ProductCategoryType"] != "Plants":
                errors.add(row, f"Item {item.name} is not of a plants category.")
            where = None
            if obj.get("Location"):
                where = await tx.by_name(facility.license_number, "location", obj["Location"])
                if where is None:
                    errors.add(row, f"Location {obj['Location']!r} does not exist.")
            when = a_date(obj, "ActualDate", row, errors)
            plans.append((plant, tag, item, where, int(obj.get("Count") or 0), when, obj))
        errors.raise_if_any()
        created = []
        for plant, tag, item, where, count, when, obj in plans:
            assert plant is not None and tag is not None and item is not None and when
            where = where or await tx.get("location", plant.data["LocationId"])
            assert where is not None
            tag.state = "used"
            await tx.save(tag)
            package = documents.package(facility, tag.label or "", item, count, "Each", where, when)
            package.data["Note"] = obj.get("Note")
            created.append(await tx.insert(package))
    return json(writes(created))
